//! Where a command writes: standard output, or a file that takes its name only when whole.
//!
//! A report, export or conversion written to a regular file goes to a temporary file
//! beside it (`NAME.partial`) and is renamed into place once every byte is written and on
//! disk. A command that fails half-way, or before it writes anything, leaves the earlier
//! file as it was and no half file behind: last week's report is never truncated by a
//! run that stopped on an error. A device (`/dev/null`), a named pipe or a symbolic link
//! is written through, as the user named it, since renaming over it would put a plain
//! file in its place.

use super::CliError;
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// How messages name standard output.
const STDOUT: &str = "standard output";

/// A command's output: standard output, a file written through, or a temporary file that
/// takes its name in [`Output::finish`]. Dropped without `finish`, the temporary file is
/// removed.
pub struct Output {
    /// `None` only once finished or dropped.
    out: Option<BufWriter<Sink>>,
    /// The temporary file and the name it takes when whole.
    partial: Option<(PathBuf, PathBuf)>,
    /// The name in messages: the path the user gave, or "standard output".
    name: String,
}

enum Sink {
    Stdout(io::Stdout),
    File(File),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(s) => s.write(buf),
            Sink::File(f) => f.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Sink::Stdout(s) => s.write_all(buf),
            Sink::File(f) => f.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(s) => s.flush(),
            Sink::File(f) => f.flush(),
        }
    }
}

/// Whether an output file is written under a temporary name beside it and renamed into
/// place once whole. Only a regular file, or a name not yet taken, is replaced that way:
/// a device such as `/dev/null`, a named pipe or a symbolic link is written through.
fn replace_when_whole(path: &Path) -> bool {
    match std::fs::symlink_metadata(path) {
        Ok(meta) => meta.file_type().is_file(),
        Err(e) => e.kind() == io::ErrorKind::NotFound,
    }
}

/// Whether `path` stands for standard output: no path, or `-`.
pub fn names_stdout(path: Option<&Path>) -> bool {
    path.is_none_or(|p| p.as_os_str() == "-")
}

impl Output {
    /// Opens `path` for writing; no path, or `-`, is standard output.
    pub fn open(path: Option<&Path>) -> Result<Output, CliError> {
        let Some(path) = path.filter(|p| !names_stdout(Some(p))) else {
            return Ok(Output {
                out: Some(BufWriter::with_capacity(
                    1 << 20,
                    Sink::Stdout(io::stdout()),
                )),
                partial: None,
                name: STDOUT.to_string(),
            });
        };
        let name = path.display().to_string();
        let cannot = |e: io::Error| CliError::input(format!("cannot write {name}: {e}"));
        let (file, partial) = if replace_when_whole(path) {
            let mut tmp = path.file_name().unwrap_or_default().to_os_string();
            tmp.push(".partial");
            let tmp = path.with_file_name(tmp);
            let file = File::create(&tmp).map_err(cannot)?;
            (file, Some((tmp, path.to_path_buf())))
        } else {
            (File::create(path).map_err(cannot)?, None)
        };
        Ok(Output {
            out: Some(BufWriter::with_capacity(1 << 20, Sink::File(file))),
            partial,
            name,
        })
    }

    fn sink(&mut self) -> &mut BufWriter<Sink> {
        self.out
            .as_mut()
            .expect("an output is not written after it is finished")
    }

    /// The error for a failed write, naming where it went.
    pub fn error(&self, e: impl fmt::Display) -> CliError {
        write_error(&self.name, e)
    }

    /// Writes `bytes`, or says where they could not be written.
    pub fn put(&mut self, bytes: &[u8]) -> Result<(), CliError> {
        let r = self.sink().write_all(bytes);
        r.map_err(|e| self.error(e))
    }

    /// Flushes what is written and, for a file written under a temporary name, puts it on
    /// disk and gives it its name.
    pub fn finish(mut self) -> Result<(), CliError> {
        let out = self.out.take().expect("an output is finished once");
        let sink = out.into_inner().map_err(|e| self.error(e.error()))?;
        match sink {
            Sink::Stdout(mut s) => s.flush().map_err(|e| self.error(e)),
            Sink::File(f) => {
                if let Some((tmp, whole)) = &self.partial {
                    f.sync_all().map_err(|e| self.error(e))?;
                    drop(f);
                    std::fs::rename(tmp, whole).map_err(|e| self.error(e))?;
                    self.partial = None;
                }
                Ok(())
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.sink().write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.sink().write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.sink().flush()
    }
}

impl Drop for Output {
    /// An output not finished leaves no temporary file behind.
    fn drop(&mut self) {
        if let Some((tmp, _)) = self.partial.take() {
            drop(self.out.take());
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// Runs `write` on the output at `path` (standard output for none or `-`) and finishes it
/// when `write` succeeds: the file takes its name only then.
pub fn write_output<T>(
    path: Option<&Path>,
    write: impl FnOnce(&mut Output) -> Result<T, CliError>,
) -> Result<T, CliError> {
    let mut out = Output::open(path)?;
    let value = write(&mut out)?;
    out.finish()?;
    Ok(value)
}

/// The error for a failed write to `name`.
fn write_error(name: &str, e: impl fmt::Display) -> CliError {
    CliError::input(format!("cannot write {name}: {e}"))
}

/// Writes a command's message to standard output (the `say!` macro), or says it could not.
/// A message is a line or a few, so it goes straight to standard output: no report-sized
/// buffer is set up for each.
pub fn say(message: fmt::Arguments) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_fmt(message)
        .and_then(|()| out.flush())
        .map_err(|e| write_error(STDOUT, e))
}

#[cfg(test)]
mod tests {
    use super::{Output, names_stdout, replace_when_whole, write_output};
    use crate::cmd::CliError;
    use std::path::{Path, PathBuf};

    /// A test's folder in the temporary folder, removed with what is in it when the test
    /// is done with it, passed or failed.
    struct Scratch(PathBuf);

    impl std::ops::Deref for Scratch {
        type Target = Path;

        fn deref(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn scratch(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("klaver-output-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    #[test]
    fn a_scratch_folder_goes_when_its_test_fails() {
        let mut kept = PathBuf::new();
        let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let dir = scratch("failing");
            kept = dir.to_path_buf();
            std::fs::write(dir.join("report.json"), "{}").unwrap();
            panic!("a failing test");
        }));
        assert!(failed.is_err());
        assert!(kept.starts_with(std::env::temp_dir()));
        assert!(!kept.exists(), "{} was left", kept.display());
    }

    #[test]
    fn only_regular_files_are_replaced_by_rename() {
        let dir = scratch("replace");
        let file = dir.join("report.json");
        assert!(replace_when_whole(&file), "a name not yet taken");
        std::fs::write(&file, "{}").unwrap();
        assert!(replace_when_whole(&file), "a regular file");
        #[cfg(unix)]
        {
            let link = dir.join("link.json");
            std::os::unix::fs::symlink(&file, &link).unwrap();
            assert!(!replace_when_whole(&link), "a symbolic link");
            assert!(!replace_when_whole(Path::new("/dev/null")), "a device");
        }
        assert!(!replace_when_whole(&dir), "a directory");
    }

    #[test]
    fn a_failed_command_leaves_the_earlier_file_and_no_partial() {
        let dir = scratch("failed");
        let file = dir.join("report.txt");
        std::fs::write(&file, "last week\n").unwrap();
        let r: Result<(), CliError> = write_output(Some(&file), |out| {
            out.put(b"half a rep")?;
            assert!(dir.join("report.txt.partial").exists(), "written beside it");
            Err(CliError::input("board 3: no result"))
        });
        assert!(r.is_err());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "last week\n");
        assert!(!dir.join("report.txt.partial").exists());
    }

    #[test]
    fn a_finished_output_takes_its_name() {
        let dir = scratch("finished");
        let file = dir.join("report.txt");
        std::fs::write(&file, "last week\n").unwrap();
        let n = write_output(Some(&file), |out| {
            out.put(b"tonight\n")?;
            Ok(7)
        })
        .unwrap();
        assert_eq!(n, 7);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "tonight\n");
        assert_eq!(
            std::fs::read_dir(&*dir).unwrap().count(),
            1,
            "no partial left"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_link_and_a_device_are_written_through() {
        let dir = scratch("through");
        let file = dir.join("report.txt");
        let link = dir.join("link.txt");
        std::fs::write(&file, "").unwrap();
        std::os::unix::fs::symlink(&file, &link).unwrap();
        write_output(Some(&link), |out| out.put(b"x\n")).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "x\n");
        Output::open(Some(Path::new("/dev/null")))
            .unwrap()
            .finish()
            .unwrap();
        use std::os::unix::fs::FileTypeExt;
        let meta = std::fs::metadata("/dev/null").unwrap();
        assert!(
            meta.file_type().is_char_device(),
            "/dev/null is still a device"
        );
    }

    #[test]
    fn a_dash_is_standard_output() {
        assert!(names_stdout(Some(Path::new("-"))));
        assert!(names_stdout(None));
        assert!(!names_stdout(Some(Path::new("-.txt"))));
    }

    #[test]
    fn a_missing_directory_is_named_in_the_error() {
        let e = Output::open(Some(Path::new("/nonexistent-klaver-dir/report.txt")))
            .err()
            .expect("cannot be created");
        assert!(
            e.to_string().contains("/nonexistent-klaver-dir/report.txt"),
            "{e}"
        );
    }
}

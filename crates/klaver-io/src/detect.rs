//! Which format a results file is in, told from its content rather than its name: PBN
//! 2.1 (a `%` escape line, a `[Tag "value"]` pair or a `;` comment first), USEBIO XML 1.2
//! (an XML document), klaver's JSON (an object), and otherwise the travellers CSV. The
//! file name's extension only decides when the content leaves a choice open (an empty
//! file), and for the formats klaver writes.

use crate::exchange::{self, Imported};
use crate::pbn::{self, PbnError};
use crate::travellers::{self, ReadError, ReadOptions};
use crate::usebio::{self, UsebioError};

/// A results file format klaver reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// klaver's travellers CSV.
    Csv,
    /// Portable Bridge Notation 2.1.
    Pbn,
    /// USEBIO XML 1.2.
    Usebio,
    /// klaver's JSON of a scored session.
    Json,
}

impl Format {
    /// The format's usual name (`csv`, `pbn`, `usebio`, `json`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Pbn => "pbn",
            Format::Usebio => "usebio",
            Format::Json => "json",
        }
    }

    /// What the file was taken for and why, for a message about what could not be read.
    pub fn taken_as(self) -> &'static str {
        match self {
            Format::Csv => {
                "read as a travellers CSV, since it starts with none of PBN's [, % or ;, XML's < and JSON's { or ["
            }
            Format::Pbn => "read as PBN, since it starts with [, % or ;",
            Format::Usebio => "read as USEBIO XML, since it starts with <",
            Format::Json => "read as klaver's JSON, since it starts with { or [",
        }
    }

    /// The format a file name's extension suggests (`.csv`, `.pbn`, `.xml`, `.json`).
    pub fn from_extension(path: &str) -> Option<Format> {
        let ext = path.rsplit_once('.')?.1.to_ascii_lowercase();
        match ext.as_str() {
            "csv" | "txt" => Some(Format::Csv),
            "pbn" => Some(Format::Pbn),
            "xml" | "usebio" => Some(Format::Usebio),
            "json" => Some(Format::Json),
            _ => None,
        }
    }
}

/// The format of a file's bytes.
pub fn detect(data: &[u8]) -> Format {
    let body = data.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(data);
    let mut bytes = body.iter().copied().filter(|b| !b.is_ascii_whitespace());
    match bytes.next() {
        Some(b'<') => Format::Usebio,
        Some(b'{') => Format::Json,
        // A PBN tag is `[Name "value"]`; a `[` before anything else is a JSON array.
        Some(b'[') => match bytes.next() {
            Some(b) if b.is_ascii_alphabetic() || b == b'_' => Format::Pbn,
            _ => Format::Json,
        },
        Some(b'%') | Some(b';') => Format::Pbn,
        _ => Format::Csv,
    }
}

/// A results file that cannot be read at all (problems with single results are in the
/// event's diagnostics instead).
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// A travellers CSV that cannot be read.
    #[error("{0}")]
    Csv(#[from] ReadError),
    /// A PBN file that cannot be decoded.
    #[error("{0}")]
    Pbn(#[from] PbnError),
    /// A USEBIO file that is not well-formed.
    #[error("{0}")]
    Usebio(#[from] UsebioError),
    /// A JSON file that is not klaver's JSON of a scored session.
    #[error("{0}")]
    Json(String),
}

impl ImportError {
    /// The format the file was taken for.
    pub fn format(&self) -> Format {
        match self {
            ImportError::Csv(_) => Format::Csv,
            ImportError::Pbn(_) => Format::Pbn,
            ImportError::Usebio(_) => Format::Usebio,
            ImportError::Json(_) => Format::Json,
        }
    }
}

/// Reads a results file in whichever format its content is; `options` is for the
/// travellers CSV (the exchange formats always write contracts in English).
pub fn read(data: &[u8], options: ReadOptions) -> Result<(Format, Imported), ImportError> {
    let format = detect(data);
    let imported = match format {
        Format::Csv => Imported {
            event: travellers::read_travellers_bytes(data, options)?,
            ..Imported::default()
        },
        Format::Pbn => pbn::read(data)?,
        Format::Usebio => usebio::read(data)?,
        Format::Json => exchange::read_json(data).map_err(ImportError::Json)?,
    };
    Ok((format, imported))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_content() {
        assert_eq!(detect(b"% PBN 2.1\n[Event \"x\"]"), Format::Pbn);
        assert_eq!(detect(b"\xEF\xBB\xBF\r\n[Board \"1\"]"), Format::Pbn);
        assert_eq!(detect(b"<?xml version=\"1.0\"?><USEBIO/>"), Format::Usebio);
        assert_eq!(detect(b"  {\"boards\": []}"), Format::Json);
        assert_eq!(detect(b"[ {\"boards\": []} ]"), Format::Json);
        assert_eq!(detect(b"[[[["), Format::Json);
        assert_eq!(detect(b"[ Event \"x\"]"), Format::Pbn);
        assert_eq!(detect(b"board,ns,ew,score\n1,1,2,420\n"), Format::Csv);
        assert_eq!(detect(b""), Format::Csv);
        assert_eq!(Format::from_extension("a/b.PBN"), Some(Format::Pbn));
        assert_eq!(Format::from_extension("noext"), None);
    }
}

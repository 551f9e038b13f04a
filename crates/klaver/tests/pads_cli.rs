//! `klaver rubber` and `klaver chicago` on the example pads of seed 003 and on bad files.

mod common;
use common::klaver;

use std::path::PathBuf;

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

fn run_ok(args: &[&str]) -> String {
    let out = klaver(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "klaver {args:?} failed: {stderr}");
    String::from_utf8(out.stdout).expect("output is UTF-8")
}

/// Writes a pad file into the test scratch directory and returns its path.
fn pad_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("pads_cli_{name}.txt"));
    std::fs::write(&path, text).expect("scratch file is written");
    path
}

/// Runs a command that must fail with exit code 2 and returns its message.
fn run_bad(args: &[&str]) -> String {
    let out = klaver(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "klaver {args:?} should exit with 2"
    );
    assert!(out.stdout.is_empty(), "no pad is drawn for a bad file");
    let stderr = String::from_utf8(out.stderr).expect("message is UTF-8");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn seed_003_rubber_party_with_carried_differences() {
    let file = example("rubber-seed003.txt");
    let out = run_ok(&["rubber", file.to_str().unwrap(), "--carry"]);
    assert!(
        out.contains("They won rubber 1; they are ahead by 320 (we 700, they 1020)."),
        "{out}"
    );
    assert!(
        out.contains("We won rubber 2; we are ahead by 970 (we 1480, they 510)."),
        "{out}"
    );
    assert!(
        out.contains("They won rubber 3; they are ahead by 100 (we 1150, they 1250)."),
        "{out}"
    );
    assert!(
        out.contains("Party of 3 rubbers: They are ahead by 100 (we 2360, they 2460)."),
        "{out}"
    );
}

#[test]
fn seed_003_rubber_party_without_carrying() {
    let file = example("rubber-seed003.txt");
    let out = run_ok(&["rubber", file.to_str().unwrap()]);
    assert!(
        out.contains("We won rubber 2; we are ahead by 1290"),
        "{out}"
    );
    assert!(
        out.contains("Party of 3 rubbers: They are ahead by 100 (we 2360, they 2460)."),
        "{out}"
    );
}

#[test]
fn insult_bonus_changes_the_seed_party() {
    // Rubber 1, deal 6 (3NT doubled made) gains 50 for "they".
    let file = example("rubber-seed003.txt");
    let out = run_ok(&["rubber", file.to_str().unwrap(), "--carry", "--insult"]);
    assert!(
        out.contains("they are ahead by 370 (we 700, they 1070)"),
        "{out}"
    );
    assert!(out.contains("They are ahead by 150"), "{out}");
}

#[test]
fn seed_003_chicago_mixed_and_original() {
    let file = example("chicago-seed003.txt");
    let f = file.to_str().unwrap();
    let mixed = run_ok(&["chicago", f, "--variant", "mixed"]);
    assert!(
        mixed.contains("We are ahead by 510 (we 1780, they 1270)."),
        "{mixed}"
    );
    assert!(mixed.contains("1260"), "{mixed}");
    let original = run_ok(&["chicago", f, "--variant", "original"]);
    assert!(
        original.contains("We are ahead by 610 (we 1880, they 1270)."),
        "{original}"
    );
    // Deal 2 completes the game begun on deal 1.
    assert!(original.contains("we game 300"), "{original}");
}

#[test]
fn chicago_duplicate_modern_and_vulnerability_order() {
    let file = example("chicago-seed003.txt");
    let f = file.to_str().unwrap();
    let dup = run_ok(&["chicago", f, "--variant", "duplicate"]);
    assert!(
        dup.contains("We are ahead by 560 (we 1780, they 1220)."),
        "{dup}"
    );
    // Modern Chicago is scored with the newer vulnerability order unless told otherwise
    // (seed 003: "in the new arrangement the opposite"): duplicate's figures in that
    // order (1730 / 1420) less the 50 for our made doubled contract.
    let modern = run_ok(&["chicago", f, "--variant", "modern"]);
    assert!(modern.contains("non-dealer's side vulnerable"), "{modern}");
    assert!(
        modern.contains("We are ahead by 260 (we 1680, they 1420)."),
        "{modern}"
    );
    let dup_newer = run_ok(&[
        "chicago",
        f,
        "--variant",
        "duplicate",
        "--vul-order",
        "non-dealer",
    ]);
    assert!(
        dup_newer.contains("We are ahead by 310 (we 1730, they 1420)."),
        "{dup_newer}"
    );
    let modern_older = run_ok(&["chicago", f, "--variant", "modern", "--vul-order", "dealer"]);
    assert!(
        modern_older.contains("We are ahead by 510 (we 1730, they 1220)."),
        "{modern_older}"
    );
    // Newer order: "we" vulnerable on deals 2 and 6, "they" on 3 and 7:
    // 160, 120, 50 to us, and their 3NT+1 is worth 630.
    let newer = run_ok(&["chicago", f, "--vul-order", "non-dealer"]);
    assert!(newer.contains("non-dealer's side vulnerable"), "{newer}");
    assert!(
        newer.contains("We are ahead by 260 (we 1730, they 1470)."),
        "{newer}"
    );
}

#[test]
fn redoubled_contracts_and_passed_out_deals() {
    let file = pad_file(
        "redouble",
        "# a block with a redouble\npass\nthey 1DXX =\n\nns 3NT 9\new 2S -1\n",
    );
    let out = run_ok(&["chicago", file.to_str().unwrap(), "--variant", "duplicate"]);
    assert!(out.contains("passed out"), "{out}");
    // 1DXX= by the vulnerable side: 80 + 50 + 100 = 230; 3NT= both vul 600; 2S-1 100.
    assert!(
        out.contains("We are ahead by 470 (we 700, they 230)."),
        "{out}"
    );
}

#[test]
fn unfinished_rubber_gets_its_bonuses() {
    let file = pad_file("unfinished", "we 4S =\nthey 2H =\n");
    let out = run_ok(&["rubber", file.to_str().unwrap()]);
    assert!(out.contains("Rubber 1 unfinished"), "{out}");
    // 120 + 300 for a game in an unfinished rubber; 60 + 100 for a part-score.
    assert!(
        out.contains("We are ahead by 260 (we 420, they 160)."),
        "{out}"
    );
}

#[test]
fn bad_lines_are_named_with_exit_code_2() {
    let cases: &[(&str, &str, &str, &[&str])] = &[
        ("level8", "we 2S =\n\nwe 8S =\n", "line 3", &["rubber"]),
        ("tricks14", "# deal\nthey 4S 14\n", "line 2", &["rubber"]),
        ("side", "we 1NT =\nus 4S =\n", "line 2", &["rubber"]),
        ("redoubled", "we 4S redoubled =\n", "line 1", &["rubber"]),
        ("noresult", "we 4S\n", "line 1", &["rubber"]),
        (
            "honoursnt",
            "we 3NT = honours we 100\n",
            "line 1",
            &["rubber"],
        ),
        (
            "honoursvalue",
            "we 4S = honours they 120\n",
            "line 1",
            &["rubber"],
        ),
        (
            "chicagohonours",
            "we 4S =\nwe 4S = honours we 100\n",
            "line 2",
            &["chicago"],
        ),
        ("passextra", "pass 4S\n", "line 1", &["chicago"]),
    ];
    for (name, text, line, cmd) in cases {
        let file = pad_file(name, text);
        let mut args: Vec<&str> = cmd.to_vec();
        args.push(file.to_str().unwrap());
        let msg = run_bad(&args);
        assert!(msg.contains(line), "{name}: {msg}");
        assert!(
            msg.contains(&format!("pads_cli_{name}.txt")),
            "{name}: {msg}"
        );
    }
}

#[test]
fn specific_messages_say_what_is_wrong() {
    let msg = run_bad(&[
        "rubber",
        pad_file("msg_side", "us 4S =\n").to_str().unwrap(),
    ]);
    assert!(msg.contains("unknown side \"us\""), "{msg}");
    let msg = run_bad(&[
        "rubber",
        pad_file("msg_dbl", "we 4S redoubled =\n").to_str().unwrap(),
    ]);
    assert!(msg.contains("4SXX (redoubled)"), "{msg}");
    let msg = run_bad(&[
        "chicago",
        pad_file("msg_hon", "we 4S = honours we 100\n")
            .to_str()
            .unwrap(),
    ]);
    assert!(msg.contains("honours are not scored at Chicago"), "{msg}");
    // A word after the result is named, not the result taken for part of the contract.
    let msg = run_bad(&[
        "rubber",
        pad_file("msg_extra", "we 4S = extra\n").to_str().unwrap(),
    ]);
    assert!(
        msg.contains("line 1: nothing more after the result \"=\", not \"extra\": a deal is written side, contract and tricks or result (e.g. `we 4S =`)"),
        "{msg}"
    );
    let msg = run_bad(&[
        "rubber",
        pad_file("msg_extra_double", "we 4S -1 X\n")
            .to_str()
            .unwrap(),
    ]);
    assert!(msg.contains("not \"X\""), "{msg}");
    assert!(msg.contains("4SX (doubled)"), "{msg}");
    // Many words after the result are named as quickly as one (the reading looked at
    // every prefix of the line: a line of 50,000 words took a minute).
    let long = format!("we 4S = {}\n", vec!["x"; 20_000].join(" "));
    let msg = run_bad(&["rubber", pad_file("msg_long", &long).to_str().unwrap()]);
    assert!(
        msg.contains("nothing more after the result \"=\", not \"x x x"),
        "{msg}"
    );
}

/// The pad prints a deal as `they 6DX-2`, and the README says a deal's contract and
/// result are read as `klaver contract` reads them; the joined form was refused
/// ("expected a side, a contract and the tricks taken or the result").
#[test]
fn a_deal_with_its_result_joined_to_the_contract_is_read() {
    for (command, text, notation) in [
        ("rubber", "they 6DX-2\nwe 4S=\n", "en"),
        ("chicago", "we 3NT=\nthey 2H+1\n", "en"),
        ("rubber", "wij 4S!C\n", "nl"),
    ] {
        let joined = pad_file(&format!("joined_{command}_{notation}"), text);
        let apart = pad_file(
            &format!("apart_{command}_{notation}"),
            &text
                .replace("X-2", "X -2")
                .replace("S=", "S =")
                .replace("T=", "T =")
                .replace("H+1", "H +1")
                .replace("!C", "! C"),
        );
        let read = |f: &PathBuf| {
            run_ok(&[command, f.to_str().unwrap(), "--notation", notation])
                .replace(f.to_str().unwrap(), "")
        };
        assert_eq!(read(&joined), read(&apart), "{text}");
    }
}

#[test]
fn usage_and_file_errors_exit_with_2() {
    let file = example("chicago-seed003.txt");
    let msg = run_bad(&[
        "chicago",
        file.to_str().unwrap(),
        "--variant",
        "modern",
        "--insult",
    ]);
    assert!(msg.contains("--insult"), "{msg}");
    let msg = run_bad(&["rubber", "/nonexistent/pad.txt"]);
    assert!(msg.contains("cannot read"), "{msg}");
    let msg = run_bad(&[
        "rubber",
        pad_file("empty", "# nothing\n\n").to_str().unwrap(),
    ]);
    assert!(msg.contains("no deals"), "{msg}");
}

/// Whether a passed-out deal is one of the four of a Chicago block is not settled by
/// klaver's rules: it is counted, with a warning naming its line, never silently.
#[test]
fn a_passed_out_chicago_deal_is_a_warning_naming_its_line() {
    let file = pad_file(
        "chicago-pass",
        "we 2S =\n# passed out\npass\nthey 4H =\nwe 1S =\n",
    );
    let out = klaver(&["chicago", file.to_str().unwrap()]);
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        format!(
            "warning: {}, line 3: deal 2 was passed out and is counted as deal 2 of its block; if you redeal a passed-out deal (the same dealer and vulnerability), leave this line out\n",
            file.display()
        )
    );
    // The deal's place in its block, not in the file: the sixth deal is the second of
    // the second block.
    let six = pad_file(
        "chicago-pass-6",
        "we 2S =\nthey 1NT =\nwe 3C =\nthey 2D =\nwe 1S =\npass\n",
    );
    let out = klaver(&["chicago", six.to_str().unwrap()]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("line 6: deal 6 was passed out and is counted as deal 2 of its block"),
        "{stderr}"
    );
    // The rubber pad has no block of four: a passed-out deal there says nothing.
    let out = klaver(&["rubber", file.to_str().unwrap()]);
    assert!(out.status.success() && out.stderr.is_empty());
}

fn test_data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Seed 003's first rubber as the seed writes it (`2 SA 1 fazla`, `6 Karo kontur 2
/// batar`): a pad reads a result in its notation as `klaver contract` does.
#[test]
fn turkish_result_words_on_a_rubber_pad() {
    let file = test_data("rubber-seed003-turkish.txt");
    let out = run_ok(&["rubber", file.to_str().unwrap(), "--notation", "tr"]);
    assert!(
        out.contains("They won rubber 1; they are ahead by 320 (we 700, they 1020)."),
        "{out}"
    );
    assert!(out.contains("they 6DX-2"), "{out}");
    // Chicago reads them the same way; Dutch `C` is made exactly.
    let chicago = pad_file("chicago-tr-words", "siz 3 SA 1 fazla\nbiz 2 Pik 1 batar\n");
    let out = run_ok(&["chicago", chicago.to_str().unwrap(), "--notation", "tr"]);
    assert!(
        out.contains("They are ahead by 480 (we 0, they 480)."),
        "{out}"
    );
    let dutch = pad_file("rubber-nl-c", "wij 4S! C\n");
    let out = run_ok(&["rubber", dutch.to_str().unwrap(), "--notation", "nl"]);
    assert!(out.contains("we tricks 240 below"), "{out}");
}

/// A pad saved by a Windows editor in Latin-1 (`sürkontur` with ü as one byte) is read
/// as the travellers CSV is, with a warning naming the line; bytes that are no text in
/// any character set klaver reads are refused with their line.
#[test]
fn a_latin1_pad_is_read_with_a_warning_naming_its_line() {
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pads_cli_latin1.txt");
    std::fs::write(&file, b"biz 2 Pik bien\nbiz 4 Pik s\xfcrkontur =\n").unwrap();
    let out = klaver(&["rubber", file.to_str().unwrap(), "--notation", "tr"]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("we 4SXX="));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "warning: {}, line 2: the file is not UTF-8 and was read as Latin-1 (ISO 8859-1), the first such character on this line: check the deal on it, or save the file as UTF-8\n",
            file.display()
        )
    );
    let bad = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pads_cli_cp.txt");
    std::fs::write(&bad, b"we 4S =\n# \x81\nwe 2S =\n").unwrap();
    let msg = run_bad(&["chicago", bad.to_str().unwrap()]);
    assert!(
        msg.contains("pads_cli_cp.txt, line 2: byte 0x81 is neither Latin-1 nor Windows-1252 text"),
        "{msg}"
    );
    // A UTF-8 file that starts with a byte order mark reads as one without.
    let bom = pad_file("bom", "\u{feff}we 4S =\n");
    assert!(run_ok(&["rubber", bom.to_str().unwrap()]).contains("we 4S="));
}

/// A Chicago is played in blocks of four deals (seed 003): a last block that is short
/// is still scored, with a warning naming the file and the deals of that block, and
/// `--strict` turns any warning into exit code 1.
#[test]
fn a_short_chicago_block_is_a_warning_and_strict_fails_on_it() {
    let three = pad_file("chi3", "we 2S +1\nwe 3D =\nwe 2NT =\n");
    let f = three.to_str().unwrap();
    let out = klaver(&["chicago", f]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("We are ahead by 420"));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "warning: {f}: the last block has 3 of its 4 deals (deals 1-3; 3 deals in all): a Chicago is four deals, or a multiple of four, so that everyone deals once; the deals are scored as they stand: enter the block's missing deals if they were played\n"
        )
    );
    let strict = klaver(&["chicago", f, "--strict"]);
    assert_eq!(strict.status.code(), Some(1));
    assert!(!strict.stdout.is_empty(), "the pad is still drawn");
    let five = pad_file(
        "chi5",
        "we 2S +1\nwe 3D =\nwe 2NT =\nthey 4H +1\nwe 1NT =\n",
    );
    let out = klaver(&["chicago", five.to_str().unwrap(), "--strict"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("the last block has 1 of its 4 deals (deal 5; 5 deals in all)")
    );
    // Four deals, or eight, say nothing; a rubber pad has --strict too.
    let four = pad_file("chi4", "we 2S +1\nwe 3D =\nwe 2NT =\nthey 4H +1\n");
    let out = klaver(&["chicago", four.to_str().unwrap(), "--strict"]);
    assert!(out.status.success() && out.stderr.is_empty());
    let pass = pad_file("chi-pass-strict", "pass\nwe 3D =\nwe 2NT =\nthey 4H +1\n");
    let out = klaver(&["chicago", pass.to_str().unwrap(), "--strict"]);
    assert_eq!(out.status.code(), Some(1));
    let out = klaver(&["rubber", four.to_str().unwrap(), "--strict"]);
    assert!(out.status.success() && out.stderr.is_empty());
}

/// Laws of Contract Bridge for rubber bridge (1993), Law 80 "Incomplete rubber": 300
/// only when one game has been completed, 100 only when one side alone has a part-score
/// (quoted on forums.bridgebase.com, topic 52501). A game and a part-score each: neither.
#[test]
fn an_unfinished_rubber_with_a_game_and_a_part_score_each_has_no_bonus() {
    let file = pad_file(
        "unfinished-both",
        "we 4S =\nthey 4H =\nwe 2S =\nthey 2H =\n",
    );
    let out = run_ok(&["rubber", file.to_str().unwrap()]);
    assert!(
        out.contains("Rubber 1 unfinished; all square (180 each)."),
        "{out}"
    );
    assert!(!out.contains("unfinished rubber, game"), "{out}");
    assert!(!out.contains("unfinished rubber, part-score"), "{out}");
}

/// A small bare number read as tricks taken is said on its line, as the travellers CSV
/// says it, and `--strict` fails on it; the pad is drawn as read.
#[test]
fn a_small_number_read_as_tricks_taken_is_a_warning() {
    let pad = pad_file("small-tricks", "we 4S 1\nthey 3NT =\nwe 2H +1\nthey 1C =\n");
    let f = pad.to_str().unwrap();
    for command in ["rubber", "chicago"] {
        let out = klaver(&[command, f, "--strict"]);
        assert_eq!(out.status.code(), Some(1), "{command}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(", line 1: 1 is read as 1 trick taken: we 4S-9;"),
            "{stderr}"
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("4S-9"));
    }
}

/// A result over or down by a number too large to read is quoted as it was typed, with
/// the contract's limit, not as the largest number klaver reads (4294967295).
#[test]
fn an_over_large_result_on_a_pad_is_quoted_as_written() {
    let nines = "99999999999999999999";
    for (name, deal, said, command) in [
        (
            "huge_over",
            format!("we 4S +{nines}\n"),
            format!(
                "line 1: cannot read \"4S +{nines}\" as a contract and its result: expected at most 3 over in 4S, not \"+{nines}\": a deal has 13 tricks"
            ),
            "rubber",
        ),
        (
            "huge_down",
            format!("they 3NT -{nines}\n"),
            format!("at most 9 down in 3NT, not \"-{nines}\""),
            "chicago",
        ),
        (
            "huge_tricks",
            format!("we 4S {nines}\n"),
            format!("the tricks taken 0-13, not {nines}"),
            "rubber",
        ),
    ] {
        let file = pad_file(name, &deal);
        let stderr = run_bad(&[command, file.to_str().unwrap()]);
        assert!(stderr.contains(&said), "{stderr}");
        assert!(!stderr.contains(&u32::MAX.to_string()), "{stderr}");
    }
}

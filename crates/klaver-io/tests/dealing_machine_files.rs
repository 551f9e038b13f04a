//! The dealing machines' files klaver wrote for seed 1 (origin in tests/data/dealing):
//! each reads back to the same four deals as the PBN, and writing them again gives the
//! same bytes.

use klaver_io::dealing_machine::{read_dlm, read_dup, to_dlm, to_dup};
use klaver_io::hand_record::{read_pbn, to_pbn};

const PBN: &[u8] = include_bytes!("data/dealing/seed1-boards1-4.pbn");
const DUP: &[u8] = include_bytes!("data/dealing/seed1-boards1-4.dup");
const DLM: &str = include_str!("data/dealing/seed1-boards1-4.dlm");

#[test]
fn the_three_files_hold_the_same_boards() {
    let pbn = read_pbn(PBN).unwrap().record;
    assert_eq!(pbn.boards.len(), 4);
    assert_eq!(read_dup(DUP).unwrap().boards, pbn.boards);
    assert_eq!(read_dlm(DLM).unwrap().record.boards, pbn.boards);
}

#[test]
fn writing_again_gives_the_same_bytes() {
    let pbn = read_pbn(PBN).unwrap().record;
    assert_eq!(to_dup(&pbn).unwrap(), DUP);
    assert_eq!(to_dlm(&pbn).unwrap(), DLM);
    assert_eq!(to_pbn(&pbn).as_bytes(), PBN);
}

/// A `.dlm` file with a board's line missing, or a board twice, gave the other boards, or
/// the board twice; a header whose checksum is wrong was never checked.
#[test]
fn a_damaged_dlm_file_is_refused_with_its_line() {
    let missing = DLM.replace("Board 03=dpejmkjeblijkpagakndpdfdfj027\r\n", "");
    let err = read_dlm(&missing).unwrap_err();
    assert!(err.contains("board 3"), "{err}");
    let twice = DLM.replace(
        "Board 02=dojhmhhijhedeeldlgakofeioc012\r\n",
        "Board 02=dojhmhhijhedeeldlgakofeioc012\r\nBoard 02=dojhmhhijhedeeldlgakofeioc012\r\n",
    );
    let err = read_dlm(&twice).unwrap_err();
    assert!(
        err.starts_with("line 15: ") && err.contains("line 14"),
        "{err}"
    );
    let sum = DLM.replace("Checksum=4\r\n", "Checksum=77\r\n");
    let err = read_dlm(&sum).unwrap_err();
    assert!(err.starts_with("line 10: "), "{err}");
    let sealed = DLM.replace("Status=Show\r\n", "Status=Sealed\r\n");
    let err = read_dlm(&sealed).unwrap_err();
    assert!(
        err.starts_with("line 10: "),
        "the checksum counts the status: {err}"
    );
    let sealed = sealed.replace("Checksum=4\r\n", "Checksum=5\r\n");
    assert_eq!(read_dlm(&sealed).unwrap().record.boards.len(), 4);
}

/// The last ten bytes of each `.dup` record (random, backwards, lowest board, copies,
/// highest board) were never checked: garbage, a highest board below the records, and a
/// record numbering itself from another lowest board were all read.
#[test]
fn a_damaged_dup_trailer_is_refused_with_its_record() {
    let trailer = |dup: &mut Vec<u8>, record: usize, text: &[u8; 10]| {
        let at = (record - 1) * 156 + 146;
        dup[at..at + 10].copy_from_slice(text);
    };
    let mut garbage = DUP.to_vec();
    trailer(&mut garbage, 1, b"YN1  ZZZZZ");
    let err = read_dup(&garbage).unwrap_err();
    assert!(err.starts_with("board record 1"), "{err}");
    let mut high = DUP.to_vec();
    for r in 1..=4 {
        trailer(&mut high, r, b"YN1  0 2  ");
    }
    let err = read_dup(&high).unwrap_err();
    assert!(err.contains("4 board records"), "{err}");
    let mut mixed = DUP.to_vec();
    trailer(&mut mixed, 2, b"YN5  0 4  ");
    let err = read_dup(&mixed).unwrap_err();
    assert!(err.starts_with("board record 2"), "{err}");
    let mut backwards = DUP.to_vec();
    for r in 1..=4 {
        trailer(&mut backwards, r, b"YY1  0 4  ");
    }
    let err = read_dup(&backwards).unwrap_err();
    assert!(err.contains("backwards"), "{err}");
    // Big Deal's own trailer for a set of 4, and Duplimate's example for 32 with 1 copy.
    let mut copies = DUP.to_vec();
    for r in 1..=4 {
        trailer(&mut copies, r, b"NN1  1 4  ");
    }
    assert_eq!(read_dup(&copies).unwrap().boards.len(), 4);
}

mod never_panic {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn damaged_dup_files_are_refused_not_crashed(
            bytes in proptest::collection::vec(any::<u8>(), 0..400),
            at in 0usize..624,
            b in any::<u8>(),
        ) {
            let _ = read_dup(&bytes);
            let mut dup = DUP.to_vec();
            dup[at] = b;
            let _ = read_dup(&dup);
        }

        #[test]
        fn damaged_dlm_files_are_refused_not_crashed(text in "\\PC{0,300}", at in 0usize..5800) {
            let _ = read_dlm(&text);
            let mut dlm = DLM.to_string();
            if dlm.is_char_boundary(at) {
                dlm.insert_str(at, &text);
            }
            let _ = read_dlm(&dlm);
        }

        #[test]
        fn any_deal_text_is_read_or_refused(text in "[NESW]:[AKQJT2-9. -]{0,70}") {
            let _ = klaver_deal::Deal::from_pbn(&text);
        }
    }
}

/// deal-convert writes a `.dup` whose set (its last ten bytes) is in the first record
/// only, the others' left as zero bytes: the file was refused as mixing two sets. A
/// record with zero bytes there belongs to the set of the first; the deals are those of
/// the same set's `.dlm`.
#[test]
fn a_dup_with_its_set_in_the_first_record_only_is_read() {
    let dup = include_bytes!("data/dealing/deal-convert/test.dup");
    let dlm = include_str!("data/dealing/deal-convert/test.dlm");
    let from_dlm = read_dlm(dlm).unwrap().record.boards;
    assert_eq!(from_dlm.len(), 16);
    assert_eq!(read_dup(dup).unwrap().boards, from_dlm);
    // Any other bytes there than record 1's are still another set.
    let mut mixed = dup.to_vec();
    mixed[156 + 146..156 + 156].copy_from_slice(b"YN1  0 8  ");
    let err = read_dup(&mixed).unwrap_err();
    assert!(err.contains("mixes two sets"), "{err}");
}

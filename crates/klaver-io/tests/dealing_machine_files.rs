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
    assert_eq!(read_dlm(DLM).unwrap().boards, pbn.boards);
}

#[test]
fn writing_again_gives_the_same_bytes() {
    let pbn = read_pbn(PBN).unwrap().record;
    assert_eq!(to_dup(&pbn).unwrap(), DUP);
    assert_eq!(to_dlm(&pbn).unwrap(), DLM);
    assert_eq!(to_pbn(&pbn).as_bytes(), PBN);
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

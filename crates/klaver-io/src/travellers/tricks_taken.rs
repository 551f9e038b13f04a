//! A bare number in the result column: the tricks declarer took (`4S,N,10`), as PBN,
//! USEBIO and other programs' exports write it, and as klaver reads it. A person may
//! mean a small number otherwise: `4` beside 4S as "made 4", `2` as two over or two
//! down. Such a number, 7 or less and putting the contract down when read as tricks
//! (every number a person may mean otherwise: a level, or a count of tricks over or
//! down), is said on its line unless the line's score confirms it; 8 to 13 are tricks
//! whichever way one looks at them. A column headed `tricks` holds tricks taken by its
//! name and is read without a word.

use klaver_core::board::Vulnerability;
use klaver_core::contract::Play;
use klaver_core::notation::{self, Language};

/// Whether `result` is a number that, read as the tricks taken in `play`, is 7 or
/// less and puts the contract down: one a person may mean otherwise.
#[inline]
pub(super) fn may_mean_otherwise(result: &str, play: Play) -> bool {
    let b = result.as_bytes();
    !b.is_empty()
        && b.len() <= 2
        && b.iter().all(u8::is_ascii_digit)
        && play.tricks() <= 7
        && play.result() < 0
        && result.parse::<u8>() == Ok(play.tricks())
}

/// What a line is told whose result column holds a number a person may mean otherwise
/// than as tricks taken, when its entered score does not confirm the tricks (none is
/// entered, or another): how it was read, and how to write what was meant.
pub(super) fn note(
    result: &str,
    play: Play,
    entered: Option<i32>,
    vul: Vulnerability,
    lang: Language,
) -> Option<String> {
    let score = play.score_ns(vul);
    if !may_mean_otherwise(result, play) || entered == Some(score) {
        return None;
    }
    let n = play.tricks();
    Some(format!(
        "{n} is read as {n} {} taken: {} by {} down {}, {score} for North-South; write = or +N / -N for made / over / down, or head the column tricks when it holds the tricks taken",
        if n == 1 { "trick" } else { "tricks" },
        notation::format_contract(play.contract(), lang),
        notation::format_seat(play.declarer(), lang),
        -play.result(),
    ))
}

#[cfg(test)]
mod tests {
    use crate::travellers::{Event, ReadOptions, read_travellers};
    use klaver_core::notation::Language;

    fn said(csv: &str, lang: Language) -> Vec<String> {
        let e: Event = read_travellers(
            csv.as_bytes(),
            ReadOptions {
                lang,
                ..ReadOptions::default()
            },
        )
        .unwrap();
        e.diagnostics.iter().map(|d| d.to_string()).collect()
    }

    /// The audit's `result_tricks.csv`: with no score column, `4S,N,4` was scored 4S
    /// down 6 and `3NT,S,3` 3NT down 6, without a word.
    #[test]
    fn a_small_number_read_as_tricks_is_said_when_no_score_confirms_it() {
        let csv =
            "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,4\n1,3,4,4S,N,=\n1,5,6,3NT,S,3\n";
        assert_eq!(
            said(csv, Language::English),
            [
                "line 2: board 1: 4 is read as 4 tricks taken: 4S by N down 6, -300 for North-South; write = or +N / -N for made / over / down, or head the column tricks when it holds the tricks taken",
                "line 4: board 1: 3 is read as 3 tricks taken: 3NT by S down 6, -300 for North-South; write = or +N / -N for made / over / down, or head the column tricks when it holds the tricks taken",
            ]
        );
        // A score that is the tricks' own confirms them; another is said besides.
        let csv =
            "board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,4,-300\n1,3,4,4S,N,4,420\n";
        let m = said(csv, Language::English);
        assert_eq!(m.len(), 2, "{m:?}");
        assert!(
            m[0].starts_with("line 3: board 1: 4 is read as 4 tricks taken"),
            "{m:?}"
        );
        assert!(
            m[1].starts_with("line 3: board 1: the contract N4S-6 scores -300"),
            "{m:?}"
        );
        // In Dutch notation likewise, in its words.
        let csv = "board,ns,ew,contract,declarer,result\n2,1,2,4H,O,2\n";
        let m = said(csv, Language::Dutch);
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(
            m[0].contains("2 is read as 2 tricks taken: 4H by O down 8"),
            "{m:?}"
        );
    }

    /// Tricks that make the contract, or 8 and more, are tricks whichever way one looks
    /// at them; a column headed `tricks` says what it holds; `=`, `+1`, `-2` are results.
    #[test]
    fn numbers_no_one_means_otherwise_and_a_tricks_column_say_nothing() {
        let lines = "1,1,2,4S,N,10\n1,3,4,3NT,S,8\n1,5,6,1NT,W,7\n1,7,8,4S,N,-1\n1,9,10,2S,N,+1\n";
        let csv = format!("board,ns,ew,contract,declarer,result\n{lines}");
        assert_eq!(said(&csv, Language::English), Vec::<String>::new());
        let csv =
            "board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,4\n1,3,4,3NT,S,3\n1,5,6,1NT,W,6\n";
        assert_eq!(said(csv, Language::English), Vec::<String>::new());
    }
}

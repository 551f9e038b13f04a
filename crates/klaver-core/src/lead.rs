//! The opening lead: one card, read in the notation of the file or page it is written in
//! and kept as PBN writes a card, the suit letter then the rank (`HK`, `ST`), whatever
//! notation it was written in, as contracts are kept in English.
//!
//! | | English | Dutch | Turkish |
//! |---|---|---|---|
//! | suits | S H D C | S H R K | P K KA T (Pik Kupa Karo Trefl) |
//! | ranks | A K Q J T (10) | A H V B 10 | A P K V (O, B) 10 |
//!
//! The suit comes first (`HK`, Dutch `HV`, Turkish `PK` for the queen of spades); in
//! English the rank may come first too (`KH`, `10H`). A suit symbol (♠ ♥ ♦ ♣, also ♤ ♡ ♢
//! ♧) is read in every notation, before or after the rank. Case and spaces do not count.

use crate::notation::Language;

/// The lead `text` as PBN writes the card (`HK`, `ST`), or `None` when it is not one
/// card in `lang`'s notation (`ZZ`, `S1`, `VH` in Dutch). Empty text is `None` too: the
/// caller tells no lead from a wrong one.
pub fn read_card(text: &str, lang: Language) -> Option<String> {
    // (A phone writes ♥ as ♥️: the heart and the variation selector asking for it in
    // colour, which is no part of the card.)
    let upper: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '\u{fe0e}' | '\u{fe0f}'))
        .flat_map(char::to_uppercase)
        .collect();
    // Turkish Karo is two letters: `KA10`, `KAV` (while `KA` alone is Kupa's ace).
    if lang == Language::Turkish
        && let Some(r) = upper.strip_prefix("KA").and_then(|r| rank_of(r, lang))
    {
        return Some(format!("D{r}"));
    }
    let mut chars = upper.chars();
    let first = chars.next()?;
    let suit_first = suit_letter(first, lang).or(symbol(first));
    if let (Some(s), Some(r)) = (suit_first, rank_of(chars.as_str(), lang)) {
        return Some(format!("{s}{r}"));
    }
    // Rank first: English letters, or any rank before a suit symbol.
    let last = upper.chars().next_back()?;
    let rank_text = &upper[..upper.len() - last.len_utf8()];
    let suit = symbol(last).or(suit_letter(last, lang).filter(|_| lang == Language::English))?;
    Some(format!("{suit}{}", rank_of(rank_text, lang)?))
}

/// A lead kept as PBN writes a card (`HQ`, `DT`), written as `lang` writes one (Dutch
/// `HV`, `R10`; Turkish `KK`, `KA10`), so that a list in that language reads it as its
/// entry form does. English keeps the card as kept; a text that is not one card (kept as
/// a file wrote it) is shown as it stands.
pub fn written(card: &str, lang: Language) -> String {
    let mut chars = card.chars();
    let (Some(suit), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
        return card.to_string();
    };
    if lang == Language::English || rank_of(&rank.to_string(), Language::English).is_none() {
        return card.to_string();
    }
    let suit = match (lang, suit) {
        (Language::Dutch, 'S') => "S",
        (Language::Dutch, 'H') => "H",
        (Language::Dutch, 'D') => "R",
        (Language::Dutch, 'C') => "K",
        (Language::Turkish, 'S') => "P",
        (Language::Turkish, 'H') => "K",
        (Language::Turkish, 'D') => "KA",
        (Language::Turkish, 'C') => "T",
        _ => return card.to_string(),
    };
    let rank = match (lang, rank) {
        (_, 'T') => "10".to_string(),
        (Language::Dutch, 'K') => "H".into(),
        (Language::Dutch, 'Q') => "V".into(),
        (Language::Dutch, 'J') => "B".into(),
        (Language::Turkish, 'K') => "P".into(),
        (Language::Turkish, 'Q') => "K".into(),
        (Language::Turkish, 'J') => "V".into(),
        (_, r) => r.to_string(),
    };
    format!("{suit}{rank}")
}

/// Two leads written as `lang` writes them, for a message saying how to write one.
pub fn examples(lang: Language) -> &'static str {
    match lang {
        Language::English => "HK, S10",
        Language::Dutch => "HV, S10",
        Language::Turkish => "KP, P10",
    }
}

/// A suit symbol as PBN's suit letter.
fn symbol(c: char) -> Option<char> {
    match c {
        '♠' | '♤' => Some('S'),
        '♥' | '♡' => Some('H'),
        '♦' | '♢' => Some('D'),
        '♣' | '♧' => Some('C'),
        _ => None,
    }
}

/// A suit letter in a notation, as PBN's suit letter.
fn suit_letter(c: char, lang: Language) -> Option<char> {
    match (lang, c) {
        (Language::English, 'S' | 'H' | 'D' | 'C') => Some(c),
        (Language::Dutch, 'S' | 'H') => Some(c),
        (Language::Dutch, 'R') => Some('D'),
        (Language::Dutch, 'K') => Some('C'),
        (Language::Turkish, 'P') => Some('S'),
        (Language::Turkish, 'K') => Some('H'),
        (Language::Turkish, 'T') => Some('C'),
        _ => None,
    }
}

/// A rank in a notation, as PBN's rank character (`T` for ten).
fn rank_of(text: &str, lang: Language) -> Option<char> {
    let mut chars = text.chars();
    let c = match (chars.next(), chars.next()) {
        _ if text == "10" || text == "T" => return Some('T'),
        (Some(c), None) => c,
        _ => return None,
    };
    match (lang, c) {
        (_, '2'..='9') => Some(c),
        (_, 'A') => Some('A'),
        (Language::English, 'K' | 'Q' | 'J') => Some(c),
        (Language::Dutch, 'H') => Some('K'),
        (Language::Dutch, 'V') => Some('Q'),
        (Language::Dutch, 'B') => Some('J'),
        (Language::Turkish, 'P') => Some('K'),
        (Language::Turkish, 'K') => Some('Q'),
        (Language::Turkish, 'V' | 'O' | 'B') => Some('J'),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lead_is_one_card_in_its_notation() {
        let en = |t| read_card(t, Language::English);
        for (text, card) in [
            ("HK", "HK"),
            ("kh", "HK"),
            ("10H", "HT"),
            ("♠10", "ST"),
            ("\u{2665}\u{fe0f}K", "HK"),
            ("10♠", "ST"),
            (" c 2 ", "C2"),
        ] {
            assert_eq!(en(text).as_deref(), Some(card), "{text}");
        }
        for bad in [
            "", "ZZ", "S1", "HX", "H1", "S11", "KK", "4S N", "hello", "♥",
        ] {
            assert_eq!(en(bad), None, "{bad}");
        }
        let nl = |t| read_card(t, Language::Dutch);
        assert_eq!(nl("HV").as_deref(), Some("HQ"));
        assert_eq!(nl("KB").as_deref(), Some("CJ"));
        assert_eq!(nl("RH").as_deref(), Some("DK"));
        assert_eq!(nl("KA").as_deref(), Some("CA"));
        assert_eq!(nl("VH"), None, "Dutch letters: the suit first");
        assert_eq!(nl("HQ"), None, "Q is no Dutch rank");
        let tr = |t| read_card(t, Language::Turkish);
        assert_eq!(tr("PK").as_deref(), Some("SQ"));
        assert_eq!(tr("KP").as_deref(), Some("HK"));
        assert_eq!(tr("KA").as_deref(), Some("HA"));
        assert_eq!(tr("KA10").as_deref(), Some("DT"));
        assert_eq!(tr("TV").as_deref(), Some("CJ"));
    }

    /// A kept card is written back in each notation so that its entry form reads it as
    /// the same card; a text that is no card stands as it is.
    #[test]
    fn a_kept_lead_is_written_in_each_notation_and_reads_back() {
        for card in ["HQ", "DT", "CJ", "SK", "HA", "D2", "C9"] {
            for lang in [Language::English, Language::Dutch, Language::Turkish] {
                let shown = written(card, lang);
                assert_eq!(
                    read_card(&shown, lang).as_deref(),
                    Some(card),
                    "{card} {lang:?}: {shown}"
                );
            }
        }
        assert_eq!(written("HQ", Language::Dutch), "HV");
        assert_eq!(written("DT", Language::Turkish), "KA10");
        assert_eq!(written("ZZ", Language::Dutch), "ZZ");
    }
}

//! What the director's console says of a line it refuses or warns about, and of a
//! request it cannot carry out, in English, Dutch and Turkish. What the reading of the
//! stored lines finds is said in the page's language where the finding carries its
//! [`Said`](klaver_core::said::Said) form (as the result lists word it), else in English.

use super::Lang;
use klaver_core::notation::{Assumption, Language, NotationError};
use klaver_core::said::Said;
use klaver_core::session::Diagnostic;
use klaver_io::said::{misread_in, warning_in};

impl Lang {
    /// The page language whose words go with a contract notation.
    pub fn of_notation(notation: Language) -> Lang {
        match notation {
            Language::English => Lang::En,
            Language::Dutch => Lang::Nl,
            Language::Turkish => Lang::Tr,
        }
    }

    /// What a finding of the reading says of a line, without its line and board (the
    /// form names them): in the page's language where it carries its `Said` form.
    pub fn finding(self, d: &Diagnostic) -> String {
        if self == Lang::En || d.said.is_none() {
            return d.message.clone();
        }
        let bare = Diagnostic {
            line: None,
            board: None,
            ..d.clone()
        };
        warning_in(&bare, self.report())
    }

    /// A typed result the notation cannot read; in English what it cannot name.
    pub fn unread(self, e: &NotationError) -> String {
        let text = &e.text;
        match (self, misread_in(&e.misread, self.report())) {
            (Lang::Nl, Some(why)) => format!("{text:?} is niet te lezen als uitslag: {why}"),
            (Lang::Tr, Some(why)) => format!("{text:?} sonuç olarak okunamadı: {why}"),
            _ => e.to_string(),
        }
    }

    /// A typed result the lenient reading would have taken as made (`4S N -`): typed
    /// again, not guessed.
    pub fn assumed(self, a: &Assumption) -> String {
        let found = Diagnostic::warning(0, None, a.to_string()).saying(Said::Assumed(a.clone()));
        let what = self.finding(&found);
        match self {
            Lang::En => format!(
                "{what}: type = for made exactly, or the number of tricks over or down (+1, -2)"
            ),
            Lang::Nl => format!(
                "{what}: typ = voor precies gemaakt, of het aantal slagen over of down (+1, -2)"
            ),
            Lang::Tr => format!(
                "{what}: tam yapıldıysa = ya da fazla veya eksik löve sayısını yazın (+1, -2)"
            ),
        }
    }

    /// No result typed.
    pub fn type_a_result(self) -> &'static str {
        match self {
            Lang::En => {
                "type a result: 4S N +1, 3NTX E -2, PASS, a score such as 420, or AVG, 60/40, NP"
            }
            Lang::Nl => {
                "typ een uitslag: 4S N +1, 3SAX O -2, PAS, een score zoals 420, of GEM, 60/40, NG"
            }
            Lang::Tr => {
                "bir sonuç yazın: 4 Pik K +1, 3 SA X D -2, PAS, 420 gibi bir skor ya da Ortalama, 60/40, Oynanmadı"
            }
        }
    }

    /// A pass-out typed with a declarer or a result.
    pub fn pass_with_more(self) -> &'static str {
        match self {
            Lang::En => {
                "a passed-out board has no declarer and no tricks: type PASS alone, or the contract that was played (4S N +1)"
            }
            Lang::Nl => {
                "een gepast spel heeft geen leider en geen slagen: typ alleen PAS, of het contract dat gespeeld is (4S N +1)"
            }
            Lang::Tr => {
                "pas geçilen boardun deklaranı ve lövesi yoktur: yalnızca PAS yazın ya da oynanan kontratı yazın (4 Pik K +1)"
            }
        }
    }

    /// A reversal typed without the result it reverses.
    pub fn reverses_nothing(self) -> &'static str {
        match self {
            Lang::En => "REV reverses a played result: write the result first, e.g. 4S N +1 REV",
            Lang::Nl => {
                "REV keert een gespeelde uitslag om: typ eerst de uitslag, bijvoorbeeld 4S N +1 REV"
            }
            Lang::Tr => {
                "Ters, oynanmış bir sonucu tersine çevirir: önce sonucu yazın, örneğin 4 Pik K +1 Ters"
            }
        }
    }

    /// A field longer than the form takes.
    pub fn too_long(self, what: &str, chars: usize, max: usize) -> String {
        match self {
            Lang::En => {
                format!("the {what} is too long ({chars} characters): at most {max} are taken")
            }
            Lang::Nl => format!(
                "{what} is te lang ({chars} tekens): er worden er hoogstens {max} aangenomen"
            ),
            Lang::Tr => {
                format!("{what} çok uzun ({chars} karakter): en fazla {max} karakter alınır")
            }
        }
    }

    /// A lead that is not one card.
    pub fn not_a_card(self, typed: &str) -> String {
        match self {
            Lang::En => format!(
                "{typed:?} is not a card: write the lead as suit and rank, e.g. HK, S10, ♥K"
            ),
            Lang::Nl => format!(
                "{typed:?} is geen kaart: typ de uitkomst als kleur en hoogte, bijvoorbeeld HV (harten vrouw), S10, ♥V"
            ),
            Lang::Tr => format!(
                "{typed:?} bir kart değil: atağı renk ve değer olarak yazın, örneğin PK (pik kız), K10 (kupa 10), KA10 (karo 10), ♠K"
            ),
        }
    }

    /// No board number typed.
    pub fn type_the_board(self) -> &'static str {
        match self {
            Lang::En => "board: type the board number",
            Lang::Nl => "spel: typ het spelnummer",
            Lang::Tr => "board: board numarasını yazın",
        }
    }

    /// A pair left out.
    pub fn type_both_pairs(self) -> &'static str {
        match self {
            Lang::En => "type both pairs: North-South and East-West",
            Lang::Nl => "typ beide paren: Noord-Zuid en Oost-West",
            Lang::Tr => "iki çifti de yazın: Kuzey-Güney ve Doğu-Batı",
        }
    }

    /// A pair that is not one of the night's.
    pub fn not_in_session(self, ns: &str, ew: &str) -> String {
        match self {
            Lang::En => format!("pair {ns} or {ew} does not play in this session"),
            Lang::Nl => format!("paar {ns} of {ew} speelt niet in deze zitting"),
            Lang::Tr => format!("{ns} ya da {ew} numaralı çift bu oturumda oynamıyor"),
        }
    }

    /// A line moved to a board that is not one of the night's (`boards`, as `1-2, 5`).
    pub fn not_a_board_of_the_night(self, board: i64, boards: &str) -> String {
        match self {
            Lang::En => format!(
                "board {board} is not one of the night's boards ({boards}): check the board number"
            ),
            Lang::Nl => format!(
                "spel {board} is geen spel van deze avond ({boards}): controleer het spelnummer"
            ),
            Lang::Tr => format!(
                "{board} numaralı board bu oturumun boardlarından biri değil ({boards}): board numarasını kontrol edin"
            ),
        }
    }

    /// The same pair typed on both sides.
    pub fn against_itself(self, pair: &str) -> String {
        match self {
            Lang::En => format!("pair {pair} cannot play against itself"),
            Lang::Nl => format!("paar {pair} kan niet tegen zichzelf spelen"),
            Lang::Tr => format!("{pair} numaralı çift kendisine karşı oynayamaz"),
        }
    }

    /// A pair that already played the board against another pair, on the line of
    /// `ns` against `ew`.
    pub fn already_played(self, pair: &str, board: i64, ns: &str, ew: &str) -> String {
        match self {
            Lang::En => format!(
                "pair {pair} already played board {board} ({ns} v {ew}): correct that line instead"
            ),
            Lang::Nl => format!(
                "paar {pair} speelde spel {board} al ({ns} tegen {ew}): verbeter liever die regel"
            ),
            Lang::Tr => format!(
                "{pair} numaralı çift {board} numaralı boardu zaten oynadı ({ns} - {ew}): bunun yerine o satırı düzeltin"
            ),
        }
    }

    /// A correction that would put a pair on a board it plays on another line.
    pub fn already_plays(self, pair: &str, board: i64, line: i64) -> String {
        match self {
            Lang::En => format!(
                "pair {pair} already plays board {board} on line {line}: correct that line, or give this one its own board"
            ),
            Lang::Nl => format!(
                "paar {pair} speelt spel {board} al op regel {line}: verbeter die regel, of geef deze regel zijn eigen spel"
            ),
            Lang::Tr => format!(
                "{pair} numaralı çift {board} numaralı boardu zaten {line}. satırda oynuyor: o satırı düzeltin ya da bu satıra kendi boardunu verin"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use klaver_core::said::Said;

    /// A finding that carries its `Said` form is worded as the result lists word it,
    /// without its line and board; one without it stays English.
    #[test]
    fn findings_are_said_in_the_pages_language_where_they_can_be() {
        let one = Diagnostic::warning(4, Some(2), "only one result on this board")
            .saying(Said::OnlyOneResult);
        assert_eq!(Lang::En.finding(&one), "only one result on this board");
        assert_eq!(
            Lang::Nl.finding(&one),
            "maar één uitslag op deze gift: die krijgt het gemiddelde; controleer of er scorebriefjes ontbreken"
        );
        assert!(
            Lang::Tr
                .finding(&one)
                .starts_with("bu boardda tek sonuç var")
        );
        let other = Diagnostic::error(4, Some(2), "425 is not a score");
        assert_eq!(Lang::Nl.finding(&other), "425 is not a score");
    }
}

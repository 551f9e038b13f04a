//! What the director's console says of what it did and of a request it cannot carry
//! out, in English, Dutch and Turkish, and the title of a page that refuses a request.

use super::Lang;
use axum::http::StatusCode;

/// A request of the console that cannot be carried out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Boards per round that is not a number.
    BoardsPerRound,
    /// A player chosen for a pair who is not one (a form not sent from the page).
    NotAPlayer(String),
    /// A player chosen for a pair who is not the club's.
    NotTheClubs(String),
    /// A player chosen for two pairs: the name and the two pairs.
    ChosenTwice(String, String, String),
    /// A night without the line asked for: the night and the line.
    NoSuchLine(i64, i64),
    /// A correction request that was changed since.
    RequestGone,
    /// A conflict's decision that is neither 0 nor 1.
    TakeWhich,
    /// The result list of a night without results.
    NoResultsYet,
    /// Publishing a night without results.
    NothingToPublish,
    /// A result that came in while the night was published.
    CameInMeanwhile,
    /// Table cards of a night without a movement.
    NoTablesToLink,
    /// Guide cards of a night without a movement.
    NoMovement,
}

impl Lang {
    /// Why the console cannot do what was asked.
    pub fn refused(self, why: &Refused) -> String {
        use Refused::*;
        match (why, self) {
            (BoardsPerRound, Lang::En) => "boards per round must be a number".into(),
            (BoardsPerRound, Lang::Nl) => "spellen per ronde moet een getal zijn".into(),
            (BoardsPerRound, Lang::Tr) => "tur başına board bir sayı olmalı".into(),
            (NotAPlayer(p), Lang::En) => format!("pair {p}: not a player"),
            (NotAPlayer(p), Lang::Nl) => format!("paar {p}: geen speler"),
            (NotAPlayer(p), Lang::Tr) => format!("{p} numaralı çift: oyuncu değil"),
            (NotTheClubs(p), Lang::En) => format!("pair {p}: not a player of the club"),
            (NotTheClubs(p), Lang::Nl) => format!("paar {p}: geen speler van de club"),
            (NotTheClubs(p), Lang::Tr) => format!("{p} numaralı çift: kulübün oyuncusu değil"),
            (ChosenTwice(..), _) => self.chosen_twice(why),
            (NoSuchLine(id, n), Lang::En) => format!("session {id} has no line {n}"),
            (NoSuchLine(id, n), Lang::Nl) => format!("zitting {id} heeft geen regel {n}"),
            (NoSuchLine(id, n), Lang::Tr) => {
                format!("{id} numaralı oturumda {n} numaralı satır yok")
            }
            _ => self.refused_night(why).to_string(),
        }
    }

    /// A player chosen for two pairs.
    fn chosen_twice(self, why: &Refused) -> String {
        let Refused::ChosenTwice(name, other, pair) = why else {
            return String::new();
        };
        match self {
            Lang::En => format!(
                "{name} is chosen for pair {other} and again for pair {pair}: a player sits in one pair only"
            ),
            Lang::Nl => format!(
                "{name} is gekozen voor paar {other} en nog eens voor paar {pair}: een speler zit in één paar"
            ),
            Lang::Tr => format!(
                "{name} hem {other} hem de {pair} numaralı çift için seçildi: bir oyuncu yalnızca bir çiftte oynar"
            ),
        }
    }

    /// What cannot be done with the night as it stands.
    fn refused_night(self, why: &Refused) -> &'static str {
        use Refused::*;
        let (en, nl, tr) = match why {
            RequestGone => (
                "that request no longer stands (the line was changed since)",
                "die aanvraag geldt niet meer (de regel is sindsdien veranderd)",
                "bu istek artık geçerli değil (satır o zamandan beri değişti)",
            ),
            TakeWhich => (
                "take is 1 (the table's result) or 0 (the stored line)",
                "take is 1 (de uitslag van de tafel) of 0 (de opgeslagen regel)",
                "take 1 (masanın sonucu) ya da 0 (kayıtlı satır) olmalı",
            ),
            NoResultsYet => (
                "no results entered yet",
                "nog geen uitslagen ingevoerd",
                "henüz sonuç girilmedi",
            ),
            NothingToPublish => (
                "this night has no results yet: there is nothing to publish",
                "deze zitting heeft nog geen uitslagen: er is niets te publiceren",
                "bu oturumun henüz sonucu yok: yayımlanacak bir şey yok",
            ),
            CameInMeanwhile => (
                "a result came in while the night was being published: look at the night again and publish it",
                "er kwam een uitslag binnen terwijl de zitting gepubliceerd werd: bekijk de zitting opnieuw en publiceer haar",
                "oturum yayımlanırken bir sonuç geldi: oturuma yeniden bakın ve yayımlayın",
            ),
            NoTablesToLink => (
                "this session has no movement: no tables to link",
                "deze zitting heeft geen schema: er zijn geen tafels om te koppelen",
                "bu oturumun hareketi yok: bağlantı verilecek masa yok",
            ),
            NoMovement => (
                "this session has no movement",
                "deze zitting heeft geen schema",
                "bu oturumun hareketi yok",
            ),
            _ => ("", "", ""),
        };
        match self {
            Lang::En => en,
            Lang::Nl => nl,
            Lang::Tr => tr,
        }
    }

    /// A night's size on the new night's form.
    pub fn night_size(self, rounds: usize, boards: usize) -> String {
        match self {
            Lang::En => format!("{rounds} rounds, {boards} boards"),
            Lang::Nl => format!("{rounds} ronden, {boards} spellen"),
            Lang::Tr => format!("{rounds} tur, {boards} board"),
        }
    }

    /// A typed line's score for North-South (`None`: its adjustment, as typed).
    pub fn line_score(self, board: u32, score: Option<i32>, adjust: &str) -> String {
        let (ns, _) = self.report().sides();
        let board_word = match self {
            Lang::Nl => "spel",
            _ => "board",
        };
        match score {
            Some(s) => format!("{board_word} {board}: {ns} {s:+}"),
            None => format!("{board_word} {board}: {adjust}"),
        }
    }

    /// A typed line's matchpoints, of `top`.
    pub fn line_matchpoints(
        self,
        ns_points: &str,
        ew_points: &str,
        top: impl std::fmt::Display,
    ) -> String {
        let (ns, ew) = self.report().sides();
        match self {
            Lang::En => format!(" · matchpoints {ns} {ns_points} {ew} {ew_points} of {top}"),
            Lang::Nl => format!(" · matchpunten {ns} {ns_points} {ew} {ew_points} van {top}"),
            Lang::Tr => format!(" · maç puanı {ns} {ns_points} {ew} {ew_points} / {top}"),
        }
    }

    /// A line of the night, by its number (`line 4`).
    pub fn line_no(self, n: i64) -> String {
        match self {
            Lang::En => format!("line {n}"),
            Lang::Nl => format!("regel {n}"),
            Lang::Tr => format!("satır {n}"),
        }
    }

    /// The title of a page refusing a request with `status`.
    pub fn status_title(self, status: StatusCode) -> &'static str {
        let (nl, tr) = match status {
            StatusCode::BAD_REQUEST => ("Onjuist verzoek", "Geçersiz istek"),
            StatusCode::FORBIDDEN => ("Niet toegestaan", "İzin verilmedi"),
            StatusCode::NOT_FOUND => ("Niet gevonden", "Bulunamadı"),
            StatusCode::METHOD_NOT_ALLOWED => ("Niet toegestaan", "İzin verilmedi"),
            StatusCode::CONFLICT => ("Conflict", "Çakışma"),
            StatusCode::SERVICE_UNAVAILABLE => ("Niet beschikbaar", "Kullanılamıyor"),
            _ => ("Fout", "Hata"),
        };
        match self {
            Lang::En => status.canonical_reason().unwrap_or("Error"),
            Lang::Nl => nl,
            Lang::Tr => tr,
        }
    }
}

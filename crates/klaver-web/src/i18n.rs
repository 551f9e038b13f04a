//! The web app's words in English, Dutch and Turkish.
//!
//! A page's language comes from `?lang=` (remembered in a cookie), else the browser's
//! Accept-Language, else English. Contracts are always written in the notation of the
//! page's language as well (4S / 4S / 4 Pik), read leniently in any.

use klaver_core::notation::{Language, Misread, NotationError};
use klaver_io::report::ReportLang;

mod console;
mod refusals;
mod requests;

pub use console::{Desk, Field, Nights, Notice};
pub use requests::Refused;

/// A page language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Dutch.
    Nl,
    /// Turkish.
    Tr,
}

impl Lang {
    /// Every language, for the switcher.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Nl, Lang::Tr];

    /// The language with this code (`en`, `nl`, `tr`).
    pub fn from_code(code: &str) -> Option<Lang> {
        match code.trim().get(..2).map(str::to_ascii_lowercase).as_deref() {
            Some("en") => Some(Lang::En),
            Some("nl") => Some(Lang::Nl),
            Some("tr") => Some(Lang::Tr),
            _ => None,
        }
    }

    /// The first language of an Accept-Language header klaver speaks.
    pub fn from_accept(header: &str) -> Option<Lang> {
        header.split(',').find_map(Lang::from_code)
    }

    /// Its code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Nl => "nl",
            Lang::Tr => "tr",
        }
    }

    /// Its own name.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Nl => "Nederlands",
            Lang::Tr => "Türkçe",
        }
    }

    /// The language of the printed reports (result list, travellers).
    pub fn report(self) -> ReportLang {
        match self {
            Lang::Nl => ReportLang::Nl,
            Lang::En => ReportLang::En,
            Lang::Tr => ReportLang::Tr,
        }
    }

    /// The contract notation.
    pub fn notation(self) -> Language {
        match self {
            Lang::En => Language::English,
            Lang::Nl => Language::Dutch,
            Lang::Tr => Language::Turkish,
        }
    }

    /// A word or phrase of the interface.
    pub fn t(self, key: Key) -> &'static str {
        let (en, nl, tr) = words(key);
        match self {
            Lang::En => en,
            Lang::Nl => nl,
            Lang::Tr => tr,
        }
    }
}

/// What a table's phone says of a board it cannot take, in the page's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardRefused {
    /// Not one of the round's boards still to enter (another phone entered it, or the
    /// page is of an earlier round).
    NotOpen,
    /// The table did not play it.
    NotAtTable,
    /// The table has no stored result of it to correct.
    NothingToCorrect,
    /// Its round is over: only the director corrects it now.
    TooLate,
}

impl Lang {
    /// Why the phone cannot take `board`.
    pub fn board_refused(self, board: u32, why: BoardRefused) -> String {
        use BoardRefused::*;
        match (self, why) {
            (Lang::En, NotOpen) => {
                format!("board {board} is not one of this round's boards still to enter")
            }
            (Lang::Nl, NotOpen) => {
                format!(
                    "spel {board} hoort niet bij de spellen van deze ronde die nog ingevoerd moeten worden"
                )
            }
            (Lang::Tr, NotOpen) => {
                format!("board {board} bu turda girilecek boardlardan biri değil")
            }
            (Lang::En, NotAtTable) => format!("board {board} was not played at this table"),
            (Lang::Nl, NotAtTable) => format!("spel {board} is niet aan deze tafel gespeeld"),
            (Lang::Tr, NotAtTable) => format!("board {board} bu masada oynanmadı"),
            (Lang::En, NothingToCorrect) => {
                format!("board {board} has no result of this table to correct")
            }
            (Lang::Nl, NothingToCorrect) => {
                format!("spel {board} heeft geen uitslag van deze tafel om te verbeteren")
            }
            (Lang::Tr, NothingToCorrect) => {
                format!("board {board} için bu masanın düzeltilecek bir sonucu yok")
            }
            (Lang::En, TooLate) => format!(
                "board {board} can no longer be corrected at the table: the round is over; ask the director"
            ),
            (Lang::Nl, TooLate) => format!(
                "spel {board} kan aan tafel niet meer verbeterd worden: de ronde is voorbij; vraag het de wedstrijdleider"
            ),
            (Lang::Tr, TooLate) => {
                format!("board {board} artık masada düzeltilemez: tur bitti; yöneticiye başvurun")
            }
        }
    }

    /// A lead that is not a card of the opening leader (`leader`, on `declarer`'s left),
    /// the seats named in the page's language.
    /// Why the contract a table typed cannot be read, in the page's words: `e` is the
    /// notation's reading of it. What the notation cannot name here is said in English.
    pub fn contract_misread(self, e: &NotationError) -> String {
        let typed = &e.text;
        match (&e.misread, self) {
            (Misread::Empty, Lang::En) => "type the contract, such as 4S, 3NT, or pass".into(),
            (Misread::Empty, Lang::Nl) => "typ het contract, zoals 4S, 3SA, of pas".into(),
            (Misread::Empty, Lang::Tr) => "kontratı yazın, örneğin 4 Pik, 3 SA ya da pas".into(),
            (Misread::NoLevel, Lang::En) => format!(
                "\"{typed}\" is not a contract: type the level (1-7) and the strain, such as 4S, 3NT, or pass"
            ),
            (Misread::NoLevel, Lang::Nl) => format!(
                "\"{typed}\" is geen contract: typ het niveau (1-7) en de kleur, zoals 4S, 3SA, of pas"
            ),
            (Misread::NoLevel, Lang::Tr) => format!(
                "\"{typed}\" bir kontrat değil: seviyeyi (1-7) ve rengi yazın, örneğin 4 Pik, 3 SA ya da pas"
            ),
            (Misread::Level(level), Lang::En) => {
                format!("\"{typed}\": the level is 1 to 7, not {level}")
            }
            (Misread::Level(level), Lang::Nl) => {
                format!("\"{typed}\": het niveau is 1 tot en met 7, niet {level}")
            }
            (Misread::Level(level), Lang::Tr) => {
                format!("\"{typed}\": seviye 1 ile 7 arasında olmalı, {level} değil")
            }
            (Misread::Strain(level), Lang::En) => {
                format!("\"{typed}\": after the level {level} comes the strain: C D H S NT")
            }
            (Misread::Strain(level), Lang::Nl) => {
                format!("\"{typed}\": na het niveau {level} komt de kleur: K R H S SA")
            }
            (Misread::Strain(level), Lang::Tr) => format!(
                "\"{typed}\": {level} seviyesinden sonra renk gelir: Trefl Karo Kupa Pik SA"
            ),
            (Misread::Trailing(_), Lang::En) => format!(
                "\"{typed}\": type only the contract here; the declarer and the tricks are chosen below"
            ),
            (Misread::Trailing(_), Lang::Nl) => format!(
                "\"{typed}\": typ hier alleen het contract; de leider en de slagen kiest u hieronder"
            ),
            (Misread::Trailing(_), Lang::Tr) => format!(
                "\"{typed}\": buraya yalnızca kontratı yazın; deklaran ve löve sayısı aşağıda seçilir"
            ),
            // Not found in a contract alone.
            _ => e.to_string(),
        }
    }

    pub fn lead_not_in_hand(self, lead: &str, leader: &str, declarer: &str) -> String {
        match self {
            Lang::En => format!(
                "the lead {lead} is not in {leader}'s hand (the opening leader, on declarer {declarer}'s left): check the lead and the declarer"
            ),
            Lang::Nl => format!(
                "de uitkomst {lead} zit niet in de hand van {leader} (die uitkomt, links van leider {declarer}): controleer de uitkomst en de leider"
            ),
            Lang::Tr => format!(
                "{lead} açılışı {leader} oyuncusunun elinde değil (açış yapan, deklaran {declarer} oyuncusunun solunda): açılışı ve deklaranı kontrol edin"
            ),
        }
    }
}

/// The interface's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Clubs,
    Sessions,
    Results,
    Ranking,
    Scorecard,
    Pair,
    Board,
    Table,
    Round,
    Against,
    Contract,
    Declarer,
    Lead,
    Tricks,
    Score,
    Matchpoints,
    Percentage,
    Passed,
    Enter,
    Confirm,
    Back,
    EastConfirms,
    RoundDone,
    AllDone,
    Stored,
    Published,
    EnterHands,
    HandsHint,
    HandsKept,
    RequestCorrection,
    CorrectionPeriod,
    CorrectionsClosed,
    TimeLeft,
    TimeUp,
    TravellerLater,
    FarFromField,
    DidYouMean,
    NotPlayed,
    NotPlayedButton,
    Correct,
    EnteredThisRound,
    Corrected,
    NotStored,
    ChooseBoard,
    PassedHasNoPlay,
    ChooseTricks,
    NotPlayedWithPlay,
    BadAddress,
    BadForm,
    NotPublished,
    NoSessions,
    Login,
    Logout,
    Password,
    Director,
    Boards,
}

fn words(key: Key) -> (&'static str, &'static str, &'static str) {
    use Key::*;
    match key {
        Clubs => ("Clubs", "Clubs", "Kulüpler"),
        Sessions => ("Sessions", "Zittingen", "Oturumlar"),
        Results => ("Results", "Uitslag", "Sonuçlar"),
        Ranking => ("Ranking", "Ranglijst", "Sıralama"),
        Scorecard => ("Scorecard", "Scorekaart", "Skor kartı"),
        Pair => ("Pair", "Paar", "Çift"),
        Board => ("Board", "Spel", "Board"),
        Table => ("Table", "Tafel", "Masa"),
        Round => ("Round", "Ronde", "Tur"),
        Against => ("Against", "Tegen", "Rakip"),
        Contract => ("Contract", "Contract", "Kontrat"),
        Declarer => ("Declarer", "Leider", "Deklaran"),
        Lead => ("Lead", "Uitkomst", "Atak"),
        Tricks => ("Tricks", "Slagen", "Löve"),
        Score => ("Score", "Score", "Skor"),
        Matchpoints => ("Matchpoints", "Matchpunten", "Maç puanı"),
        Percentage => ("%", "%", "%"),
        Passed => ("All pass", "Gepast", "Pas geçildi"),
        Enter => ("Enter", "Invoeren", "Gir"),
        Confirm => ("Confirm", "Bevestigen", "Onayla"),
        Back => ("Back", "Terug", "Geri"),
        EastConfirms => (
            "East: check and confirm",
            "Oost: controleer en bevestig",
            "Doğu: kontrol edip onaylayın",
        ),
        RoundDone => (
            "This round is complete: move on to the next table.",
            "Deze ronde is klaar: ga door naar de volgende tafel.",
            "Bu tur tamamlandı: sonraki masaya geçin.",
        ),
        AllDone => (
            "Every board of this table is entered. Thank you!",
            "Alle spellen van deze tafel zijn ingevoerd. Dank u!",
            "Bu masanın tüm boardları girildi. Teşekkürler!",
        ),
        Stored => ("Stored", "Opgeslagen", "Kaydedildi"),
        EnterHands => (
            "the hands of a board dealt here",
            "de handen van een hier geschud spel",
            "burada dağıtılan boardun elleri",
        ),
        HandsHint => (
            "No dealing machine? Type each hand as spades.hearts.diamonds.clubs with A K Q J T 9 ... 2 (AKQ.JT9.876.5432; nothing between the dots for a void) before the board leaves the table.",
            "Geen schudmachine? Typ elke hand als schoppen.harten.ruiten.klaveren met A K Q J T 9 ... 2, de Engelse letters (AKQ.JT9.876.5432; niets tussen de punten voor een renonce), voordat het spel de tafel verlaat.",
            "Dağıtım makinesi yok mu? Her eli pik.kupa.karo.sinek olarak A K Q J T 9 ... 2 İngilizce harflerle yazın (AKQ.JT9.876.5432; boş renk için noktalar arasında hiçbir şey), board masadan ayrılmadan önce.",
        ),
        HandsKept => (
            "The hands of every board of this round are kept.",
            "De handen van alle spellen van deze ronde zijn bewaard.",
            "Bu turun tüm boardlarının elleri kaydedildi.",
        ),
        RequestCorrection => (
            "Request a correction",
            "Correctie aanvragen",
            "Düzeltme iste",
        ),
        CorrectionPeriod => (
            "A result wrongly entered? Request a correction while the correction period lasts; the opponents confirm it on this phone, and the director sees it.",
            "Een uitslag verkeerd ingevoerd? Vraag een correctie aan zolang de correctietermijn loopt; de tegenstanders bevestigen op deze telefoon en de wedstrijdleider ziet het.",
            "Yanlış girilmiş bir sonuç mu var? Düzeltme süresi içinde düzeltme isteyin; rakipler bu telefonda onaylar ve yönetici görür.",
        ),
        CorrectionsClosed => (
            "the correction period is over: ask the director",
            "de correctietermijn is voorbij: vraag het de wedstrijdleider",
            "düzeltme süresi bitti: yöneticiye sorun",
        ),
        TimeLeft => (
            "Time left in this round",
            "Resterende tijd deze ronde",
            "Bu turda kalan süre",
        ),
        TimeUp => ("time is up", "de tijd is om", "süre doldu"),
        TravellerLater => (
            "The board's results are shown once every table has played it.",
            "De uitslagen van dit spel worden getoond zodra elke tafel het gespeeld heeft.",
            "Boardun sonuçları, her masa oynadıktan sonra gösterilir.",
        ),
        FarFromField => (
            "This result is far from the others on this board. Check it before East confirms.",
            "Deze uitslag wijkt ver af van de andere op dit spel. Controleer hem voordat Oost bevestigt.",
            "Bu sonuç bu boarddaki diğerlerinden çok farklı. Doğu onaylamadan önce kontrol edin.",
        ),
        DidYouMean => ("Did you mean", "Bedoelt u", "Bunu mu demek istediniz:"),
        NotPlayed => (
            "Not played: the director is called",
            "Niet gespeeld: de wedstrijdleider is geroepen",
            "Oynanmadı: yönetici çağrıldı",
        ),
        NotPlayedButton => (
            "Not played (call the director)",
            "Niet gespeeld (roep de wedstrijdleider)",
            "Oynanmadı (yöneticiyi çağırın)",
        ),
        Correct => ("Correct", "Verbeteren", "Düzelt"),
        EnteredThisRound => (
            "Entered this round",
            "Ingevoerd deze ronde",
            "Bu turda girilenler",
        ),
        Corrected => ("Corrected", "Verbeterd", "Düzeltildi"),
        Published => (
            "Every board is entered and the results are published. Thank you!",
            "Alle spellen zijn ingevoerd en de uitslag is gepubliceerd. Dank u!",
            "Tüm boardlar girildi ve sonuçlar yayımlandı. Teşekkürler!",
        ),
        NotStored => (
            "NOT stored: this board already has another result. The director has both and decides which stands.",
            "NIET opgeslagen: dit spel heeft al een andere uitslag. De wedstrijdleider heeft beide en beslist welke geldt.",
            "KAYDEDİLMEDİ: bu boardun zaten başka bir sonucu var. Yönetici ikisini de gördü ve hangisinin geçerli olduğuna karar verecek.",
        ),
        ChooseBoard => (
            "choose the board this result is for",
            "kies het spel waarvoor deze uitslag is",
            "bu sonucun ait olduğu boardu seçin",
        ),
        PassedHasNoPlay => (
            "a passed-out board has no declarer and no tricks: choose — for both, or enter the contract that was played",
            "een gepast spel heeft geen leider en geen slagen: kies — bij beide, of voer het gespeelde contract in",
            "pas geçilen boardun deklaranı ve lövesi yoktur: ikisi için de — seçin ya da oynanan kontratı girin",
        ),
        ChooseTricks => (
            "choose the number of tricks declarer took",
            "kies het aantal slagen dat de leider maakte",
            "deklaranın aldığı löve sayısını seçin",
        ),
        NotPlayedWithPlay => (
            "a contract is typed: clear it to mark the board not played, or enter the result",
            "er is een contract ingevuld: maak het leeg om het spel als niet gespeeld te melden, of voer de uitslag in",
            "bir kontrat yazılmış: boardu oynanmadı olarak bildirmek için silin ya da sonucu girin",
        ),
        BadAddress => (
            "there is no page at this address: check the link, or start again from the home page",
            "er is geen pagina op dit adres: controleer de link, of begin opnieuw vanaf de beginpagina",
            "bu adreste sayfa yok: bağlantıyı kontrol edin ya da ana sayfadan yeniden başlayın",
        ),
        BadForm => (
            "the form sent is incomplete or holds a value this page cannot take: open the page again and send the form from there",
            "het verzonden formulier is onvolledig of bevat een waarde die deze pagina niet aanneemt: open de pagina opnieuw en verstuur het formulier van daaruit",
            "gönderilen form eksik ya da bu sayfanın alamayacağı bir değer içeriyor: sayfayı yeniden açın ve formu oradan gönderin",
        ),
        NotPublished => (
            "The results are not published yet.",
            "De uitslag is nog niet gepubliceerd.",
            "Sonuçlar henüz yayımlanmadı.",
        ),
        NoSessions => (
            "No published sessions yet.",
            "Nog geen gepubliceerde zittingen.",
            "Henüz yayımlanmış oturum yok.",
        ),
        Login => ("Log in", "Inloggen", "Giriş"),
        Logout => ("Log out", "Uitloggen", "Çıkış"),
        Password => ("Password", "Wachtwoord", "Parola"),
        Director => ("Director", "Wedstrijdleider", "Yönetici"),
        Boards => ("Boards", "Spellen", "Boardlar"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_from_codes_and_headers() {
        assert_eq!(Lang::from_code("nl"), Some(Lang::Nl));
        assert_eq!(Lang::from_code("tr-TR"), Some(Lang::Tr));
        assert_eq!(Lang::from_code("de"), None);
        assert_eq!(Lang::from_accept("de-DE,nl;q=0.8,en;q=0.5"), Some(Lang::Nl));
        assert_eq!(Lang::Tr.t(Key::Table), "Masa");
    }
}

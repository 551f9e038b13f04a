//! The director's console in English, Dutch and Turkish: its headings, labels and
//! buttons, by page. The messages of its entry form are in [`super::refusals`].

use super::Lang;

/// A word or phrase of the console, in the three languages (English, Dutch, Turkish).
pub trait Words: Copy {
    /// The English, Dutch and Turkish.
    fn words(self) -> (&'static str, &'static str, &'static str);
}

impl Lang {
    /// A word or phrase of the console in this language.
    pub fn say<W: Words>(self, w: W) -> &'static str {
        let (en, nl, tr) = w.words();
        match self {
            Lang::En => en,
            Lang::Nl => nl,
            Lang::Tr => tr,
        }
    }
}

/// The club's page of the console (`/director`), the new night's form and the table
/// cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nights {
    RankingCannotBeBuilt,
    RankingWarns,
    NewNight,
    Date,
    Movement,
    BoardsPerRound,
    Next,
    Moment,
    MomentExample,
    Line,
    Title,
    Lines,
    Published,
    Open,
    Player,
    CreateNight,
    TableCards,
    PrintNow,
}

impl Words for Nights {
    fn words(self) -> (&'static str, &'static str, &'static str) {
        use Nights::*;
        match self {
            RankingCannotBeBuilt => (
                "The public ranking page cannot be built: ",
                "De openbare ranglijst kan niet gemaakt worden: ",
                "Herkese açık sıralama sayfası oluşturulamıyor: ",
            ),
            RankingWarns => (
                "The public ranking page warns:",
                "De openbare ranglijst waarschuwt:",
                "Herkese açık sıralama sayfasının uyarıları:",
            ),
            NewNight => ("New night", "Nieuwe zitting", "Yeni oturum"),
            Date => ("Date", "Datum", "Tarih"),
            Movement => ("Movement", "Schema", "Hareket"),
            BoardsPerRound => ("Boards per round", "Spellen per ronde", "Tur başına board"),
            Next => ("Next", "Verder", "İleri"),
            Moment => ("Moment", "Dagdeel", "Gün"),
            MomentExample => ("tuesday", "dinsdag", "salı"),
            Line => ("Line", "Lijn", "Grup"),
            Title => ("Title", "Titel", "Başlık"),
            Lines => ("Lines", "Regels", "Satırlar"),
            Published => ("published", "gepubliceerd", "yayımlandı"),
            Open => ("open", "open", "açık"),
            Player => ("Player", "Speler", "Oyuncu"),
            CreateNight => ("Create the night", "Zitting aanmaken", "Oturumu oluştur"),
            TableCards => ("Table cards", "Tafelkaarten", "Masa kartları"),
            PrintNow => (
                "Print this page; the links are shown only now.",
                "Druk deze pagina af; de links worden alleen nu getoond.",
                "Bu sayfayı yazdırın; bağlantılar yalnızca şimdi gösterilir.",
            ),
        }
    }
}

/// A night's page of the console: its links and buttons, the entry form, the lines and
/// a line's correction form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Desk {
    GuideCards,
    MakeTableCards,
    Withdraw,
    Publish,
    RoundClock,
    SecondsABoard,
    StartClock,
    Progress,
    ResultExample,
    Examples,
    Adjusted,
    CorrectLink,
    Reason,
    WeightedHelp,
}

impl Words for Desk {
    fn words(self) -> (&'static str, &'static str, &'static str) {
        use Desk::*;
        match self {
            GuideCards => ("Guide cards", "Loopkaarten", "Yönlendirme kartları"),
            MakeTableCards => (
                "Make table cards (new links)",
                "Tafelkaarten maken (nieuwe links)",
                "Masa kartlarını hazırla (yeni bağlantılar)",
            ),
            Withdraw => ("Withdraw", "Intrekken", "Geri çek"),
            Publish => ("Publish", "Publiceren", "Yayımla"),
            RoundClock => ("Round clock: ", "Rondeklok: ", "Tur saati: "),
            SecondsABoard => (
                " seconds a board ",
                " seconden per spel ",
                " saniye (board başına) ",
            ),
            StartClock => (
                "Start this round's clock",
                "Start de klok van deze ronde",
                "Bu turun saatini başlat",
            ),
            Progress => ("Progress", "Voortgang", "İlerleme"),
            ResultExample => ("4S N +1", "4S N +1", "4 Pik K +1"),
            Examples => (
                "4S N +1 · 3NTX E -2 · PASS · 420 · AVG · AVG+ · 60/40 · NP · 4S N +1 REV · W 30% 4SN= 70% 4SN-1",
                "4S N +1 · 3SAX O -2 · PAS · 420 · GEM · GEM+ · 60/40 · NG · 4S N +1 Reverse · Gewogen 30% 4SN= 70% 4SN-1",
                "4 Pik K +1 · 3 SA X D -2 · PAS · 420 · Ortalama · Ortalama+ · 60/40 · Oynanmadı · 4 Pik K +1 Ters · Ağırlıklı 30% 420 70% -50",
            ),
            Adjusted => ("Adj.", "Arb.", "Hakem"),
            CorrectLink => ("correct", "verbeteren", "düzelt"),
            Reason => ("Reason", "Reden", "Neden"),
            WeightedHelp => (
                "Weighted scores: W 30% 4SN= 70% 4SN-1 · splits 60/40 · AVG+ · NP · REV",
                "Gewogen scores: Gewogen 30% 4SN= 70% 4SN-1 · verdeeld 60/40 · GEM+ · NG · Reverse",
                "Ağırlıklı skorlar: Ağırlıklı 30% 420 70% -50 · bölünmüş 60/40 · Ortalama+ · Oynanmadı · Ters",
            ),
        }
    }
}

/// What waits for the director's decision (two results for one board, corrections
/// requested at the tables) and every table's progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    NoMovement,
    RoundShort,
    TwoResults,
    TwoResultsWhy,
    KeepStored,
    TakeResult,
    StoredLine,
    ConfirmedLater,
    By,
    Decided,
    Decision,
    Kept,
    Taken,
    DecidedBy,
    Requested,
    RequestsWhy,
    Was,
    Now,
    RequestedBy,
    Refuse,
}

impl Words for Notice {
    fn words(self) -> (&'static str, &'static str, &'static str) {
        use Notice::*;
        match self {
            NoMovement => (
                "No movement: progress is shown for nights created here.",
                "Geen schema: de voortgang wordt getoond voor zittingen die hier aangemaakt zijn.",
                "Hareket yok: ilerleme yalnızca burada oluşturulan oturumlar için gösterilir.",
            ),
            RoundShort => ("R", "R", "T"),
            TwoResults => (
                "Two results for one board",
                "Twee uitslagen voor één spel",
                "Bir board için iki sonuç",
            ),
            TwoResultsWhy => (
                "A table confirmed a result for a board that already had a different one. Nothing was overwritten: decide which stands (taking the table's is a correction, kept with the others). The night cannot be published until every one is decided.",
                "Een tafel bevestigde een uitslag voor een spel dat al een andere uitslag had. Er is niets overschreven: beslis welke geldt (die van de tafel nemen is een correctie, bewaard bij de andere). De zitting kan pas gepubliceerd worden als over elk ervan beslist is.",
                "Bir masa, zaten farklı bir sonucu olan bir board için sonuç onayladı. Hiçbir şeyin üzerine yazılmadı: hangisinin geçerli olduğuna karar verin (masanınkini almak bir düzeltmedir ve diğerleriyle saklanır). Her biri karara bağlanana kadar oturum yayımlanamaz.",
            ),
            KeepStored => (
                "Keep the stored line",
                "Opgeslagen regel houden",
                "Kayıtlı satırı koru",
            ),
            TakeResult => ("Take this result", "Deze uitslag nemen", "Bu sonucu al"),
            StoredLine => ("Stored line", "Opgeslagen regel", "Kayıtlı satır"),
            ConfirmedLater => ("Confirmed later", "Later bevestigd", "Sonradan onaylanan"),
            By => ("By", "Door", "Onaylayan"),
            Decided => (
                "Decided: two results for one board",
                "Beslist: twee uitslagen voor één spel",
                "Karara bağlandı: bir board için iki sonuç",
            ),
            Decision => ("Decision", "Beslissing", "Karar"),
            Kept => (
                "kept (the stored line)",
                "gehouden (de opgeslagen regel)",
                "korundu (kayıtlı satır)",
            ),
            Taken => (
                "taken (the table's result)",
                "genomen (de uitslag van de tafel)",
                "alındı (masanın sonucu)",
            ),
            DecidedBy => (" by ", " door ", ", karar veren: "),
            Requested => (
                "Corrections requested at the tables",
                "Correcties aangevraagd aan de tafels",
                "Masalarda istenen düzeltmeler",
            ),
            RequestsWhy => (
                "Applied to the published results as the opponents confirmed them; refusing restores the line as it was.",
                "Verwerkt in de gepubliceerde uitslag zodra de tegenstanders ze bevestigden; weigeren zet de regel terug zoals hij was.",
                "Rakipler onayladıkça yayımlanan sonuçlara işlendi; reddetmek satırı eski haline getirir.",
            ),
            Was => ("Was", "Was", "Önceki"),
            Now => ("Now", "Nu", "Şimdi"),
            RequestedBy => ("Requested", "Aangevraagd", "İsteyen"),
            Refuse => ("Refuse", "Weigeren", "Reddet"),
        }
    }
}

/// The fields of the console's forms, as a message about one names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Board,
    NorthSouth,
    EastWest,
    Result,
    Lead,
    Reason,
    Date,
    Title,
    Moment,
    Line,
    Contract,
    Declarer,
}

impl Words for Field {
    fn words(self) -> (&'static str, &'static str, &'static str) {
        use Field::*;
        match self {
            Board => ("board", "spel", "board"),
            NorthSouth => ("North-South pair", "Noord-Zuidpaar", "Kuzey-Güney çifti"),
            EastWest => ("East-West pair", "Oost-Westpaar", "Doğu-Batı çifti"),
            Result => ("result", "uitslag", "sonuç"),
            Lead => ("lead", "uitkomst", "atak"),
            Reason => ("reason", "reden", "neden"),
            Date => ("date", "datum", "tarih"),
            Title => ("title", "titel", "başlık"),
            Moment => ("moment", "dagdeel", "gün"),
            Line => ("line", "lijn", "grup"),
            Contract => ("contract", "contract", "kontrat"),
            Declarer => ("declarer", "leider", "deklaran"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entry::read_typed_in;

    /// The examples under the entry form read as results in the page's notation, as
    /// the director would type them.
    #[test]
    fn the_examples_read_in_the_pages_notation() {
        for lang in Lang::ALL {
            let examples = lang.say(Desk::Examples).split(" · ");
            for typed in examples.chain([lang.say(Desk::ResultExample)]) {
                let read = read_typed_in(typed, 1, lang);
                assert!(read.is_ok(), "{lang:?} {typed}: {read:?}");
            }
        }
        let weighted = [
            (
                Lang::Nl,
                ["Gewogen 30% 4SN= 70% 4SN-1", "GEM+", "NG", "4S N = Reverse"],
            ),
            (
                Lang::Tr,
                [
                    "Ağırlıklı 30% 420 70% -50",
                    "Ortalama+",
                    "Oynanmadı",
                    "4 Pik K = Ters",
                ],
            ),
        ];
        for (lang, typed) in weighted {
            for t in typed {
                assert!(
                    lang.say(Desk::WeightedHelp)
                        .contains(t.split(' ').next().unwrap())
                );
                assert!(read_typed_in(t, 1, lang).is_ok(), "{lang:?} {t}");
            }
        }
    }
}

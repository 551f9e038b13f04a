//! The documents a club publishes after a pairs session, as data ready to print: the
//! result list (seed 000 "De Uitslag"), the travellers ("scorebriefjes") and the control
//! sheet ("controlestaat"). The text, HTML and PDF renderers all draw from this one model,
//! so they always agree; numbers are rounded here, for display only.

use crate::travellers::{Event, LineInfo};
use klaver_core::board::{Board, Seat, Side, Vulnerability};
use klaver_core::exact::Exact;
use klaver_core::matchpoints::Outcome;
use klaver_core::notation::{self, Entry, Language};
use klaver_core::session::{
    BoardRounding, PairResult, ResultPoints, ScoredBoard, SessionResult, TableResult, set_letters,
};
use klaver_core::text::same;
use num_rational::Ratio;

/// The language of a report's words (contracts follow the same choice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReportLang {
    /// Dutch, as the seed's documents.
    Nl,
    /// English.
    #[default]
    En,
    /// Turkish, in the words of seed 003 and Turkish club sheets (board, Masa, Çift).
    Tr,
}

impl ReportLang {
    /// The contract notation that goes with the report language.
    pub fn notation(self) -> Language {
        match self {
            ReportLang::Nl => Language::Dutch,
            ReportLang::En => Language::English,
            ReportLang::Tr => Language::Turkish,
        }
    }

    /// The language's code, for HTML's `lang` and the PDF's language entry.
    pub fn code(self) -> &'static str {
        match self {
            ReportLang::Nl => "nl",
            ReportLang::En => "en",
            ReportLang::Tr => "tr",
        }
    }

    /// A number of boards: "1 board", "24 boards" ("1 gift", "24 giften"; Turkish
    /// keeps the noun singular after a number).
    pub fn boards(self, n: usize) -> String {
        match (n, self) {
            (1, ReportLang::Nl) => "1 gift".into(),
            (1, _) => "1 board".into(),
            _ => format!("{n} {}", self.word(Word::BoardsWord)),
        }
    }

    /// A label in this language.
    pub fn word(self, key: Word) -> &'static str {
        use Word::*;
        let (en, nl, tr) = match key {
            Rank => ("Rank (Pair)", "Rang (Paar)", "Sıra (Çift)"),
            Names => ("Names", "Naam", "Oyuncular"),
            Points => ("Points", "PTN", "Puan"),
            Percent => ("%", "%", "%"),
            ClubPoints => ("CP", "CP", "KP"),
            Boards => ("Boards", "#gft", "Board"),
            Round => ("Round", "GftGr", "Tur"),
            BoardSet => ("Set ", "GftGr", "Set "),
            AveragePerRound => (
                "Average per round",
                "Gemiddelde per ronde",
                "Tur başına ortalama",
            ),
            Board => ("Board", "Gift", "Board"),
            Dealer => ("Dealer", "Gever", "Dağıtan"),
            Vulnerable => ("Vulnerable", "Kwetsbaar", "Zonda"),
            Pairs => ("Pairs", "Paren", "Çift sayısı"),
            Top => ("Top", "Top", "Top"),
            Contract => ("Contract", "Contract", "Kontrat"),
            By => ("By", "Door", "Kontrat Sahibi"),
            Result => ("Result", "Res.", "Sonuç"),
            Score => ("Score", "Score", "Skor"),
            Matchpoints => ("Matchpoints", "Punten", "Maç Puanı"),
            MatchpointsShort => ("MP", "Punten", "MP"),
            ControlSheet => ("Control sheet", "Controlestaat", "Kontrol Tablosu"),
            Travellers => ("Travellers", "Scorebriefjes", "Board Sonuçları"),
            ResultList => ("Result list", "Uitslag", "Sıralama"),
            Warnings => ("Warnings", "Waarschuwingen", "Uyarılar"),
            Notes => ("Notes", "Opmerkingen", "Notlar"),
            BoardsWord => ("boards", "giften", "board"),
            CheckOk => (
                "Check: NS + EW = top on every line",
                "checkSom: NZ + OW = top op elke lijn",
                "Kontrol: her satırda K-G + D-B = top",
            ),
            NotCentred => (
                "; the control sheet shows the matchpoints as scored, not centred",
                "; de controlestaat toont de punten zoals gescoord, niet gecentreerd",
                "; kontrol tablosu puanları merkezlenmemiş, hesaplandığı gibi gösterir",
            ),
            ButForRounding => (
                ", but for each side's rounding to 0.1",
                ", op de afronding van elke kant op 0,1 na",
                " (her tarafın 0,1'e yuvarlanması dışında)",
            ),
            CheckFailed => (
                "Check FAILED: NS + EW differs from the top",
                "checkSom FOUT: NZ + OW verschilt van de top",
                "Kontrol HATALI: K-G + D-B toptan farklı",
            ),
            Lead => ("Lead", "Uitkomst", "Atak"),
            Penalty => ("Pen.", "Straf", "Ceza"),
            Section => ("Section", "Lijn", "Grup"),
            NorthSouth => ("North-South", "Noord-Zuid", "Kuzey-Güney"),
            EastWest => ("East-West", "Oost-West", "Doğu-Batı"),
            // The director's adjustments on a traveller, each read back by the travellers
            // reader in the report's notation. Dutch: NG as the Bridgemate shows a board
            // niet gespeeld, "gem" and "Reverse" as seed 000 writes them on the score
            // sheet; Turkish in full words (ortalama, oynanmadı, ters, ağırlıklı).
            NotPlayed => ("NP", "NG", "Oynanmadı"),
            Average => ("AVG", "GEM", "Ortalama"),
            AveragePlus => ("AVG+", "GEM+", "Ortalama+"),
            AverageMinus => ("AVG-", "GEM-", "Ortalama-"),
            Reverse => ("REV", "Reverse", "Ters"),
            Weighted => ("W", "Gewogen", "Ağırlıklı"),
            // The IMP forms' result lists (butler, cross-IMPs, teams). Dutch: IMP's,
            // G-IMP for IMPs per board (seed 002), viertallen for teams, WP
            // (winstpunten) for victory points, rust for a bye (the glossary).
            Imps => ("IMPs", "IMP's", "IMP"),
            ImpsPerBoard => ("IMPs/board", "G-IMP", "Board başına IMP"),
            ImpsFor => ("IMPs+", "IMP's+", "IMP+"),
            ImpsAgainst => ("IMPs-", "IMP's-", "IMP-"),
            ImpsHome => ("IMPs home", "IMP's thuis", "IMP ev sahibi"),
            ImpsAway => ("IMPs away", "IMP's uit", "IMP deplasman"),
            ButlerForm => (
                "Butler (IMPs against the datum)",
                "Butler (IMP's tegen de datum)",
                "Butler (datuma karşı IMP)",
            ),
            CrossImpsForm => ("Cross-IMPs", "Cross-IMP's", "Cross-IMP"),
            TeamsForm => ("Teams", "Viertallen", "Takımlar"),
            Datum => ("Datum", "Datum", "Datum"),
            NoDatum => ("none", "geen", "yok"),
            DroppedAtEachEnd => (
                "Dropped at each end",
                "Weggelaten aan elke kant",
                "Her uçtan atılan",
            ),
            ResultsCompared => (
                "Results compared",
                "Vergeleken resultaten",
                "Karşılaştırılan sonuç",
            ),
            BoardsHeading => ("Boards", "Giften", "Boardlar"),
            Match => ("Match", "Wedstrijd", "Maç"),
            Matches => ("Matches", "Wedstrijden", "Maçlar"),
            RoundWord => ("round", "ronde", "tur"),
            Versus => ("v", "-", "-"),
            VictoryPoints => ("VP", "WP", "VP"),
            Scale => ("Scale", "Schaal", "Ölçek"),
            OpenRoom => ("Open", "Open", "Açık"),
            ClosedRoom => ("Closed", "Gesloten", "Kapalı"),
            // The home team's net score on a board over both rooms (Dutch: saldo).
            HomeNet => ("Net home", "Saldo thuis", "Net ev sahibi"),
            // A board whose artificial scores do not balance: each team keeps its own IMPs.
            EachTeamOwn => (
                "each team its own (Law 86B)",
                "elk team de eigen IMP's (artikel 86B)",
                "her takım kendi IMP'sini alır (86B)",
            ),
            // A board not played in one room: both teams get an average.
            NotPlayedOneRoom => (
                "NP in one room: average",
                "NG in één zaal: gemiddeld",
                "bir salonda oynanmadı: ortalama",
            ),
            RankShort => ("Rank", "Rang", "Sıra"),
            Team => ("Team", "Team", "Takım"),
            Quotient => ("Quotient", "Quotiënt", "Oran"),
            Standings => ("Standings", "Stand", "Puan Durumu"),
            NextSwissRound => (
                "Next Swiss round",
                "Volgende Zwitserse ronde",
                "Sonraki İsviçre turu",
            ),
            Table => ("Table", "Tafel", "Masa"),
            Bye => ("Bye", "Rust", "Bay"),
            RepeatMatches => (
                "(no pairing without a repeat match exists: some teams meet again)",
                "(er is geen indeling zonder herhaalde wedstrijd: sommige teams treffen elkaar opnieuw)",
                "(tekrar maçı olmadan eşleşme yok: bazı takımlar yeniden karşılaşıyor)",
            ),
        };
        match self {
            ReportLang::En => en,
            ReportLang::Nl => nl,
            ReportLang::Tr => tr,
        }
    }

    /// The short names of the two sides: NS and EW, Dutch NZ and OW, Turkish K-G and D-B.
    pub fn sides(self) -> (&'static str, &'static str) {
        match self {
            ReportLang::Nl => ("NZ", "OW"),
            ReportLang::En => ("NS", "EW"),
            ReportLang::Tr => ("K-G", "D-B"),
        }
    }
}

/// The labels a report uses.
#[derive(Debug, Clone, Copy)]
#[allow(missing_docs)]
pub enum Word {
    Rank,
    Names,
    Points,
    Percent,
    ClubPoints,
    Boards,
    Round,
    /// A result list's column of one set of boards, when the rounds are not known.
    BoardSet,
    AveragePerRound,
    Board,
    Dealer,
    Vulnerable,
    Pairs,
    Top,
    Contract,
    By,
    Result,
    Score,
    Matchpoints,
    /// The matchpoints' short form in a column heading ("MP NS").
    MatchpointsShort,
    ControlSheet,
    Travellers,
    ResultList,
    Warnings,
    /// The heading of what is said but is no warning (the boards a pair sat out).
    Notes,
    BoardsWord,
    CheckOk,
    ButForRounding,
    /// The control sheet's points are not centred, when the list's are.
    NotCentred,
    CheckFailed,
    Penalty,
    Lead,
    Section,
    NorthSouth,
    EastWest,
    /// A board not played at a table (`NP`).
    NotPlayed,
    /// The director's average, 50 % to each side (`AVG`).
    Average,
    /// Average-plus to North-South, average-minus to East-West (`AVG+`).
    AveragePlus,
    /// Average-minus to North-South, average-plus to East-West (`AVG-`).
    AverageMinus,
    /// The two sides' matchpoints swapped (`REV`).
    Reverse,
    /// A weighted score's word, before its parts (`W 30% 4SN= 70% 4SN-1`).
    Weighted,
    Imps,
    /// IMPs per board (G-IMP).
    ImpsPerBoard,
    ImpsFor,
    ImpsAgainst,
    /// The home team's IMPs on a board.
    ImpsHome,
    /// The away team's IMPs on a board.
    ImpsAway,
    ButlerForm,
    CrossImpsForm,
    TeamsForm,
    Datum,
    /// A board without a datum.
    NoDatum,
    /// The results a butler datum leaves out at each end.
    DroppedAtEachEnd,
    ResultsCompared,
    /// The heading over every board's (or match's boards') table.
    BoardsHeading,
    Match,
    Matches,
    /// "round" inside a match's title, `A v B (round 2)`.
    RoundWord,
    /// Between two teams, `A v B`.
    Versus,
    VictoryPoints,
    Scale,
    OpenRoom,
    ClosedRoom,
    /// The home team's net score on a board, over both rooms.
    HomeNet,
    /// The note of a board whose artificial scores do not balance (Law 86B).
    EachTeamOwn,
    /// The note of a board not played in one room.
    NotPlayedOneRoom,
    /// "Rank" over the standings.
    RankShort,
    Team,
    Quotient,
    Standings,
    NextSwissRound,
    Table,
    Bye,
    /// The note under a Swiss round that repeats a match.
    RepeatMatches,
}

/// A line of the result list.
#[derive(Debug, Clone)]
pub struct RankingRow {
    /// "1", or "2=" when tied; empty for a pair that played no board.
    pub rank: String,
    /// The pair's id.
    pub pair: String,
    /// The section.
    pub section: String,
    /// The list the pair is ranked in, as a heading ("Section A", "North-South"); empty
    /// when the session has one list.
    pub group: String,
    /// The players' names.
    pub names: String,
    /// Total points.
    pub points: String,
    /// Percentage, two decimals.
    pub percentage: String,
    /// Club points.
    pub club_points: String,
    /// Boards played.
    pub boards: u32,
    /// Per round: "29 b" (points and board set, capital for North-South), or empty;
    /// then the director's penalty ("-3") when the report has that column.
    pub rounds: Vec<String>,
}

/// A line of a traveller.
#[derive(Debug, Clone)]
pub struct TravellerLine {
    /// North-South pair id.
    pub ns: String,
    /// East-West pair id.
    pub ew: String,
    /// Contract ("4S", "3NTX"), "PASS", or empty.
    pub contract: String,
    /// The declaring pair's id.
    pub declarer: String,
    /// The declarer's seat letter.
    pub seat: String,
    /// "=" / "+1" / "-2" (English) or "C" / "+1" / "-2" (Dutch).
    pub result: String,
    /// North-South's score when positive.
    pub score_ns: String,
    /// East-West's score when positive.
    pub score_ew: String,
    /// North-South's matchpoints.
    pub mp_ns: String,
    /// East-West's matchpoints.
    pub mp_ew: String,
    /// The adjustment, if any, in the report's language ("NP", "AVG", "60/40", "REV",
    /// "W ..."; Dutch "NG", "GEM"; Turkish "Oynanmadı", "Ortalama").
    pub note: String,
    /// The opening lead, if entered.
    pub lead: String,
}

/// One board's traveller.
#[derive(Debug, Clone)]
pub struct Traveller {
    /// Board number.
    pub board: u32,
    /// Section ("" for one section or top-integral).
    pub section: String,
    /// Dealer letter.
    pub dealer: String,
    /// Vulnerability in words.
    pub vulnerability: String,
    /// Results expected on the board.
    pub expected: usize,
    /// The number of pairs the traveller is printed for: the movement's (10 on a 9-pair
    /// night played from the cards of 10), else two for each result expected.
    pub pairs: usize,
    /// The top.
    pub top: i64,
    /// Lines, best North-South score first.
    pub lines: Vec<TravellerLine>,
    /// Whether NS + EW = top on every line.
    pub check_ok: bool,
    /// The four hands (North, East, South, West, each `AKQ.JT9.876.5432` spades first),
    /// when the deal is known.
    pub hands: Option<[String; 4]>,
    /// The board's deal with its double-dummy table and par (`klaver score --deals`).
    pub analysed: Option<crate::hand_record::BoardRecord>,
}

impl Traveller {
    /// Dealer, vulnerability, pairs and top, as the printed travellers give them under
    /// the board's number.
    pub fn facts(&self, l: ReportLang) -> String {
        format!(
            "{}: {}   {}: {}   {}: {}   {}: {}",
            l.word(Word::Dealer),
            self.dealer,
            l.word(Word::Vulnerable),
            self.vulnerability,
            l.word(Word::Pairs),
            self.pairs,
            l.word(Word::Top),
            self.top
        )
    }

    /// The board's par score for North-South, when the board was analysed.
    pub fn par_score(&self) -> Option<i32> {
        self.analysed
            .as_ref()
            .and_then(|b| b.analysis.as_ref())
            .map(|a| a.par.score)
    }
}

impl TravellerLine {
    /// Who declared, as the travellers' "by" column shows it: the declaring pair with its
    /// seat (`3 (N)`); empty for a line without a played contract.
    pub fn by(&self) -> String {
        match (self.declarer.is_empty(), self.seat.is_empty()) {
            (true, _) => String::new(),
            (false, true) => self.declarer.clone(),
            (false, false) => format!("{} ({})", self.declarer, self.seat),
        }
    }

    /// The result's North-South score less the board's par (`+30`, `-590`, `0`); empty for
    /// a line without a score (an adjustment, a board not played).
    pub fn versus_par(&self, par: i32) -> String {
        let ns = self
            .score_ns
            .trim()
            .parse::<i32>()
            .ok()
            .or_else(|| self.score_ew.trim().parse::<i32>().ok().map(|s| -s));
        match ns.map(|s| s - par) {
            Some(0) => "0".into(),
            Some(d) => format!("{d:+}"),
            None => String::new(),
        }
    }
}

/// Puts each board's hands on its travellers (`klaver score --deals`).
pub fn set_hands(
    report: &mut Report,
    deals: &std::collections::BTreeMap<u32, crate::exchange::Deal>,
) {
    for t in &mut report.travellers {
        if let Some(d) = deals.get(&t.board) {
            t.hands = Some(d.hands.clone());
        }
    }
}

/// Puts each board's double-dummy table and par on its travellers.
pub fn set_analyses(
    report: &mut Report,
    boards: &std::collections::BTreeMap<u32, crate::hand_record::BoardRecord>,
) {
    for t in &mut report.travellers {
        t.analysed = boards.get(&t.board).cloned();
    }
}

/// One cell of the control sheet: a board at a table.
#[derive(Debug, Clone)]
pub struct ControlCell {
    /// North-South matchpoints.
    pub mp_ns: String,
    /// East-West matchpoints.
    pub mp_ew: String,
    /// North-South score.
    pub score: String,
    /// Contract with declarer and result (`N4S!-6`).
    pub contract: String,
}

/// One table in one block of the control sheet.
#[derive(Debug, Clone)]
pub struct ControlRow {
    /// North-South pair id.
    pub ns: String,
    /// East-West pair id.
    pub ew: String,
    /// One cell per board of the block.
    pub cells: Vec<Option<ControlCell>>,
}

/// The box at the head of the control sheet (seed 000 §5): the event's line (title,
/// boards a round, date) and the pairs with their numbers.
#[derive(Debug, Clone)]
pub struct ControlHeader {
    /// `Fonteintje *** 4 giften per ronde *** 01/02/2008`.
    pub line: String,
    /// Each pair's number and names, in number order.
    pub pairs: Vec<(String, String)>,
}

/// A block of boards on the control sheet.
#[derive(Debug, Clone)]
pub struct ControlBlock {
    /// The boards of the block.
    pub boards: Vec<u32>,
    /// One row per table.
    pub rows: Vec<ControlRow>,
}

/// Everything a published session shows.
#[derive(Debug, Clone)]
pub struct Report {
    /// The event's title.
    pub title: String,
    /// The date as given.
    pub date: String,
    /// The report language.
    pub lang: ReportLang,
    /// Number of boards.
    pub board_count: usize,
    /// The usual top.
    pub top: i64,
    /// The headings of the columns after the boards played: one per round, and the
    /// director's penalties when there are any.
    pub round_headings: Vec<String>,
    /// Average per round, when rounds are known.
    pub average_per_round: Option<String>,
    /// The result list.
    pub ranking: Vec<RankingRow>,
    /// The travellers, board by board.
    pub travellers: Vec<Traveller>,
    /// The box at the head of the control sheet.
    pub control_header: Option<ControlHeader>,
    /// The control sheet.
    pub control: Vec<ControlBlock>,
    /// Warnings, as sentences.
    pub warnings: Vec<String>,
    /// Notes, as sentences: what a director likes to see but need not fix (the boards
    /// a pair sat out, their missing results all accounted for). Not warnings: shown
    /// apart and not counted with them.
    pub notes: Vec<String>,
    /// Whether NS + EW = top on every line of every board.
    pub check_ok: bool,
    /// Whether some line adds up to the top only but for each side's rounding to a
    /// tenth (`--rounding`), which the check allows.
    pub rounded: bool,
    /// The director's artificial scores that give each side its own percentage, so that
    /// NS + EW is not the top (`A+` / `A+`: 60 % each): board, pairs and percentages.
    pub own_percentages: Vec<(u32, String, String, u8, u8)>,
    /// Whether more than one section is shown.
    pub sections: bool,
    /// Whether the result list and the travellers show centred points, while the control
    /// sheet keeps them as scored (its check is NS + EW = top), which it then says.
    pub centred: bool,
}

impl Report {
    /// The check in words: NS + EW = top on every line (or not), naming the artificial
    /// scores that give each side its own percentage, which the check allows.
    pub fn check_sentence(&self) -> String {
        let l = self.lang;
        if !self.check_ok {
            return l.word(Word::CheckFailed).to_string();
        }
        let mut out = l.word(Word::CheckOk).to_string();
        if self.rounded {
            out.push_str(l.word(Word::ButForRounding));
        }
        out.push_str(&self.own_percentages_said());
        if self.centred {
            out.push_str(l.word(Word::NotCentred));
        }
        out
    }

    /// ", except where the director gave a side an artificial score of its own: ..."
    /// when some did; empty when none.
    fn own_percentages_said(&self) -> String {
        let l = self.lang;
        if self.own_percentages.is_empty() {
            return String::new();
        }
        let mut out = String::new();
        out.push_str(match l {
            ReportLang::En => {
                ", except where the director gave a side an artificial score of its own: "
            }
            ReportLang::Nl => ", behalve waar de arbiter een kant een eigen arbitrale score gaf: ",
            ReportLang::Tr => {
                ", hakemin bir tarafa kendine ait yapay skor verdiği satırlar hariç: "
            }
        });
        let board = l.word(Word::Board).to_lowercase();
        let listed: Vec<String> = self
            .own_percentages
            .iter()
            .map(|(b, ns, ew, x, y)| format!("{board} {b} ({ns}-{ew}: {x} % / {y} %)"))
            .collect();
        out.push_str(&listed.join(", "));
        out
    }

    /// The result list as its separate lists (a section, a direction): consecutive rows
    /// with the same heading. One list with an empty heading when there is one.
    pub fn ranking_groups(&self) -> Vec<(&str, &[RankingRow])> {
        let mut out: Vec<(&str, &[RankingRow])> = Vec::new();
        let mut start = 0;
        for i in 1..=self.ranking.len() {
            if i == self.ranking.len() || !same(&self.ranking[i].group, &self.ranking[start].group)
            {
                out.push((self.ranking[start].group.as_str(), &self.ranking[start..i]));
                start = i;
            }
        }
        out
    }
}

/// Points for display: whole numbers bare, others with two decimals.
pub fn points(x: &Exact) -> String {
    let mut s = x.to_decimal(2);
    if s.ends_with(".00") {
        s.truncate(s.len() - 3);
    }
    s
}

/// A ratio for display, as [`points`].
pub fn ratio(x: Ratio<i64>) -> String {
    points(&Exact::from(x))
}

fn seat_letter(seat: Seat, lang: Language) -> String {
    notation::format_seat(seat, lang)
}

pub(crate) fn vul_text(v: Vulnerability, lang: ReportLang) -> &'static str {
    match (v, lang) {
        (Vulnerability::None, ReportLang::En) => "None",
        (Vulnerability::NorthSouth, ReportLang::En) => "NS",
        (Vulnerability::EastWest, ReportLang::En) => "EW",
        (Vulnerability::Both, ReportLang::En) => "All",
        (Vulnerability::None, ReportLang::Nl) => "--",
        (Vulnerability::NorthSouth, ReportLang::Nl) => "N-Z",
        (Vulnerability::EastWest, ReportLang::Nl) => "O-W",
        (Vulnerability::Both, ReportLang::Nl) => "AL",
        (Vulnerability::None, ReportLang::Tr) => "Kimse",
        (Vulnerability::NorthSouth, ReportLang::Tr) => "K-G",
        (Vulnerability::EastWest, ReportLang::Tr) => "D-B",
        (Vulnerability::Both, ReportLang::Tr) => "Herkes",
    }
}

/// The contract of a line as shown on a traveller: contract, declarer seat, result.
/// A Dutch contract with notrump written `Z`, as on the seed's control sheet, when the
/// report asks for it; Dutch writes no other `SA`.
fn notrump_as_z(text: String, lang: Language, z: bool) -> String {
    if z && lang == Language::Dutch {
        text.replace("SA", "Z")
    } else {
        text
    }
}

/// The percentages of the top an artificial score gives each side when they do not add
/// up to 100 (A+ / A+), or a side's artificial score beside the other side's real one
/// (its matchpoints' share of the top then stands for the real side).
fn own_percentages_of(
    outcome: &Outcome,
    points: Option<ResultPoints>,
    top: i64,
) -> Option<(u8, u8)> {
    match *outcome {
        Outcome::Artificial { ns, ew } if u16::from(ns) + u16::from(ew) != 100 => Some((ns, ew)),
        Outcome::ScoreAndArtificial { side, percent, .. } => {
            let p = points?;
            let share = |x: Ratio<i64>| (x * 100 / top.max(1)).round().to_integer() as u8;
            Some(match side {
                Side::NorthSouth => (percent, share(p.ew)),
                Side::EastWest => (share(p.ns), percent),
            })
        }
        _ => None,
    }
}

fn contract_parts(info: &LineInfo, lang: Language, z: bool) -> (String, String, String) {
    if info.passed {
        let pass = match lang {
            Language::Dutch => "PAS",
            Language::Turkish => "Pas",
            Language::English => "PASS",
        };
        return (pass.into(), String::new(), String::new());
    }
    match info.play {
        Some(p) => (
            notrump_as_z(notation::format_contract(p.contract(), lang), lang, z),
            seat_letter(p.declarer(), lang),
            notation::format_result(p.tricks(), p.contract(), lang),
        ),
        None => (
            info.unread_contract().to_string(),
            String::new(),
            String::new(),
        ),
    }
}

/// Options for building a report.
#[derive(Debug, Clone, Default)]
pub struct ReportOptions {
    /// The title.
    pub title: String,
    /// The date.
    pub date: String,
    /// The language.
    pub lang: ReportLang,
    /// Boards per round (for round columns and control-sheet blocks).
    pub boards_per_round: Option<u32>,
    /// Leave out the travellers and the control sheet (a result list alone is quick to
    /// build even for the largest fields).
    pub ranking_only: bool,
    /// Print centred matchpoints (scores beaten minus scores lost, as Norwegian programs
    /// do): the number of points per comparison won, 2 on the European scale and 1 on the
    /// ACBL scale; `None` prints ordinary matchpoints.
    pub centred: Option<i64>,
    /// Write notrump as `Z` in a Dutch report's contracts, as the seed's control sheet
    /// does (`O3Z+2`), instead of `SA`.
    pub notrump_z: bool,
}

/// A pair's penalty (or compensation) in the units the report shows: signed, empty when
/// none; centred points count a matchpoint as 2 / `per_win`.
fn penalty_text(penalty: Ratio<i64>, centred: Option<i64>) -> String {
    if penalty == Ratio::from_integer(0) {
        return String::new();
    }
    let shown = match centred {
        Some(w) => penalty * 2 / w.max(1),
        None => penalty,
    };
    let text = ratio(shown);
    if shown > Ratio::from_integer(0) {
        format!("+{text}")
    } else {
        text
    }
}

/// Centred points: `(points - max / 2) × 2 / per_win` (beaten minus lost).
fn centre(points: &Exact, max: i64, per_win: i64) -> Exact {
    points
        .plus(&Exact::new(-max, 2))
        .times(&Exact::new(2, per_win.max(1)))
}

/// Whether the pairs play in more than one section: some pair's differs from the first
/// pair's.
fn has_sections(pairs: &[klaver_core::session::PairInfo]) -> bool {
    pairs
        .split_first()
        .is_some_and(|(first, rest)| rest.iter().any(|p| !same(&p.section, &first.section)))
}

/// Each pair's label on a result list: its section and number (A1, B1) when there is
/// more than one section, else its number.
pub(crate) fn pair_labeller(
    pairs: &[klaver_core::session::PairInfo],
) -> impl Fn(usize) -> String + '_ {
    let sections = has_sections(pairs);
    move |i: usize| {
        let p = &pairs[i];
        if sections && !p.section.is_empty() {
            format!("{}{}", p.section, p.id)
        } else {
            p.id.clone()
        }
    }
}

/// Builds the report of a scored session.
pub fn build(event: &Event, result: &SessionResult, opts: &ReportOptions) -> Report {
    let lang = opts.lang;
    let sections = has_sections(&event.pairs);
    let pair_label = pair_labeller(&event.pairs);

    // The director's penalties get a column after the rounds when there are any.
    let penalties = result
        .pairs
        .iter()
        .any(|p| p.penalty != Ratio::from_integer(0));
    let ranking = ranking_rows(event, result, opts, (sections, penalties), &pair_label);
    let mut travellers = Travellers {
        event,
        result,
        opts,
        pair_label: &pair_label,
        check_ok: true,
        rounded: false,
        own_percentages: Vec::new(),
    };
    let traveller_list = travellers.all();
    let (control_header, control) = control_sheet_with_header(event, result, opts, &pair_label);
    Report {
        title: opts.title.clone(),
        date: opts.date.clone(),
        lang,
        board_count: board_count(result),
        top: result.top,
        round_headings: round_headings(result, lang, penalties),
        // Centred points average 0 in every round: the line is left out.
        average_per_round: opts
            .boards_per_round
            .filter(|_| opts.centred.is_none())
            .map(|b| ratio(result.average_per_round(b))),
        ranking,
        travellers: traveller_list,
        control_header,
        control,
        warnings: said_in(event, result, lang, false),
        notes: said_in(event, result, lang, true),
        check_ok: travellers.check_ok,
        rounded: travellers.rounded,
        own_percentages: travellers.own_percentages,
        sections,
        centred: opts.centred.is_some(),
    }
}

/// The notes (`notes`) or the warnings of reading and scoring a session, in `lang`.
fn said_in(event: &Event, result: &SessionResult, lang: ReportLang, notes: bool) -> Vec<String> {
    event
        .diagnostics
        .iter()
        .chain(result.warnings.iter())
        .filter(|d| d.is_note() == notes)
        .map(|d| crate::said::warning_in(d, lang))
        .collect()
}

/// The result list: every pair's line, in ranking order, with its rank, points,
/// percentage, club points and round columns. `(sections, penalties)`: whether the
/// session has more than one section, and whether it has the director's penalties.
fn ranking_rows(
    event: &Event,
    result: &SessionResult,
    opts: &ReportOptions,
    (sections, penalties): (bool, bool),
    pair_label: &(impl Fn(usize) -> String + Sync),
) -> Vec<RankingRow> {
    let pairs = &event.pairs;
    // Every pair's line on its own: a large field's are made on every core.
    klaver_core::parts::map(&result.pairs, |p| RankingRow {
        rank: match p.rank {
            Some(r) if p.tied => format!("{r}="),
            Some(r) => r.to_string(),
            None => String::new(),
        },
        pair: pair_label(p.pair),
        section: pairs[p.pair].section.clone(),
        group: ranking_group(event, result, opts.lang, sections, p),
        names: pairs[p.pair].names.clone(),
        points: match opts.centred {
            Some(w) => points(&centre(&p.total, p.max, w)),
            None => points(&p.total),
        },
        percentage: p
            .percentage
            .as_ref()
            .map(|x| x.to_decimal(2))
            .unwrap_or_default(),
        club_points: ratio(p.club_points),
        boards: p.boards,
        rounds: round_columns(p, opts.centred, penalties),
    })
}

/// The list a pair is ranked in, as a heading: its section when sections are ranked
/// apart, its direction when the directions are; empty when the session has one list.
fn ranking_group(
    event: &Event,
    result: &SessionResult,
    lang: ReportLang,
    sections: bool,
    p: &PairResult,
) -> String {
    let mut parts = Vec::new();
    if sections && result.ranked_by_section {
        parts.push(format!(
            "{} {}",
            lang.word(Word::Section),
            event.pairs[p.pair].section
        ));
    }
    match p.field {
        Some(Side::NorthSouth) => parts.push(lang.word(Word::NorthSouth).to_string()),
        Some(Side::EastWest) => parts.push(lang.word(Word::EastWest).to_string()),
        None => {}
    }
    parts.join(", ")
}

/// A pair's round columns: the points of each round with its board set (a capital
/// letter where the pair sat North-South), empty where it did not play; then its
/// penalty when the report has that column.
fn round_columns(p: &PairResult, centred: Option<i64>, penalties: bool) -> Vec<String> {
    p.rounds
        .iter()
        .map(|c| match c {
            Some(c) => {
                let letter = if c.north_south {
                    c.set.clone()
                } else {
                    c.set.to_lowercase()
                };
                let shown = match centred {
                    Some(w) => centre(&c.points, c.max, w),
                    None => c.points.clone(),
                };
                format!("{} {}", points(&shown), letter)
            }
            None => String::new(),
        })
        .chain(penalties.then(|| penalty_text(p.penalty, centred)))
        .collect()
}

/// The headings of the result list's columns after the boards played: one per round,
/// then the director's penalties when there are any. When the rounds are not known the
/// columns are sets of boards, and English and Turkish say so by the set's letter
/// ("Set B"; Turkish "Grup" is a section); the Dutch board group ("GftGr2") is right
/// either way.
fn round_headings(result: &SessionResult, lang: ReportLang, penalties: bool) -> Vec<String> {
    (0..result.rounds)
        .map(|i| match (result.columns_are_board_sets, lang) {
            (false, _) | (true, ReportLang::Nl) => format!("{}{}", lang.word(Word::Round), i + 1),
            (true, _) => format!("{}{}", lang.word(Word::BoardSet), set_letters(i)),
        })
        .chain(penalties.then(|| lang.word(Word::Penalty).to_string()))
        .collect()
}

/// The number of boards: every result is on one of the scored boards (a board per
/// section when sections are scored apart), so the different board numbers among them.
fn board_count(result: &SessionResult) -> usize {
    let mut b: Vec<u32> = result.boards.iter().map(|b| b.board).collect();
    b.sort_unstable();
    b.dedup();
    b.len()
}

/// The travellers being made, board by board, with what the check of their lines has
/// found so far.
struct Travellers<'a, F> {
    event: &'a Event,
    result: &'a SessionResult,
    opts: &'a ReportOptions,
    pair_label: &'a F,
    /// Whether NS + EW = top on every line so far.
    check_ok: bool,
    /// Whether a line so far adds up to the top only but for each side's rounding.
    rounded: bool,
    /// The artificial scores so far that give each side its own percentage.
    own_percentages: Vec<(u32, String, String, u8, u8)>,
}

impl<F: Fn(usize) -> String> Travellers<'_, F> {
    /// Every board's traveller, in board order; none for a result list alone.
    fn all(&mut self) -> Vec<Traveller> {
        let result = self.result;
        let mut travellers = Vec::with_capacity(result.boards.len());
        for sb in result.boards.iter().filter(|_| !self.opts.ranking_only) {
            travellers.push(self.traveller(sb));
        }
        travellers
    }

    /// One board's traveller: its dealer and vulnerability, and its results, the best
    /// North-South score first, then weighted scores, artificial scores and boards not
    /// played.
    fn traveller(&mut self, sb: &ScoredBoard) -> Traveller {
        let (event, result) = (self.event, self.result);
        let (lang, nl) = (self.opts.lang, self.opts.lang.notation());
        let board = Board::new(sb.board).ok();
        let mut order: Vec<usize> = sb.results().collect();
        let key = |i: &usize| match &event.results[*i].outcome {
            Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } => (0, -i64::from(*s)),
            Outcome::Weighted(_) => (1, 0),
            Outcome::Artificial { .. } => (2, 0),
            Outcome::NotPlayed => (3, 0),
        };
        order.sort_by_key(key);
        let mut board_ok = true;
        let lines = order
            .iter()
            .map(|&i| self.line(sb, i, &mut board_ok))
            .collect();
        self.check_ok &= board_ok;
        Traveller {
            board: sb.board,
            section: sb.group.clone(),
            dealer: board
                .map(|b| seat_letter(b.dealer(), nl))
                .unwrap_or_default(),
            vulnerability: board
                .map(|b| vul_text(b.vulnerability(), lang).to_string())
                .unwrap_or_default(),
            expected: sb.expected,
            pairs: result.card_pairs.unwrap_or(sb.expected * 2),
            top: sb.top,
            lines,
            check_ok: board_ok,
            hands: None,
            analysed: None,
        }
    }

    /// The line of result `i` on its board's traveller. Notes an artificial score that
    /// gives each side its own percentage.
    fn line(&mut self, sb: &ScoredBoard, i: usize, board_ok: &mut bool) -> TravellerLine {
        let pair_label = self.pair_label;
        let r = &self.event.results[i];
        let info = &self.event.lines[i];
        let nl = self.opts.lang.notation();
        let (contract, seat, res) = contract_parts(info, nl, self.opts.notrump_z);
        let declarer = info
            .play
            .map(|p| match p.declarer().side() {
                Side::NorthSouth => pair_label(r.ns_pair()),
                Side::EastWest => pair_label(r.ew_pair()),
            })
            .unwrap_or_default();
        let (score_ns, score_ew) = score_columns(&r.outcome);
        if let Some((ns, ew)) = own_percentages_of(&r.outcome, self.result.points[i], sb.top) {
            self.own_percentages.push((
                sb.board,
                pair_label(r.ns_pair()),
                pair_label(r.ew_pair()),
                ns,
                ew,
            ));
        }
        let (mp_ns, mp_ew) = self.matchpoint_columns(sb, i, board_ok);
        TravellerLine {
            ns: pair_label(r.ns_pair()),
            ew: pair_label(r.ew_pair()),
            contract,
            declarer,
            seat,
            result: res,
            score_ns,
            score_ew,
            mp_ns,
            mp_ew,
            note: adjustment_note(self.opts.lang, info, r),
            lead: klaver_core::lead::written(info.lead(), self.opts.lang.notation()),
        }
    }

    /// Result `i`'s matchpoints, North-South's and East-West's (centred when the report
    /// asks), `--` when it has none. Clears `board_ok` when a real score's two sides do
    /// not add up to the top, but for each side's rounding to a tenth when the session
    /// rounds (half up: a tenth either way; truncated: less than two tenths short).
    fn matchpoint_columns(
        &mut self,
        sb: &ScoredBoard,
        i: usize,
        board_ok: &mut bool,
    ) -> (String, String) {
        let r = &self.event.results[i];
        let split = matches!(r.outcome, Outcome::ScoreAndArtificial { .. });
        match self.result.points[i] {
            Some(p) => {
                let off = p.ns + p.ew - Ratio::from_integer(sb.top);
                if r.outcome.is_real() && !split && off != Ratio::from_integer(0) {
                    let allowed = match self.result.rounding {
                        BoardRounding::Exact => false,
                        BoardRounding::RoundTenth => {
                            off <= Ratio::new(1, 10) && off >= Ratio::new(-1, 10)
                        }
                        BoardRounding::TruncateTenth => {
                            off < Ratio::from_integer(0) && off > Ratio::new(-1, 5)
                        }
                    };
                    *board_ok &= allowed;
                    self.rounded |= allowed;
                }
                match self.opts.centred {
                    Some(w) => (
                        points(&centre(&Exact::from(p.ns), sb.top, w)),
                        points(&centre(&Exact::from(p.ew), sb.top, w)),
                    ),
                    None => (ratio(p.ns), ratio(p.ew)),
                }
            }
            None => ("--".into(), "--".into()),
        }
    }
}

/// A line's adjustment as the report prints it: as written in an English report; in a
/// Dutch or Turkish report in that language's words (`GEM+`, `OW 60%`, Turkish
/// `Ortalama`, `D-B 60%`), a split of percentages (`60/50`) as written, each as the
/// travellers reader reads it back in the report's notation. Empty for a line without
/// one.
pub(crate) fn adjustment_note(lang: ReportLang, info: &LineInfo, r: &TableResult) -> String {
    let written = info.adjust();
    if lang == ReportLang::En || written.is_empty() {
        return written.to_string();
    }
    if r.reversed() {
        return lang.word(Word::Reverse).to_string();
    }
    let word = |w: Word| lang.word(w).to_string();
    match &r.outcome {
        Outcome::NotPlayed => word(Word::NotPlayed),
        Outcome::Artificial { .. } if written.contains('/') => written.trim().to_string(),
        Outcome::Artificial { ns: 50, ew: 50 } => word(Word::Average),
        Outcome::Artificial { ns: 60, ew: 40 } => word(Word::AveragePlus),
        Outcome::Artificial { ns: 40, ew: 60 } => word(Word::AverageMinus),
        Outcome::Artificial { ns, ew } => format!("{ns}/{ew}"),
        Outcome::ScoreAndArtificial { side, percent, .. } => {
            let (ns, ew) = lang.sides();
            let side = if *side == Side::NorthSouth { ns } else { ew };
            format!("{side} {percent}%")
        }
        Outcome::Weighted(parts) => {
            let notation = lang.notation();
            let parts = crate::travellers::weighted_parts_in(written, r.board, parts, notation);
            format!("{} {parts}", lang.word(Word::Weighted))
        }
        Outcome::Score(_) => written.to_string(),
    }
}

/// A result's score on a traveller: in North-South's column when positive, in
/// East-West's when negative, `0` in both for a pass-out; none for an adjustment.
fn score_columns(outcome: &Outcome) -> (String, String) {
    match outcome {
        Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } => match s.signum() {
            1 => (s.to_string(), String::new()),
            -1 => (String::new(), (-s).to_string()),
            _ => ("0".into(), "0".into()),
        },
        _ => (String::new(), String::new()),
    }
}

/// The control sheet, blocks of a round's boards, with the box at its head (the
/// event's line and the numbered pairs); none of it for a result list alone.
fn control_sheet_with_header(
    event: &Event,
    result: &SessionResult,
    opts: &ReportOptions,
    pair_label: &dyn Fn(usize) -> String,
) -> (Option<ControlHeader>, Vec<ControlBlock>) {
    let lang = opts.lang;
    // Blocks of four when nothing tells the boards a round; the box then claims none.
    let given = opts.boards_per_round.filter(|&b| b > 0);
    let bpr = given.unwrap_or(4);
    let control = if opts.ranking_only {
        Vec::new()
    } else {
        control_sheet(event, result, bpr, (lang, opts.notrump_z), pair_label)
    };
    let control_header = (!control.is_empty()).then(|| ControlHeader {
        line: [
            opts.title.clone(),
            given.map(|b| boards_a_round(lang, b)).unwrap_or_default(),
            opts.date.clone(),
        ]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" *** "),
        pairs: numbered_pairs(event, pair_label),
    });
    (control_header, control)
}

/// "4 boards a round", as the control sheet's box says it.
fn boards_a_round(lang: ReportLang, n: u32) -> String {
    match (lang, n) {
        (ReportLang::En, 1) => "1 board a round".into(),
        (ReportLang::En, _) => format!("{n} boards a round"),
        (ReportLang::Nl, 1) => "1 gift per ronde".into(),
        (ReportLang::Nl, _) => format!("{n} giften per ronde"),
        (ReportLang::Tr, _) => format!("turda {n} board"),
    }
}

/// The order of two pair labels: numbers in number order before codes, and the pairs of
/// a section (`A2`, `A10`) or a direction (`2NS`, `10NS`) in their numbers' order after
/// the letters they share.
fn label_order(a: &str, b: &str) -> std::cmp::Ordering {
    let key = |s: &str| {
        let start = s.find(|c: char| c.is_ascii_digit()).unwrap_or(s.len());
        let (prefix, rest) = s.split_at(start);
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (digits, suffix) = rest.split_at(end);
        let number = digits.parse::<u64>().ok();
        let plain = prefix.is_empty() && suffix.is_empty() && number.is_some();
        (
            !plain,
            prefix.to_string(),
            suffix.to_string(),
            number.is_none(),
            number,
            s.to_string(),
        )
    };
    key(a).cmp(&key(b))
}

/// Every pair that played, with its names, in number order (numbers before codes, a
/// section's pairs in their numbers' order).
fn numbered_pairs(event: &Event, pair_label: &dyn Fn(usize) -> String) -> Vec<(String, String)> {
    let mut played = vec![false; event.pairs.len()];
    for r in &event.results {
        played[r.ns_pair()] = true;
        played[r.ew_pair()] = true;
    }
    let mut pairs: Vec<(String, String)> = (0..event.pairs.len())
        .filter(|&i| played[i])
        .map(|i| (pair_label(i), event.pairs[i].names.clone()))
        .collect();
    pairs.sort_by(|a, b| label_order(&a.0, &b.0));
    pairs
}

/// A control-sheet cell's contract with declarer and result (`N4S!-6`), followed by the
/// line's adjustment when it has one (`S3NT-1 REV`, `N4S= EW 60%`), or the adjustment
/// alone in the report's words when no contract was played.
fn control_contract(info: &LineInfo, r: &TableResult, (lang, z): (ReportLang, bool)) -> String {
    let notation = lang.notation();
    if info.passed {
        notation::format_entry(&Entry::Passed, notation)
    } else if let Some(p) = info.play {
        let played = notrump_as_z(
            notation::format_entry(&Entry::Played(p), notation),
            notation,
            z,
        );
        match adjustment_note(lang, info, r) {
            note if note.is_empty() => played,
            note => format!("{played} {note}"),
        }
    } else if !info.adjust().is_empty() {
        adjustment_note(lang, info, r)
    } else {
        info.unread_contract().to_string()
    }
}

fn control_sheet(
    event: &Event,
    result: &SessionResult,
    bpr: u32,
    (lang, z): (ReportLang, bool),
    pair_label: &dyn Fn(usize) -> String,
) -> Vec<ControlBlock> {
    let max_board = event.results.iter().map(|r| r.board).max().unwrap_or(0);
    let mut blocks = Vec::new();
    for first in (1..=max_board).step_by(bpr as usize) {
        let boards: Vec<u32> = (first..(first + bpr).min(max_board + 1)).collect();
        let mut rows: Vec<ControlRow> = Vec::new();
        let mut row_of: std::collections::HashMap<(usize, usize), usize> = Default::default();
        for (i, r) in event.results.iter().enumerate() {
            if r.board < first || r.board >= first + bpr {
                continue;
            }
            let row = *row_of.entry((r.ns_pair(), r.ew_pair())).or_insert_with(|| {
                rows.push(ControlRow {
                    ns: pair_label(r.ns_pair()),
                    ew: pair_label(r.ew_pair()),
                    cells: vec![None; boards.len()],
                });
                rows.len() - 1
            });
            let info = &event.lines[i];
            let (mp_ns, mp_ew) = match result.points[i] {
                Some(p) => (ratio(p.ns), ratio(p.ew)),
                None => ("--".into(), "--".into()),
            };
            let contract = control_contract(info, r, (lang, z));
            rows[row].cells[(r.board - first) as usize] = Some(ControlCell {
                mp_ns,
                mp_ew,
                score: match &r.outcome {
                    Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } => {
                        s.to_string()
                    }
                    _ => String::new(),
                },
                contract,
            });
        }
        if !rows.is_empty() {
            blocks.push(ControlBlock { boards, rows });
        }
    }
    blocks
}

/// The board-set letter of a board (A = boards 1 to `bpr`).
pub fn board_set(board: u32, bpr: u32) -> String {
    set_letters(((board.max(1) - 1) / bpr.max(1)) as usize)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::travellers::{ReadOptions, read_travellers};
    use klaver_core::session::{Settings, score_session};

    /// A session with every kind of the director's adjustment, in English words: an
    /// average, average-plus and -minus, a split of percentages, a board not played, a
    /// reversed result, a side's own artificial score beside a score (as a percentage
    /// and as an average), a weighted score and a penalty.
    pub(crate) const ADJUSTED: &str = "board,ns,ew,contract,declarer,result,score,adjust\n\
        1,1,2,4S,N,=,420,\n1,3,4,,,,,AVG\n1,5,6,,,,,AVG+\n1,7,8,,,,,AVG-\n\
        2,1,4,4S,N,+1,650,\n2,3,6,,,,,NP\n2,5,8,3NT,S,-1,-100,REV\n2,7,2,,,,,60/50\n\
        3,1,6,2H,E,=,-110,\n3,3,8,4S,N,=,420,EW 60%\n3,5,2,1NT,N,=,90,NS AVG-\n\
        3,7,4,,,,,W 30% 4SN= 70% 4SN-1\n3,7,4,,,,,PEN -3/0\n";

    /// The words of English adjustments that no Dutch or Turkish report prints.
    pub(crate) const ENGLISH_WORDS: [&str; 9] = [
        "NP", "AVG", "AVG+", "AVG-", "REV", "PEN", "NS", "EW", "W 30%",
    ];

    /// Whether `text` holds one of [`ENGLISH_WORDS`] as a word of its own.
    pub(crate) fn english_word_in(text: &str) -> Option<&'static str> {
        let words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || "<>\"".contains(c))
            .collect();
        ENGLISH_WORDS.into_iter().find(|w| match w.split_once(' ') {
            Some((a, b)) => words.windows(2).any(|p| p == [a, b]),
            None => words.contains(w),
        })
    }

    /// The event of [`ADJUSTED`] and its report in `lang`, travellers and control sheet.
    pub(crate) fn adjusted_report(lang: ReportLang) -> (Event, Report) {
        let english = ReadOptions {
            lang: Language::English,
            ..ReadOptions::default()
        };
        let event = read_travellers(ADJUSTED.as_bytes(), english).unwrap();
        assert!(!event.has_errors(), "{:?}", event.diagnostics);
        let settings = Settings {
            penalties: event.penalties.iter().flat_map(|p| p.per_pair()).collect(),
            ..Settings::default()
        };
        let result = score_session(&event.pairs, &event.results, &settings).unwrap();
        let opts = ReportOptions {
            lang,
            boards_per_round: Some(3),
            ..ReportOptions::default()
        };
        let report = build(&event, &result, &opts);
        (event, report)
    }

    /// The notes of every traveller line, board by board.
    fn notes(r: &Report) -> Vec<&str> {
        let lines = r.travellers.iter().flat_map(|t| &t.lines);
        lines.map(|l| l.note.as_str()).collect()
    }

    /// The contracts of the control sheet's cells, adjustments included.
    fn control_cells(r: &Report) -> Vec<&str> {
        let rows = r.control.iter().flat_map(|b| &b.rows);
        let cells = rows.flat_map(|x| &x.cells).flatten();
        cells.map(|c| c.contract.as_str()).collect()
    }

    #[test]
    fn the_directors_adjustments_speak_the_reports_language() {
        let (_, en) = adjusted_report(ReportLang::En);
        let (_, nl) = adjusted_report(ReportLang::Nl);
        let (_, tr) = adjusted_report(ReportLang::Tr);
        // English prints them as written.
        let english = [
            "",
            "AVG",
            "AVG+",
            "AVG-",
            "",
            "REV",
            "60/50",
            "NP",
            "EW 60%",
            "NS AVG-",
            "",
            "W 30% 4SN= 70% 4SN-1",
        ];
        assert_eq!(notes(&en), english);
        let dutch = [
            "",
            "GEM",
            "GEM+",
            "GEM-",
            "",
            "Reverse",
            "60/50",
            "NG",
            "OW 60%",
            "NZ 40%",
            "",
            "Gewogen 30% 4SN= 70% 4SN-1",
        ];
        assert_eq!(notes(&nl), dutch);
        // Turkish contracts are written in words, so a weighted score's parts are its
        // scores.
        let turkish = [
            "",
            "Ortalama",
            "Ortalama+",
            "Ortalama-",
            "",
            "Ters",
            "60/50",
            "Oynanmadı",
            "D-B 60%",
            "K-G 40%",
            "",
            "Ağırlıklı 30% 420 70% -50",
        ];
        assert_eq!(notes(&tr), turkish);
        // The control sheet shows a line without a contract by its adjustment.
        for (r, words) in [(&en, english), (&nl, dutch), (&tr, turkish)] {
            let cells = control_cells(r);
            for w in [1, 2, 3, 6, 7, 11].map(|i| words[i]) {
                assert!(cells.contains(&w), "{w:?} not in {cells:?}");
            }
        }
        for r in [&nl, &tr] {
            let cells = control_cells(r).join("\n");
            assert_eq!(english_word_in(&cells), None, "{cells}");
        }
    }

    /// A control sheet line with a contract and an adjustment (a reversed result, a
    /// side's own artificial score beside the score) shows both, and its score: the
    /// director checks the sheet against the travellers.
    #[test]
    fn the_control_sheet_shows_an_adjustment_beside_its_contract() {
        let (_, en) = adjusted_report(ReportLang::En);
        let rows = en.control.iter().flat_map(|b| &b.rows);
        let cells: Vec<&ControlCell> = rows.flat_map(|x| &x.cells).flatten().collect();
        let cell = |contract: &str| {
            cells
                .iter()
                .find(|c| c.contract == contract)
                .unwrap_or_else(|| panic!("{contract:?} not in {:?}", control_cells(&en)))
        };
        assert_eq!(cell("S3NT-1 REV").score, "-100");
        assert_eq!(cell("N4S= EW 60%").score, "420");
        assert_eq!(cell("N1NT= NS AVG-").score, "90");
        let (_, nl) = adjusted_report(ReportLang::Nl);
        let cells = control_cells(&nl);
        assert!(cells.contains(&"Z3SA-1 Reverse"), "{cells:?}");
    }

    /// A Dutch or Turkish traveller typed back in, in the report's notation, gives the
    /// results it was printed from.
    #[test]
    fn a_printed_traveller_reads_back_as_it_was_scored() {
        for lang in [ReportLang::Nl, ReportLang::Tr] {
            let (event, report) = adjusted_report(lang);
            let mut csv = String::from("board,ns,ew,contract,declarer,result,score,adjust\n");
            for t in &report.travellers {
                for l in &t.lines {
                    let score = match (l.score_ns.as_str(), l.score_ew.as_str()) {
                        ("", "") => String::new(),
                        ("", ew) => format!("-{ew}"),
                        (ns, _) => ns.to_string(),
                    };
                    let (c, seat, res) = (&l.contract, &l.seat, &l.result);
                    csv.push_str(&format!(
                        "{},{},{},{c},{seat},{res},{score},{}\n",
                        t.board, l.ns, l.ew, l.note
                    ));
                }
            }
            let read = ReadOptions {
                lang: lang.notation(),
                ..ReadOptions::default()
            };
            let back = read_travellers(csv.as_bytes(), read).unwrap();
            assert!(
                !back.has_errors(),
                "{lang:?}: {:?}\n{csv}",
                back.diagnostics
            );
            let results = |e: &Event| {
                let mut r: Vec<_> = e
                    .results
                    .iter()
                    .map(|r| {
                        let pairs = (&e.pairs[r.ns_pair()].id, &e.pairs[r.ew_pair()].id);
                        (r.board, pairs, r.outcome.clone(), r.reversed())
                    })
                    .collect();
                r.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
                format!("{r:?}")
            };
            assert_eq!(results(&back), results(&event), "{lang:?}\n{csv}");
        }
    }

    #[test]
    fn a_dutch_or_turkish_text_report_has_no_english_adjustment() {
        let parts = crate::text::TextParts {
            control: true,
            travellers: true,
        };
        for (lang, words) in [
            (
                ReportLang::Nl,
                ["GEM+", "NG", "Reverse", "OW 60%", "Gewogen 30%"],
            ),
            (
                ReportLang::Tr,
                ["Ortalama+", "Oynanmadı", "Ters", "D-B 60%", "Ağırlıklı"],
            ),
        ] {
            let text = crate::text::render(&adjusted_report(lang).1, parts);
            for w in words {
                assert!(text.contains(w), "{w:?} not in\n{text}");
            }
            assert_eq!(english_word_in(&text), None, "{text}");
        }
        let english = crate::text::render(&adjusted_report(ReportLang::En).1, parts);
        assert_eq!(english_word_in(&english), Some("NP"));
    }

    /// Two sections of two tables on two boards, with a director's penalty, an
    /// artificial score of each side's own, a weighted score and a board not played.
    fn report(opts: &ReportOptions) -> Report {
        let csv = "section,board,ns,ew,contract,declarer,result,score,adjust,lead\n\
                   A,1,1,2,4S,N,=,420,,HK\n\
                   A,1,3,4,,,,,60/60,\n\
                   B,1,1,2,,,,,W 30% 4SN= 70% 4SN-1,\n\
                   B,1,3,4,3NT,S,-1,-50,,S2\n\
                   A,2,1,4,PASS,,,0,,\n\
                   A,2,3,2,2H,E,+1,-140,,\n\
                   A,2,3,2,,,,,PEN -3/0,\n\
                   B,2,1,4,,,,,NP,\n\
                   B,2,3,2,1NT,W,=,-90,,\n";
        let event = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap();
        assert!(!event.has_errors(), "{:?}", event.diagnostics);
        let settings = Settings {
            boards_per_round: Some(1),
            penalties: event.penalties.iter().flat_map(|p| p.per_pair()).collect(),
            ..Settings::default()
        };
        let result = score_session(&event.pairs, &event.results, &settings).unwrap();
        build(&event, &result, opts)
    }

    /// A three-table Mitchell of one board a round: the boards move down a table each
    /// round, so table 2 plays board 2 in round 1 and board 1 in round 2.
    fn mitchell(round_column: bool) -> Report {
        let mut csv = String::from("board,ns,ew,round,score\n");
        for (board, ns, ew, round, score) in [
            (1, 1, 4, 1, 420),
            (2, 2, 5, 1, 200),
            (3, 3, 6, 1, 100),
            (3, 1, 5, 2, 420),
            (1, 2, 6, 2, 400),
            (2, 3, 4, 2, 170),
            (2, 1, 6, 3, 110),
            (3, 2, 4, 3, -50),
            (1, 3, 5, 3, 100),
        ] {
            let round = if round_column {
                round.to_string()
            } else {
                String::new()
            };
            csv.push_str(&format!("{board},{ns},{ew},{round},{score}\n"));
        }
        let event = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap();
        let rounds: Vec<_> = event.lines.iter().map(|l| l.round()).collect();
        let known = if round_column {
            klaver_core::movement::travellers::rounds_from_travellers(
                &event.pairs,
                &event.results,
                &rounds,
            )
            .unwrap()
            .map(|k| k.rounds)
        } else {
            None
        };
        let settings = Settings {
            boards_per_round: Some(1),
            result_rounds: known,
            ..Settings::default()
        };
        let result = score_session(&event.pairs, &event.results, &settings).unwrap();
        let opts = ReportOptions {
            boards_per_round: Some(1),
            ..ReportOptions::default()
        };
        build(&event, &result, &opts)
    }

    /// A lead is kept as PBN writes a card; a Dutch or Turkish list writes it as its own
    /// notation does (HK is Dutch HH, Turkish KP), as it writes the contracts.
    #[test]
    fn a_lead_is_written_in_the_lists_notation() {
        let leads = |lang: ReportLang| -> Vec<String> {
            let r = report(&ReportOptions {
                lang,
                ..ReportOptions::default()
            });
            r.travellers
                .iter()
                .flat_map(|t| t.lines.iter().map(|l| l.lead.clone()))
                .filter(|l| !l.is_empty())
                .collect()
        };
        assert_eq!(leads(ReportLang::En), ["HK", "S2"]);
        assert_eq!(leads(ReportLang::Nl), ["HH", "S2"]);
        assert_eq!(leads(ReportLang::Tr), ["KP", "P2"]);
    }

    #[test]
    fn columns_are_named_rounds_only_when_the_rounds_are_known() {
        let cells = |r: &Report, pair: &str| {
            let row = r.ranking.iter().find(|x| x.pair == pair).unwrap();
            row.rounds.join("|")
        };
        // Without a round column the columns are the sets of boards: pair 2 played board
        // 1 in its second round, and its first column is that board.
        let sets = mitchell(false);
        assert_eq!(sets.round_headings, ["Set A", "Set B", "Set C"]);
        assert_eq!(cells(&sets, "2"), "2 A|4 B|0 C");
        // With it they are rounds, each with the set played in it.
        let rounds = mitchell(true);
        assert_eq!(rounds.round_headings, ["Round1", "Round2", "Round3"]);
        assert_eq!(cells(&rounds, "2"), "4 B|2 A|0 C");
    }

    #[test]
    fn a_report_shows_every_part_in_its_order() {
        let opts = ReportOptions {
            title: "Club".into(),
            date: "2026-01-02".into(),
            boards_per_round: Some(1),
            ..ReportOptions::default()
        };
        let r = report(&opts);
        let rows = |r: &Report| -> Vec<String> {
            r.ranking
                .iter()
                .map(|x| {
                    let rounds = x.rounds.join("|");
                    format!("{} {} {} {} {rounds}", x.rank, x.pair, x.group, x.points)
                })
                .collect()
        };
        let lines: Vec<String> = r
            .travellers
            .iter()
            .flat_map(|t| {
                t.lines.iter().map(move |l| {
                    let (b, s) = (t.board, &t.section);
                    let score = format!("{}/{}", l.score_ns, l.score_ew);
                    format!(
                        "{b}{s} {}-{} {score} {}/{} {}",
                        l.ns, l.ew, l.mp_ns, l.mp_ew, l.note
                    )
                })
            })
            .collect();
        let centred = report(&ReportOptions {
            lang: ReportLang::Nl,
            centred: Some(2),
            ranking_only: true,
            ..opts.clone()
        });
        assert_eq!(r.round_headings, ["Set A", "Set B", "Pen."]);
        assert_eq!(
            rows(&r),
            [
                "1= A1 Section A 3 1 A|2 B|",
                "1= A2 Section A 3 1 a|2 b|",
                "3 A4 Section A 1.20 1.20 a|0 b|",
                "4 A3 Section A -1.80 1.20 A|0 B|-3",
                "1= B1 Section B 1.30 1.30 A||",
                "1= B4 Section B 1.30 1.30 a||",
                "3= B2 Section B 1.70 0.70 a|1 b|",
                "3= B3 Section B 1.70 0.70 A|1 B|",
            ]
        );
        // The best North-South score first, then weighted scores, then boards not played.
        assert_eq!(
            lines,
            [
                "1A A1-A2 420/ 1/1 ",
                "1A A3-A4 / 1.20/1.20 60/60",
                "1B B3-B4 /50 0.70/1.30 ",
                "1B B1-B2 / 1.30/0.70 W 30% 4SN= 70% 4SN-1",
                "2A A1-A4 0/0 2/0 ",
                "2A A3-A2 /140 0/2 ",
                "2B B3-B2 /90 1/1 ",
                "2B B1-B4 / --/-- NP",
            ]
        );
        assert_eq!(r.own_percentages, [(1, "A3".into(), "A4".into(), 60, 60)]);
        assert_eq!(
            r.check_sentence(),
            "Check: NS + EW = top on every line, except where the director gave a side an \
             artificial score of its own: board 1 (A3-A4: 60 % / 60 %)"
        );
        assert_eq!(r.board_count, 2);
        assert_eq!(r.warnings.len(), 2);
        let header = r.control_header.as_ref().unwrap();
        assert_eq!(header.line, "Club *** 1 board a round *** 2026-01-02");
        assert_eq!(header.pairs.len(), 8);
        assert_eq!(r.control.len(), 2);
        // Centred points (beaten minus lost), in Dutch, on a result list alone.
        assert_eq!(centred.round_headings, ["GftGr1", "GftGr2", "Straf"]);
        assert_eq!(
            rows(&centred),
            [
                "1= A1 Lijn A 1 0 A|1 B|",
                "1= A2 Lijn A 1 0 a|1 b|",
                "3 A4 Lijn A -0.80 0.20 a|-1 b|",
                "4 A3 Lijn A -3.80 0.20 A|-1 B|-3",
                "1= B1 Lijn B 0.30 0.30 A||",
                "1= B4 Lijn B 0.30 0.30 a||",
                "3= B2 Lijn B -0.30 -0.30 a|0 b|",
                "3= B3 Lijn B -0.30 -0.30 A|0 B|",
            ]
        );
        assert!(centred.travellers.is_empty() && centred.control.is_empty());
        assert!(centred.control_header.is_none());
        // With the control sheet, the sheet keeps the points as scored (its check is NS +
        // EW = top) and says so, where it showed them beside the centred travellers in
        // silence; the average per round, which centred points have at 0, is left out.
        let centred = report(&ReportOptions {
            centred: Some(2),
            ..opts.clone()
        });
        assert_eq!(
            centred.check_sentence(),
            "Check: NS + EW = top on every line, except where the director gave a side an \
             artificial score of its own: board 1 (A3-A4: 60 % / 60 %); the control sheet \
             shows the matchpoints as scored, not centred"
        );
        assert_eq!(r.average_per_round.as_deref(), Some("1"));
        assert_eq!(centred.average_per_round, None);
    }

    /// A session of one board says "1 board" ("1 gift"), not "1 boards".
    #[test]
    fn one_board_is_counted_in_the_singular() {
        for (lang, one, two) in [
            (ReportLang::En, "1 board", "2 boards"),
            (ReportLang::Nl, "1 gift", "2 giften"),
            (ReportLang::Tr, "1 board", "2 board"),
        ] {
            assert_eq!(lang.boards(1), one);
            assert_eq!(lang.boards(2), two);
        }
    }

    /// The control box lists a section's pairs in their numbers' order (A1, A2, A10),
    /// where it listed them as text (A1, A10, A2), and a direction's (1NS, 2NS, 10NS);
    /// plain numbers come first.
    #[test]
    fn pair_labels_sort_by_their_numbers() {
        let mut labels = vec!["B2", "A10", "12", "A2", "x", "2", "A1", "B10", "NS1"];
        labels.sort_by(|a, b| label_order(a, b));
        assert_eq!(
            labels,
            ["2", "12", "A1", "A2", "A10", "B2", "B10", "NS1", "x"]
        );
    }
}

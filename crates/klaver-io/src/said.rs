//! The warnings of a result list in the list's language: the common findings of a club
//! night ([`Said`]) are worded in Dutch or Turkish; any other stays in English, whole.

use crate::report::ReportLang;
use klaver_core::board::Vulnerability;
use klaver_core::contract::Contract;
use klaver_core::matchpoints::MissingRule;
use klaver_core::notation::{self, AssumptionKind, Entry, Misread};
use klaver_core::said::{Disagreement, Fewer, FewerImps, Hint, Said, ShortBoard};
use klaver_core::session::{Diagnostic, PairInfo, Severity};
use std::collections::HashMap;

/// A warning as a result list in `lang` shows it.
pub fn warning_in(d: &Diagnostic, lang: ReportLang) -> String {
    let (Some(said), ReportLang::Nl | ReportLang::Tr) = (d.said.as_deref(), lang) else {
        return d.to_string();
    };
    let (line, board) = match lang {
        ReportLang::Tr => ("satır", "board"),
        _ => ("regel", "gift"),
    };
    let mut out = String::new();
    if let Some(n) = d.line {
        out += &format!("{line} {n}: ");
    }
    if let Some(b) = d.board {
        out += &format!("{board} {b}: ");
    }
    out += &match said {
        Said::ScoredInImps => return d.to_string(),
        Said::Assumed(a) => assumed(&a.text, a.kind, lang),
        Said::ScoreDisagrees(found) => disagrees(found, lang),
        Said::SatOut { pair, .. } if lang == ReportLang::Tr => format!(
            "{pair} numaralı çift bu boardu oynamadı (bye satırı): bu bir sonuç değildir, hesaba katılmaz"
        ),
        Said::SatOut { pair, .. } => format!(
            "paar {pair} zat deze gift uit (een uitzitregel): dat is geen uitslag en telt niet mee"
        ),
        Said::SitOutContradicted { pair, plays } => sit_out_contradicted(pair, plays, lang),
        Said::FewerResults(f) => fewer_results(f, lang),
        Said::FewerBySitOut(f, pairs) => fewer_by_sit_out(f, pairs, lang),
        Said::FewerImpsBySitOut(f, pairs) => fewer_imps_by_sit_out(f, pairs, lang),
        Said::FewerImpResults(f) => fewer_imp_results(f, lang),
        Said::OnlyOneResult if lang == ReportLang::Tr => {
            "bu boardda tek sonuç var: ortalama alır; eksik sonuç kağıdı olup olmadığını kontrol edin"
                .into()
        }
        Said::OnlyOneResult => {
            "maar één uitslag op deze gift: die krijgt het gemiddelde; controleer of er scorebriefjes ontbreken"
                .into()
        }
        Said::Unread { text, misread } => match (misread_in(misread, lang), lang) {
            (Some(why), ReportLang::Tr) => {
                format!("{text:?} sonuç olarak okunamadı: {why}; girilen skor kullanıldı")
            }
            (Some(why), _) => {
                format!("{text:?} is niet te lezen als uitslag: {why}; de ingevoerde score telt")
            }
            (None, _) => return d.to_string(),
        },
    };
    out
}

/// A sit-out line that cannot be one, in Dutch or Turkish: its pair plays the board on
/// another line (`plays`: the line and its pairs), or the board has no result at all.
fn sit_out_contradicted(
    pair: &str,
    plays: &Option<(u32, String, String)>,
    lang: ReportLang,
) -> String {
    match (plays, lang) {
        (Some((line, ns, ew)), ReportLang::Tr) => format!(
            "{pair} numaralı çiftin burada bye satırı var, ama boardu {line}. satırda oynuyor ({ns} - {ew}): iki satırdan biri yanlış; düzeltin"
        ),
        (Some((line, ns, ew)), _) => format!(
            "paar {pair} heeft hier een uitzitregel, maar speelt de gift op regel {line} ({ns} tegen {ew}): een van beide regels is fout; verbeter die"
        ),
        (None, ReportLang::Tr) => format!(
            "{pair} numaralı çift bu boardu oynamadı (bye satırı), ama boardda hiç sonuç yok: sonuçları girin ya da boardu dosyadan çıkarın"
        ),
        (None, _) => format!(
            "paar {pair} zat deze gift uit (een uitzitregel), maar de gift heeft geen enkele uitslag: voer de uitslagen in of laat de gift weg uit het bestand"
        ),
    }
}

/// Fewer results on a board than expected, and how the missing ones are scored.
fn fewer_results(f: &Fewer, lang: ReportLang) -> String {
    short_board(&Short::from(f), missing_words(f.rule, lang), lang)
}

/// A board of a butler or cross-IMP session with fewer results than the others of its
/// section, and how the form scores it, in Dutch or Turkish.
fn fewer_imp_results(f: &FewerImps, lang: ReportLang) -> String {
    short_board(&Short::from(f), &imp_scored(f.how, lang), lang)
}

/// A board short of results (the pairs form's or an IMP form's), and how it is scored
/// (`how`, in `lang`), in Dutch or Turkish, with what to do.
fn short_board(f: &Short, how: &str, lang: ReportLang) -> String {
    let (n, expected) = (f.results, f.expected);
    let (at, tr_at) = in_group(f.group, lang);
    match lang {
        ReportLang::Tr => format!(
            "{tr_at}{expected} sonuç beklenirken {n} sonuç var: {how}; eksik sonuçları girin ya da Oynanmadı olarak işaretleyin"
        ),
        _ => format!(
            "{n} {} waar er {expected} verwacht werden{at}: {how}; voer de ontbrekende uitslagen in of markeer ze NG",
            if n == 1 { "uitslag" } else { "uitslagen" },
        ),
    }
}

/// How an IMP form scores a board played fewer times than the others of its section,
/// in the list's language.
fn imp_scored(how: ShortBoard, lang: ReportLang) -> String {
    let how = match (how, lang) {
        (_, ReportLang::En) => return klaver_core::imps::short_board_scored(how),
        (ShortBoard::Datum, ReportLang::Tr) => "datum boarddaki mevcut skorlardan hesaplanır",
        (ShortBoard::Datum, _) => "het datum komt uit de scores die de gift heeft",
        (ShortBoard::CrossAveraged, ReportLang::Tr) => {
            "her sonuç boarddaki daha az sayıda sonuçla karşılaştırılır ve bunların ortalaması alınır"
        }
        (ShortBoard::CrossAveraged, _) => {
            "elke uitslag wordt vergeleken met de minder uitslagen die de gift heeft en daarover gemiddeld"
        }
        (ShortBoard::CrossSummed, ReportLang::Tr) => {
            "her sonucun IMP'leri boarddaki daha az sayıda karşılaştırma üzerinden toplanır, bu yüzden board tam oynanmış bir boarddan daha az ağırlık taşır"
        }
        (ShortBoard::CrossSummed, _) => {
            "de IMP's van elke uitslag worden opgeteld over de minder vergelijkingen die de gift heeft, zodat die minder weegt dan een volledig gespeelde gift"
        }
    };
    match lang {
        ReportLang::Tr => {
            format!("{how} ve her çiftin board başına IMP'si oynadığı boardlar üzerinden alınır")
        }
        _ => {
            format!("{how}, en de IMP's per gift van elk paar gaan over de giften die het speelde")
        }
    }
}

/// Where a short board is, when the session has sections: after the count in English
/// and Dutch (` in section B`, ` in lijn B`), before it in Turkish (`B grubunda `);
/// both empty for a session of one field.
fn in_group(g: &str, lang: ReportLang) -> (String, String) {
    match (g, lang) {
        ("", _) => (String::new(), String::new()),
        (_, ReportLang::Tr) => (String::new(), format!("{g} grubunda ")),
        (_, ReportLang::Nl) => (format!(" in lijn {g}"), String::new()),
        (_, ReportLang::En) => (format!(" in section {g}"), String::new()),
    }
}

/// How a board's missing results are scored, in the list's language.
fn missing_words(rule: MissingRule, lang: ReportLang) -> &'static str {
    match (rule, lang) {
        (MissingRule::Neuberg, ReportLang::En) => "the board is Neuberg-scaled to the full top",
        (MissingRule::Neuberg, ReportLang::Nl) => {
            "de gift is met Neuberg naar de volle top geschaald"
        }
        (MissingRule::Neuberg, ReportLang::Tr) => "board Neuberg ile tam topa ölçeklendi",
        (MissingRule::CountAsTies, ReportLang::En) => {
            "each missing result counts as a tie for every pair that played the board"
        }
        (MissingRule::CountAsTies, ReportLang::Nl) => {
            "elke ontbrekende uitslag telt als gelijkspel voor elk paar dat de gift speelde"
        }
        (MissingRule::CountAsTies, ReportLang::Tr) => {
            "her eksik sonuç, boardu oynayan her çift için beraberlik sayılır"
        }
    }
}

/// Fewer results on a board than expected, as pairs sat out the board (each with its
/// sit-out line): in English (the diagnostic's message), Dutch or Turkish.
fn fewer_by_sit_out(f: &Fewer, pairs: &[(String, u32)], lang: ReportLang) -> String {
    short_by_sit_out(&Short::from(f), pairs, missing_words(f.rule, lang), lang)
}

/// Fewer results on a board of a butler or cross-IMP session than on the others of its
/// section, as pairs sat out the board (each with its sit-out line): in English (the
/// diagnostic's message), Dutch or Turkish.
fn fewer_imps_by_sit_out(f: &FewerImps, pairs: &[(String, u32)], lang: ReportLang) -> String {
    short_by_sit_out(&Short::from(f), pairs, &imp_scored(f.how, lang), lang)
}

/// A board short of results, as the pairs form or an IMP form warns of it.
struct Short<'a> {
    /// The board's results.
    results: usize,
    /// The results expected.
    expected: usize,
    /// The board's comparison group: a section, or empty for all.
    group: &'a str,
}

impl<'a> Short<'a> {
    /// The board short of results that `said` warns of: a pairs form's or an IMP form's
    /// "fewer results than expected".
    fn of(said: &'a Said) -> Option<Short<'a>> {
        match said {
            Said::FewerResults(f) => Some(Short::from(f)),
            Said::FewerImpResults(f) => Some(Short::from(f)),
            _ => None,
        }
    }
}

impl<'a> From<&'a Fewer> for Short<'a> {
    fn from(f: &'a Fewer) -> Short<'a> {
        Short {
            results: f.results,
            expected: f.expected,
            group: &f.group,
        }
    }
}

impl<'a> From<&'a FewerImps> for Short<'a> {
    fn from(f: &'a FewerImps) -> Short<'a> {
        Short {
            results: f.results,
            expected: f.expected,
            group: &f.group,
        }
    }
}

/// A board short of results as pairs sat out it (each with its sit-out line), and how
/// it is scored (`how`, in `lang`): in English, Dutch or Turkish.
fn short_by_sit_out(f: &Short, pairs: &[(String, u32)], how: &str, lang: ReportLang) -> String {
    let (n, expected) = (f.results, f.expected);
    let listed = |line: &dyn Fn(u32) -> String, and: &str| -> String {
        let each: Vec<String> = pairs
            .iter()
            .map(|(p, l)| format!("{p} ({})", line(*l)))
            .collect();
        match each.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} {and} {last}", rest.join(", ")),
            None => String::new(),
        }
    };
    let one = pairs.len() == 1;
    let (at, tr_at) = in_group(f.group, lang);
    let (pair, line) = pairs
        .first()
        .map(|(p, l)| (p.as_str(), *l))
        .unwrap_or_default();
    match lang {
        ReportLang::En => {
            let who = match one {
                true => format!(
                    "pair {pair} sat out this board (a sit-out line, line {line} of the file)"
                ),
                false => format!(
                    "pairs {} sat out this board (sit-out lines)",
                    listed(&|l| format!("line {l} of the file"), "and")
                ),
            };
            let results = if n == 1 { "result" } else { "results" };
            format!("{n} {results} where {expected} were expected{at}, as {who}: {how}")
        }
        ReportLang::Nl => {
            let who = match one {
                true => format!(
                    "paar {pair} zat deze gift uit (een uitzitregel, regel {line} van het bestand)"
                ),
                false => format!(
                    "de paren {} zaten deze gift uit (uitzitregels)",
                    listed(&|l| format!("regel {l} van het bestand"), "en")
                ),
            };
            let results = if n == 1 { "uitslag" } else { "uitslagen" };
            format!("{n} {results} waar er {expected} verwacht werden{at}, want {who}: {how}")
        }
        ReportLang::Tr => {
            let who = match one {
                true => {
                    format!(
                        "{pair} numaralı çift bu boardu oynamadı (bye satırı, dosyanın {line}. satırı)"
                    )
                }
                false => format!(
                    "{} numaralı çiftler bu boardu oynamadı (bye satırları)",
                    listed(&|l| format!("dosyanın {l}. satırı"), "ve")
                ),
            };
            format!("{tr_at}{expected} sonuç beklenirken {n} sonuç var, çünkü {who}: {how}")
        }
    }
}

/// The warning of a sit-out line (a pair and no opponents, as Ruter writes a board a
/// pair sat out) on `line` of a results file, or kept with a stored night: the pair sat
/// out `board` in `section` (empty for none), which is not a result and is not scored.
/// A warning until the session is scored: [`fold_sit_outs`] makes it a note when its
/// board is short of no result it does not account for.
pub fn sat_out(line: u32, board: u32, section: &str, pair: &str) -> Diagnostic {
    let message = format!(
        "pair {pair} sat out this board (a sit-out line): it is not a result and is not scored"
    );
    Diagnostic::warning(line, Some(board), message).saying(Said::SatOut {
        section: section.to_string(),
        pair: pair.to_string(),
    })
}

/// Folds a file's sit-out lines into the warnings of the boards they account for, in
/// the pairs form and in the IMP forms (butler, cross-IMPs) alike. A board a pair sat
/// out had two warnings: the sit-out line's, and "fewer results than expected ... enter
/// the missing results", advice that is wrong for it. When the board's sit-outs make up
/// its missing results, it is one note saying so, without the advice, and the sit-out
/// lines' own warnings go. A sit-out line on a board short of
/// no result (a pair sat out every board) is a note too: an odd number of pairs is a
/// normal night, nothing to fix. A board short of results its sit-outs do not account
/// for stays a warning, with its sit-out lines; so does one where two pairs of its
/// section have neither a result nor a sit-out line on it, who may have played each
/// other (a missing result the sit-outs only seem to make up: in a field of 9 pairs one
/// pair sits out every board, and a board's missing table is 3 results and 1 sit-out
/// where 4 were expected). (`read`: the reading's diagnostics; `scored`: the scoring's
/// warnings; `all_pairs`: the session's pairs.)
pub fn fold_sit_outs(
    read: &mut Vec<Diagnostic>,
    scored: &mut [Diagnostic],
    all_pairs: &[PairInfo],
) {
    // The sit-outs of each (section, board), each pair with its line.
    let mut sat: HashMap<(&str, u32), Vec<(String, u32)>> = HashMap::new();
    for d in read.iter() {
        if let (Some(Said::SatOut { section, pair }), Some(b)) = (d.said.as_deref(), d.board) {
            sat.entry((section, b))
                .or_default()
                .push((pair.clone(), d.line.unwrap_or(0)));
        }
    }
    if sat.is_empty() {
        return;
    }
    // A group of "" is every section together (or the file has none).
    let of = |group: &str, b: u32| -> Vec<(String, u32)> {
        sat.iter()
            .filter(|((s, board), _)| *board == b && holds(group, s))
            .flat_map(|(_, pairs)| pairs.iter().cloned())
            .collect()
    };
    let mut folded: Vec<(String, u32)> = Vec::new();
    for w in scored.iter_mut() {
        let (Some(said), Some(b)) = (w.said.as_deref(), w.board) else {
            continue;
        };
        let Some(f) = Short::of(said) else {
            continue;
        };
        let pairs = of(f.group, b);
        if pairs.is_empty() || f.results + pairs.len() != f.expected {
            continue;
        }
        // A sit-out line naming a pair the section does not have (a mistyped number)
        // accounts for no one: the board stays short, and its sit-out line a warning.
        let known = |id: &str| {
            all_pairs
                .iter()
                .any(|p| !p.unranked && holds(f.group, &p.section) && same_pair(&p.id, id))
        };
        if !pairs.iter().all(|(id, _)| known(id)) {
            continue;
        }
        if unaccounted(all_pairs, f.group, f.results, pairs.len()) >= 2 {
            continue;
        }
        let group = f.group.to_string();
        let Some((message, said)) = by_sit_out(said, pairs) else {
            continue;
        };
        folded.push((group, b));
        w.message = message;
        w.said = Some(Box::new(said));
        w.severity = Severity::Note;
    }
    read.retain(|d| match (d.said.as_deref(), d.board) {
        (Some(Said::SatOut { section, .. }), Some(b)) => !folded
            .iter()
            .any(|(g, board)| *board == b && holds(g, section)),
        _ => true,
    });
    note_sit_outs_on_full_boards(read, scored);
}

/// What a board short of results (`said`, the pairs form's or an IMP form's warning)
/// says once `pairs` sitting it out account for its missing results: its English and
/// what a report words in its own language.
/// `None` for any other warning.
fn by_sit_out(said: &Said, pairs: Vec<(String, u32)>) -> Option<(String, Said)> {
    Some(match said {
        Said::FewerImpResults(f) => (
            fewer_imps_by_sit_out(f, &pairs, ReportLang::En),
            Said::FewerImpsBySitOut(f.clone(), pairs),
        ),
        Said::FewerResults(f) => (
            fewer_by_sit_out(f, &pairs, ReportLang::En),
            Said::FewerBySitOut(f.clone(), pairs),
        ),
        _ => return None,
    })
}

/// The reading's diagnostics `read` with their sit-out lines folded into the boards of
/// `scored` (a scoring's warnings) they account for, and after them the notes the fold
/// made of those boards: what is said of a night read but not scored yet (`session
/// import`), as `klaver score` says it.
pub fn folded(
    read: &[Diagnostic],
    mut scored: Vec<Diagnostic>,
    pairs: &[PairInfo],
) -> Vec<Diagnostic> {
    let mut said = read.to_vec();
    fold_sit_outs(&mut said, &mut scored, pairs);
    let by_sit_out = |d: &Diagnostic| {
        matches!(
            d.said.as_deref(),
            Some(Said::FewerBySitOut(..) | Said::FewerImpsBySitOut(..))
        )
    };
    said.extend(scored.into_iter().filter(by_sit_out));
    said
}

/// Whether a board's comparison group holds a line of `section`: the group is that
/// section, or empty for every section together.
fn holds(group: &str, section: &str) -> bool {
    group.is_empty() || group == section
}

/// The ranked pairs of `group` (every section when empty) that have neither a result nor
/// a sit-out line on a board with `results` results and `sat_out` sit-out lines.
fn unaccounted(pairs: &[PairInfo], group: &str, results: usize, sat_out: usize) -> usize {
    let in_group = pairs
        .iter()
        .filter(|p| !p.unranked && holds(group, &p.section))
        .count();
    in_group.saturating_sub(2 * results + sat_out)
}

/// Whether two pair numbers name one pair: written alike, or both numbers of one value
/// (`03` and `3`).
pub(crate) fn same_pair(a: &str, b: &str) -> bool {
    let number = |s: &str| {
        s.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse::<u64>().ok())
            .flatten()
    };
    a == b || number(a).is_some_and(|n| number(b) == Some(n))
}

/// Makes a note of each sit-out line left in `read` whose board is short of no result
/// (`scored` has no "fewer results" warning on it, in its section).
fn note_sit_outs_on_full_boards(read: &mut [Diagnostic], scored: &[Diagnostic]) {
    let short: Vec<(&str, u32)> = scored
        .iter()
        .filter_map(|w| Some((Short::of(w.said.as_deref()?)?.group, w.board?)))
        .collect();
    for d in read.iter_mut() {
        let (Some(Said::SatOut { section, .. }), Some(b)) = (d.said.as_deref(), d.board) else {
            continue;
        };
        let is_short = |&(g, board): &(&str, u32)| board == b && holds(g, section);
        if !short.iter().any(is_short) {
            d.severity = Severity::Note;
        }
    }
}

/// Why a table result cannot be read, in Dutch or Turkish; `None` for what is said in
/// English only.
pub fn misread_in(m: &Misread, lang: ReportLang) -> Option<String> {
    let tr = lang == ReportLang::Tr;
    Some(match m {
        Misread::Empty | Misread::NoLevel if tr => "1-7 seviyesi ve renk bekleniyordu".into(),
        Misread::Empty | Misread::NoLevel => "er hoort een niveau 1-7 en een kleur te staan".into(),
        Misread::Level(l) if tr => format!("seviye 1 ile 7 arasında olmalı, {l} değil"),
        Misread::Level(l) => format!("het niveau is 1 tot en met 7, niet {l}"),
        Misread::Strain(l) if tr => format!("{l} seviyesinden sonra renk gelir"),
        Misread::Strain(l) => format!("na het niveau {l} hoort een kleur"),
        Misread::NoDeclarer if tr => "deklaran (K D G B) bekleniyordu".into(),
        Misread::NoDeclarer => "er hoort een leider te staan (N O Z W)".into(),
        Misread::Declarer(f) if tr => format!("deklaran (K D G B) bekleniyordu, {f:?} değil"),
        Misread::Declarer(f) => format!("er hoort een leider te staan (N O Z W), niet {f:?}"),
        Misread::NoResult if tr => {
            "kontrattan sonra sonuç gelir (bien ya da =, +1, -2 ya da alınan löve)".into()
        }
        Misread::NoResult => {
            "na het contract hoort een resultaat (C of =, +1, -2 of het aantal slagen)".into()
        }
        Misread::Result(f) if tr => {
            format!("sonuç (bien ya da =, +1, -2 ya da alınan löve) bekleniyordu, {f:?} değil")
        }
        Misread::Result(f) => format!(
            "er hoort een resultaat te staan (C of =, +1, -2 of het aantal slagen), niet {f:?}"
        ),
        Misread::ResultRange(c, result) => out_of_range(*c, *result, lang),
        Misread::ResultTooLarge {
            contract,
            over,
            written,
        } => too_large(*contract, *over, written, lang),
        Misread::Tricks(f) if tr => format!("alınan löve 0 ile 13 arasında olmalı, {f} değil"),
        Misread::Tricks(f) => format!("het aantal slagen is 0 tot en met 13, niet {f}"),
        Misread::Trailing(f) if tr => {
            format!("sonuçtan sonra başka bir şey olmamalı, {f:?} değil")
        }
        Misread::Trailing(f) => format!("na de uitslag hoort niets meer, niet {f:?}"),
        Misread::SignWithoutNumber(_) | Misread::ZeroResult | Misread::Other => return None,
    })
}

/// Why a result over or down (`result`) cannot be a result of `c`.
fn out_of_range(c: Contract, result: i64, lang: ReportLang) -> String {
    let needed = i64::from(c.tricks_needed());
    let name = notation::format_contract(c, lang.notation());
    let tr = lang == ReportLang::Tr;
    let gap = if tr { " " } else { "" };
    let taken = needed.saturating_add(result);
    match (result > 0, 13 - needed, tr) {
        (true, 0, true) => format!(
            "{name} kontratında fazla löve olamaz: {name}{gap}{result:+} {taken} löve eder, bir elde 13 löve vardır"
        ),
        (true, most, true) => format!(
            "{name} kontratında en fazla {most} fazla löve olabilir: {name}{gap}{result:+} {taken} löve eder, bir elde 13 löve vardır"
        ),
        (true, 0, false) => format!(
            "geen overslagen in {name}: {name}{result:+} zou {taken} slagen zijn, en een spel heeft er 13"
        ),
        (true, most, false) => format!(
            "hoogstens {most} over in {name}: {name}{result:+} zou {taken} slagen zijn, en een spel heeft er 13"
        ),
        (false, _, true) => format!(
            "{name} kontratında en fazla {needed} batar: deklaranın {needed} löveye ihtiyacı var ve 0'dan az löve alamaz"
        ),
        (false, _, false) => format!(
            "hoogstens {needed} down in {name}: de leider heeft {needed} slagen nodig en kan er niet minder dan 0 maken"
        ),
    }
}

/// Why a result over (`over`) or down, `written` with a number too large to be read,
/// cannot be a result of `c`: the result quoted as written, and the contract's limit.
fn too_large(c: Contract, over: bool, written: &str, lang: ReportLang) -> String {
    let down = i64::from(c.tricks_needed());
    let name = notation::format_contract(c, lang.notation());
    match (over, 13 - down, lang == ReportLang::Tr) {
        (true, 0, true) => format!(
            "{name} kontratında fazla löve olamaz, {written:?} değil: bir elde 13 löve vardır"
        ),
        (true, most, true) => format!(
            "{name} kontratında en fazla {most} fazla löve olabilir, {written:?} değil: bir elde 13 löve vardır"
        ),
        (true, 0, false) => {
            format!("geen overslagen in {name}, niet {written:?}: een spel heeft 13 slagen")
        }
        (true, most, false) => {
            format!("hoogstens {most} over in {name}, niet {written:?}: een spel heeft 13 slagen")
        }
        (false, _, true) => format!(
            "{name} kontratında en fazla {down} batar, {written:?} değil: deklaranın {down} löveye ihtiyacı var ve 0'dan az löve alamaz"
        ),
        (false, _, false) => format!(
            "hoogstens {down} down in {name}, niet {written:?}: de leider heeft {down} slagen nodig en kan er niet minder dan 0 maken"
        ),
    }
}

/// What a lenient reading assumed about `text`.
fn assumed(text: &str, kind: AssumptionKind, lang: ReportLang) -> String {
    match (kind, lang) {
        (AssumptionKind::BareSign(sign), ReportLang::Tr) => {
            format!("{text:?}: arkasında sayı olmayan '{sign}' tam yapıldı olarak okundu")
        }
        (AssumptionKind::BareSign(sign), _) => {
            format!("{text:?}: de '{sign}' zonder getal erachter is gelezen als precies gemaakt")
        }
        (AssumptionKind::ZeroResult, ReportLang::Tr) => {
            format!("{text:?}: sıfır löve fazla ya da eksik tam yapıldı olarak okundu")
        }
        (AssumptionKind::ZeroResult, _) => format!(
            "{text:?}: een resultaat van nul slagen over of down is gelezen als precies gemaakt"
        ),
    }
}

/// A contract whose score is not the one entered, which is used.
fn disagrees(found: &Disagreement, lang: ReportLang) -> String {
    let notation = lang.notation();
    let what = found
        .play
        .map(|p| notation::format_entry(&Entry::Played(p), notation))
        .unwrap_or_else(|| notation::format_entry(&Entry::Passed, notation));
    let (computed, s) = (found.computed, found.entered);
    let vul = vul_words(found.vulnerability, lang);
    let hint = match (found.hint, lang) {
        (None, _) => String::new(),
        (Some(Hint::OtherVulnerability(v)), ReportLang::Tr) => {
            format!(" ({s}, {} skorudur)", vul_words(v, lang))
        }
        (Some(Hint::OtherVulnerability(v)), _) => {
            format!(" ({s} is de score bij {})", vul_words(v, lang))
        }
        (Some(Hint::SignFlipped(q)), ReportLang::Tr) => format!(
            " ({} {s} yazar: sonucun işareti ters mi?)",
            notation::format_entry(&Entry::Played(q), notation)
        ),
        (Some(Hint::SignFlipped(q)), _) => format!(
            " ({} geeft {s}: staat het teken van het resultaat verkeerd om?)",
            notation::format_entry(&Entry::Played(q), notation)
        ),
    };
    match lang {
        ReportLang::Tr => format!(
            "{what} kontratı {vul} Kuzey-Güney için {computed} yazar ama {s} girildi{hint}; girilen skor kullanıldı: kontratı, skoru ya da board numarasını düzeltin"
        ),
        _ => format!(
            "het contract {what} geeft Noord-Zuid {computed} bij {vul} maar er is {s} ingevoerd{hint}; de ingevoerde score telt: verbeter het contract, de score of het giftnummer"
        ),
    }
}

/// A vulnerability as the warnings say it: "bij Noord-Zuid kwetsbaar", Turkish
/// "Kuzey-Güney zondayken".
fn vul_words(v: Vulnerability, lang: ReportLang) -> &'static str {
    match (v, lang) {
        (Vulnerability::None, ReportLang::Tr) => "kimse zonda değilken",
        (Vulnerability::NorthSouth, ReportLang::Tr) => "Kuzey-Güney zondayken",
        (Vulnerability::EastWest, ReportLang::Tr) => "Doğu-Batı zondayken",
        (Vulnerability::Both, ReportLang::Tr) => "herkes zondayken",
        (Vulnerability::None, _) => "niemand kwetsbaar",
        (Vulnerability::NorthSouth, _) => "Noord-Zuid kwetsbaar",
        (Vulnerability::EastWest, _) => "Oost-West kwetsbaar",
        (Vulnerability::Both, _) => "allen kwetsbaar",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::travellers::{ReadOptions, read_travellers};
    use klaver_core::notation::Language;

    /// A result over or down by a number too large to read is quoted in Dutch and
    /// Turkish as it was typed, with the contract's limit, not as the largest number
    /// klaver reads.
    #[test]
    fn an_over_large_result_is_quoted_as_written_in_every_language() {
        use klaver_core::notation::{Mode, parse_entry};
        let misread = |text: &str| {
            let e = parse_entry(text, Language::English, Mode::Strict).unwrap_err();
            e.misread
        };
        let nines = "99999999999999999999";
        let over = misread(&format!("N4S+{nines}"));
        let down = misread(&format!("N4S-{nines}"));
        for (m, lang, said) in [
            (
                &over,
                ReportLang::Nl,
                format!("hoogstens 3 over in 4S, niet \"+{nines}\": een spel heeft 13 slagen"),
            ),
            (
                &over,
                ReportLang::Tr,
                format!("4 Pik kontratında en fazla 3 fazla löve olabilir, \"+{nines}\" değil"),
            ),
            (
                &down,
                ReportLang::Nl,
                format!("hoogstens 10 down in 4S, niet \"-{nines}\""),
            ),
            (
                &down,
                ReportLang::Tr,
                format!("4 Pik kontratında en fazla 10 batar, \"-{nines}\" değil"),
            ),
        ] {
            let msg = misread_in(m, lang).unwrap();
            assert!(msg.contains(&said), "{msg}");
            assert!(!msg.contains(&u32::MAX.to_string()), "{msg}");
        }
    }

    /// The warnings of a Dutch travellers file, as a list in `lang` shows them.
    fn warnings(csv: &str, lang: ReportLang) -> Vec<String> {
        let event = read_travellers(
            csv.as_bytes(),
            ReadOptions {
                lang: Language::Dutch,
                ..ReadOptions::default()
            },
        )
        .unwrap();
        event
            .diagnostics
            .iter()
            .map(|d| warning_in(d, lang))
            .collect()
    }

    /// A board of a butler or cross-IMP session played fewer times than the others is
    /// told in the list's language, with its section and how the form scores it.
    #[test]
    fn a_short_imp_board_is_told_in_the_lists_language() {
        use klaver_core::butler::{ButlerSettings, score_butler};
        use klaver_core::cross_imps::{CrossImpSettings, CrossImpTotal, score_cross_imps};
        let csv = "section,board,ns,ew,score\nA,1,1,2,420\nA,1,3,4,450\nA,1,5,6,400\n\
                   B,1,1,2,420\nB,1,3,4,-50\nB,1,5,6,-50\nB,2,1,2,110\nB,2,3,4,140\n";
        let event = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap();
        let all = |ws: &[Diagnostic]| -> Vec<String> {
            [ReportLang::En, ReportLang::Nl, ReportLang::Tr]
                .iter()
                .flat_map(|&lang| ws.iter().map(move |w| warning_in(w, lang)))
                .collect()
        };
        let butler = score_butler(&event.pairs, &event.results, &ButlerSettings::default());
        assert_eq!(
            all(&butler.unwrap().warnings),
            [
                "line 8: board 2: 2 results where 3 were expected in section B: the datum is made from the scores the board has, and each pair's IMPs per board are over the boards it played; enter the missing results or mark them NP",
                "regel 8: gift 2: 2 uitslagen waar er 3 verwacht werden in lijn B: het datum komt uit de scores die de gift heeft, en de IMP's per gift van elk paar gaan over de giften die het speelde; voer de ontbrekende uitslagen in of markeer ze NG",
                "satır 8: board 2: B grubunda 3 sonuç beklenirken 2 sonuç var: datum boarddaki mevcut skorlardan hesaplanır ve her çiftin board başına IMP'si oynadığı boardlar üzerinden alınır; eksik sonuçları girin ya da Oynanmadı olarak işaretleyin",
            ]
        );
        let sum = CrossImpSettings {
            total: CrossImpTotal::Sum,
            ..CrossImpSettings::default()
        };
        for (settings, nl) in [
            (
                CrossImpSettings::default(),
                "elke uitslag wordt vergeleken met de minder uitslagen die de gift heeft en daarover gemiddeld",
            ),
            (
                sum,
                "de IMP's van elke uitslag worden opgeteld over de minder vergelijkingen die de gift heeft, zodat die minder weegt dan een volledig gespeelde gift",
            ),
        ] {
            let cross = score_cross_imps(&event.pairs, &event.results, &settings).unwrap();
            let said = all(&cross.warnings);
            assert_eq!(said.len(), 3, "{said:?}");
            assert!(said[1].contains(nl), "{said:?}");
            assert!(!said[2].contains("were expected"), "{said:?}");
        }
    }

    /// A short board's warning named the board but not its section, when both sections
    /// play a board of that number: only its line told them apart.
    #[test]
    fn a_short_boards_warning_names_its_section() {
        let csv = "section,board,ns,ew,score\nA,1,1,2,420\nA,1,3,4,450\nA,1,5,6,400\n\
                   B,1,1,2,420\nB,1,3,4,-50\nB,2,1,2,110\nB,2,3,4,140\nB,2,5,6,120\n";
        let event = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap();
        let scored = klaver_core::session::score_session(
            &event.pairs,
            &event.results,
            &klaver_core::session::Settings::default(),
        )
        .unwrap();
        let said: Vec<String> = [ReportLang::En, ReportLang::Nl, ReportLang::Tr]
            .iter()
            .flat_map(|&lang| scored.warnings.iter().map(move |w| warning_in(w, lang)))
            .collect();
        assert_eq!(said.len(), 3, "{said:?}");
        assert!(
            said[0].starts_with("line 5: board 1: 2 results where 3 were expected in section B: "),
            "{said:?}"
        );
        assert!(
            said[1]
                .starts_with("regel 5: gift 1: 2 uitslagen waar er 3 verwacht werden in lijn B: "),
            "{said:?}"
        );
        assert!(
            said[2].starts_with("satır 5: board 1: B grubunda 3 sonuç beklenirken 2 sonuç var: "),
            "{said:?}"
        );
    }

    /// A Dutch or Turkish result list showed the night's warnings in English. The
    /// common ones are in the list's language; any other stays English, whole.
    #[test]
    fn the_common_warnings_are_in_the_lists_language() {
        // Board 2: North-South vulnerable. O2H+1 scores -140, 50 was entered (O2H-1);
        // "2H N -" is read as made; N3SA= scores 600, and 400 is its score when nobody
        // is vulnerable.
        let csv = "board,ns,ew,contract,declarer,result,score\n\
                   2,1,2,2H,O,+1,50\n\
                   2,3,4,2H,N,-,110\n\
                   2,5,6,3SA,N,=,400\n";
        let en = warnings(csv, ReportLang::En);
        assert_eq!(
            en,
            [
                "line 2: board 2: the contract O2H+1 scores -140 for North-South with North-South vulnerable but 50 was entered (O2H-1 would score 50: is the result's sign the wrong way round?); the entered score is used: correct the contract, the score or the board number",
                "line 3: board 2: \"2H N -\": the '-' with no number after it is read as made exactly",
                "line 4: board 2: the contract N3SA= scores 600 for North-South with North-South vulnerable but 400 was entered (400 is its score when nobody is vulnerable); the entered score is used: correct the contract, the score or the board number",
            ]
        );
        assert_eq!(
            warnings(csv, ReportLang::Nl),
            [
                "regel 2: gift 2: het contract O2H+1 geeft Noord-Zuid -140 bij Noord-Zuid kwetsbaar maar er is 50 ingevoerd (O2H-1 geeft 50: staat het teken van het resultaat verkeerd om?); de ingevoerde score telt: verbeter het contract, de score of het giftnummer",
                "regel 3: gift 2: \"2H N -\": de '-' zonder getal erachter is gelezen als precies gemaakt",
                "regel 4: gift 2: het contract N3SA= geeft Noord-Zuid 600 bij Noord-Zuid kwetsbaar maar er is 400 ingevoerd (400 is de score bij niemand kwetsbaar); de ingevoerde score telt: verbeter het contract, de score of het giftnummer",
            ]
        );
        assert_eq!(
            warnings(csv, ReportLang::Tr),
            [
                "satır 2: board 2: D 2 Kupa +1 kontratı Kuzey-Güney zondayken Kuzey-Güney için -140 yazar ama 50 girildi (D 2 Kupa -1 50 yazar: sonucun işareti ters mi?); girilen skor kullanıldı: kontratı, skoru ya da board numarasını düzeltin",
                "satır 3: board 2: \"2H N -\": arkasında sayı olmayan '-' tam yapıldı olarak okundu",
                "satır 4: board 2: K 3 SA bien kontratı Kuzey-Güney zondayken Kuzey-Güney için 600 yazar ama 400 girildi (400, kimse zonda değilken skorudur); girilen skor kullanıldı: kontratı, skoru ya da board numarasını düzeltin",
            ]
        );
        // A table result that cannot be read, its entered score used.
        let csv = "board,ns,ew,contract,score\n\
                   3,1,2,N4K+1-4,150\n\
                   22,1,2,O7Z+1,-1520\n\
                   22,3,4,O6H+2,-1430\n\
                   22,5,6,O3H-10,500\n\
                   22,7,8,O3H X,-140\n\
                   22,9,10,3H O 14,-140\n";
        assert_eq!(
            warnings(csv, ReportLang::Nl),
            [
                "regel 2: gift 3: \"N4K+1-4\" is niet te lezen als uitslag: na de uitslag hoort niets meer, niet \"-4\"; de ingevoerde score telt",
                "regel 3: gift 22: \"O7Z+1\" is niet te lezen als uitslag: geen overslagen in 7SA: 7SA+1 zou 14 slagen zijn, en een spel heeft er 13; de ingevoerde score telt",
                "regel 4: gift 22: \"O6H+2\" is niet te lezen als uitslag: hoogstens 1 over in 6H: 6H+2 zou 14 slagen zijn, en een spel heeft er 13; de ingevoerde score telt",
                "regel 5: gift 22: \"O3H-10\" is niet te lezen als uitslag: hoogstens 9 down in 3H: de leider heeft 9 slagen nodig en kan er niet minder dan 0 maken; de ingevoerde score telt",
                "regel 6: gift 22: \"O3H X\" is niet te lezen als uitslag: na het contract hoort een resultaat (C of =, +1, -2 of het aantal slagen); de ingevoerde score telt",
                "regel 7: gift 22: \"3H O 14\" is niet te lezen als uitslag: het aantal slagen is 0 tot en met 13, niet 14; de ingevoerde score telt",
            ]
        );
        assert_eq!(
            warnings(csv, ReportLang::Tr)[..3],
            [
                "satır 2: board 3: \"N4K+1-4\" sonuç olarak okunamadı: sonuçtan sonra başka bir şey olmamalı, \"-4\" değil; girilen skor kullanıldı",
                "satır 3: board 22: \"O7Z+1\" sonuç olarak okunamadı: 7 SA kontratında fazla löve olamaz: 7 SA +1 14 löve eder, bir elde 13 löve vardır; girilen skor kullanıldı",
                "satır 4: board 22: \"O6H+2\" sonuç olarak okunamadı: 6 Kupa kontratında en fazla 1 fazla löve olabilir: 6 Kupa +2 14 löve eder, bir elde 13 löve vardır; girilen skor kullanıldı",
            ]
        );
        // Another warning stays English, line and board too.
        let other = "board,ns,ew,score,extra\n1,1,2,420,x\n1,3,4,420,y\n";
        assert_eq!(
            warnings(other, ReportLang::Nl),
            ["line 1: the column extra is not read: its contents are ignored"]
        );
    }

    /// Sit-out lines fold into their board's warning only when they make up its missing
    /// results: two pairs out of a board short of two; a board short of three keeps both.
    #[test]
    fn sit_outs_fold_only_when_they_make_up_the_missing_results() {
        use klaver_core::matchpoints::MissingRule;
        let sat = |line: u32, board: u32, pair: &str| {
            Diagnostic::warning(line, Some(board), "sat out").saying(Said::SatOut {
                section: String::new(),
                pair: pair.into(),
            })
        };
        let fewer = |board: u32, results: usize| {
            let f = Fewer {
                results,
                expected: 5,
                rule: MissingRule::Neuberg,
                group: String::new(),
            };
            Diagnostic::warning(1, Some(board), "fewer").saying(Said::FewerResults(f))
        };
        let mut read = vec![sat(10, 1, "7"), sat(11, 1, "8"), sat(12, 2, "7")];
        let mut scored = vec![fewer(1, 3), fewer(2, 2)];
        // Eight pairs: on board 1 three results and two sit-outs leave nobody out.
        let eight: Vec<PairInfo> = (1..=8)
            .map(|p| PairInfo {
                id: p.to_string(),
                ..PairInfo::default()
            })
            .collect();
        fold_sit_outs(&mut read, &mut scored, &eight);
        assert_eq!(
            scored[0].message,
            "3 results where 5 were expected, as pairs 7 (line 10 of the file) and 8 (line 11 of the file) sat out this board (sit-out lines): the board is Neuberg-scaled to the full top"
        );
        assert_eq!(scored[1].message, "fewer");
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].line, Some(12));
        assert_eq!(
            warning_in(&scored[0], ReportLang::Nl),
            "regel 1: gift 1: 3 uitslagen waar er 5 verwacht werden, want de paren 7 (regel 10 van het bestand) en 8 (regel 11 van het bestand) zaten deze gift uit (uitzitregels): de gift is met Neuberg naar de volle top geschaald"
        );
        // One result is one, not "1 results".
        let one = Fewer {
            results: 1,
            expected: 2,
            rule: MissingRule::Neuberg,
            group: String::new(),
        };
        let pair = [("7".to_string(), 10)];
        assert!(
            fewer_by_sit_out(&one, &pair, ReportLang::En)
                .starts_with("1 result where 2 were expected")
        );
        assert!(
            fewer_by_sit_out(&one, &pair, ReportLang::Nl)
                .starts_with("1 uitslag waar er 2 verwacht werden")
        );
    }

    /// A butler or cross-IMP board short of results folds its sit-out lines as a pairs
    /// board does: a note in the list's language, without the advice to enter results;
    /// a board they do not account for keeps its warning and its sit-out line.
    #[test]
    fn an_imp_boards_sit_outs_fold_as_a_pairs_boards_do() {
        let sat = |line: u32, board: u32, pair: &str| sat_out(line, board, "A", pair);
        let fewer = |board: u32, results: usize| {
            let f = FewerImps {
                results,
                expected: 3,
                how: ShortBoard::Datum,
                group: "A".into(),
            };
            Diagnostic::warning(1, Some(board), "fewer").saying(Said::FewerImpResults(f))
        };
        // Six pairs: on board 1 two results and a sit-out leave one pair out, who cannot
        // have played; board 2 is short of a result more.
        let mut read = vec![sat(10, 1, "6"), sat(12, 2, "6")];
        let mut scored = vec![fewer(1, 2), fewer(2, 1)];
        let six: Vec<PairInfo> = (1..=6)
            .map(|p| PairInfo {
                id: p.to_string(),
                section: "A".into(),
                ..PairInfo::default()
            })
            .collect();
        fold_sit_outs(&mut read, &mut scored, &six);
        assert!(scored[0].is_note() && !scored[1].is_note());
        assert_eq!(
            scored[0].message,
            "2 results where 3 were expected in section A, as pair 6 sat out this board (a sit-out line, line 10 of the file): the datum is made from the scores the board has, and each pair's IMPs per board are over the boards it played"
        );
        assert_eq!(scored[1].message, "fewer");
        assert_eq!(read.len(), 1);
        assert_eq!((read[0].line, read[0].is_note()), (Some(12), false));
        assert_eq!(
            warning_in(&scored[0], ReportLang::Nl),
            "regel 1: gift 1: 2 uitslagen waar er 3 verwacht werden in lijn A, want paar 6 zat deze gift uit (een uitzitregel, regel 10 van het bestand): het datum komt uit de scores die de gift heeft, en de IMP's per gift van elk paar gaan over de giften die het speelde"
        );
        assert_eq!(
            warning_in(&scored[0], ReportLang::Tr),
            "satır 1: board 1: A grubunda 3 sonuç beklenirken 2 sonuç var, çünkü 6 numaralı çift bu boardu oynamadı (bye satırı, dosyanın 10. satırı): datum boarddaki mevcut skorlardan hesaplanır ve her çiftin board başına IMP'si oynadığı boardlar üzerinden alınır"
        );
    }
}

//! Characters that show nothing on screen or paper: Unicode's format characters (a
//! zero-width space, a soft hyphen, a direction mark, a byte order mark inside a text)
//! and control characters. A pair id, section or board holding one prints as the id
//! without it but is another text, so its results would silently land on a pair of
//! their own: every reader refuses such a field, naming the line, the field and the
//! character. A player's name holding one is a warning: two spellings of one player
//! then look the same.
//!
//! Tabs and line ends are whitespace, not invisible: the readers trim them at a field's
//! ends (with every other blank, the no-break space included), and a byte order mark
//! at the very start of a file is passed over as a mark of the file, not of its first
//! field.

use klaver_core::session::Diagnostic;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// The first character of `text` that shows nothing, if any: a format character
/// (Unicode general category Cf) or a control character other than a tab or line end.
#[inline]
pub fn first_invisible(text: &str) -> Option<char> {
    first_where(text, is_invisible)
}

/// The first character of a person's name that shows nothing, if any: as
/// [`first_invisible`], except the zero-width joiner and non-joiner, which are part of
/// how some scripts spell a name (Persian, the languages of India) and of emoji.
#[inline]
pub fn first_invisible_in_name(text: &str) -> Option<char> {
    first_where(text, |c| {
        is_invisible(c) && !matches!(c, '\u{200c}' | '\u{200d}')
    })
}

/// The first character of `text` that `hidden` holds shows nothing; the usual field,
/// printable ASCII, is settled byte by byte.
#[inline]
fn first_where(text: &str, hidden: impl Fn(char) -> bool) -> Option<char> {
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return None;
    }
    text.chars().find(|&c| hidden(c))
}

/// The error of a person's name (`what`: `the name`) that holds a character that shows
/// nothing (see [`first_invisible_in_name`]); `None` when it holds none.
pub fn refused_name(what: &str, name: &str) -> Option<String> {
    let c = first_invisible_in_name(name)?;
    Some(format!("{}: remove it", holding(what, name, c)))
}

/// Whether `c` shows nothing (see [`first_invisible`]).
pub fn is_invisible(c: char) -> bool {
    match c {
        '\t' | '\n' | '\r' => false,
        c if c.is_control() => true,
        c => c.general_category() == GeneralCategory::Format,
    }
}

/// The character as a message names it: its code point and, for the ones met in
/// files, its Unicode name (`U+200B ZERO WIDTH SPACE`).
pub fn char_name(c: char) -> String {
    let code = format!("U+{:04X}", u32::from(c));
    match known_name(c) {
        Some(name) => format!("{code} {name}"),
        None if c.is_control() => format!("{code}, a control character"),
        None => format!("{code}, a format character"),
    }
}

/// The Unicode names of the invisible characters that word processors, spreadsheets and
/// web pages put into text.
fn known_name(c: char) -> Option<&'static str> {
    Some(match c {
        '\0' => "NULL",
        '\u{7f}' => "DELETE",
        '\u{85}' => "NEXT LINE",
        '\u{ad}' => "SOFT HYPHEN",
        '\u{61c}' => "ARABIC LETTER MARK",
        '\u{180e}' => "MONGOLIAN VOWEL SEPARATOR",
        '\u{200b}' => "ZERO WIDTH SPACE",
        '\u{200c}' => "ZERO WIDTH NON-JOINER",
        '\u{200d}' => "ZERO WIDTH JOINER",
        '\u{200e}' => "LEFT-TO-RIGHT MARK",
        '\u{200f}' => "RIGHT-TO-LEFT MARK",
        '\u{202a}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202b}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202c}' => "POP DIRECTIONAL FORMATTING",
        '\u{202d}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202e}' => "RIGHT-TO-LEFT OVERRIDE",
        '\u{2060}' => "WORD JOINER",
        '\u{2061}' => "FUNCTION APPLICATION",
        '\u{2062}' => "INVISIBLE TIMES",
        '\u{2063}' => "INVISIBLE SEPARATOR",
        '\u{2064}' => "INVISIBLE PLUS",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        '\u{feff}' => "ZERO WIDTH NO-BREAK SPACE",
        _ => return None,
    })
}

/// The error of a field that names a pair, section or board and holds an invisible
/// character; `what` names the field (`the NS pair`, `the section`, `board`). `None`
/// when `text` holds none.
///
/// `the NS pair "1\u{200b}" holds an invisible character (U+200B ZERO WIDTH SPACE):
/// remove it`
pub fn refused(what: &str, text: &str) -> Option<String> {
    held(what, text).map(|held| format!("{held}: remove it"))
}

/// What a field (`what`) holding a character that shows nothing is said to hold,
/// without what to do about it; `None` when `text` holds none.
///
/// `the NS pair "1\u{200b}" holds an invisible character (U+200B ZERO WIDTH SPACE)`
pub fn held(what: &str, text: &str) -> Option<String> {
    first_invisible(text).map(|c| holding(what, text, c))
}

/// `what` with its `text`, said to hold `c`.
fn holding(what: &str, text: &str, c: char) -> String {
    format!(
        "{what} {text:?} holds an invisible character ({})",
        char_name(c)
    )
}

/// The warning of players' names (`whose`: `pair 3's names`) on `line` that hold an
/// invisible character, which shows nothing but makes them another spelling; `None`
/// when they hold none. The names are kept as written.
pub fn names_warning(line: u32, whose: &str, names: &str) -> Option<Diagnostic> {
    let c = first_invisible_in_name(names)?;
    Some(Diagnostic::warning(
        line,
        None,
        format!(
            "{whose} {names:?} hold an invisible character ({}): the same player written without it looks the same but is another name; remove it",
            char_name(c)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_and_control_characters_are_invisible_and_blanks_are_not() {
        for c in [
            '\u{200b}', '\u{ad}', '\u{feff}', '\u{202e}', '\u{2060}', '\u{1}',
        ] {
            assert!(is_invisible(c), "{c:?}");
        }
        for c in [
            'a', ' ', '\t', '\n', '\r', '\u{a0}', '\u{3000}', '\u{e9}', '-',
        ] {
            assert!(!is_invisible(c), "{c:?}");
        }
    }

    #[test]
    fn the_first_invisible_character_is_found() {
        assert_eq!(first_invisible("12A"), None);
        assert_eq!(first_invisible("Müller"), None);
        assert_eq!(first_invisible("1\u{200b}"), Some('\u{200b}'));
        assert_eq!(first_invisible("a\u{7f}\u{ad}"), Some('\u{7f}'));
    }

    /// A Persian name is spelt with a zero-width non-joiner, an emoji with
    /// joiners: a name may hold them; an id or section may not.
    #[test]
    fn a_name_may_hold_the_joiners_that_spell_it() {
        let persian = "\u{645}\u{647}\u{200c}\u{646}";
        assert_eq!(first_invisible_in_name(persian), None);
        assert_eq!(first_invisible(persian), Some('\u{200c}'));
        assert_eq!(first_invisible_in_name("a\u{200d}b"), None);
        assert_eq!(
            first_invisible_in_name("Jan\u{200b} Smit"),
            Some('\u{200b}')
        );
        assert!(refused_name("the name", persian).is_none());
        assert!(refused_name("the name", "Jan\u{ad}Smit").is_some());
        assert!(names_warning(3, "pair 1's names", persian).is_none());
    }

    #[test]
    fn a_refusal_names_the_field_and_the_character() {
        assert_eq!(
            refused("the NS pair", "1\u{200b}").unwrap(),
            "the NS pair \"1\\u{200b}\" holds an invisible character (U+200B ZERO WIDTH SPACE): remove it"
        );
        assert_eq!(refused("board", "12"), None);
        assert_eq!(char_name('\u{1}'), "U+0001, a control character");
        assert_eq!(char_name('\u{e0041}'), "U+E0041, a format character");
    }

    proptest::proptest! {
        /// Printable ASCII, the fast way, is never invisible.
        #[test]
        fn printable_ascii_holds_nothing_invisible(s in "[ -~]{0,12}") {
            proptest::prop_assert_eq!(first_invisible(&s), None);
        }
    }
}

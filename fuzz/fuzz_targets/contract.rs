//! Any text given to the contract and table-result parsers, in each notation.
#![no_main]

use klaver_core::notation::{self, Language, Mode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for lang in [Language::English, Language::Dutch, Language::Turkish] {
        if let Ok(c) = notation::parse_contract(text, lang) {
            let _ = notation::parse_result(text, c, lang);
        }
        let _ = notation::parse_seat(text, lang);
        for mode in [Mode::Strict, Mode::Lenient] {
            let _ = notation::parse_entry(text, lang, mode);
        }
    }
});

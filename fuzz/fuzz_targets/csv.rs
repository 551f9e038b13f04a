//! Any bytes given to the travellers CSV reader (and the content detection in front of
//! it), in each notation.
#![no_main]

use klaver_core::notation::Language;
use klaver_io::travellers::{ReadOptions, read_travellers};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = klaver_io::detect::detect(data);
    for lang in [Language::English, Language::Dutch, Language::Turkish] {
        let _ = read_travellers(data, ReadOptions { lang });
    }
    let _ = klaver_io::exchange::read_json(data);
});

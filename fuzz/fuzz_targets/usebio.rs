//! Any bytes given to the USEBIO reader: read, score what was read, write it back.
#![no_main]

use klaver_core::session::{Settings, score_session};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(imported) = klaver_io::usebio::read(data) {
        let e = &imported.event;
        if !e.has_errors()
            && let Ok(result) = score_session(&e.pairs, &e.results, &Settings::default())
        {
            let opts = klaver_io::usebio::WriteOptions {
                title: &imported.title,
                date: &imported.date,
                deals: Some(&imported.deals),
            };
            let text = klaver_io::usebio::to_string(e, &result, &opts);
            let _ = klaver_io::usebio::read(text.as_bytes());
            let _ = klaver_io::exchange::compare(&imported, &result, None);
        }
    }
});

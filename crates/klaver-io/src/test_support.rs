//! What the readers' tests ask of the messages of an event.

use crate::travellers::Event;
use klaver_core::session::Severity;

/// Each message's line and severity.
pub(crate) fn said(e: &Event) -> Vec<(Option<u32>, Severity)> {
    e.diagnostics.iter().map(|d| (d.line, d.severity)).collect()
}

/// Asserts the event's one message is an error on `line` that names `word`.
pub(crate) fn refused_on(e: &Event, line: u32, word: &str) {
    assert_eq!(
        said(e),
        [(Some(line), Severity::Error)],
        "{:?}",
        e.diagnostics
    );
    let message = &e.diagnostics[0].message;
    assert!(message.contains(word), "{message}");
}

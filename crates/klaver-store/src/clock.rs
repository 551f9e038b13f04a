//! Dates and times as the store writes them: ISO 8601 text, UTC.

use std::time::{SystemTime, UNIX_EPOCH};

/// The current time, `2026-11-23T19:45:02Z`.
pub fn now() -> String {
    now_plus(0)
}

/// The current time in seconds since 1970 (the round clock's unit).
pub fn unix_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs()) as i64
}

/// The time `seconds` from now, written like [`now`] (login expiry).
pub fn now_plus(seconds: i64) -> String {
    let secs = unix_seconds() + seconds;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// The calendar date of a day counted from 1970-01-01 (the proleptic Gregorian
/// calendar's well-known era arithmetic).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// The day count from 1970-01-01 of a calendar date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Reads a `YYYY-MM-DD` date that exists in the calendar.
pub(crate) fn parse_date(text: &str) -> Option<(i64, i64, i64)> {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let y: i64 = text[..4].parse().ok()?;
    let m: i64 = text[5..7].parse().ok()?;
    let d: i64 = text[8..].parse().ok()?;
    let back = civil_from_days(days_from_civil(y, m, d));
    (back == (y, m, d) && (1..=12).contains(&m)).then_some((y, m, d))
}

/// The English name of the weekday of a valid date, in lower case (`tuesday`): the
/// playing moment of a session imported without one.
pub(crate) fn weekday(date: (i64, i64, i64)) -> &'static str {
    const NAMES: [&str; 7] = [
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "monday",
        "tuesday",
        "wednesday",
    ];
    NAMES[days_from_civil(date.0, date.1, date.2).rem_euclid(7) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_and_weekdays_are_right() {
        assert_eq!(parse_date("2025-09-02"), Some((2025, 9, 2)));
        assert_eq!(weekday((2025, 9, 2)), "tuesday");
        assert_eq!(weekday((1970, 1, 1)), "thursday");
        assert_eq!(weekday((2024, 2, 29)), "thursday");
        assert_eq!(parse_date("2025-02-29"), None);
        assert_eq!(parse_date("2025-13-01"), None);
        assert_eq!(parse_date("2025-9-2"), None);
        for days in [-1000, 0, 1, 59, 365, 10_957, 20_000, 100_000] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(now().len(), 20);
    }
}

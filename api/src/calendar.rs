//! Civil dates and times of Unix instants, by the `time` crate rather than hand-written
//! calendar arithmetic: the UTC calendar (sitemaps, payment gateways) and the mall's own time
//! zone, Cambodia's UTC+7 with no daylight saving (pages and footprints; decision 0029). It
//! builds for the browser too (`time` without its default features). Years outside
//! -9999..=9999 are clamped to the nearest one `time` has.

use time::{Date, Month};

/// The mall's offset from UTC, in seconds (Cambodia, UTC+7 all year).
pub const MALL_UTC_OFFSET_SECS: i64 = 7 * 60 * 60;

/// Seconds of a day.
const DAY_SECS: i64 = 24 * 60 * 60;

/// The Julian day number of 1970-01-01, the day numbers' origin.
const UNIX_EPOCH_JULIAN_DAY: i64 = 2_440_588;

/// A civil date and time of day, as a wall clock somewhere shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CivilTime {
    pub year: i32,
    /// 1 to 12.
    pub month: u8,
    /// 1 to 31.
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

impl CivilTime {
    /// `YYYY-MM-DD`.
    pub fn date_text(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// `YYYY-MM-DD hh:mm:ss` (spec section 9's time format).
    pub fn date_time_text(&self) -> String {
        format!("{} {:02}:{:02}:{:02}", self.date_text(), self.hour, self.minute, self.second)
    }
}

/// The date of a day number (days since 1970-01-01), clamped into `time`'s range.
fn date_of_day(day: i64) -> Date {
    let min = i64::from(Date::MIN.to_julian_day());
    let max = i64::from(Date::MAX.to_julian_day());
    let julian = day.saturating_add(UNIX_EPOCH_JULIAN_DAY).clamp(min, max);
    // In range by the clamp, so `from_julian_day` cannot refuse it.
    i32::try_from(julian).ok().and_then(|j| Date::from_julian_day(j).ok()).unwrap_or(Date::MIN)
}

/// The civil date `(year, month, day)` of a day number (days since 1970-01-01).
pub fn civil_date(day: i64) -> (i32, u8, u8) {
    let date = date_of_day(day);
    (date.year(), u8::from(date.month()), date.day())
}

/// The day number (days since 1970-01-01) of a civil date, or `None` when there is no such
/// date (a 30 February, a 13th month).
pub fn day_of_date(year: i64, month: u8, day: u8) -> Option<i64> {
    let year = i32::try_from(year).ok()?;
    let date = Date::from_calendar_date(year, Month::try_from(month).ok()?, day).ok()?;
    Some(i64::from(date.to_julian_day()) - UNIX_EPOCH_JULIAN_DAY)
}

/// The civil time `offset_secs` east of UTC of the Unix time `unix_secs`.
pub fn civil_time(unix_secs: i64, offset_secs: i64) -> CivilTime {
    let local = unix_secs.saturating_add(offset_secs);
    let (year, month, day) = civil_date(local.div_euclid(DAY_SECS));
    let secs = local.rem_euclid(DAY_SECS);
    // Each below 60 or 24: the casts keep every value.
    let (hour, minute, second) = ((secs / 3600) as u8, (secs / 60 % 60) as u8, (secs % 60) as u8);
    CivilTime { year, month, day, hour, minute, second }
}

/// The UTC civil time of a Unix time in milliseconds (whole seconds, rounded down).
pub fn utc_of_ms(ms: i64) -> CivilTime {
    civil_time(ms.div_euclid(1000), 0)
}

/// The mall's civil time (UTC+7) of a Unix time in milliseconds (whole seconds, rounded down).
pub fn mall_time_of_ms(ms: i64) -> CivilTime {
    civil_time(ms.div_euclid(1000), MALL_UTC_OFFSET_SECS)
}

/// The day number of a `YYYY-MM-DD` text, or `None` when it is not a real date in that form.
pub fn parse_date(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let number = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = text.get(range)?;
        part.bytes().all(|b| b.is_ascii_digit()).then(|| part.parse().ok()).flatten()
    };
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    day_of_date(year, u8::try_from(month).ok()?, u8::try_from(day).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_origin_is_the_unix_epoch() {
        let epoch = Date::from_calendar_date(1970, Month::January, 1).unwrap();
        assert_eq!(i64::from(epoch.to_julian_day()), UNIX_EPOCH_JULIAN_DAY);
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(day_of_date(1970, 1, 1), Some(0));
    }

    #[test]
    fn utc_and_the_mall_clock() {
        assert_eq!(utc_of_ms(0).date_time_text(), "1970-01-01 00:00:00");
        assert_eq!(mall_time_of_ms(0).date_time_text(), "1970-01-01 07:00:00");
        assert_eq!(mall_time_of_ms(1_795_000_000_000).date_time_text(), "2026-11-18 18:06:40");
        assert_eq!(utc_of_ms(951_782_400_000).date_text(), "2000-02-29");
        assert_eq!(utc_of_ms(-1000).date_time_text(), "1969-12-31 23:59:59");
        assert_eq!(utc_of_ms(-1).date_time_text(), "1969-12-31 23:59:59", "rounded down, not toward zero");
        // 2026-03-04 16:59:59 UTC is 23:59:59 in Phnom Penh; a second later the 5th.
        assert_eq!(mall_time_of_ms(1_772_643_599_999).date_time_text(), "2026-03-04 23:59:59");
        assert_eq!(mall_time_of_ms(1_772_643_600_000).date_time_text(), "2026-03-05 00:00:00");
    }

    #[test]
    fn dates_and_day_numbers_round_trip() {
        for day in [-719_468, -1, 0, 59, 10_957, 19_782, 20_516, 2_932_896] {
            let (y, m, d) = civil_date(day);
            assert_eq!(day_of_date(i64::from(y), m, d), Some(day), "{y}-{m}-{d}");
        }
        assert_eq!(civil_date(2_932_896), (9999, 12, 31));
        assert_eq!(civil_date(i64::MAX), (9999, 12, 31), "clamped");
        assert_eq!(civil_date(i64::MIN).0, -9999, "clamped");
        assert_eq!(parse_date("2024-02-29"), Some(19_782));
        for bad in ["", "2023-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "2026-01-32", "+026-01-01", "2026/01/01"]
        {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
        assert_eq!(day_of_date(2026, 2, 30), None);
        assert_eq!(day_of_date(100_000, 1, 1), None);
    }
}

//! The times gateways write and read: ABA PayWay's compact UTC and RFC 3339.

/// A Unix time in milliseconds as `YYYYmmddHHMMSS` in UTC (ABA PayWay's `req_time`).
pub(super) fn compact_utc(now_ms: i64) -> String {
    let t = api::calendar::utc_of_ms(now_ms);
    format!("{:04}{:02}{:02}{:02}{:02}{:02}", t.year, t.month, t.day, t.hour, t.minute, t.second)
}

/// A Unix time in milliseconds as RFC 3339 in UTC, in whole seconds (`2025-01-02T03:04:05Z`):
/// how PayPal writes a webhook's transmission time (for the local development gateway).
pub fn rfc3339_utc(now_ms: i64) -> String {
    let t = api::calendar::utc_of_ms(now_ms);
    format!("{}T{:02}:{:02}:{:02}Z", t.date_text(), t.hour, t.minute, t.second)
}

/// Reads an RFC 3339 time (`2016-09-21T22:00:46Z`, with optional fractions and a numeric
/// offset) as Unix seconds.
pub(super) fn parse_rfc3339(text: &str) -> Option<i64> {
    let b = text.trim().as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') {
        return None;
    }
    if b[13] != b':' || b[16] != b':' {
        return None;
    }
    let num = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = b.get(range)?;
        part.iter().all(u8::is_ascii_digit).then(|| part.iter().fold(0, |n, d| n * 10 + i64::from(d - b'0')))
    };
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hour, minute, second) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let mut rest = &b[19..];
    if rest.first() == Some(&b'.') {
        let digits = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        rest = &rest[1 + digits..];
    }
    let offset = match rest {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let digits = [*h1, *h2, *m1, *m2];
            if !digits.iter().all(u8::is_ascii_digit) {
                return None;
            }
            let minutes = i64::from(h1 - b'0') * 600
                + i64::from(h2 - b'0') * 60
                + i64::from(m1 - b'0') * 10
                + i64::from(m2 - b'0');
            if *sign == b'+' {
                minutes * 60
            } else {
                -minutes * 60
            }
        }
        _ => return None,
    };
    let days = api::calendar::day_of_date(year, u8::try_from(month).ok()?, u8::try_from(day).ok()?)?;
    Some(days * 86_400 + hour * 3600 + minute * 60 + second - offset)
}

#[cfg(test)]
mod tests {
    use super::super::test_support;
    use super::*;

    #[test]
    fn utc_calendar_round_trips() {
        // ABA PayWay's documented req_time example, 20210123234559.
        assert_eq!(compact_utc(1_611_445_559_000), "20210123234559");
        assert_eq!(compact_utc(0), "19700101000000");
        assert_eq!(compact_utc(951_782_400_000), "20000229000000");
        assert_eq!(compact_utc(-1000), "19691231235959");
        for secs in [0, 951_782_400, 1_611_445_559, 4_102_444_800, -86_400 * 365] {
            assert_eq!(parse_rfc3339(&rfc3339_utc(secs * 1000)), Some(secs));
        }
    }

    #[test]
    fn rfc_3339_times_are_read_with_offsets_and_fractions() {
        assert_eq!(parse_rfc3339("2016-09-21T22:00:46Z"), Some(1_474_495_246));
        assert_eq!(parse_rfc3339("2016-09-21T22:00:46.123Z"), Some(1_474_495_246));
        assert_eq!(parse_rfc3339("2016-09-22T05:00:46+07:00"), Some(1_474_495_246));
        assert_eq!(parse_rfc3339("2016-09-21T21:00:46-01:00"), Some(1_474_495_246));
        assert_eq!(rfc3339_utc(1_474_495_246_999), "2016-09-21T22:00:46Z");
        assert_eq!(parse_rfc3339(&rfc3339_utc(test_support::NOW_MS)), Some(test_support::NOW_MS / 1000));
        for bad in ["2016-09-21 22:00:46", "2016-13-21T22:00:46Z", "2016-09-21T22:00:46", "yesterday", ""] {
            assert_eq!(parse_rfc3339(bad), None, "{bad}");
        }
    }
}

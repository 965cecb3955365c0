//! `YYYY-MM-DD` dates as written in front matter: validated, and shown as "January 15, 2025".

const MONTHS: [&str; 12] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/// The earliest year a date of the site's content may have (Unix time's first).
const FIRST_YEAR: u32 = 1970;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u32,
    pub month: u32,
    pub day: u32,
}

impl Date {
    pub fn parse(text: &str) -> Result<Date, String> {
        let expected = || format!("expected a date written YYYY-MM-DD, found `{text}`");
        let parts: Vec<&str> = text.split('-').collect();
        if parts.len() != 3 || parts[0].len() != 4 || parts[1].len() != 2 || parts[2].len() != 2 {
            return Err(expected());
        }
        let num = |s: &str| s.parse::<u32>().map_err(|_| expected());
        let (year, month, day) = (num(parts[0])?, num(parts[1])?, num(parts[2])?);
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(format!("`{text}` is not a calendar date"));
        }
        // Nothing on the site is dated before computers kept time: 0205 is a typo of 2025, and
        // year 0 would sort an article first for ever.
        if year < FIRST_YEAR {
            return Err(format!("`{text}` is before {FIRST_YEAR}: a typo of the year?"));
        }
        Ok(Date { year, month, day })
    }

    /// "January 15, 2025"
    pub fn long(&self) -> String {
        format!("{} {}, {}", MONTHS[self.month as usize - 1], self.day, self.year)
    }

    /// "2025-01-15"
    pub fn iso(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Date {
    /// The calendar date (UTC) of a Unix time in seconds.
    pub fn from_unix(secs: i64) -> Date {
        // Howard Hinnant's civil_from_days.
        let z = secs.div_euclid(86_400) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as u32;
        Date { year, month, day }
    }

    /// Today (UTC), or the day of `SOURCE_DATE_EPOCH` when it is set, so CI can pin "today"
    /// and a build is reproducible whatever the time.
    pub fn today() -> Result<Date, String> {
        match std::env::var("SOURCE_DATE_EPOCH") {
            Ok(v) => v.trim().parse::<i64>().map(Date::from_unix).map_err(|_| format!("SOURCE_DATE_EPOCH must be a Unix time in seconds, found `{v}`")),
            Err(_) => {
                let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
                Ok(Date::from_unix(now))
            }
        }
    }
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats() {
        let d = Date::parse("2025-01-15").unwrap();
        assert_eq!(d.long(), "January 15, 2025");
        assert_eq!(d.iso(), "2025-01-15");
        assert!(Date::parse("2024-02-29").is_ok());
        assert!(Date::parse("2025-02-29").is_err());
        assert!(Date::parse("15/01/2025").is_err());
        assert!(Date::parse("2025-13-01").is_err());
        assert_eq!(Date::parse("0205-01-10"), Err("`0205-01-10` is before 1970: a typo of the year?".into()));
        assert!(Date::parse("0000-01-01").is_err());
    }

    #[test]
    fn unix_times_become_utc_dates() {
        assert_eq!(Date::from_unix(0).iso(), "1970-01-01");
        assert_eq!(Date::from_unix(1_709_164_800).iso(), "2024-02-29");
        assert_eq!(Date::from_unix(1_798_761_599).iso(), "2026-12-31");
        assert_eq!(Date::from_unix(1_798_761_600).iso(), "2027-01-01");
        assert_eq!(Date::from_unix(-1).iso(), "1969-12-31");
    }
}

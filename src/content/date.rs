//! `YYYY-MM-DD` dates as written in front matter: validated, and shown as "January 15, 2025".

const MONTHS: [&str; 12] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
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
    }
}

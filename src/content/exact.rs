//! Exact numbers in `content/units.yaml` (a unit's `factor`, `reciprocal`, `scale`,
//! `offset`): a decimal (`0.3048`, `1e-6`), a product or quotient of decimals (`5/18`,
//! `1.609344/3.785411784`), or one with pi (`pi/180`, `2*pi`, `180/pi`). Each is kept as
//! num/den × π^k, so a ratio stays a ratio and π cancels between units of the same k
//! (degrees ↔ arcminutes exactly). The islands read the same text (islands/src/lib/kinds.ts).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A number as written in YAML: a bare number, or text in the grammar above.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum ExactText {
    Number(f64),
    Text(String),
}

/// num/den × π^pi, reduced, with den > 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exact {
    pub num: i128,
    pub den: i128,
    pub pi: i32,
}

/// A double carries 15 significant decimal digits faithfully: a bare YAML number with more
/// may not be the number written, so it must be quoted (then it is read as text, exactly).
const MAX_BARE_DIGITS: usize = 15;

impl ExactText {
    /// The value, or why it cannot be read (a sentence fragment after "`field` …").
    pub fn parse(&self) -> Result<Exact, String> {
        match self {
            ExactText::Number(x) => {
                if !x.is_finite() {
                    return Err("is not a finite number".into());
                }
                // Display prints the shortest decimal that reads back as this double, never in
                // e-notation: 0.3048 → "0.3048", 1e-6 → "0.000001".
                let text = format!("{x}");
                if significant_digits(&text) > MAX_BARE_DIGITS {
                    return Err(format!(
                        "has more than {MAX_BARE_DIGITS} significant digits, more than a YAML number keeps: quote it (\"{text}…\") or write it as a ratio such as \"5/18\""
                    ));
                }
                parse_expression(&text)
            }
            ExactText::Text(t) => parse_expression(t),
        }
    }
}

impl fmt::Display for ExactText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExactText::Number(x) => write!(f, "{x}"),
            ExactText::Text(t) => f.write_str(t.trim()),
        }
    }
}

fn significant_digits(decimal: &str) -> usize {
    let digits: String = decimal.chars().filter(char::is_ascii_digit).collect();
    digits.trim_start_matches('0').trim_end_matches('0').len()
}

const TOO_BIG: &str = "has too many digits to be kept exact (numerator and denominator up to 38 digits)";
const GRAMMAR: &str = "is not a number, a ratio such as \"5/18\", or a form with pi such as \"pi/180\"";

fn gcd(mut a: i128, mut b: i128) -> i128 {
    (a, b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Exact {
    pub const ONE: Exact = Exact { num: 1, den: 1, pi: 0 };
    pub const ZERO: Exact = Exact { num: 0, den: 1, pi: 0 };

    fn new(num: i128, den: i128, pi: i32) -> Result<Exact, String> {
        if den == 0 {
            return Err("divides by zero".into());
        }
        let g = gcd(num, den).max(1);
        let (num, den) = if den < 0 { (-num / g, -den / g) } else { (num / g, den / g) };
        Ok(Exact { num, den, pi: if num == 0 { 0 } else { pi } })
    }

    pub fn times(self, o: Exact) -> Result<Exact, String> {
        // Cross-reduce first so the products stay as small as they can.
        let (g1, g2) = (gcd(self.num, o.den).max(1), gcd(o.num, self.den).max(1));
        let num = (self.num / g1).checked_mul(o.num / g2).ok_or(TOO_BIG)?;
        let den = (self.den / g2).checked_mul(o.den / g1).ok_or(TOO_BIG)?;
        Exact::new(num, den, self.pi + o.pi)
    }

    pub fn over(self, o: Exact) -> Result<Exact, String> {
        if o.num == 0 {
            return Err("divides by zero".into());
        }
        self.times(Exact { num: o.den, den: o.num, pi: -o.pi })
    }

    pub fn is_positive(self) -> bool {
        self.num > 0
    }

    pub fn value(self) -> f64 {
        self.num as f64 / self.den as f64 * std::f64::consts::PI.powi(self.pi)
    }
}

/// `[-] term (('*' | '/') term)*`, a term being a decimal (`1.5`, `2e-3`) or `pi`/`π`.
fn parse_expression(text: &str) -> Result<Exact, String> {
    let t = text.trim();
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    let mut value = Exact::ONE;
    let mut rest = t;
    let mut op = '*';
    loop {
        let end = rest.find(['*', '/']).unwrap_or(rest.len());
        let term = rest[..end].trim();
        let term = match term {
            "pi" | "π" => Exact { num: 1, den: 1, pi: 1 },
            _ => decimal(term)?,
        };
        value = if op == '*' { value.times(term)? } else { value.over(term)? };
        if end == rest.len() {
            break;
        }
        op = rest[end..].chars().next().expect("an operator");
        rest = &rest[end + 1..];
    }
    Ok(if negative { Exact { num: -value.num, ..value } } else { value })
}

/// `123`, `0.3048`, `1.5e-3` exactly.
fn decimal(term: &str) -> Result<Exact, String> {
    let (mantissa, exp) = match term.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.strip_prefix('+').unwrap_or(e).parse::<i32>().map_err(|_| GRAMMAR)?),
        None => (term, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digit = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if int.is_empty() || !digit(int) || !digit(frac) || (mantissa.contains('.') && frac.is_empty()) {
        return Err(GRAMMAR.into());
    }
    let digits = format!("{int}{frac}");
    let digits = digits.trim_start_matches('0');
    let num: i128 = if digits.is_empty() { 0 } else { digits.parse().map_err(|_| TOO_BIG)? };
    let power = exp - frac.len() as i32;
    let ten = 10i128.checked_pow(power.unsigned_abs()).ok_or(TOO_BIG)?;
    if power >= 0 {
        Exact::new(num.checked_mul(ten).ok_or(TOO_BIG)?, 1, 0)
    } else {
        Exact::new(num, ten, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Result<Exact, String> {
        ExactText::Text(s.into()).parse()
    }
    fn e(num: i128, den: i128, pi: i32) -> Exact {
        Exact { num, den, pi }
    }

    #[test]
    fn decimals_ratios_and_pi_forms_are_exact() {
        assert_eq!(read("0.3048"), Ok(e(381, 1250, 0)));
        assert_eq!(read("5/18"), Ok(e(5, 18, 0)));
        assert_eq!(read(" 1609.344 / 3.785411784 "), Ok(e(48000000, 112903, 0)));
        assert_eq!(read("pi/180"), Ok(e(1, 180, 1)));
        assert_eq!(read("2*pi"), Ok(e(2, 1, 1)));
        assert_eq!(read("180/π"), Ok(e(180, 1, -1)));
        assert_eq!(read("pi/pi"), Ok(Exact::ONE));
        assert_eq!(read("1e-6"), Ok(e(1, 1_000_000, 0)));
        assert_eq!(read("-273.15"), Ok(e(-5463, 20, 0)));
        assert_eq!(read("0"), Ok(Exact::ZERO));
        assert!((read("1609.344/3.785411784").unwrap().value() - 425.143707430272).abs() < 1e-9);
    }

    #[test]
    fn bare_numbers_read_as_written_up_to_fifteen_digits() {
        assert_eq!(ExactText::Number(0.028349523125).parse(), Ok(e(45359237, 1_600_000_000, 0)));
        assert_eq!(ExactText::Number(1e-6).parse(), Ok(e(1, 1_000_000, 0)));
        assert_eq!(ExactText::Number(1000.0).parse(), Ok(e(1000, 1, 0)));
        let long = ExactText::Number(0.2777777777777778).parse().unwrap_err();
        assert!(long.starts_with("has more than 15 significant digits"), "{long}");
        assert!(ExactText::Number(f64::NAN).parse().is_err());
    }

    #[test]
    fn what_is_not_in_the_grammar_is_refused() {
        for bad in ["", "abc", "1/", "/2", "1//2", "1..2", "1.", ".5", "pi+1", "2 pi", "1/0", "sqrt(2)", "1e"] {
            assert!(read(bad).is_err(), "{bad:?} was read");
        }
        assert_eq!(read("1/0").unwrap_err(), "divides by zero");
        assert_eq!(read("10000000000000000000000000000000000000000").unwrap_err(), TOO_BIG);
        assert_eq!(read("1e30*1e30").unwrap_err(), TOO_BIG);
    }

    #[test]
    fn the_text_is_shown_as_written() {
        assert_eq!(ExactText::Number(0.3048).to_string(), "0.3048");
        assert_eq!(ExactText::Text(" pi/180 ".into()).to_string(), "pi/180");
        assert_eq!(serde_json::to_string(&ExactText::Number(0.3048)).unwrap(), "0.3048");
        assert_eq!(serde_json::to_string(&ExactText::Text("5/18".into())).unwrap(), "\"5/18\"");
        let read: ExactText = serde_yaml::from_str("\"5/18\"").unwrap();
        assert_eq!(read, ExactText::Text("5/18".into()));
        let read: ExactText = serde_yaml::from_str("1e-6").unwrap();
        assert_eq!(read, ExactText::Number(1e-6));
    }
}

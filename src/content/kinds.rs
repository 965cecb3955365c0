//! The three kinds of unit in `content/units.yaml`, each defined by how a value becomes the
//! category's base unit:
//! - linear (`factor`): base = value × factor;
//! - reciprocal (`reciprocal`): base = reciprocal ÷ value (L/100 km against km/L);
//! - affine (`scale`, `offset`): value = base × scale + offset (°F against °C).
//!
//! A category whose units are all linear holds amounts: they add up (5 ft 11 in), scale
//! and split into compounds. One with an affine or reciprocal unit holds readings, which are
//! converted one at a time (two temperatures or two fuel economies do not add).

use super::exact::{Exact, ExactText};
use super::model::{Unit, UnitCategory};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Linear(Exact),
    Reciprocal(Exact),
    Affine { scale: Exact, offset: Exact },
}

/// A problem with one unit's definition: the field it is at, and what is wrong.
pub type KindProblem = (&'static str, String);

impl Unit {
    /// The unit's kind, or the first thing wrong with its definition.
    pub fn kind(&self) -> Result<Kind, KindProblem> {
        let read = |field: &'static str, text: &Option<ExactText>, positive: bool| -> Result<Option<Exact>, KindProblem> {
            let Some(text) = text else { return Ok(None) };
            let value = text.parse().map_err(|e| (field, format!("`{field}: {text}` {e}")))?;
            if positive && !value.is_positive() {
                return Err((field, format!("`{field}: {text}` must be above zero")));
            }
            Ok(Some(value))
        };
        let factor = read("factor", &self.factor, true)?;
        let reciprocal = read("reciprocal", &self.reciprocal, true)?;
        let scale = read("scale", &self.scale, true)?;
        let offset = read("offset", &self.offset, false)?;
        let given: Vec<&str> = [("factor", factor.is_some()), ("reciprocal", reciprocal.is_some()), ("scale", scale.is_some() || offset.is_some())]
            .into_iter()
            .filter(|(_, on)| *on)
            .map(|(k, _)| k)
            .collect();
        if given.len() > 1 {
            let second = if given[1] == "scale" && scale.is_none() { "offset" } else { given[1] };
            return Err((
                second,
                format!(
                    "has two kinds (`{}` and `{second}`): a unit is linear (`factor`), reciprocal (`reciprocal`) or affine (`scale` and `offset`)",
                    given[0]
                ),
            ));
        }
        match (factor, reciprocal, scale, offset) {
            (Some(f), None, None, None) => Ok(Kind::Linear(f)),
            (None, Some(r), None, None) => Ok(Kind::Reciprocal(r)),
            (None, None, Some(scale), Some(offset)) => Ok(Kind::Affine { scale, offset }),
            (None, None, Some(_), None) => Err(("scale", "is affine but has no `offset` (its reading at base zero; 0 when the zeros agree)".into())),
            (None, None, None, Some(_)) => Err(("offset", "is affine but has no `scale` (its units per base unit)".into())),
            _ => Err(("key", "needs a `factor` (linear), a `reciprocal`, or `scale` and `offset` (affine)".into())),
        }
    }

    pub fn is_linear(&self) -> bool {
        matches!(self.kind(), Ok(Kind::Linear(_)))
    }
}

impl UnitCategory {
    /// Amounts that add up: every unit linear.
    pub fn is_additive(&self) -> bool {
        self.units.iter().all(Unit::is_linear)
    }
}

impl Kind {
    /// The base unit itself: factor 1, or scale 1 and offset 0.
    pub fn is_identity(self) -> bool {
        match self {
            Kind::Linear(f) => f == Exact::ONE,
            Kind::Affine { scale, offset } => scale == Exact::ONE && offset == Exact::ZERO,
            Kind::Reciprocal(_) => false,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Linear(_) => "linear",
            Kind::Reciprocal(_) => "reciprocal",
            Kind::Affine { .. } => "affine",
        }
    }
}

/// A number of units.yaml as a reader sees it: `0.3048`, `1.609344/3.785411784`, `π/180`.
fn shown(text: &ExactText) -> String {
    text.to_string().replace("pi", "π").replace('*', " × ").replace('/', " / ").replace("  ", " ")
}

/// A plain decimal as the pair pages write it: below 10⁻⁶ or a whole number past 10¹⁶ that
/// ends in zeros as a power of ten, still exact (1.602176634 × 10⁻¹⁹, not eighteen zeros after
/// the point); any other with its whole part grouped by thousands (1,000,000,000,000, which a
/// reader need not count).
fn readable(decimal: &str) -> String {
    let (int, frac) = decimal.split_once('.').unwrap_or((decimal, ""));
    let digits = format!("{int}{frac}");
    let significant = digits.trim_start_matches('0').trim_end_matches('0');
    let Some(first) = significant.chars().next() else { return decimal.to_string() };
    let zeros = frac.len() - frac.trim_start_matches('0').len();
    let exponent = if int.trim_start_matches('0').is_empty() && zeros >= 6 {
        -(zeros as i32 + 1)
    } else if frac.is_empty() && int.len() > 16 && int.ends_with('0') {
        int.len() as i32 - 1
    } else {
        return grouped(int, frac);
    };
    let rest = &significant[1..];
    format!("{first}{}{rest} × 10{}", if rest.is_empty() { "" } else { "." }, superscript(exponent))
}

/// `1000000.5` as `1,000,000.5`.
fn grouped(int: &str, frac: &str) -> String {
    let mut out = String::with_capacity(int.len() + int.len() / 3 + frac.len() + 1);
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if !frac.is_empty() {
        out.push('.');
        out.push_str(frac);
    }
    out
}

fn superscript(n: i32) -> String {
    n.to_string().chars().map(|c| c.to_digit(10).and_then(|d| "⁰¹²³⁴⁵⁶⁷⁸⁹".chars().nth(d as usize)).unwrap_or('⁻')).collect()
}

/// About seven significant digits, for the "≈" beside an exact form that is not a decimal;
/// from 10⁷ up a power of ten (3.085678 × 10¹⁶), as a double's further digits mean nothing,
/// and below 10⁻⁶ too (1.666667 × 10⁻⁸), as the pair pages write it.
fn approx(x: f64) -> String {
    if x.abs() >= 1e7 || (x != 0.0 && x.abs() < 1e-6) {
        let text = format!("{x:.6e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
        return format!("{mantissa} × 10{}", superscript(exponent.parse().unwrap_or(0)));
    }
    let text = format!("{:.*}", (6 - x.abs().log10().floor() as i32).max(0) as usize, x);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

impl Unit {
    /// How the unit is defined against the base unit (symbol `base`), for its converter
    /// page: `1 ft = 0.3048 m`, `1 mpg = 1.609344 / 3.785411784 km/L ≈ 0.4251437 km/L`,
    /// `L/100 km = 100 ÷ km/L`, `°F = °C × 1.8 + 32`. None when the unit is not valid.
    pub fn definition(&self, base: &Unit) -> Option<String> {
        let kind = self.kind().ok()?;
        if self.key == base.key {
            return Some("the base unit".into());
        }
        let (sym, b) = (&self.symbol, &base.symbol);
        // "1°", "1′", not "1 °": a bare degree, minute or second sign follows its number.
        let one = if matches!(sym.as_str(), "°" | "′" | "″") { format!("1{sym}") } else { format!("1 {sym}") };
        Some(match kind {
            Kind::Linear(f) => {
                let text = self.factor.as_ref()?;
                let plain = matches!(text, ExactText::Number(_)) || text.to_string().chars().all(|c| c.is_ascii_digit() || c == '.');
                if plain {
                    format!("{one} = {} {b}", readable(&text.to_string()))
                } else {
                    format!("{one} = {} {b} ≈ {} {b}", shown(text), approx(f.value()))
                }
            }
            Kind::Reciprocal(_) => format!("{sym} = {} ÷ {b}", shown(self.reciprocal.as_ref()?)),
            Kind::Affine { offset, .. } => {
                let scale = shown(self.scale.as_ref()?);
                let scaled = if scale == "1" { b.to_string() } else { format!("{b} × {scale}") };
                match offset.num.signum() {
                    0 => format!("{sym} = {scaled}"),
                    1 => format!("{sym} = {scaled} + {}", shown(self.offset.as_ref()?)),
                    _ => format!("{sym} = {scaled} − {}", shown(self.offset.as_ref()?).trim_start_matches('-')),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(fields: &str) -> Unit {
        serde_yaml::from_str(&format!("{{ key: u, name: U (u), symbol: u, system: metric, {fields} }}")).unwrap()
    }

    #[test]
    fn each_kind_is_read() {
        assert_eq!(unit("factor: 0.3048").kind(), Ok(Kind::Linear(Exact { num: 381, den: 1250, pi: 0 })));
        assert_eq!(unit("reciprocal: 100").kind(), Ok(Kind::Reciprocal(Exact { num: 100, den: 1, pi: 0 })));
        assert_eq!(
            unit("scale: 1.8, offset: 32").kind(),
            Ok(Kind::Affine { scale: Exact { num: 9, den: 5, pi: 0 }, offset: Exact { num: 32, den: 1, pi: 0 } })
        );
        assert!(unit("scale: 1, offset: 0").kind().unwrap().is_identity());
        assert!(unit("factor: \"pi/pi\"").kind().unwrap().is_identity());
        assert!(!unit("reciprocal: 1").kind().unwrap().is_identity());
    }

    #[test]
    fn definitions_read_as_a_reader_writes_them() {
        let base = unit("factor: 1");
        let def = |fields: &str, symbol: &str| {
            let mut u = unit(fields);
            u.key = "other".into();
            u.symbol = symbol.into();
            u.definition(&Unit { symbol: "km/L".into(), ..base.clone() }).unwrap()
        };
        assert_eq!(def("factor: 0.3048", "ft"), "1 ft = 0.3048 km/L");
        assert_eq!(def("factor: \"0.25\"", "q"), "1 q = 0.25 km/L");
        assert_eq!(def("factor: \"1.609344/3.785411784\"", "mpg"), "1 mpg = 1.609344 / 3.785411784 km/L ≈ 0.4251437 km/L");
        assert_eq!(def("factor: \"pi/180\"", "°"), "1° = π / 180 km/L ≈ 0.01745329 km/L");
        // A parsec: seven digits and a power of ten, not the double's seventeen.
        assert_eq!(def("factor: \"96939420213600000/pi\"", "pc"), "1 pc = 96939420213600000 / π km/L ≈ 3.085678 × 10¹⁶ km/L");
        // Tiny and huge plain decimals as a power of ten, as the pair pages write them.
        assert_eq!(def("factor: 1.602176634e-19", "eV"), "1 eV = 1.602176634 × 10⁻¹⁹ km/L");
        assert_eq!(def("factor: 0.0000001", "x"), "1 x = 1 × 10⁻⁷ km/L");
        assert_eq!(def("factor: 0.000001", "µ"), "1 µ = 0.000001 km/L");
        assert_eq!(def("factor: \"123400000000000000\"", "h"), "1 h = 1.234 × 10¹⁷ km/L");
        assert_eq!(def("factor: \"1125899906842624\"", "PiB"), "1 PiB = 1,125,899,906,842,624 km/L");
        assert_eq!(def("factor: 2589988.110336", "mi²"), "1 mi² = 2,589,988.110336 km/L");
        assert_eq!(def("factor: 1000", "k"), "1 k = 1,000 km/L");
        assert_eq!(def("factor: \"0.000001/60\"", "mL/min"), "1 mL/min = 0.000001 / 60 km/L ≈ 1.666667 × 10⁻⁸ km/L");
        assert_eq!(def("reciprocal: 100", "L/100 km"), "L/100 km = 100 ÷ km/L");
        assert_eq!(def("scale: 1.8, offset: 32", "°F"), "°F = km/L × 1.8 + 32");
        assert_eq!(def("scale: 1, offset: -273.15", "x"), "x = km/L − 273.15");
        assert_eq!(base.definition(&base).unwrap(), "the base unit");
    }

    #[test]
    fn wrong_definitions_name_their_field() {
        let field = |f: &str| unit(f).kind().unwrap_err();
        assert_eq!(field("factor: 1, reciprocal: 100").0, "reciprocal");
        assert!(field("factor: 1, reciprocal: 100").1.starts_with("has two kinds (`factor` and `reciprocal`)"));
        assert_eq!(field("factor: 2, offset: 3").0, "offset");
        assert_eq!(field("factor: 0").1, "`factor: 0` must be above zero");
        assert_eq!(field("reciprocal: -1").0, "reciprocal");
        assert_eq!(field("scale: 1.8").0, "scale");
        assert_eq!(field("offset: 32").0, "offset");
        assert_eq!(field("factor: \"1/x\"").1, "`factor: 1/x` is not a number, a ratio such as \"5/18\", or a form with pi such as \"pi/180\"");
        assert_eq!(field("").0, "key");
        assert!(unit("scale: 1, offset: -273.15").kind().is_ok(), "an offset may be negative");
    }
}

#[cfg(test)]
mod located {
    use crate::diagnostics::Problems;
    use std::path::Path;

    /// A units.yaml with one category (its `group` and `units` given) loaded; its problems.
    fn problems(group: &str, units: &str, compounds: &str) -> Vec<String> {
        let text = format!(
            "categories:\n  fuel_economy:\n    label: Fuel Economy\n    group: {group}\n    base: kilometers_per_liter\n    precision: 6\n    default: {{ from: miles_per_gallon, to: kilometers_per_liter }}\n    units:\n      - {{ key: kilometers_per_liter, name: Kilometers per Liter (km/L), symbol: km/L, system: metric, factor: 1 }}\n      - {{ key: miles_per_gallon, name: Miles per US Gallon (mpg), symbol: mpg, system: imperial, factor: \"1.609344/3.785411784\", source: NIST Handbook 44, gnu: mile/usgallon }}\n{units}{compounds}currencies: []\ncurrency_default: {{ from: USD, to: USD }}\nfallback_rates: {{}}\nlimits: {{ max_amount: 1, name_chars: 1, email_chars: 6, message_chars: 1 }}\n"
        );
        let (mut p, mut w) = (Problems::default(), Problems::default());
        crate::content::units::load(Path::new("content/units.yaml"), &text, &mut p, &mut w);
        p.0.into_iter().filter(|p| !p.message.contains("currenc")).map(|p| format!("{}:{}: {}", p.line, p.column, p.message)).collect()
    }

    const L100: &str =
        "      - { key: liters_per_100_kilometers, name: Liters per 100 Kilometers (L/100 km), symbol: L/100 km, system: metric, reciprocal: 100 }\n";

    #[test]
    fn a_reciprocal_unit_in_any_category_passes() {
        assert_eq!(problems("everyday", L100, ""), Vec::<String>::new());
        let affine = "      - { key: shifted, name: Shifted (sh), symbol: sh, system: other, scale: \"5/18\", offset: -3 }\n";
        assert_eq!(problems("engineering", affine, ""), Vec::<String>::new());
    }

    #[test]
    fn an_unknown_group_is_located_at_its_value() {
        assert_eq!(problems("sport", "", ""), ["4:12: category fuel_economy: group `sport` is not one of everyday, science, engineering, digital, cooking"]);
    }

    #[test]
    fn bad_definitions_are_located_at_their_field() {
        let two = "      - { key: both, name: Both (b), symbol: b, system: other, factor: 2, reciprocal: 100 }\n";
        assert_eq!(
            problems("everyday", two, ""),
            ["11:87: category fuel_economy: unit both has two kinds (`factor` and `reciprocal`): a unit is linear (`factor`), reciprocal (`reciprocal`) or affine (`scale` and `offset`)"]
        );
        let grammar = "      - { key: odd, name: Odd (o), symbol: o, system: other, factor: \"1/x\" }\n";
        assert_eq!(
            problems("everyday", grammar, ""),
            ["11:70: category fuel_economy: unit odd `factor: 1/x` is not a number, a ratio such as \"5/18\", or a form with pi such as \"pi/180\""]
        );
        let long = "      - { key: long, name: Long (lg), symbol: lg, system: other, factor: 0.2777777777777778 }\n";
        let got = problems("everyday", long, "");
        assert!(
            got.len() == 1 && got[0].starts_with("11:74: category fuel_economy: unit long `factor: 0.2777777777777778` has more than 15 significant digits"),
            "{got:?}"
        );
        let zero = "      - { key: none, name: None (n), symbol: n, system: other, reciprocal: 0 }\n";
        assert_eq!(problems("everyday", zero, ""), ["11:76: category fuel_economy: unit none `reciprocal: 0` must be above zero"]);
    }

    #[test]
    fn the_base_must_be_the_base_itself() {
        let base = "categories:\n  x:\n    label: X\n    group: science\n    base: b\n    precision: 2\n    default: { from: b, to: b }\n    units:\n      - { key: b, name: B (b), symbol: b, system: other, scale: 1, offset: 1 }\ncurrencies: []\ncurrency_default: { from: USD, to: USD }\nfallback_rates: {}\nlimits: { max_amount: 1, name_chars: 1, email_chars: 6, message_chars: 1 }\n";
        let (mut p, mut w) = (Problems::default(), Problems::default());
        crate::content::units::load(Path::new("u.yaml"), base, &mut p, &mut w);
        let got: Vec<String> = p.0.iter().filter(|p| !p.message.contains("currenc")).map(|p| p.to_string()).collect();
        assert_eq!(got, ["u.yaml:9:65: category x: base unit b must be the base itself: `factor: 1`, or `scale: 1, offset: 0`"]);
    }

    #[test]
    fn a_compound_over_readings_is_refused() {
        let compound = "    compounds:\n      - { key: mixed, name: Mixed, parts: [kilometers_per_liter, miles_per_gallon] }\n";
        assert_eq!(
            problems("everyday", L100, compound),
            ["13:16: compound `mixed`: the parts of a compound add up, and `fuel_economy` has readings that do not (its unit `liters_per_100_kilometers` is not linear)"]
        );
    }
}

//! `content/units.yaml`: the unit tables, currencies and fallback rates, validated once
//! here and handed to the islands as JSON props.

use super::model::{Currency, Pair, UnitCategory, UnitsFile};
use crate::diagnostics::{locate_key, Problem, Problems};
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;

#[derive(Debug, Clone, Serialize)]
pub struct Units {
    pub categories: Vec<UnitCategory>,
    pub currencies: Vec<Currency>,
    pub currency_default: Pair,
    pub fallback_rates: BTreeMap<String, BTreeMap<String, f64>>,
}

impl Units {
    pub fn category(&self, key: &str) -> Option<&UnitCategory> {
        self.categories.iter().find(|c| c.key == key)
    }
    pub fn has_currency(&self, code: &str) -> bool {
        self.currencies.iter().any(|c| c.code == code)
    }
}

pub const TEMPERATURE: &str = "temperature";

pub fn load(file: &Path, text: &str, problems: &mut Problems) -> Option<Units> {
    let raw: UnitsFile = match serde_yaml::from_str(text) {
        Ok(raw) => raw,
        Err(e) => {
            problems.push(Problem::from_yaml(file, &e, 0));
            return None;
        }
    };
    let at = |key: &str, from: usize| locate_key(text, from, key).unwrap_or((1, 1));
    let mut categories = Vec::new();
    for (key, value) in raw.categories {
        let key = key.as_str().unwrap_or_default().to_string();
        let (line, col) = at(&key, 1);
        let mut category: UnitCategory = match serde_yaml::from_value(value) {
            Ok(c) => c,
            Err(e) => {
                problems.push(Problem::new(file, line, col, format!("in category `{key}`: {e}")));
                continue;
            }
        };
        category.key = key.clone();
        validate_category(file, text, line, &category, problems);
        categories.push(category);
    }
    let units = Units { categories, currencies: raw.currencies, currency_default: raw.currency_default, fallback_rates: raw.fallback_rates };
    validate_currencies(file, text, &units, problems);
    Some(units)
}

fn validate_category(file: &Path, text: &str, line: usize, c: &UnitCategory, problems: &mut Problems) {
    let mut seen = HashSet::new();
    let temperature = c.key == TEMPERATURE;
    for unit in &c.units {
        let (uline, ucol) = find_unit_line(text, line, &unit.key).unwrap_or((line, 1));
        let mut bad = |msg: String| problems.push(Problem::new(file, uline, ucol, msg));
        if !seen.insert(unit.key.as_str()) {
            bad(format!("unit `{}` appears twice in `{}`", unit.key, c.key));
        }
        if temperature {
            match (unit.scale, unit.offset) {
                (Some(s), Some(o)) if s.is_finite() && s > 0.0 && o.is_finite() => {}
                _ => bad(format!("temperature unit `{}` needs a positive `scale` and a finite `offset`", unit.key)),
            }
        } else {
            match unit.factor {
                Some(f) if f.is_finite() && f > 0.0 => {}
                _ => bad(format!("unit `{}` needs a positive, finite `factor`", unit.key)),
            }
        }
    }
    let has = |k: &str| c.units.iter().any(|u| u.key == k);
    for (what, key) in [("base", &c.base), ("default.from", &c.default.from), ("default.to", &c.default.to)] {
        if !has(key) {
            problems.push(Problem::new(file, line, 1, format!("{what} of `{}` names unknown unit `{key}`", c.key)));
        }
    }
    if !temperature {
        if let Some(base) = c.units.iter().find(|u| u.key == c.base) {
            if base.factor != Some(1.0) {
                problems.push(Problem::new(file, line, 1, format!("base unit `{}` of `{}` must have factor 1", c.base, c.key)));
            }
        }
    }
}

/// The line of `key: <unit>` after the category's line.
fn find_unit_line(text: &str, from: usize, unit: &str) -> Option<(usize, usize)> {
    text.lines().enumerate().skip(from).find_map(|(i, l)| {
        let t = l.trim_start().trim_start_matches("- ");
        (t == format!("key: {unit}")).then(|| (i + 1, l.len() - l.trim_start().len() + 1))
    })
}

fn validate_currencies(file: &Path, text: &str, units: &Units, problems: &mut Problems) {
    let (line, col) = locate_key(text, 1, "fallback_rates").unwrap_or((1, 1));
    for code in [&units.currency_default.from, &units.currency_default.to] {
        if !units.has_currency(code) {
            problems.push(Problem::new(file, line, col, format!("currency_default names unknown currency `{code}`")));
        }
    }
    for (from, row) in &units.fallback_rates {
        let (l, c) = locate_key(text, line, from).unwrap_or((line, col));
        if !units.has_currency(from) {
            problems.push(Problem::new(file, l, c, format!("fallback rate from unknown currency `{from}`")));
        }
        for (to, rate) in row {
            if !units.has_currency(to) {
                problems.push(Problem::new(file, l, c, format!("fallback rate {from}→{to}: unknown currency `{to}`")));
            }
            if !(rate.is_finite() && *rate > 0.0) {
                problems.push(Problem::new(file, l, c, format!("fallback rate {from}→{to} must be a positive number")));
            }
        }
    }
}

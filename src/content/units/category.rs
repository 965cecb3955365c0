//! One category of `content/units.yaml` checked on its own: its key, label, precision,
//! accent, icon and group, each unit's key, former keys, system, names and kind, the base
//! and default naming its units, and its compounds; every problem at the line and column of
//! the value it is about.

use crate::content::kinds::Kind;
use crate::content::model::{UnitCategory, CARD_COLORS, GROUPS};
use crate::content::positions::{Positions, Value};
use crate::diagnostics::{Problem, Problems};
use std::collections::HashSet;
use std::path::Path;

/// The unit systems the islands group units by (generated as `UNIT_SYSTEMS` for them).
pub const SYSTEMS: [&str; 3] = ["metric", "imperial", "other"];
/// Decimals a category may show: a double carries about 15 significant digits.
const MAX_PRECISION: u32 = 12;

/// Positions inside one category; what is not found there, at the category's key.
pub(super) struct Locator<'a, 'p, 't> {
    file: &'a Path,
    category: Value<'p, 't>,
    pub(super) fallback: (usize, usize),
}

impl<'a, 'p, 't> Locator<'a, 'p, 't> {
    /// The category `key` of `categories:`.
    pub(super) fn new(file: &'a Path, positions: &'p Positions<'t>, key: &str) -> Locator<'a, 'p, 't> {
        let category = positions.get("categories").get(key);
        Locator { file, category, fallback: category.key_position().unwrap_or((1, 1)) }
    }

    fn problem(&self, at: (usize, usize), message: String) -> Problem {
        Problem::new(self.file, at.0, at.1, message)
    }

    /// The value of the category's `key:`.
    fn key(&self, key: &str) -> (usize, usize) {
        self.category.get(key).or(self.fallback)
    }

    /// The value of `field:` inside `parent:` (`default: { from: a, to: b }`), else `parent:`.
    fn nested(&self, parent: &str, field: &str) -> (usize, usize) {
        let parent = self.category.get(parent);
        parent.get(field).position().or(parent.position()).unwrap_or(self.fallback)
    }

    /// Where the category's unit `index` starts.
    pub(super) fn unit_position(&self, index: usize) -> (usize, usize) {
        let unit = self.category.get("units").get(index);
        unit.position().or(unit.get("key").position()).unwrap_or_else(|| self.key("units"))
    }

    /// The category's unit `index`, at `field`'s value when it has it, else at its key.
    fn unit(&self, index: usize, field: Option<&str>) -> (usize, usize) {
        self.item("units", index, field)
    }

    /// Value `index` of the category's list of words `list`, else at `list:`.
    fn scalar(&self, list: &str, index: usize) -> (usize, usize) {
        self.category.get(list).get(index).position().unwrap_or_else(|| self.key(list))
    }

    /// Rung `rung` of ladder `ladder`, else the ladder, else `ladders:`.
    fn rung(&self, ladder: usize, rung: usize) -> (usize, usize) {
        let steps = self.category.get("ladders").get(ladder);
        steps.get(rung).position().or(steps.position()).unwrap_or_else(|| self.key("ladders"))
    }

    /// Item `index` of the category's `list` (units, compounds), at `field`'s value when it
    /// has it, else at its `key`; at `list:` when there is no such item.
    fn item(&self, list: &str, index: usize, field: Option<&str>) -> (usize, usize) {
        let item = self.category.get(list).get(index);
        field.and_then(|f| item.get(f).position()).or(item.get("key").position()).unwrap_or_else(|| self.key(list))
    }
}

fn is_word(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

pub(super) fn validate_category(at: &Locator, c: &UnitCategory, problems: &mut Problems) {
    let name = &c.key;
    let mut bad = |pos: (usize, usize), msg: String| problems.push(at.problem(pos, format!("category {name}: {msg}")));
    if !is_word(name) {
        bad(at.fallback, "the key must be lower-case letters, digits and _ (it names the category in addresses and code)".into());
    }
    if c.label.trim().is_empty() {
        bad(at.key("label"), "label is empty".into());
    }
    if c.precision > MAX_PRECISION {
        bad(at.key("precision"), format!("precision {} is more decimals than a double holds; use 0 to {MAX_PRECISION}", c.precision));
    }
    if !CARD_COLORS.contains(&c.accent.as_str()) {
        bad(at.key("accent"), format!("accent `{}` is not one of {}", c.accent, CARD_COLORS.join(", ")));
    }
    for d in &c.icon {
        if d.is_empty() || !d.chars().all(|ch| ch.is_ascii_digit() || " .,-MmLlHhVvCcSsQqTtAaZz".contains(ch)) {
            bad(at.key("icon"), format!("icon path `{d}` is not SVG path data (commands M L H V C S Q T A Z and numbers)"));
        }
    }
    if c.units.is_empty() {
        bad(at.key("units"), "has no units".into());
    }
    if !GROUPS.iter().any(|(g, _)| *g == c.group) {
        let groups: Vec<&str> = GROUPS.iter().map(|(g, _)| *g).collect();
        bad(at.key("group"), format!("group `{}` is not one of {}", c.group, groups.join(", ")));
    }
    let mut seen = HashSet::new();
    for (i, unit) in c.units.iter().enumerate() {
        let u = &unit.key;
        if !seen.insert(u.as_str()) {
            bad(at.unit(i, None), format!("unit {u} appears twice"));
        }
        if !is_word(u) {
            bad(at.unit(i, None), format!("unit key `{u}` must be lower-case letters, digits and _"));
        }
        for old in &unit.formerly {
            // A former key opens this unit: it must not be (or have been) another unit's key.
            let taken = c.units.iter().any(|o| &o.key == old || (o.key != *u && o.formerly.contains(old)));
            if !is_word(old) || taken {
                bad(at.unit(i, Some("formerly")), format!("unit {u}: former key `{old}` must be lower-case letters, digits and _, and no other unit's key"));
            }
        }
        if !SYSTEMS.contains(&unit.system.as_str()) {
            bad(at.unit(i, Some("system")), format!("unit {u}: system `{}` is not one of {}", unit.system, SYSTEMS.join(", ")));
        }
        if unit.name.trim().is_empty() || unit.symbol.trim().is_empty() {
            bad(at.unit(i, Some("name")), format!("unit {u}: name and symbol must not be empty"));
        }
        for (field, text) in [("source", &unit.source), ("gnu", &unit.gnu)] {
            if text.as_ref().is_some_and(|t| t.trim().is_empty()) {
                bad(at.unit(i, Some(field)), format!("unit {u}: `{field}` is empty (leave it out instead)"));
            }
        }
        match unit.kind() {
            Err((field, message)) => bad(at.unit(i, Some(field)), format!("unit {u} {message}")),
            Ok(kind) if unit.cooking && !matches!(kind, Kind::Linear(_)) => {
                bad(at.unit(i, Some("cooking")), format!("unit {u}: `cooking` (results as fractions) is for linear units, not {} ones", kind.name()))
            }
            Ok(_) => {}
        }
    }
    let has = |k: &str| c.units.iter().any(|u| u.key == k);
    for (what, pos, key) in [
        ("base", at.key("base"), &c.base),
        ("default.from", at.nested("default", "from"), &c.default.from),
        ("default.to", at.nested("default", "to"), &c.default.to),
    ] {
        if !has(key) {
            bad(pos, format!("{what} names unit {key}, which is not in its units"));
        }
    }
    for (i, key) in c.usual.iter().enumerate() {
        let at = at.scalar("usual", i);
        match c.units.iter().find(|u| &u.key == key) {
            None => bad(at, format!("usual names unit {key}, which is not in its units")),
            Some(u) if !matches!(u.kind(), Ok(Kind::Linear(_))) => bad(at, format!("usual unit {key} is not linear: a counterpart is chosen by size")),
            Some(u) if u.system == "other" => bad(at, format!("usual unit {key} is in neither the metric nor the imperial system")),
            Some(_) => {}
        }
    }
    check_ladders(c, at, &mut bad);
    if let Some((i, base)) = c.units.iter().enumerate().find(|(_, u)| u.key == c.base) {
        if let Ok(kind) = base.kind() {
            if !kind.is_identity() {
                let field = match kind {
                    Kind::Linear(_) => "factor",
                    Kind::Reciprocal(_) => "reciprocal",
                    Kind::Affine { .. } => "scale",
                };
                bad(at.unit(i, Some(field)), format!("base unit {} must be the base itself: `factor: 1`, or `scale: 1, offset: 0`", c.base));
            }
        }
    }
}

/// Ladders: two rungs or more, each a linear unit of the category, from smallest to largest
/// (a rung is chosen by size, so an unordered ladder would choose wrong).
fn check_ladders(c: &UnitCategory, at: &Locator, bad: &mut impl FnMut((usize, usize), String)) {
    for (l, ladder) in c.ladders.iter().enumerate() {
        if ladder.len() < 2 {
            bad(at.rung(l, 0), "a ladder needs two units or more, smallest first".into());
        }
        let mut below: Option<(&str, f64)> = None;
        for (r, key) in ladder.iter().enumerate() {
            let size = match c.units.iter().find(|u| &u.key == key).map(|u| u.kind()) {
                None => {
                    bad(at.rung(l, r), format!("ladder names unit {key}, which is not in its units"));
                    continue;
                }
                Some(Ok(Kind::Linear(factor))) => factor.value(),
                // A wrong definition is reported at the unit's own line.
                Some(Err(_)) => continue,
                Some(Ok(_)) => {
                    bad(at.rung(l, r), format!("ladder unit {key} is not linear: a rung is chosen by size"));
                    continue;
                }
            };
            if let Some((smaller, its_size)) = below.filter(|&(_, s)| s >= size) {
                bad(
                    at.rung(l, r),
                    format!(
                        "ladder unit {key} is not larger than {smaller} before it ({}): list a ladder smallest first",
                        if its_size == size { "the same size" } else { "it is smaller" }
                    ),
                );
            }
            below = Some((key, size));
        }
    }
}

/// Compounds: at least two parts, units of the category from largest to smallest, and a key
/// of their own (it is a choice in the To menu beside the unit keys).
pub(super) fn validate_compounds(at: &Locator, c: &UnitCategory, problems: &mut Problems) {
    let mut seen = HashSet::new();
    for (i, compound) in c.compounds.iter().enumerate() {
        let pos = at.item("compounds", i, None);
        let mut bad = |msg: String| problems.push(at.problem(pos, msg));
        // A unit whose definition is wrong is reported at its own line, not as a reading here.
        if let Some(reading) = c.units.iter().find(|u| matches!(u.kind(), Ok(Kind::Reciprocal(_) | Kind::Affine { .. }))) {
            bad(format!(
                "compound `{}`: the parts of a compound add up, and `{}` has readings that do not (its unit `{}` is not linear)",
                compound.key, c.key, reading.key
            ));
            continue;
        }
        if !seen.insert(compound.key.as_str()) || c.units.iter().any(|u| u.key == compound.key) {
            bad(format!("compound key `{}` is already used in `{}`", compound.key, c.key));
        }
        if compound.parts.len() < 2 {
            bad(format!("compound `{}` needs at least two parts", compound.key));
        }
        let mut previous: Option<f64> = None;
        for part in &compound.parts {
            match c.units.iter().find(|u| &u.key == part) {
                None => bad(format!("compound `{}` names unknown unit `{part}` of `{}`", compound.key, c.key)),
                Some(u) => {
                    let f = match u.kind() {
                        Ok(Kind::Linear(f)) => f.value(),
                        _ => 0.0,
                    };
                    if previous.is_some_and(|p| f >= p) {
                        bad(format!("compound `{}`: parts must go from the largest unit to the smallest (`{part}` is not smaller)", compound.key));
                    }
                    previous = Some(f);
                }
            }
        }
    }
}

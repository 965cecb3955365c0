//! `content/ingredients.yaml`: the Cooking converter's ingredients and what a US cup of each
//! weighs, so kitchen volumes convert to weights and back. The measures it offers are
//! units of content/units.yaml (its volume and weight categories), named by key, so no
//! factor is written twice. Validated here, every problem at its `file:line:column`.

use super::exact::{Exact, ExactText};
use super::kinds::Kind;
use super::model::{Unit, GROUPS};
use super::positions::Positions;
use super::units::Units;
use crate::diagnostics::{Problem, Problems};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::Path;

pub const FILE: &str = "content/ingredients.yaml";
/// The category key of the converter page that converts by ingredient.
pub const COOKING: &str = "cooking";

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Cooking {
    /// The converter's name ("Cooking"), as its card and history entries say it.
    pub label: String,
    /// Where the home page and the menu list it (one of GROUPS).
    pub group: String,
    /// Decimals shown.
    pub precision: u32,
    pub measures: Measures,
    pub default: CookingDefault,
    pub ingredients: Vec<Ingredient>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Measures {
    pub volume: MeasureSet,
    pub weight: MeasureSet,
    /// The volume measure an ingredient's `weighs` is per unless it says (a US cup); the
    /// card converts with one of it as the unit the ingredient's density is given in.
    pub cup: String,
    /// The weight measure an ingredient's `weighs` is in unless it says (a gram); the card's base.
    pub gram: String,
}

/// Units of one category of units.yaml, in the order the menus offer them.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MeasureSet {
    pub category: String,
    pub units: Vec<String>,
}

impl MeasureSet {
    /// The unit `key` of this set's units.yaml category.
    pub fn unit<'u>(&self, units: &'u Units, key: &str) -> Option<&'u Unit> {
        units.category(&self.category)?.units.iter().find(|u| u.key == key)
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CookingDefault {
    pub ingredient: String,
    pub from: String,
    pub to: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Ingredient {
    pub key: String,
    pub name: String,
    /// More words a visitor may type for it after a quantity ("3 cups flour").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// What `per` of it weighs, in `unit`, as its source gives it: a typical value.
    pub weighs: ExactText,
    /// A weight measure's key; the file's `measures.gram` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// A volume measure's key; the file's `measures.cup` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per: Option<String>,
    /// The reference the figure comes from, named on the page.
    pub source: String,
    /// The same density in GNU units (`flour_spooned`), which the tests compare with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gnu: Option<String>,
}

impl Ingredient {
    /// Every word that names it: its name and aliases, as a Value field compares them.
    pub fn words(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str()).chain(self.aliases.iter().map(String::as_str))
    }
}

fn fold(word: &str) -> String {
    word.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// Reads and validates the file (None, and the problems, when it cannot be used).
pub fn load(file: &Path, text: &str, units: &Units, problems: &mut Problems) -> Option<Cooking> {
    let cooking: Cooking = match crate::content::yaml::read(file, text, 0) {
        Ok(read) => read,
        Err(problem) => {
            problems.push(problem);
            return None;
        }
    };
    let before = problems.0.len();
    let positions = Positions::of(text);
    let top = |key: &str| positions.get(key).or((1, 1));
    let mut bad = |(l, c): (usize, usize), message: String| problems.push(Problem::new(file, l, c, message));
    if !GROUPS.iter().any(|(g, _)| *g == cooking.group) {
        bad(top("group"), format!("group `{}` is not one of {}", cooking.group, GROUPS.map(|(g, _)| g).join(", ")));
    }
    if cooking.label.trim().is_empty() {
        bad(top("label"), "label is empty".into());
    }
    if cooking.precision > 12 {
        bad(top("precision"), format!("precision {} is more decimals than a double holds; use 0 to 12", cooking.precision));
    }
    let measures = &cooking.measures;
    let measures_at = positions.get("measures");
    for (what, set) in [("volume", &measures.volume), ("weight", &measures.weight)] {
        let set_at = measures_at.get(what);
        let Some(category) = units.category(&set.category) else {
            bad(set_at.get("category").or(top("measures")), format!("measures.{what}: `{}` is not a category of units.yaml", set.category));
            continue;
        };
        for (i, key) in set.units.iter().enumerate() {
            let at = set_at.get("units").get(i).or(top("measures"));
            match category.units.iter().find(|u| &u.key == key) {
                None => bad(at, format!("measures.{what}: `{key}` is not a unit of `{}` in units.yaml", set.category)),
                Some(u) if !u.is_linear() => bad(at, format!("measures.{what}: `{key}` is not linear: a kitchen measure is a plain amount")),
                Some(_) => {}
            }
        }
        if set.units.is_empty() {
            bad(set_at.get("units").or(top("measures")), format!("measures.{what} lists no units"));
        }
    }
    let offered: Vec<&String> = measures.volume.units.iter().chain(&measures.weight.units).collect();
    for (what, key, set) in [("cup", &measures.cup, &measures.volume.units), ("gram", &measures.gram, &measures.weight.units)] {
        if !set.contains(key) {
            bad(measures_at.get(what).or(top("measures")), format!("measures.{what}: `{key}` is not one of the {what}'s measures listed above"));
        }
    }
    let default_at = |field: &str| positions.get("default").get(field).or(top("default"));
    for (field, key) in [("from", &cooking.default.from), ("to", &cooking.default.to)] {
        if !offered.contains(&key) {
            bad(default_at(field), format!("default.{field}: `{key}` is not one of the measures"));
        }
    }
    if !cooking.ingredients.iter().any(|i| i.key == cooking.default.ingredient) {
        bad(default_at("ingredient"), format!("default.ingredient: `{}` is not an ingredient below", cooking.default.ingredient));
    }
    if cooking.ingredients.is_empty() {
        bad(top("ingredients"), "no ingredients: the converter needs at least one".into());
    }
    let unit_words: HashSet<String> = units
        .categories
        .iter()
        .flat_map(|c| &c.units)
        .flat_map(|u| [u.key.replace('_', " "), u.symbol.clone()].into_iter().chain(u.aliases.iter().cloned()))
        .map(|w| fold(&w))
        .collect();
    let (mut keys, mut words) = (HashSet::new(), HashSet::new());
    for (i, ingredient) in cooking.ingredients.iter().enumerate() {
        let item = positions.get("ingredients").get(i);
        // A field's value; the ingredient's key when the field is absent.
        let at = |field: &str| item.get(field).position().or(item.get("key").position()).unwrap_or(top("ingredients"));
        let k = &ingredient.key;
        if !keys.insert(k.as_str()) {
            bad(at("key"), format!("ingredient `{k}` appears twice"));
        }
        if !k.chars().next().is_some_and(|c| c.is_ascii_lowercase()) || !k.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
            bad(at("key"), format!("ingredient key `{k}` must be lower-case letters, digits and _"));
        }
        if ingredient.name.trim().is_empty() {
            bad(at("name"), format!("ingredient `{k}`: name is empty"));
        }
        if ingredient.source.trim().is_empty() {
            bad(at("source"), format!("ingredient `{k}`: name the source of its figure (a reference book, USDA FoodData Central, a baking company's chart)"));
        }
        match ingredient.weighs.parse() {
            Ok(g) if g.is_positive() && g.pi == 0 => {}
            Ok(_) => bad(at("weighs"), format!("ingredient `{k}`: `weighs: {}` must be a number above zero", ingredient.weighs)),
            Err(e) => bad(at("weighs"), format!("ingredient `{k}`: `weighs: {}` {e}", ingredient.weighs)),
        }
        for (field, key, set) in [("unit", &ingredient.unit, &measures.weight), ("per", &ingredient.per, &measures.volume)] {
            if let Some(key) = key.as_ref().filter(|key| !set.units.contains(key)) {
                bad(
                    at(field),
                    format!("ingredient `{k}`: `{field}: {key}` is not one of the measures.{} units", if field == "unit" { "weight" } else { "volume" }),
                );
            }
        }
        // The name first, then each alias, each located at itself.
        let word_at = |w: usize| if w == 0 { at("name") } else { item.get("aliases").get(w - 1).position().unwrap_or(at("aliases")) };
        for (w, word) in ingredient.words().enumerate() {
            // Matched at the end of what is typed ("3 cups 00 flour"), so any character goes.
            let folded = fold(word);
            if folded.is_empty() {
                bad(word_at(w), format!("ingredient `{k}` has an empty alias"));
            } else if unit_words.contains(&folded) {
                bad(word_at(w), format!("ingredient `{k}`: `{word}` is also a unit word of units.yaml"));
            } else if !words.insert(folded) {
                bad(word_at(w), format!("ingredient `{k}`: `{word}` also names another ingredient"));
            }
        }
    }
    (problems.0.len() == before).then_some(cooking)
}

impl Cooking {
    /// The cup (`measures.cup`) in millilitres, exactly (from its units.yaml factor in litres).
    pub fn cup_ml(&self, units: &Units) -> Option<Exact> {
        self.factor(units, &self.measures.volume, &self.measures.cup)?.times(Exact { num: 1000, den: 1, pi: 0 }).ok()
    }

    /// A measure's factor in units.yaml (to its category's base unit), exactly.
    fn factor(&self, units: &Units, set: &MeasureSet, key: &str) -> Option<Exact> {
        match set.unit(units, key)?.kind().ok()? {
            Kind::Linear(f) => Some(f),
            _ => None,
        }
    }

    /// What one `measures.cup` of `ingredient` weighs in `measures.gram`, exactly, from its
    /// `weighs`, `unit` and `per` and the units' factors (None when the file is not valid).
    pub fn grams_per_cup(&self, ingredient: &Ingredient, units: &Units) -> Option<Exact> {
        let m = &self.measures;
        let unit = self.factor(units, &m.weight, ingredient.unit.as_ref().unwrap_or(&m.gram))?;
        let per = self.factor(units, &m.volume, ingredient.per.as_ref().unwrap_or(&m.cup))?;
        let (gram, cup) = (self.factor(units, &m.weight, &m.gram)?, self.factor(units, &m.volume, &m.cup)?);
        ingredient.weighs.parse().ok()?.times(unit.over(gram).ok()?).ok()?.times(cup.over(per).ok()?).ok()
    }

    /// Grams per millilitre of `ingredient` (for the page's table).
    pub fn grams_per_ml(&self, ingredient: &Ingredient, units: &Units) -> Option<f64> {
        Some(self.grams_per_cup(ingredient, units)?.over(self.cup_ml(units)?).ok()?.value())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units() -> Units {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/content/units.yaml")).unwrap();
        let (mut p, mut w) = (Problems::default(), Problems::default());
        crate::content::units::load(Path::new("content/units.yaml"), &text, &mut p, &mut w).unwrap()
    }

    fn problems_of(text: &str) -> Vec<String> {
        let mut problems = Problems::default();
        load(Path::new(FILE), text, &units(), &mut problems);
        problems.0.iter().map(|p| p.to_string()).collect()
    }

    const GOOD: &str = "\
label: Cooking
group: cooking
precision: 2
measures:
  volume: { category: volume, units: [teaspoons, tablespoons, cups, milliliters] }
  weight: { category: weight, units: [grams, ounces] }
  cup: cups
  gram: grams
default: { ingredient: flour, from: cups, to: grams }
ingredients:
  - { key: flour, name: All-purpose flour, aliases: [plain flour], weighs: 4.25, unit: ounces, source: The Cake Bible }
  - { key: sugar, name: Granulated sugar, weighs: \"200\", source: The Cake Bible }
  - { key: salt, name: Table salt, weighs: 6, per: teaspoons, source: package label }
";

    #[test]
    fn the_real_file_and_a_good_one_have_no_problems() {
        assert_eq!(problems_of(GOOD), Vec::<String>::new());
        let real = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/content/ingredients.yaml")).unwrap();
        assert_eq!(problems_of(&real), Vec::<String>::new());
    }

    #[test]
    fn mistakes_are_located() {
        let text = GOOD
            .replace("weighs: 4.25", "weighs: 0")
            .replace("source: The Cake Bible }\n  - { key: sugar", "source: \" \" }\n  - { key: sugar")
            .replace("[plain flour]", "[plain flour, oz]")
            .replace("units: [grams, ounces]", "units: [grams, ounces, parsecs]")
            .replace("to: grams }", "to: stones }")
            .replace("per: teaspoons", "per: pints")
            .replace("weighs: \"200\"", "weighs: \"2OO\", unit: cups");
        assert_eq!(
            problems_of(&text),
            [
                "content/ingredients.yaml:6:54: measures.weight: `parsecs` is not a unit of `weight` in units.yaml",
                "content/ingredients.yaml:9:47: default.to: `stones` is not one of the measures",
                "content/ingredients.yaml:11:105: ingredient `flour`: name the source of its figure (a reference book, USDA FoodData Central, a baking company's chart)",
                "content/ingredients.yaml:11:80: ingredient `flour`: `weighs: 0` must be a number above zero",
                "content/ingredients.yaml:11:67: ingredient `flour`: `oz` is also a unit word of units.yaml",
                "content/ingredients.yaml:12:51: ingredient `sugar`: `weighs: 2OO` is not a number, a ratio such as \"5/18\", or a form with pi such as \"pi/180\"",
                "content/ingredients.yaml:12:64: ingredient `sugar`: `unit: cups` is not one of the measures.weight units",
                "content/ingredients.yaml:13:52: ingredient `salt`: `per: pints` is not one of the measures.volume units",
            ]
        );
    }

    #[test]
    fn a_figure_is_grams_per_cup_exactly_whatever_measures_it_is_given_in() {
        let mut problems = Problems::default();
        let units = units();
        let cooking = load(Path::new(FILE), GOOD, &units, &mut problems).unwrap();
        let per_cup = |i: usize| cooking.grams_per_cup(&cooking.ingredients[i], &units).unwrap();
        // 4.25 oz = 4.25 × 28.349523125 g; 6 g a teaspoon is 48 × 6 g a cup.
        assert_eq!(per_cup(0), Exact { num: 12048547328125, den: 100000000000, pi: 0 }.times(Exact::ONE).unwrap());
        assert_eq!(per_cup(1), Exact { num: 200, den: 1, pi: 0 });
        assert_eq!(per_cup(2), Exact { num: 288, den: 1, pi: 0 });
        let g = cooking.grams_per_ml(&cooking.ingredients[1], &units).unwrap();
        assert!((g - 200.0 / 236.5882365).abs() < 1e-12, "{g}");
    }
}

//! Converters inside articles: a paragraph of its own that reads
//! `{{ converter(from="cups", to="milliliters", value="1 1/2") }}` becomes a live converter
//! card preset to that pair (and value), prerendered with the page and hydrated when it
//! scrolls into view; a volume to a weight names its ingredient
//! (`{{ converter(from="cups", to="grams", ingredient="flour_spooned", value="2") }}`) and
//! becomes the Cooking converter's card. [`parse`] reads the shortcode's syntax; [`resolve`]
//! checks it against `content/units.yaml` and `content/ingredients.yaml`. Every mistake is a
//! problem at its place in the markdown file.

use super::ingredients::{Cooking, Ingredient, COOKING, FILE as INGREDIENTS};
use super::kinds::Kind;
use super::model::UnitCategory;
use super::units::Units;
use serde::Serialize;

/// The one shortcode there is, and what it takes.
const NAME: &str = "converter";
const KEYS: [&str; 4] = ["from", "to", "value", "ingredient"];
/// What an editor can copy when a shortcode is wrong.
pub const EXAMPLE: &str = "{{ converter(from=\"cups\", to=\"milliliters\", value=\"1 1/2\") }}";
/// The same for a volume to a weight, which converts by ingredient.
const BY_INGREDIENT: &str = "{{ converter(from=\"cups\", to=\"grams\", ingredient=\"flour_spooned\", value=\"2\") }}";
/// A preset value is a number someone reads, not a paragraph.
const MAX_VALUE_CHARS: usize = 40;

/// A shortcode as written: its arguments with where each value starts (byte offsets in the
/// paragraph's text).
#[derive(Debug, PartialEq)]
pub struct Shortcode {
    pub args: Vec<(String, String, usize)>,
}

/// Whether a paragraph is meant as a shortcode: `{{ … }}`, the whole paragraph, or one that
/// starts as a converter and is not closed (which [`parse`] then says).
pub fn is_shortcode(paragraph: &str) -> bool {
    let t = paragraph.trim();
    (t.starts_with("{{") && (t.ends_with("}}") || t.contains(&format!("{NAME}(")))) || (t.starts_with("{%") && t.contains(NAME))
}

/// Reads `{{ converter(key="value", …) }}`; a mistake comes with its byte offset in `text`.
pub fn parse(text: &str) -> Result<Shortcode, (usize, String)> {
    let mut r = Reader { text, at: 0 };
    r.skip_space();
    if r.rest().starts_with("{%") {
        return Err((r.at, format!("`{{% … %}}` is Zola's and Tera's form: a converter is written `{EXAMPLE}`")));
    }
    r.expect("{{")?;
    r.skip_space();
    let name_at = r.at;
    let name = r.word();
    if name != NAME {
        let shown = if name.is_empty() { r.rest().chars().take(20).collect() } else { name.to_string() };
        return Err((name_at, format!("unknown shortcode `{shown}`: the one there is puts a converter in the page, `{EXAMPLE}`")));
    }
    r.skip_space();
    r.expect("(")?;
    let mut args: Vec<(String, String, usize)> = Vec::new();
    loop {
        r.skip_space();
        if r.rest().starts_with(')') {
            r.at += 1;
            break;
        }
        if !args.is_empty() {
            r.expect(",")?;
            r.skip_space();
        }
        let key_at = r.at;
        let key = r.word().to_string();
        if key.is_empty() {
            return Err((key_at, format!("expected an argument such as `from=\"feet\"` (the converter takes {})", KEYS.join(", "))));
        }
        if !KEYS.contains(&key.as_str()) {
            return Err((key_at, format!("unknown argument `{key}`: the converter takes {}", KEYS.join(", "))));
        }
        if args.iter().any(|(k, _, _)| *k == key) {
            return Err((key_at, format!("`{key}` is given twice")));
        }
        r.skip_space();
        r.expect("=")?;
        r.skip_space();
        r.expect("\"")?;
        let value_at = r.at;
        let Some(len) = r.rest().find('"') else {
            return Err((value_at - 1, format!("the value of `{key}` has no closing `\"`")));
        };
        let value = r.rest()[..len].to_string();
        r.at += len + 1;
        args.push((key, value, value_at));
    }
    r.skip_space();
    if r.rest().is_empty() {
        return Err((text.trim_end().len(), format!("the converter is not closed: `}}}}` is missing after its `)` (write it as `{EXAMPLE}`)")));
    }
    r.expect("}}")?;
    r.skip_space();
    if !r.rest().is_empty() {
        return Err((r.at, "a converter goes in a paragraph of its own: nothing after its `}}`".to_string()));
    }
    Ok(Shortcode { args })
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn skip_space(&mut self) {
        self.at = self.text.len() - self.rest().trim_start().len();
    }

    fn word(&mut self) -> &'a str {
        let rest = self.rest();
        let len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        self.at += len;
        &rest[..len]
    }

    fn expect(&mut self, token: &str) -> Result<(), (usize, String)> {
        if self.rest().starts_with(token) {
            self.at += token.len();
            return Ok(());
        }
        let found: String = self.rest().chars().take(12).collect();
        let found = if found.is_empty() { "the end".to_string() } else { format!("`{found}`") };
        Err((self.at, format!("expected `{token}` here, found {found} (write it as `{EXAMPLE}`)")))
    }
}

/// What a shortcode can name: the units, and the Cooking converter's measures when the site
/// has content/ingredients.yaml (a volume to a weight is its to convert, by ingredient).
#[derive(Clone, Copy)]
pub struct Converters<'a> {
    pub units: &'a Units,
    pub cooking: Option<&'a Cooking>,
}

/// A converter to put in a page: a category's card preset to a pair and maybe a value, or
/// the Cooking converter's card (category `cooking`) preset to an ingredient as well.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Embed {
    pub category: String,
    /// The ingredient's key (content/ingredients.yaml) when the card is the Cooking converter's.
    pub ingredient: Option<String>,
    pub from: String,
    pub to: String,
    /// The value the card starts with; empty for none.
    pub value: String,
    /// The card's title level in the page's outline: one below the section it is in.
    pub heading_level: u8,
    /// The card's id prefix, unique in the page (two cards of a category may share a page).
    pub id: String,
}

/// Checks a shortcode against the units: `from` and `to` are unit keys of one category
/// (`to` may be a compound such as `feet_inches`), `value` a number; or a volume and a
/// weight of the Cooking converter's measures with an `ingredient`, a key of
/// content/ingredients.yaml. `nth` (from 1) makes the card's ids unique in the page;
/// `heading_level` is where it sits in the outline. Every argument's mistake is reported,
/// each where it is, in the order written: an editor fixes them all in one go, not one a build.
pub fn resolve(code: &Shortcode, converters: Converters, nth: usize, heading_level: u8) -> Result<Embed, Vec<(usize, String)>> {
    let units = converters.units;
    let arg = |key: &str| code.args.iter().find(|(k, _, _)| k == key).map(|(_, v, at)| (v.as_str(), *at));
    let (Some((from, from_at)), Some((to, to_at))) = (arg("from"), arg("to")) else {
        return Err(vec![(0, format!("the converter needs `from` and `to`: `{EXAMPLE}`"))]);
    };
    let mut wrong = Vec::new();
    let value = match arg("value") {
        None => String::new(),
        Some((v, at)) => number(v).map(str::to_string).unwrap_or_else(|why| {
            wrong.push((at, why));
            String::new()
        }),
    };
    let done = |mut wrong: Vec<(usize, String)>, embed: Option<Embed>| {
        wrong.sort_by_key(|&(at, _)| at);
        embed.filter(|_| wrong.is_empty()).ok_or(wrong)
    };
    if let Some(cooking) = converters.cooking.filter(|c| by_volume_and_weight(c, from, to)) {
        let ingredient = match arg("ingredient") {
            None => Err((to_at, needs_ingredient(from, to, cooking))),
            Some((asked, at)) => cooking.ingredients.iter().find(|i| i.key == asked).ok_or_else(|| (at, unknown_ingredient(asked, cooking))),
        };
        let ingredient = ingredient.map(|i| i.key.clone()).map_err(|problem| wrong.push(problem)).ok();
        let embed = Embed {
            category: COOKING.to_string(),
            ingredient,
            from: from.to_string(),
            to: to.to_string(),
            value,
            heading_level,
            id: format!("{COOKING}-converter-{nth}"),
        };
        return done(wrong, Some(embed));
    }
    let has = |c: &UnitCategory, key: &str| c.units.iter().any(|u| u.key == key) || c.compounds.iter().any(|k| k.key == key);
    let category = units.categories.iter().find(|c| c.units.iter().any(|u| u.key == from));
    if category.is_none() {
        let compound = units.categories.iter().any(|c| c.compounds.iter().any(|k| k.key == from));
        wrong.push((from_at, if compound { format!("`{from}` is a result in several units; it can only be `to`") } else { unknown_unit(from, units) }));
    }
    match (category, units.categories.iter().find(|c| has(c, to))) {
        (_, None) => wrong.push((to_at, unknown_unit(to, units))),
        (Some(category), Some(other)) if !has(category, to) => wrong.push((
            to_at,
            format!("`{from}` is a unit of {} and `{to}` one of {}: a converter's two units measure the same thing", label(category), label(other)),
        )),
        _ => {}
    }
    // Of an unknown word twice, the two "unknown" messages say it all.
    if from == to && category.is_some() {
        wrong.push((to_at, format!("`from` and `to` are both `{from}`: pick the unit readers convert to")));
    }
    if let Some((_, at)) = arg("ingredient") {
        wrong.push((
            at,
            format!("`{from}` to `{to}` does not depend on an ingredient: remove `ingredient` (it is for a volume to a weight, `{BY_INGREDIENT}`)"),
        ));
    }
    if let (Some(category), Some((_, at))) = (category, arg("value")) {
        if let Some(why) = impossible(category, from, &value) {
            wrong.push((at, why));
        }
    }
    let Some(category) = category else { return done(wrong, None) };
    let embed = Embed {
        category: category.key.clone(),
        ingredient: None,
        from: from.to_string(),
        to: to.to_string(),
        value,
        heading_level,
        id: format!("{}-converter-{nth}", category.key.replace('_', "-")),
    };
    done(wrong, Some(embed))
}

/// Whether `from` and `to` are a volume and a weight (either way) of the Cooking
/// converter's measures: what one weighs in the other depends on the ingredient.
fn by_volume_and_weight(cooking: &Cooking, from: &str, to: &str) -> bool {
    let m = &cooking.measures;
    let (volume, weight) = (|k: &str| m.volume.units.iter().any(|u| u == k), |k: &str| m.weight.units.iter().any(|u| u == k));
    (volume(from) && weight(to)) || (weight(from) && volume(to))
}

fn needs_ingredient(from: &str, to: &str, cooking: &Cooking) -> String {
    let (v, w) = if cooking.measures.volume.units.iter().any(|u| u == from) { (from, to) } else { (to, from) };
    format!(
        "`{v}` is a volume and `{w}` a weight: what one weighs in the other depends on the ingredient; name it with \
         `ingredient=\"…\"`, a key of {INGREDIENTS} (`{}`), as in `{BY_INGREDIENT}`",
        cooking.default.ingredient
    )
}

/// Why `word` is not an ingredient key, with the key meant when it is an ingredient's name
/// or alias (`flour` → `flour_spooned`).
fn unknown_ingredient(word: &str, cooking: &Cooking) -> String {
    let folded = word.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    let meant = |i: &&Ingredient| i.words().any(|w| w.to_lowercase() == folded) || i.key.replace('_', " ") == folded.replace(['-', '_'], " ");
    match cooking.ingredients.iter().find(meant) {
        Some(i) => format!("`{word}` is not an ingredient key: write `{}` ({})", i.key, i.name),
        None => format!("`{word}` is not an ingredient of {INGREDIENTS}: use an ingredient's `key` there (`flour_spooned`, `sugar`, `butter`)"),
    }
}

/// Why `word` is not a unit key, with the key meant when it is a unit's symbol, name or alias.
fn unknown_unit(word: &str, units: &Units) -> String {
    let folded = word.trim().to_lowercase();
    let mut meant = units.categories.iter().flat_map(|c| c.units.iter().map(move |u| (c, u))).filter(|(_, u)| {
        u.symbol.to_lowercase() == folded
            || u.name.to_lowercase() == folded
            || super::model::plain_name(&u.name).to_lowercase() == folded
            || u.aliases.iter().any(|a| a.to_lowercase() == folded)
            || u.key.replace('_', "-") == folded
    });
    match meant.next() {
        Some((category, unit)) => format!("`{word}` is not a unit key: write `{}` ({}, {})", unit.key, unit.name, label(category)),
        None => format!("`{word}` is not a unit of content/units.yaml: use a unit's `key` there (`feet`, `milliliters`, `celsius`)"),
    }
}

/// Why a preset value cannot be a reading of `from`, as the cards say: a temperature below
/// absolute zero, or a negative value where the category is reciprocal (fuel economy).
fn impossible(category: &UnitCategory, from: &str, value: &str) -> Option<String> {
    let x = value_of(value)?;
    let unit = category.units.iter().find(|u| u.key == from)?;
    if let Ok(Kind::Affine { scale, offset }) = unit.kind() {
        // The affine base is Celsius: −273.15 is absolute zero (with room for the double's last digit).
        let celsius = (x - offset.value()) / scale.value();
        return (celsius < -273.15 - 1e-9)
            .then(|| format!("value `{value} {}` is below absolute zero (−273.15 °C), the lowest temperature possible", unit.symbol));
    }
    let reciprocal = category.units.iter().any(|u| matches!(u.kind(), Ok(Kind::Reciprocal(_))));
    (reciprocal && x < 0.0).then(|| format!("value `{value}` is negative: {} is never below zero", label(category)))
}

/// The number a preset value (already read by [`number`]) stands for.
fn value_of(value: &str) -> Option<f64> {
    let v = value.trim().replace('−', "-").replace(',', "");
    let (sign, v) = v.strip_prefix('-').map_or((1.0, v.as_str()), |rest| (-1.0, rest));
    let fraction = |f: &str| f.split_once('/').and_then(|(n, d)| Some(n.parse::<f64>().ok()? / d.parse::<f64>().ok()?));
    let magnitude = match v.split_once(' ') {
        Some((whole, f)) => whole.parse::<f64>().ok()? + fraction(f)?,
        None if v.contains('/') => fraction(v)?,
        None => v.parse::<f64>().ok()?,
    };
    Some(sign * magnitude)
}

fn label(category: &UnitCategory) -> String {
    crate::content::model::label_in_text(&category.label)
}

/// A preset value: a number (`2.5`, `1,000`, `-40`), a fraction (`3/4`) or a mixed number
/// (`1 1/2`), the forms every card reads the same way.
fn number(value: &str) -> Result<&str, String> {
    let v = value.trim();
    let why = || format!("value `{value}` is not a number: write a number (`2.5`, `1,000`, `-40`), a fraction (`3/4`) or a mixed number (`1 1/2`)");
    if v.is_empty() || v.chars().count() > MAX_VALUE_CHARS {
        return Err(why());
    }
    let unsigned = v.strip_prefix('-').or_else(|| v.strip_prefix('−')).unwrap_or(v);
    let (whole, fraction) = match unsigned.split_once(' ') {
        Some((w, f)) => (Some(w), Some(f)),
        None if unsigned.contains('/') => (None, Some(unsigned)),
        None => (Some(unsigned), None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let decimal = |s: &str| {
        let (int, frac) = s.split_once('.').unwrap_or((s, "0"));
        let mut groups = int.split(',');
        let first = groups.next().unwrap_or_default();
        let grouped = (1..=3).contains(&first.len()) && groups.all(|g| g.len() == 3 && digits(g));
        digits(frac) && digits(first) && (grouped || !int.contains(','))
    };
    let whole_ok = match (whole, fraction) {
        (Some(w), Some(_)) => digits(w),
        (Some(w), None) => decimal(w),
        (None, _) => true,
    };
    let fraction_ok = fraction.is_none_or(|f| f.split_once('/').is_some_and(|(n, d)| digits(n) && digits(d) && d.bytes().any(|b| b != b'0')));
    if whole_ok && fraction_ok {
        Ok(v)
    } else {
        Err(why())
    }
}

/// The project's own content/units.yaml, for tests.
#[cfg(test)]
pub(crate) fn tests_units() -> Units {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/units.yaml");
    let text = std::fs::read_to_string(&file).expect("content/units.yaml reads");
    let (mut problems, mut warnings) = Default::default();
    super::units::load(&file, &text, &mut problems, &mut warnings).expect("content/units.yaml loads")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<(String, String)> {
        parse(text).unwrap().args.into_iter().map(|(k, v, _)| (k, v)).collect()
    }

    #[test]
    fn reads_the_arguments_with_any_spacing() {
        assert_eq!(
            args("{{ converter(from=\"cups\", to=\"milliliters\", value=\"1 1/2\") }}"),
            [("from".to_string(), "cups".to_string()), ("to".to_string(), "milliliters".to_string()), ("value".to_string(), "1 1/2".to_string())]
        );
        assert_eq!(args("{{converter( from = \"feet\",\n  to=\"meters\" )}}").len(), 2);
    }

    #[test]
    fn a_mistake_is_placed_where_it_is() {
        let text = "{{ converter(from=\"feet\", unit=\"meters\") }}";
        assert_eq!(parse(text).unwrap_err(), (26, "unknown argument `unit`: the converter takes from, to, value, ingredient".to_string()));
        let (at, why) = parse("{{ convert(from=\"feet\") }}").unwrap_err();
        assert_eq!((at, why.starts_with("unknown shortcode `convert`")), (3, true));
        let (at, why) = parse("{{ converter(from='feet') }}").unwrap_err();
        assert_eq!((at, why.starts_with("expected `\"` here, found `'feet')")), (18, true));
        assert!(parse("{{ converter(from=\"feet) }}").unwrap_err().1.contains("no closing"));
        assert!(parse("{{ converter(from=\"feet\" to=\"m\") }}").unwrap_err().1.starts_with("expected `,`"));
        assert!(parse("{{ converter(from=\"a\", from=\"b\") }}").unwrap_err().1.contains("twice"));
    }

    fn resolved(text: &str) -> Result<Embed, Vec<(usize, String)>> {
        resolve(&parse(text).map_err(|e| vec![e])?, Converters { units: &tests_units(), cooking: None }, 2, 3)
    }

    #[test]
    fn resolves_a_pair_of_one_category_to_its_card() {
        let embed = resolved("{{ converter(from=\"cups\", to=\"milliliters\", value=\"1 1/2\") }}").unwrap();
        assert_eq!((embed.category.as_str(), embed.value.as_str(), embed.id.as_str(), embed.heading_level), ("volume", "1 1/2", "volume-converter-2", 3));
        assert_eq!(resolved("{{ converter(from=\"feet\", to=\"feet_inches\") }}").unwrap().value, "");
    }

    #[test]
    fn says_what_is_wrong_with_a_pair_and_what_was_meant() {
        let why = |text: &str| resolved(text).unwrap_err().remove(0);
        assert_eq!(why("{{ converter(from=\"ft\", to=\"meters\") }}"), (19, "`ft` is not a unit key: write `feet` (Feet (ft), length)".to_string()));
        let (at, message) = why("{{ converter(from=\"feet\", to=\"grams\") }}");
        assert_eq!((at, message.as_str()), (30, "`feet` is a unit of length and `grams` one of weight: a converter's two units measure the same thing"));
        assert!(why("{{ converter(from=\"furlongz\", to=\"feet\") }}").1.contains("is not a unit of content/units.yaml"));
        assert!(why("{{ converter(from=\"feet_inches\", to=\"feet\") }}").1.contains("can only be `to`"));
        assert!(why("{{ converter(from=\"feet\", to=\"feet\") }}").1.contains("both `feet`"));
        assert!(why("{{ converter(from=\"feet\") }}").1.starts_with("the converter needs `from` and `to`"));
        assert_eq!(why("{{ converter(from=\"feet\", to=\"meters\", value=\"six\") }}").0, 46);
    }

    #[test]
    fn every_mistaken_argument_is_said_at_once_in_the_order_written() {
        let text = "{{ converter(from=\"furlongz\", to=\"meterz\", value=\"six\") }}";
        let found = resolved(text).unwrap_err();
        let at: Vec<usize> = found.iter().map(|(at, _)| *at).collect();
        assert_eq!(at, [text.find("furlongz").unwrap(), text.find("meterz").unwrap(), text.find("six").unwrap()], "{found:?}");
        assert!(found[0].1.contains("`furlongz`") && found[1].1.contains("`meterz`") && found[2].1.contains("is not a number"), "{found:?}");
        // A known unit of another category, after an unknown `from`, is no mistake of its own.
        assert_eq!(resolved("{{ converter(from=\"furlongz\", to=\"grams\") }}").unwrap_err().len(), 1);
        let two = resolved("{{ converter(from=\"feet\", to=\"grams\", value=\"-\") }}").unwrap_err();
        assert!(two[0].1.ends_with("measure the same thing") && two[1].1.contains("is not a number"), "{two:?}");
        // The same unknown word twice: it is unknown, each where it is, and nothing more.
        let twice = resolved("{{ converter(from=\"furlongz\", to=\"furlongz\") }}").unwrap_err();
        assert_eq!(twice.len(), 2, "{twice:?}");
        assert!(twice.iter().all(|(_, why)| why.contains("`furlongz` is not a unit")), "{twice:?}");
    }

    #[test]
    fn a_value_no_reading_can_have_is_refused_where_it_is() {
        let why = |text: &str| resolved(text).unwrap_err().remove(0);
        let (at, message) = why("{{ converter(from=\"celsius\", to=\"fahrenheit\", value=\"-300\") }}");
        assert_eq!((at, message.as_str()), (53, "value `-300 °C` is below absolute zero (−273.15 °C), the lowest temperature possible"), "{message}");
        assert!(why("{{ converter(from=\"fahrenheit\", to=\"kelvin\", value=\"-460\") }}").1.contains("below absolute zero"));
        assert!(why("{{ converter(from=\"kelvin\", to=\"celsius\", value=\"-1/2\") }}").1.contains("below absolute zero"));
        let fuel = why("{{ converter(from=\"us_miles_per_gallon\", to=\"liters_per_100_kilometers\", value=\"-30\") }}");
        assert!(fuel.1.contains("is negative"), "{fuel:?}");
        // Absolute zero itself, in every scale, and negatives where they are readings.
        for (from, value) in [("celsius", "-273.15"), ("fahrenheit", "-459.67"), ("kelvin", "0"), ("rankine", "0"), ("celsius", "-40")] {
            let to = if from == "kelvin" { "celsius" } else { "kelvin" };
            let text = format!("{{{{ converter(from=\"{from}\", to=\"{to}\", value=\"{value}\") }}}}");
            assert!(resolved(&text).is_ok(), "{text}");
        }
        assert!(resolved("{{ converter(from=\"feet\", to=\"meters\", value=\"-1 1/2\") }}").is_ok());
    }

    #[test]
    fn a_converter_left_open_is_said_to_be_so_at_its_end() {
        let text = "{{ converter(from=\"feet\",\n  to=\"meters\", value=\"180\")\n";
        assert!(is_shortcode(text));
        let (at, why) = parse(text).unwrap_err();
        assert_eq!((at, why.starts_with("the converter is not closed: `}}` is missing")), (text.trim_end().len(), true), "{why}");
        // Text that only mentions braces is not a shortcode.
        assert!(!is_shortcode("{{ page.title }} is a template variable"));
    }

    fn with_cooking(test: impl Fn(Converters)) {
        let units = tests_units();
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(INGREDIENTS);
        let text = std::fs::read_to_string(&file).expect("content/ingredients.yaml reads");
        let cooking = crate::content::ingredients::load(&file, &text, &units, &mut Default::default()).expect("content/ingredients.yaml loads");
        test(Converters { units: &units, cooking: Some(&cooking) });
    }

    #[test]
    fn a_volume_to_a_weight_with_its_ingredient_is_the_cooking_card() {
        with_cooking(|converters| {
            let embed = resolve(&parse(BY_INGREDIENT).unwrap(), converters, 2, 3).unwrap();
            assert_eq!(
                (embed.category.as_str(), embed.ingredient.as_deref(), embed.from.as_str(), embed.to.as_str(), embed.value.as_str(), embed.id.as_str()),
                ("cooking", Some("flour_spooned"), "cups", "grams", "2", "cooking-converter-2")
            );
            let back = resolve(&parse("{{ converter(from=\"ounces\", to=\"tablespoons\", ingredient=\"butter\") }}").unwrap(), converters, 1, 2).unwrap();
            assert_eq!((back.category.as_str(), back.ingredient.as_deref(), back.value.as_str()), ("cooking", Some("butter"), ""));
            // A pair of one category stays that category's card, without an ingredient.
            let volume = resolve(&parse("{{ converter(from=\"cups\", to=\"tablespoons\") }}").unwrap(), converters, 1, 2).unwrap();
            assert_eq!((volume.category.as_str(), volume.ingredient), ("volume", None));
        });
    }

    #[test]
    fn an_ingredient_is_asked_where_it_matters_and_only_there() {
        with_cooking(|converters| {
            let why = |text: &str| resolve(&parse(text).unwrap(), converters, 1, 2).unwrap_err().remove(0);
            for (text, at) in [("{{ converter(from=\"cups\", to=\"grams\") }}", 30), ("{{ converter(from=\"ounces\", to=\"tablespoons\") }}", 32)] {
                let (found_at, message) = why(text);
                assert_eq!(found_at, at, "{message}");
                assert!(message.contains("depends on the ingredient") && message.contains("ingredient=\"") && message.contains(INGREDIENTS), "{message}");
            }
            let text = "{{ converter(from=\"cups\", to=\"grams\", ingredient=\"flour\") }}";
            assert_eq!(
                why(text),
                (text.find("flour").unwrap(), "`flour` is not an ingredient key: write `flour_spooned` (All-purpose flour, spooned)".to_string())
            );
            assert!(why("{{ converter(from=\"cups\", to=\"grams\", ingredient=\"sawdust\") }}").1.contains("is not an ingredient of content/ingredients.yaml"));
            let text = "{{ converter(from=\"feet\", to=\"meters\", ingredient=\"sugar\") }}";
            let (at, message) = why(text);
            assert_eq!(at, text.find("sugar").unwrap());
            assert!(message.starts_with("`feet` to `meters` does not depend on an ingredient: remove `ingredient`"), "{message}");
            assert!(why("{{ converter(from=\"cups\", to=\"milliliters\", ingredient=\"sugar\") }}").1.contains("does not depend on an ingredient"));
            let both =
                resolve(&parse("{{ converter(from=\"cups\", to=\"grams\", ingredient=\"sawdust\", value=\"lots\") }}").unwrap(), converters, 1, 2).unwrap_err();
            assert!(both[0].1.contains("is not an ingredient") && both[1].1.contains("is not a number"), "{both:?}");
            assert!(why("{{ converter(from=\"feet\", to=\"grams\") }}").1.ends_with("a converter's two units measure the same thing"));
        });
    }

    #[test]
    fn values_are_numbers_fractions_or_mixed_numbers() {
        for ok in ["2.5", "1,000", "1,000,000.25", "-40", "−40", "3/4", "1 1/2", "0"] {
            assert!(number(ok).is_ok(), "{ok}");
        }
        for bad in ["", "abc", "1,00", "1/0", "1 1/0", "5 ft", "1.2.3", "1 1", "1e5", &"9".repeat(41)] {
            assert!(number(bad).is_err(), "{bad}");
        }
    }
}

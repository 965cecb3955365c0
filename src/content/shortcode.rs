//! Converters inside articles: a paragraph of its own that reads
//! `{{ converter(from="cups", to="milliliters", value="1 1/2") }}` becomes a live converter
//! card preset to that pair (and value), prerendered with the page and hydrated when it
//! scrolls into view. [`parse`] reads the shortcode's syntax; [`resolve`] checks it against
//! `content/units.yaml`. Every mistake is a problem at its place in the markdown file.

use super::ingredients::{Cooking, COOKING};
use super::model::UnitCategory;
use super::units::Units;
use serde::Serialize;

/// The one shortcode there is, and what it takes.
const NAME: &str = "converter";
const KEYS: [&str; 3] = ["from", "to", "value"];
/// What an editor can copy when a shortcode is wrong.
pub const EXAMPLE: &str = "{{ converter(from=\"cups\", to=\"milliliters\", value=\"1 1/2\") }}";
/// A preset value is a number someone reads, not a paragraph.
const MAX_VALUE_CHARS: usize = 40;

/// A shortcode as written: its arguments with where each value starts (byte offsets in the
/// paragraph's text).
#[derive(Debug, PartialEq)]
pub struct Shortcode {
    pub args: Vec<(String, String, usize)>,
}

/// Whether a paragraph is meant as a shortcode (`{{ … }}`, the whole paragraph).
pub fn is_shortcode(paragraph: &str) -> bool {
    let t = paragraph.trim();
    t.starts_with("{{") && t.ends_with("}}")
}

/// Reads `{{ converter(key="value", …) }}`; a mistake comes with its byte offset in `text`.
pub fn parse(text: &str) -> Result<Shortcode, (usize, String)> {
    let mut r = Reader { text, at: 0 };
    r.skip_space();
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

/// A converter to put in a page: a category's card preset to a pair and maybe a value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Embed {
    pub category: String,
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
/// (`to` may be a compound such as `feet_inches`), `value` a number. `nth` (from 1) makes
/// the card's ids unique in the page; `heading_level` is where it sits in the outline.
pub fn resolve(code: &Shortcode, converters: Converters, nth: usize, heading_level: u8) -> Result<Embed, (usize, String)> {
    let units = converters.units;
    let arg = |key: &str| code.args.iter().find(|(k, _, _)| k == key).map(|(_, v, at)| (v.as_str(), *at));
    let Some((from, from_at)) = arg("from") else { return Err((0, format!("the converter needs `from` and `to`: `{EXAMPLE}`"))) };
    let Some((to, to_at)) = arg("to") else { return Err((0, format!("the converter needs `from` and `to`: `{EXAMPLE}`"))) };
    let Some(category) = units.categories.iter().find(|c| c.units.iter().any(|u| u.key == from)) else {
        let compound = units.categories.iter().any(|c| c.compounds.iter().any(|k| k.key == from));
        let why = if compound { format!("`{from}` is a result in several units; it can only be `to`") } else { unknown_unit(from, units) };
        return Err((from_at, why));
    };
    let known_to = category.units.iter().any(|u| u.key == to) || category.compounds.iter().any(|k| k.key == to);
    if !known_to {
        let elsewhere = units.categories.iter().find(|c| c.units.iter().any(|u| u.key == to) || c.compounds.iter().any(|k| k.key == to));
        let why = match elsewhere {
            Some(other) => by_ingredient(from, to, converters.cooking).unwrap_or_else(|| {
                format!(
                    "`{from}` is a unit of {} and `{to}` one of {}: a converter's two units measure the same thing",
                    category.label.to_lowercase(),
                    other.label.to_lowercase()
                )
            }),
            None => unknown_unit(to, units),
        };
        return Err((to_at, why));
    }
    if from == to {
        return Err((to_at, format!("`from` and `to` are both `{from}`: pick the unit readers convert to")));
    }
    let value = match arg("value") {
        None => String::new(),
        Some((v, at)) => number(v).map_err(|why| (at, why))?.to_string(),
    };
    Ok(Embed {
        category: category.key.clone(),
        from: from.to_string(),
        to: to.to_string(),
        value,
        heading_level,
        id: format!("{}-converter-{nth}", category.key.replace('_', "-")),
    })
}

/// Why a volume and a weight of the Cooking converter's measures make no article converter:
/// what a cup weighs depends on the ingredient, which only the Cooking converter asks for.
fn by_ingredient(from: &str, to: &str, cooking: Option<&Cooking>) -> Option<String> {
    let m = &cooking?.measures;
    let (volume, weight) = (&m.volume.units, &m.weight.units);
    let (v, w) = if volume.iter().any(|k| k == from) { (from, to) } else { (to, from) };
    (volume.iter().any(|k| k == v) && weight.iter().any(|k| k == w)).then(|| {
        format!(
            "`{v}` is a volume and `{w}` a weight: what one weighs in the other depends on the ingredient, which an article's converter \
             does not ask; link to the Cooking converter (the page with `category: {COOKING}`) instead"
        )
    })
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

fn label(category: &UnitCategory) -> String {
    category.label.to_lowercase()
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
        assert_eq!(parse(text).unwrap_err(), (26, "unknown argument `unit`: the converter takes from, to, value".to_string()));
        let (at, why) = parse("{{ convert(from=\"feet\") }}").unwrap_err();
        assert_eq!((at, why.starts_with("unknown shortcode `convert`")), (3, true));
        let (at, why) = parse("{{ converter(from='feet') }}").unwrap_err();
        assert_eq!((at, why.starts_with("expected `\"` here, found `'feet')")), (18, true));
        assert!(parse("{{ converter(from=\"feet) }}").unwrap_err().1.contains("no closing"));
        assert!(parse("{{ converter(from=\"feet\" to=\"m\") }}").unwrap_err().1.starts_with("expected `,`"));
        assert!(parse("{{ converter(from=\"a\", from=\"b\") }}").unwrap_err().1.contains("twice"));
    }

    fn resolved(text: &str) -> Result<Embed, (usize, String)> {
        resolve(&parse(text)?, Converters { units: &tests_units(), cooking: None }, 2, 3)
    }

    #[test]
    fn resolves_a_pair_of_one_category_to_its_card() {
        let embed = resolved("{{ converter(from=\"cups\", to=\"milliliters\", value=\"1 1/2\") }}").unwrap();
        assert_eq!((embed.category.as_str(), embed.value.as_str(), embed.id.as_str(), embed.heading_level), ("volume", "1 1/2", "volume-converter-2", 3));
        assert_eq!(resolved("{{ converter(from=\"feet\", to=\"feet_inches\") }}").unwrap().value, "");
    }

    #[test]
    fn says_what_is_wrong_with_a_pair_and_what_was_meant() {
        let why = |text: &str| resolved(text).unwrap_err();
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
    fn a_volume_to_a_weight_is_sent_to_the_cooking_converter() {
        let units = tests_units();
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(crate::content::ingredients::FILE);
        let text = std::fs::read_to_string(&file).expect("content/ingredients.yaml reads");
        let cooking = crate::content::ingredients::load(&file, &text, &units, &mut Default::default()).expect("content/ingredients.yaml loads");
        let converters = Converters { units: &units, cooking: Some(&cooking) };
        for (text, at) in [("{{ converter(from=\"cups\", to=\"grams\") }}", 30), ("{{ converter(from=\"ounces\", to=\"tablespoons\") }}", 32)] {
            let (found_at, why) = resolve(&parse(text).unwrap(), converters, 1, 2).unwrap_err();
            assert_eq!(found_at, at, "{why}");
            assert!(why.contains("depends on the ingredient") && why.contains("`category: cooking`"), "{why}");
        }
        let (_, why) = resolve(&parse("{{ converter(from=\"feet\", to=\"grams\") }}").unwrap(), converters, 1, 2).unwrap_err();
        assert!(why.ends_with("a converter's two units measure the same thing"), "{why}");
        assert_eq!(resolve(&parse("{{ converter(from=\"cups\", to=\"tablespoons\") }}").unwrap(), converters, 1, 2).unwrap().category, "volume");
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

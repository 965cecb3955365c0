//! The shapes of everything under `content/`. Unknown fields are errors, so a typo in
//! front matter is reported instead of silently ignored.

use super::exact::ExactText;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SiteConfig {
    pub name: String,
    pub tagline: String,
    /// Author of articles that name none (`unitly new article` writes it in) and the author
    /// named in the Atom feed; the site's name when empty.
    #[serde(default)]
    pub author: String,
    pub base_url: String,
    pub language: String,
    pub copyright_year: u32,
    pub default_lastmod: String,
    pub contact: BTreeMap<String, String>,
    pub nav: Vec<String>,
    pub footer: Footer,
    #[serde(default)]
    pub ads: Ads,
    #[serde(default)]
    pub analytics: Analytics,
    #[serde(default)]
    pub turnstile: Turnstile,
    pub newsletter: Newsletter,
}

/// The newsletter's double opt-in: read by the edge (through the generated module) and
/// said by the page its confirmation link leads to.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Newsletter {
    /// How many hours the link in a confirmation mail works; the edge refuses it after.
    pub confirm_link_hours: std::num::NonZeroU32,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Footer {
    /// The sentence under the brand name in the footer.
    pub text: String,
    pub quick_links_heading: String,
    pub quick_links: Vec<String>,
    pub support_heading: String,
    pub support: Vec<String>,
    pub legal_heading: String,
    pub legal: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Ads {
    #[serde(default)]
    pub client: String,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Analytics {
    #[serde(default)]
    pub measurement_id: String,
}

/// Cloudflare Turnstile on the contact form and the newsletter box: on only with a site key
/// here and `TURNSTILE_SECRET` in the edge function's environment.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Turnstile {
    #[serde(default)]
    pub site_key: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum Schema {
    Calculator,
    Article,
    WebPage,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeFreq {
    Always,
    Hourly,
    Daily,
    Weekly,
    Monthly,
    Yearly,
    Never,
}

impl ChangeFreq {
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeFreq::Always => "always",
            ChangeFreq::Hourly => "hourly",
            ChangeFreq::Daily => "daily",
            ChangeFreq::Weekly => "weekly",
            ChangeFreq::Monthly => "monthly",
            ChangeFreq::Yearly => "yearly",
            ChangeFreq::Never => "never",
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoutesFile {
    #[serde(default)]
    pub collections: BTreeMap<String, Collection>,
    pub routes: Vec<RouteEntry>,
}

/// A folder of markdown files that each become a page (the blog).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Collection {
    pub dir: String,
    /// The collection's name in page titles (`Post | Unitly Blog`); the capitalised key when absent.
    #[serde(default)]
    pub label: Option<String>,
    pub path: String,
    pub template: String,
    pub schema: Schema,
    pub parent: String,
    pub priority: f64,
    pub changefreq: ChangeFreq,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteEntry {
    pub path: String,
    pub template: String,
    pub source: String,
    pub label: String,
    /// A shorter label for the desktop header navigation (`Length` for `Length Converter`).
    #[serde(default)]
    pub short_label: Option<String>,
    pub title: String,
    pub heading: String,
    pub description: String,
    pub keywords: Vec<String>,
    pub schema: Schema,
    #[serde(default)]
    pub parent: Option<String>,
    pub priority: f64,
    pub changefreq: ChangeFreq,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ArticleFront {
    pub title: String,
    pub excerpt: String,
    pub date: String,
    #[serde(rename = "readTime")]
    pub read_time: String,
    pub category: String,
    pub slug: String,
    #[serde(default)]
    pub featured: bool,
    #[serde(default)]
    pub keywords: Vec<String>,
    #[serde(default)]
    pub updated: Option<String>,
    /// Who wrote it (JSON-LD author); defaults to `author` of site.yaml.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// Kept out of `build` (no page, listing, sitemap, feed or search entry) until removed.
    #[serde(default)]
    pub draft: bool,
}

impl ArticleFront {
    /// The order the listings show articles in: newest first, then by slug.
    pub fn listing_order(&self, other: &ArticleFront) -> std::cmp::Ordering {
        other.date.cmp(&self.date).then(self.slug.cmp(&other.slug))
    }
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PageFront {
    #[serde(default)]
    pub intro: Option<String>,
    #[serde(default)]
    pub updated: Option<String>,
    #[serde(default)]
    pub effective: Option<String>,
    #[serde(default)]
    pub badges: Vec<Card>,
    #[serde(default)]
    pub popular: Vec<LinkCard>,
    /// The home page's live converters: category keys of units.yaml, or `currency`.
    #[serde(default)]
    pub quick: Vec<String>,
    #[serde(default)]
    pub why: Option<Why>,
    #[serde(default)]
    pub topics: Vec<Card>,
    #[serde(default)]
    pub newsletter: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub title: String,
    pub text: String,
    #[serde(default)]
    pub path: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LinkCard {
    pub label: String,
    pub path: String,
    #[serde(default)]
    pub text: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Why {
    pub heading: String,
    pub items: Vec<Card>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ConverterFront {
    pub category: String,
    pub preset: Pair,
    pub intro: String,
    #[serde(default)]
    pub widget: WidgetPlacement,
    #[serde(default)]
    pub faq: Vec<QuestionAnswer>,
    #[serde(default)]
    pub specialised: Vec<SpecialisedCard>,
    #[serde(default)]
    pub updated: Option<String>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WidgetPlacement {
    #[default]
    BeforeBody,
    AfterBody,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Pair {
    pub from: String,
    pub to: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionAnswer {
    pub question: String,
    /// Inline markdown as written; plain text once loaded (see `answer_html`).
    pub answer: String,
    /// The answer rendered (links, emphasis, code), set when loaded.
    #[serde(skip_deserializing, default)]
    pub answer_html: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialisedCard {
    pub title: String,
    pub description: String,
    #[serde(default)]
    pub path: Option<String>,
    pub color: String,
    #[serde(default)]
    pub coming_soon: bool,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FaqEntry {
    pub id: String,
    pub category: String,
    pub question: String,
    /// Inline markdown as written; plain text once loaded, for search (see `answer_html`).
    pub answer: String,
    /// The answer rendered (links, emphasis, code), set when loaded.
    #[serde(skip_deserializing, default)]
    pub answer_html: String,
}

pub const FAQ_CATEGORIES: [&str; 6] = ["General", "Currency", "Technical", "Privacy", "Features", "Troubleshooting"];
/// The accent colours a category's card and tile may take: the theme has a rule for each
/// (`.accent-{colour}` in components.css, `--accent-{colour}` in base.css; a test checks both).
pub const CARD_COLORS: [&str; 6] = ["blue", "green", "purple", "orange", "teal", "rose"];
/// The groups the home page and the category menu list categories under: key and heading,
/// in the order they are shown.
pub const GROUPS: [(&str, &str); 5] =
    [("everyday", "Everyday"), ("science", "Science"), ("engineering", "Engineering"), ("digital", "Digital"), ("cooking", "Cooking")];

// ---- units.yaml ----

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct UnitsFile {
    /// Kept as a YAML mapping so the categories keep the order editors gave them.
    pub categories: serde_yaml::Mapping,
    /// The featured currencies (listed first, with offline rates); any other ISO 4217
    /// currency the rate provider quotes converts too, named from the catalog.
    pub currencies: Vec<CurrencyEntry>,
    pub currency_default: Pair,
    pub fallback_rates: BTreeMap<String, BTreeMap<String, f64>>,
    pub limits: Limits,
}

/// What the converters and the edge function both enforce (`limits:` in units.yaml),
/// generated into the typed module both import so each number is written once.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// The largest currency Amount the card converts and the edge's rate routes accept.
    pub max_amount: u64,
    /// The longest contact-form fields, in characters (UTF-16 code units, as a browser counts).
    pub name_chars: u32,
    pub email_chars: u32,
    pub message_chars: u32,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct UnitCategory {
    #[serde(default)]
    pub key: String,
    pub label: String,
    /// Where the home page and the category menu list it: one of GROUPS. The templates get
    /// it through the category index (src/render/), so it stays out of the card's props.
    #[serde(skip_serializing)]
    pub group: String,
    pub base: String,
    pub precision: u32,
    pub default: Pair,
    /// The card's accent colour (one of CARD_COLORS); blue when not given.
    #[serde(default = "default_accent")]
    pub accent: String,
    /// The card's outline icon: SVG path data on a 24×24 grid, drawn with currentColor.
    /// A generic "convert" icon when not given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub icon: Vec<String>,
    pub units: Vec<Unit>,
    /// Results in several units, largest first (feet + inches).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub compounds: Vec<Compound>,
    /// A category of plain numbers (lakhs, millions): a number typed with no unit and a
    /// target in the category is counted in the base unit ("5 million in lakh").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub counts: bool,
    /// The metric and imperial units people use day to day (meters and feet, not fathoms): a
    /// unit's counterpart in the other system is the nearest of them in size, and the search
    /// box answers an amount typed alone in one of them. Not in a card's props: the search
    /// box's data adds it (src/search/answers.rs).
    #[serde(default, skip_serializing)]
    pub usual: Vec<String>,
    /// Units that step into each other, smallest first (B, kB, MB…): an amount alone that
    /// would read as a speck or a heap in a usual unit ("1 kB = 0.000000931 GiB") is said on
    /// the rung of that unit's ladder it reads best on ("1,000 B"). Search data only, as `usual`.
    #[serde(default, skip_serializing)]
    pub ladders: Vec<Vec<String>>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Compound {
    pub key: String,
    pub name: String,
    pub parts: Vec<String>,
    /// Whether a decimal reading of the largest part has its page in parts (decimal feet to
    /// feet and inches): false where a point already means parts (a horse's 15.2 hh is 15
    /// hands 2 inches). Pair pages only, as `ladders`.
    #[serde(default = "yes", skip_serializing)]
    pub decimal_page: bool,
    /// The units from which the build makes this compound's pair page (`pairs::reads_in_parts`),
    /// set after loading, never written in units.yaml: in a card's props and the search box's
    /// data, so that they link `/length-converter/centimeters-to-feet-and-inches`, which the
    /// category page would otherwise stand in for.
    #[serde(rename = "pagesFrom", skip_deserializing, default, skip_serializing_if = "Vec::is_empty")]
    pub pages_from: Vec<String>,
}

fn yes() -> bool {
    true
}

fn default_accent() -> String {
    "blue".into()
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    pub key: String,
    pub name: String,
    pub symbol: String,
    pub system: String,
    /// Linear: the size of one unit in the base unit (value × factor = base).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub factor: Option<ExactText>,
    /// Reciprocal: base = reciprocal ÷ value (L/100 km against km/L).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reciprocal: Option<ExactText>,
    /// Affine: value = base × scale + offset (units per base unit, and the reading at base zero).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<ExactText>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<ExactText>,
    /// More words a visitor may type for this unit ("foot", "'"), besides key and symbol.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Words of this unit (symbol or alias) that also name a unit of another category, which
    /// keeps them when nothing decides: the point's `pt`, the pint's. The card's category or
    /// the other unit typed decides (`12 pt to px`, `12 pt` on the length card).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shared: Vec<String>,
    /// A kitchen measure (cup, tablespoon): the card offers its results as fractions
    /// (`1 1/2 cups`). Reaches the islands through the generated module, not the props.
    #[serde(default, skip_serializing)]
    pub cooking: bool,
    /// The standard that defines the unit (shown on its converter page, never in props).
    #[serde(default, skip_serializing)]
    pub source: Option<String>,
    /// The GNU units expression the accuracy tests compare with, when the key is not one.
    #[serde(default, skip_serializing)]
    pub gnu: Option<String>,
    /// The symbol after a number other than 1 or a fraction, where the symbol is a word
    /// ("cups", "centuries"). Reaches the islands through the generated module.
    #[serde(default, skip_serializing)]
    pub plural: Option<String>,
    /// Keys this unit had before (`tons` of the metric tonne): addresses, favourites and
    /// history saved with one still open this unit. Not typed words.
    #[serde(default, skip_serializing)]
    pub formerly: Vec<String>,
}

/// A featured currency as units.yaml writes it: its ISO 4217 code, and words of its own only
/// where the catalog's (`src/content/currencies.rs`) will not do.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CurrencyEntry {
    pub code: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub symbol: Option<String>,
    #[serde(default)]
    pub flag: Option<String>,
    #[serde(default)]
    pub digits: Option<u32>,
}

/// A featured currency as the site shows it (the islands' props).
#[derive(Debug, Clone, Serialize)]
pub struct Currency {
    pub code: String,
    pub name: String,
    pub symbol: String,
    /// The issuer's flag emoji, or empty.
    pub flag: String,
    /// Decimals of an amount (its minor unit: JPY 0, KWD 3).
    pub digits: u32,
}

/// Words of unit names that keep their capital in running text: names of people, peoples and
/// bodies (degrees Celsius, British thermal units, International Table calories, Julian years).
const PROPER_WORDS: [&str; 9] = ["Celsius", "Fahrenheit", "Rankine", "Réaumur", "British", "Australian", "International", "Table", "Julian"];

/// A category's label inside a sentence ("a unit of electric current"): each word in lower
/// case, except one with a capital after its first letter, which is an acronym's spelling
/// ("HbA1c"). islands/src/lib/units.ts `labelInText` is the same rule.
pub fn label_in_text(label: &str) -> String {
    label.split(' ').map(|word| if word.chars().skip(1).any(char::is_uppercase) { word.to_string() } else { word.to_lowercase() }).collect::<Vec<_>>().join(" ")
}

/// A unit's name as a sentence writes it: its plain name (below) with the capitals of title
/// case dropped, except an acronym's and a proper word's: "US Gallons per 100 Miles (mpg US)" →
/// "US gallons per 100 miles", "Degrees Celsius" stays, "Kilowatt-Hours" → "kilowatt-hours".
pub fn prose_name(name: &str) -> String {
    let plain = plain_name(name);
    let mut out = String::with_capacity(plain.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let mut chars = word.chars();
        let title_case = matches!((chars.next(), chars.next()), (Some(a), Some(b)) if a.is_uppercase() && b.is_lowercase());
        if title_case && !PROPER_WORDS.contains(&word.as_str()) {
            let mut chars = word.chars();
            out.extend(chars.next().into_iter().flat_map(char::to_lowercase));
            out.push_str(chars.as_str());
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in plain.chars() {
        if c.is_alphabetic() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// "Feet (ft)" → "Feet"; "Feet + Inches (ft in)" → "Feet and Inches".
pub fn plain_name(name: &str) -> String {
    let bare = match name.rfind(" (") {
        Some(i) if name.ends_with(')') => &name[..i],
        _ => name,
    };
    // "Hours + Minutes + Seconds" reads "Hours, Minutes and Seconds".
    match bare.rsplit_once(" + ") {
        Some((first, last)) => format!("{} and {last}", first.replace(" + ", ", ")),
        None => bare.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::prose_name;

    #[test]
    fn a_label_in_a_sentence_keeps_an_acronyms_capitals() {
        assert_eq!(super::label_in_text("Electric Current"), "electric current");
        assert_eq!(super::label_in_text("HbA1c"), "HbA1c");
        assert_eq!(super::label_in_text("Spring Rate and Surface Tension"), "spring rate and surface tension");
    }

    #[test]
    fn a_name_in_a_sentence_keeps_only_acronyms_and_proper_words_capitalised() {
        for (name, prose) in [
            ("US Gallons per 100 Miles (mpg US)", "US gallons per 100 miles"),
            ("Degrees Celsius (°C)", "degrees Celsius"),
            ("Celsius (°C)", "Celsius"),
            ("British Thermal Units (BTU)", "British thermal units"),
            ("International Table Calories (cal IT)", "International Table calories"),
            ("Kilowatt-Hours (kWh)", "kilowatt-hours"),
            ("Ångströms (Å)", "ångströms"),
            ("Feet + Inches (ft in)", "feet and inches"),
            ("Hours + Minutes + Seconds (h min s)", "hours, minutes and seconds"),
            ("EC Therms (EC thm)", "EC therms"),
            ("Kelvin (K)", "kelvin"),
            ("Australian Tablespoons (aus tbsp)", "Australian tablespoons"),
        ] {
            assert_eq!(prose_name(name), prose, "{name}");
        }
    }
}

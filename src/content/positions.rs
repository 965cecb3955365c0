//! Where a value sits in a YAML text (line, column), for locating content problems: the
//! text is parsed once with its node positions (saphyr keeps a marker on every node), then
//! looked up by path, as serde read it.
//!
//! ```ignore
//! let units = Positions::of(text);
//! let factor = units.get("categories").get("length").get("units").get(3).get("factor");
//! Problem::new(file, factor.line_col(fallback), …)
//! ```
//!
//! A value is located at its first character (a quoted string at its quote, a flow mapping
//! or sequence at its `{` or `[`), except a block mapping or sequence, which starts on the
//! lines below its key and is located at the key. Lines and columns count from 1, columns
//! in characters. The text is parsed when a position is first asked for: most builds locate
//! nothing.

use saphyr::{LoadableYamlNode, MarkedYamlOwned, ScalarOwned, YamlDataOwned};

/// A YAML text's node positions.
pub struct Positions<'t> {
    text: &'t str,
    /// The file's line where `text` starts, less one (front matter starts on line 2).
    line_offset: usize,
    /// The first document, parsed at the first look-up; `None` when the text does not parse
    /// (serde_yaml has then reported the error itself) or is empty.
    root: std::sync::OnceLock<Option<MarkedYamlOwned>>,
}

/// One step of a path: a mapping's key or a sequence's index.
#[derive(Clone, Copy, Debug)]
pub enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

impl<'a> From<&'a str> for Step<'a> {
    fn from(key: &'a str) -> Step<'a> {
        Step::Key(key)
    }
}

impl<'a> From<&'a String> for Step<'a> {
    fn from(key: &'a String) -> Step<'a> {
        Step::Key(key)
    }
}

impl From<usize> for Step<'_> {
    fn from(index: usize) -> Self {
        Step::Index(index)
    }
}

impl<'t> Positions<'t> {
    /// A whole file's text.
    pub fn of(text: &'t str) -> Positions<'t> {
        Positions::starting_at(text, 1)
    }

    /// A YAML text that starts on line `first_line` of its file (a front matter block).
    pub fn starting_at(text: &'t str, first_line: usize) -> Positions<'t> {
        Positions { text, line_offset: first_line.saturating_sub(1), root: std::sync::OnceLock::new() }
    }

    /// The value under `step` of the document's top level.
    pub fn get<'s>(&self, step: impl Into<Step<'s>>) -> Value<'_, 't> {
        self.root().get(step)
    }

    /// Where the value at `path` is written (see [`Value::position`]): `at(&["site", "name"])`,
    /// or with [`Step`]s where a path mixes keys and indices.
    pub fn at<'s>(&self, path: &[impl Into<Step<'s>> + Copy]) -> Option<(usize, usize)> {
        path.iter().fold(self.root(), |value, &step| value.get(step)).position()
    }

    /// The text the positions are of.
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// Line and column in the file of a byte offset in [`Positions::text`].
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let (line, column) = crate::diagnostics::line_col(self.text, offset);
        (line + self.line_offset, column)
    }

    /// The document itself.
    pub fn root(&self) -> Value<'_, 't> {
        let root = self.root.get_or_init(|| MarkedYamlOwned::load_from_str(self.text).ok().and_then(|docs| docs.into_iter().next()));
        Value { positions: self, node: root.as_ref(), key: None }
    }
}

/// A value found (or not) by a path: looking further into a value that is not there finds
/// nothing, so a path is written whole and checked once, at the end.
#[derive(Clone, Copy)]
pub struct Value<'p, 't> {
    positions: &'p Positions<'t>,
    node: Option<&'p MarkedYamlOwned>,
    /// The key it is the value of (none for a sequence's item or the document).
    key: Option<&'p MarkedYamlOwned>,
}

impl<'p, 't> Value<'p, 't> {
    /// The value under a mapping's key or at a sequence's index.
    pub fn get<'s>(self, step: impl Into<Step<'s>>) -> Value<'p, 't> {
        let none = Value { positions: self.positions, node: None, key: None };
        let Some(node) = self.node else { return none };
        match (step.into(), &node.data) {
            (Step::Key(key), YamlDataOwned::Mapping(map)) => match map.iter().find(|(k, _)| key_text(k).as_deref() == Some(key)) {
                Some((k, v)) => Value { positions: self.positions, node: Some(v), key: Some(k) },
                None => none,
            },
            (Step::Index(i), YamlDataOwned::Sequence(items)) => Value { positions: self.positions, node: items.get(i), key: None },
            _ => none,
        }
    }

    /// Whether the path led to a value.
    pub fn exists(self) -> bool {
        self.node.is_some()
    }

    /// Where the value is written (see the module's doc for block collections).
    pub fn position(self) -> Option<(usize, usize)> {
        let node = self.node?;
        let block = matches!(node.data, YamlDataOwned::Mapping(_) | YamlDataOwned::Sequence(_)) && !self.starts_with(node, ['{', '[']);
        match (block, self.key) {
            (true, Some(key)) => Some(self.line_col(key)),
            _ => Some(self.line_col(node)),
        }
    }

    /// Where the key of this value is written (the value's own position for a sequence's
    /// item).
    pub fn key_position(self) -> Option<(usize, usize)> {
        match self.key {
            Some(key) => Some(self.line_col(key)),
            None => self.position(),
        }
    }

    /// [`Value::position`], or `fallback` when the path found nothing.
    pub fn or(self, fallback: (usize, usize)) -> (usize, usize) {
        self.position().unwrap_or(fallback)
    }

    /// Byte offset in the text of the value's first character (to search inside a value,
    /// such as a link in a markdown string).
    pub fn offset(self) -> Option<usize> {
        self.node.map(|n| self.byte_offset(n))
    }

    /// How many items or entries the value has (0 for a scalar or nothing).
    pub fn len(self) -> usize {
        match self.node.map(|n| &n.data) {
            Some(YamlDataOwned::Mapping(map)) => map.len(),
            Some(YamlDataOwned::Sequence(items)) => items.len(),
            _ => 0,
        }
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    fn line_col(self, node: &MarkedYamlOwned) -> (usize, usize) {
        let start = node.span.start;
        (start.line() + self.positions.line_offset, start.col() + 1)
    }

    fn byte_offset(self, node: &MarkedYamlOwned) -> usize {
        let start = node.span.start;
        let text = self.positions.text;
        let line_start: usize = text.split_inclusive('\n').take(start.line().saturating_sub(1)).map(str::len).sum();
        let line = &text[line_start.min(text.len())..];
        line_start + line.char_indices().nth(start.col()).map_or(line.len(), |(i, _)| i)
    }

    fn starts_with(self, node: &MarkedYamlOwned, chars: [char; 2]) -> bool {
        self.positions.text[self.byte_offset(node)..].starts_with(chars)
    }
}

/// A mapping key as text (keys are strings in our files; a number or a boolean is read as
/// written).
fn key_text(key: &MarkedYamlOwned) -> Option<String> {
    match &key.data {
        YamlDataOwned::Value(ScalarOwned::String(s)) => Some(s.clone()),
        YamlDataOwned::Value(ScalarOwned::Integer(i)) => Some(i.to_string()),
        YamlDataOwned::Value(ScalarOwned::Boolean(b)) => Some(b.to_string()),
        YamlDataOwned::Representation(s, ..) => Some(s.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "\
site: Unitly
nav: [/, '/blog', /about]
categories:
  length:
    default: { from: meters, to: feet }
    units:
      - { key: meters, factor: 1 }
      - key: feet
        factor: 0.3048
answer: |
  See [help](/help).
";

    #[test]
    fn values_are_located_at_their_first_character() {
        let p = Positions::of(TEXT);
        assert_eq!(p.get("site").position(), Some((1, 7)));
        assert_eq!(p.get("nav").position(), Some((2, 6)));
        assert_eq!(p.get("nav").get(1).position(), Some((2, 10)), "a quoted string at its quote");
        let length = p.get("categories").get("length");
        assert_eq!(length.get("default").get("to").position(), Some((5, 34)));
        assert_eq!(length.get("units").get(0).get("factor").position(), Some((7, 32)));
        assert_eq!(length.get("units").get(1).get("factor").position(), Some((9, 17)));
        assert_eq!(length.get("units").len(), 2);
        assert_eq!(p.at(&[Step::Key("nav"), Step::Index(2)]), Some((2, 19)));
        assert_eq!(p.at(&["categories", "length", "default", "from"]), Some((5, 22)));
    }

    #[test]
    fn block_collections_are_located_at_their_key() {
        let p = Positions::of(TEXT);
        assert_eq!(p.get("categories").get("length").position(), Some((4, 3)));
        assert_eq!(p.get("categories").get("length").get("units").position(), Some((6, 5)));
        assert_eq!(p.get("categories").get("length").key_position(), Some((4, 3)));
    }

    #[test]
    fn missing_paths_find_nothing() {
        let p = Positions::of(TEXT);
        assert_eq!(p.get("categories").get("speed").get("units").get(0).position(), None);
        assert_eq!(p.get("nav").get(7).or((1, 1)), (1, 1));
        assert_eq!(p.get("site").get("x").position(), None, "a scalar has no keys");
        assert_eq!(Positions::of("a: [unclosed").get("a").position(), None);
    }

    #[test]
    fn front_matter_lines_count_from_the_file() {
        let p = Positions::starting_at("title: Hi\nslug: hi\n", 2);
        assert_eq!(p.get("slug").position(), Some((3, 7)));
    }

    #[test]
    fn offsets_find_text_inside_a_value() {
        let p = Positions::of(TEXT);
        let answer = p.get("answer").offset().unwrap();
        assert!(TEXT[answer..].starts_with("See [help]"));
        let text = "é: 'ü'\nb: x\n";
        assert_eq!(&text[Positions::of(text).get("b").offset().unwrap()..], "x\n");
    }
}

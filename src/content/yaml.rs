//! Reading the content's YAML (front matter, routes, units, ingredients, FAQ) with anchors and
//! aliases (`&name`, `*name`) refused: serde_yaml expands every alias, so a 30 KB file naming
//! a long string a few thousand times is 100 MB in memory and on the page, and no editor needs
//! them.

use crate::diagnostics::Problem;
use saphyr_parser::{Event, Parser};
use serde::de::DeserializeOwned;
use std::path::Path;

/// `text` (from the file's line `line_offset + 1`) read as `T`, any problem located in `file`.
pub fn read<T: DeserializeOwned>(file: &Path, text: &str, line_offset: usize) -> Result<T, Problem> {
    if let Some(problem) = alias(file, text, line_offset) {
        return Err(problem);
    }
    serde_yaml::from_str(text).map_err(|e| Problem::from_yaml(file, &e, line_offset))
}

/// The first anchor or alias in `text`, located; none when the text does not parse (serde_yaml
/// then says why). Most texts hold neither character and are not parsed twice.
pub fn alias(file: &Path, text: &str, line_offset: usize) -> Option<Problem> {
    if !text.contains(['&', '*']) {
        return None;
    }
    for item in Parser::new_from_str(text) {
        let (event, span) = item.ok()?;
        let anchored = match event {
            Event::Alias(_) => true,
            Event::Scalar(_, _, anchor, _) | Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => anchor != 0,
            _ => false,
        };
        if anchored {
            let message = "YAML anchors and aliases (`&name`, `*name`) are not allowed: write each value out (a `*` or `&` that starts a text needs quotes)";
            return Some(Problem::new(file, span.start.line() + line_offset, span.start.col() + 1, message));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_alias_is_refused_where_it_is_written_and_text_with_the_signs_is_not() {
        let file = Path::new("content/blog/a.md");
        let at = |text: &str| alias(file, text, 1).map(|p| p.to_string());
        assert_eq!(at("title: Tips\nkeywords: [&a long, *a, *a]\n"), Some("content/blog/a.md:3:12: YAML anchors and aliases (`&name`, `*name`) are not allowed: write each value out (a `*` or `&` that starts a text needs quotes)".into()));
        assert_eq!(at("title: Salt & pepper\ndescription: \"*Bold* & 5 * 3\"\n"), None);
        assert_eq!(at("title: [unclosed\n"), None, "serde_yaml reports what does not parse");
        let read: Result<serde_yaml::Value, Problem> = read(file, "a: &x 1\nb: *x\n", 1);
        assert!(read.is_err());
    }
}

//! Splitting a markdown file into YAML front matter and body, and parsing the front
//! matter with errors located in the file (not in the extracted block).

use crate::diagnostics::Problem;
use serde::de::DeserializeOwned;
use std::path::Path;

/// A markdown source split at its `---` fences.
pub struct Split<'a> {
    pub yaml: &'a str,
    /// Line (0-based) of the file where the YAML block starts: add it to serde_yaml's lines.
    pub yaml_line_offset: usize,
    pub body: &'a str,
    /// Byte offset of the body in the file, to locate markdown problems.
    pub body_offset: usize,
}

impl<'a> Split<'a> {
    /// Where each value of the front matter sits, by its line in the file.
    pub fn positions(&self) -> super::positions::Positions<'a> {
        super::positions::Positions::starting_at(self.yaml, self.yaml_line_offset + 1)
    }
}

pub fn split<'a>(file: &Path, text: &'a str) -> Result<Split<'a>, Problem> {
    // A byte-order mark (some Windows editors write one) and spaces after the fence are no
    // reason to refuse a `---` line that is there.
    let start = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = start.split_inclusive('\n').next().unwrap_or("");
    if first.trim_end() != "---" {
        let why =
            if first.trim_start().starts_with("---") { "the first line must be `---` alone" } else { "expected YAML front matter opening with a `---` line" };
        return Err(Problem::new(file, 1, 1, why));
    }
    let rest = &start[first.len()..];
    let open_len = text.len() - rest.len();
    let mut pos = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            let yaml = &rest[..pos];
            let body_offset = open_len + pos + line.len();
            return Ok(Split { yaml, yaml_line_offset: 1, body: &text[body_offset..], body_offset });
        }
        pos += line.len();
    }
    Err(Problem::new(file, 1, 1, "front matter is not closed: expected a `---` line after the YAML block"))
}

/// Parses the front matter into `T`, locating any error in `file`: a duplicate field at its
/// second line, every missing field at once.
pub fn parse<T: DeserializeOwned>(file: &Path, split: &Split) -> Result<T, Problem> {
    let yaml = if split.yaml.trim().is_empty() { "{}" } else { split.yaml };
    if let Some(problem) = crate::content::yaml::alias(file, yaml, split.yaml_line_offset) {
        return Err(problem);
    }
    serde_yaml::from_str(yaml).map_err(|e| {
        let problem = Problem::from_yaml(file, &e, split.yaml_line_offset);
        let message = e.to_string();
        if let Some(field) = quoted_after(&message, "duplicate field `") {
            return duplicate(file, split, field).unwrap_or(problem);
        }
        match quoted_after(&message, "missing field `") {
            Some(first) => match all_missing::<T>(yaml, first) {
                Some(message) => Problem { message, ..problem },
                None => problem,
            },
            None => problem,
        }
    })
}

/// `x` in "… `x` …" after `prefix`.
fn quoted_after<'m>(message: &'m str, prefix: &str) -> Option<&'m str> {
    message.split_once(prefix)?.1.split('`').next()
}

/// A field set twice, located at its second line (serde_yaml places it at the mapping's start).
fn duplicate(file: &Path, split: &Split, field: &str) -> Option<Problem> {
    let key = |line: &str| line.strip_prefix(field).is_some_and(|rest| rest.trim_start().starts_with(':'));
    let mut lines = split.yaml.lines().enumerate().filter(|(_, l)| key(l)).map(|(i, _)| i + split.yaml_line_offset + 1);
    let (first, second) = (lines.next()?, lines.next()?);
    Some(Problem::new(file, second, 1, format!("duplicate field `{field}`: it is already set on line {first}")))
}

/// Every field missing, not only the first serde meets: each found is filled in and the parse
/// tried again. None when there is one.
fn all_missing<T: DeserializeOwned>(yaml: &str, first: &str) -> Option<String> {
    let mut value: serde_yaml::Value = serde_yaml::from_str(yaml).ok()?;
    let mut missing = vec![first.to_string()];
    while missing.len() < 20 {
        value.as_mapping_mut()?.insert(missing.last()?.as_str().into(), "x".into());
        let Err(e) = serde_yaml::from_value::<T>(value.clone()) else { break };
        match quoted_after(&e.to_string(), "missing field `") {
            Some(next) if !missing.iter().any(|m| m == next) => missing.push(next.to_string()),
            _ => break,
        }
    }
    let names: Vec<String> = missing.iter().map(|m| format!("`{m}`")).collect();
    let (last, rest) = names.split_last().filter(|(_, rest)| !rest.is_empty())?;
    Some(format!("missing fields {} and {last}", rest.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Front {
        title: String,
    }

    #[test]
    fn splits_and_parses() {
        let text = "---\ntitle: Hi\n---\n# Body\n";
        let s = split(Path::new("a.md"), text).unwrap();
        assert_eq!(s.body, "# Body\n");
        let f: Front = parse(Path::new("a.md"), &s).unwrap();
        assert_eq!(f.title, "Hi");
    }

    #[test]
    fn locates_yaml_errors_in_the_file() {
        let text = "---\ntitle: Hi\nbad: [unclosed\n---\nbody";
        let s = split(Path::new("a.md"), text).unwrap();
        let err = parse::<Front>(Path::new("a.md"), &s).unwrap_err();
        assert_eq!(err.file, Path::new("a.md"));
        assert!(err.line >= 3, "{err}");
    }

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Article {
        title: String,
        excerpt: String,
        date: String,
        category: String,
    }

    #[test]
    fn a_duplicate_is_located_at_its_second_line_and_every_missing_field_named() {
        let text = "---\ntitle: Hi\nexcerpt: x\ndate: d\ncategory: c\ntitle: Again\n---\nbody";
        let err = parse::<Article>(Path::new("a.md"), &split(Path::new("a.md"), text).unwrap()).unwrap_err();
        assert_eq!((err.line, err.message.as_str()), (6, "duplicate field `title`: it is already set on line 2"));
        let text = "---\ntitle: Hi\n---\nbody";
        let err = parse::<Article>(Path::new("a.md"), &split(Path::new("a.md"), text).unwrap()).unwrap_err();
        assert_eq!(err.message, "missing fields `excerpt`, `date` and `category`");
        let text = "---\ntitle: Hi\nexcerpt: x\ndate: d\n---\nbody";
        let err = parse::<Article>(Path::new("a.md"), &split(Path::new("a.md"), text).unwrap()).unwrap_err();
        assert_eq!(err.message, "missing field `category`", "one missing field, as serde says it");
    }

    #[test]
    fn missing_fences_are_problems() {
        assert!(split(Path::new("a.md"), "no front matter").is_err());
        assert!(split(Path::new("a.md"), "---\ntitle: x\n").is_err());
        // A byte-order mark and spaces after a fence are no reason to refuse it.
        let s = split(Path::new("a.md"), "\u{feff}--- \ntitle: Hi\n---  \r\nBody\n").unwrap();
        assert_eq!((s.yaml, s.body), ("title: Hi\n", "Body\n"));
    }
}

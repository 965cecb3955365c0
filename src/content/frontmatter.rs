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

/// Parses the front matter into `T`, locating any error in `file`.
pub fn parse<T: DeserializeOwned>(file: &Path, split: &Split) -> Result<T, Problem> {
    let yaml = if split.yaml.trim().is_empty() { "{}" } else { split.yaml };
    serde_yaml::from_str(yaml).map_err(|e| Problem::from_yaml(file, &e, split.yaml_line_offset))
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

    #[test]
    fn missing_fences_are_problems() {
        assert!(split(Path::new("a.md"), "no front matter").is_err());
        assert!(split(Path::new("a.md"), "---\ntitle: x\n").is_err());
        // A byte-order mark and spaces after a fence are no reason to refuse it.
        let s = split(Path::new("a.md"), "\u{feff}--- \ntitle: Hi\n---  \r\nBody\n").unwrap();
        assert_eq!((s.yaml, s.body), ("title: Hi\n", "Body\n"));
    }
}

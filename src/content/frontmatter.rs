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
        let why = if first.trim_start().starts_with("---") {
            "the first line must be `---` alone"
        } else if first.trim_end() == "+++" {
            "this front matter is TOML (`+++`, as Hugo and Zola write it): Unitly reads YAML between two `---` lines, `title: \"…\"` for `title = \"…\"`"
        } else {
            "expected YAML front matter opening with a `---` line"
        };
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

/// Parses the front matter into `T`, locating every problem in `file` at once: each unknown
/// field and each value of the wrong type (at its place), a duplicate field at its second
/// line, every missing field together, and a ` #` that would cut an unquoted value short.
/// `T` too when it could be read with the unknown fields left out (so that the page's route
/// is not reported missing elsewhere), none when a field it needs is wrong or missing.
pub fn parse<T: DeserializeOwned>(file: &Path, split: &Split) -> (Option<T>, Vec<Problem>) {
    let yaml = if split.yaml.trim().is_empty() { "{}" } else { split.yaml };
    if let Some(problem) = crate::content::yaml::alias(file, yaml, split.yaml_line_offset) {
        return (None, vec![problem]);
    }
    let mut problems = cut_by_comments(file, split);
    let mut text = yaml.to_string();
    // Fields left out because their value was wrong: not missing as well.
    let mut wrong: Vec<String> = Vec::new();
    loop {
        if text.trim().is_empty() {
            text = "{}".to_string();
        }
        let e = match serde_yaml::from_str::<T>(&text) {
            Ok(front) => return (Some(front), problems),
            Err(e) => e,
        };
        let mut problem = Problem::from_yaml(file, &e, split.yaml_line_offset);
        let message = e.to_string();
        if let Some(rule) = plain_rule(&message, &text, e.location().map(|l| l.line()), split.yaml_line_offset) {
            problem.message = rule;
        }
        if let Some(field) = quoted_after(&message, "duplicate field `") {
            problems.push(duplicate(file, split, field).unwrap_or(problem));
            return (None, problems);
        }
        if let Some(first) = quoted_after(&message, "missing field `") {
            let missing: Vec<String> = all_missing::<T>(&text, first).into_iter().filter(|m| !wrong.contains(m)).collect();
            // One, as serde says it (with its place in a list: "faq[1]: missing field `answer`").
            if missing.len() == 1 && missing[0] == first {
                problems.push(problem);
            } else if !missing.is_empty() {
                problems.push(Problem { message: missing_message(&missing), ..problem });
            }
            return (None, problems);
        }
        // A syntax error: nothing after it can be read reliably.
        let readable = serde_yaml::from_str::<serde_yaml::Value>(&text).is_ok();
        let unknown = quoted_after(&message, "unknown field `").is_some();
        let cut = e.location().filter(|_| readable).and_then(|l| without_field(&text, l.line()));
        problems.push(problem);
        match cut {
            Some((field, rest)) => {
                if !unknown {
                    wrong.push(field);
                }
                text = rest;
            }
            None => return (None, problems),
        }
    }
}

/// `text` with the top-level field whose block holds `line` (1-based) blanked out, its lines
/// kept as empty lines so that the lines after it keep their numbers; with the field's name.
fn without_field(text: &str, line: usize) -> Option<(String, String)> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let inside = |l: &str| l.trim().is_empty() || l.starts_with([' ', '\t', '-', '#']);
    let mut start = line.checked_sub(1).filter(|&i| i < lines.len())?;
    while start > 0 && inside(lines[start]) {
        start -= 1;
    }
    let field = lines[start].split_once(':')?.0.trim().to_string();
    if field.is_empty() || inside(lines[start]) {
        return None;
    }
    let end = (start + 1..lines.len()).find(|&i| !inside(lines[i])).unwrap_or(lines.len());
    let rest = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if (start..end).contains(&i) {
                if l.ends_with('\n') {
                    "\n"
                } else {
                    ""
                }
            } else {
                l
            }
        })
        .collect();
    Some((field, rest))
}

/// A ` #` in an unquoted value starts a YAML comment, which cuts the value short without a
/// word (`answer: … A #5 rebar …` published "… A"): each is a problem at the `#`.
fn cut_by_comments(file: &Path, split: &Split) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (n, line) in split.yaml.lines().enumerate() {
        let item = line.trim_start().trim_start_matches("- ");
        let Some((key, value)) = item.split_once(": ") else { continue };
        let value = value.trim_start();
        if key.contains([' ', '"', '\'', '#']) || value.is_empty() || value.starts_with(['"', '\'', '|', '>', '[', '{', '#']) {
            continue;
        }
        let Some(at) = value.find(" #").or_else(|| value.find("\t#")) else { continue };
        let kept = value[..at].trim_end();
        // A comment after a flag, a number or a date is one (`draft: true  # remove to publish`).
        let plain = matches!(kept.to_ascii_lowercase().as_str(), "true" | "false" | "yes" | "no" | "null" | "~");
        if plain || kept.chars().all(|c| c.is_ascii_digit() || ".-+:".contains(c)) {
            continue;
        }
        // Its end, where it would stop.
        let kept = match kept.char_indices().rev().nth(39) {
            Some((i, _)) => format!("…{}", &kept[i..]),
            None => kept.to_string(),
        };
        let column = line.len() - value.len() + at + 2;
        let message = format!(
            "` #` starts a YAML comment, so `{}` would end at \"{kept}\" and the rest be left out: put the whole value in quotes (\"…\") to keep it",
            key.trim()
        );
        problems.push(Problem::new(file, n + split.yaml_line_offset + 1, line[..column.min(line.len())].chars().count(), message));
    }
    problems
}

/// What serde_yaml says of a few usual mistakes, in the words of the rule to follow; None when
/// its own message is the clearest there is. `line` (1-based in `text`) is where it stopped;
/// `text` starts on the file's line `offset + 1`.
fn plain_rule(message: &str, text: &str, line: Option<usize>, offset: usize) -> Option<String> {
    let at = line.and_then(|l| text.lines().nth(l.checked_sub(1)?)).unwrap_or_default();
    let value = at.trim_start().trim_start_matches("- ").split_once(':').map_or("", |(_, v)| v.trim());
    let first = value.chars().next();
    let quote_it = |c: char| {
        let shown = if c == '`' { "a backtick".to_string() } else { format!("`{c}`") };
        format!("a value that starts with {shown} must be in quotes, e.g. title: \"{c}…\"")
    };
    if message.contains("found character that cannot start any token") && matches!(first, Some('`' | '@' | '%')) {
        return first.map(quote_it);
    }
    if message.contains("did not find expected alphabetic or numeric character") && matches!(first, Some('*' | '&')) {
        return first.map(quote_it);
    }
    if message.contains("invalid type: sequence, expected a string") && first == Some('[') {
        return Some(format!("{}: `[` makes the value a list", quote_it('[')));
    }
    if message.contains("invalid type: map, expected a string") && first == Some('{') {
        return Some(format!("{}: `{{` makes the value a map", quote_it('{')));
    }
    if message.contains("expected a boolean") {
        return Some(format!("{}: write `true` or `false`", message.split(": invalid").next().unwrap_or("the value")));
    }
    if message.contains("invalid type: string") && message.contains("expected a sequence") {
        let key = message.split(": invalid").next().unwrap_or("keywords");
        return Some(format!("`{key}` is a list: write it in brackets, e.g. {key}: [first, second]"));
    }
    if message.contains("found unexpected end of stream")
        || message.contains("did not find expected ',' or ']'")
        || message.contains("did not find expected ',' or '}'")
    {
        let open = text.lines().position(|l| {
            let v = l.split_once(": ").map_or("", |(_, v)| v.trim());
            (v.starts_with('"') && (v.len() == 1 || !v.ends_with('"'))) || (v.starts_with('[') && !v.contains(']')) || (v.starts_with('{') && !v.contains('}'))
        })?;
        return Some(format!("a quote or bracket opened on line {} is not closed", open + offset + 1));
    }
    None
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
/// tried again.
fn all_missing<T: DeserializeOwned>(yaml: &str, first: &str) -> Vec<String> {
    every_missing::<T>(yaml, first).unwrap_or_else(|| vec![first.to_string()])
}

fn every_missing<T: DeserializeOwned>(yaml: &str, first: &str) -> Option<Vec<String>> {
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
    Some(missing)
}

/// "missing field `x`", "missing fields `x`, `y` and `z`".
fn missing_message(missing: &[String]) -> String {
    let names: Vec<String> = missing.iter().map(|m| format!("`{m}`")).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("missing fields {} and {last}", rest.join(", ")),
        _ => format!("missing field {}", names.join("")),
    }
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

    /// The one problem `parse` finds in `text`, as file:line:col: message.
    fn problems<T: DeserializeOwned + std::fmt::Debug>(text: &str) -> (Option<T>, Vec<String>) {
        let (front, found) = parse::<T>(Path::new("a.md"), &split(Path::new("a.md"), text).unwrap());
        (front, found.iter().map(|p| format!("{}:{}: {}", p.line, p.column, p.message)).collect())
    }

    #[test]
    fn splits_and_parses() {
        let text = "---\ntitle: Hi\n---\n# Body\n";
        let s = split(Path::new("a.md"), text).unwrap();
        assert_eq!(s.body, "# Body\n");
        let (f, found) = parse::<Front>(Path::new("a.md"), &s);
        assert_eq!((f.unwrap().title, found.len()), ("Hi".to_string(), 0));
    }

    #[test]
    fn locates_yaml_errors_in_the_file() {
        let (front, found) = problems::<Front>("---\ntitle: Hi\nbad: [unclosed\n---\nbody");
        assert!(front.is_none() && found.len() == 1, "{found:?}");
        assert!(found[0].starts_with("4:1: a quote or bracket opened on line 3 is not closed"), "{found:?}");
    }

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    #[serde(deny_unknown_fields)]
    struct Article {
        title: String,
        excerpt: String,
        date: String,
        category: String,
        #[serde(default)]
        keywords: Vec<String>,
        #[serde(default)]
        featured: bool,
    }

    #[test]
    fn a_duplicate_is_located_at_its_second_line_and_every_missing_field_named() {
        let (_, found) = problems::<Article>("---\ntitle: Hi\nexcerpt: x\ndate: d\ncategory: c\ntitle: Again\n---\nbody");
        assert_eq!(found, ["6:1: duplicate field `title`: it is already set on line 2"]);
        let (_, found) = problems::<Article>("---\ntitle: Hi\n---\nbody");
        assert_eq!(found, ["2:1: missing fields `excerpt`, `date` and `category`"]);
        let (_, found) = problems::<Article>("---\ntitle: Hi\nexcerpt: x\ndate: d\n---\nbody");
        assert_eq!(found, ["2:1: missing field `category`"], "one missing field, as serde says it");
    }

    #[test]
    fn every_problem_of_the_front_matter_at_once_and_the_fields_kept_without_an_unknown_one() {
        let text = "---\ntags: [a]\nexcerpt: x\nsummary: s\nfeatured: yes\nimage: /a.png\n---\nbody";
        let (front, found) = problems::<Article>(text);
        assert!(front.is_none());
        assert_eq!(found.len(), 5, "{found:?}");
        assert!(found[0].starts_with("2:1: unknown field `tags`") && found[1].starts_with("4:1: unknown field `summary`"), "{found:?}");
        assert_eq!(found[2], "5:11: featured: write `true` or `false`");
        assert!(found[3].starts_with("6:1: unknown field `image`"), "{found:?}");
        // `featured` was wrong, not missing: the missing are the others.
        assert_eq!(found[4], "3:1: missing fields `title`, `date` and `category`");
        // Only unknown fields: the rest is read, for the checks of other files.
        let (front, found) = problems::<Article>("---\ntitle: T\ndescription: d\nexcerpt: x\ndate: d\ncategory: c\n---\n");
        assert_eq!((front.map(|f| f.title), found.len()), (Some("T".to_string()), 1));
    }

    #[test]
    fn usual_yaml_mistakes_say_the_rule_to_follow() {
        let one = |field: &str| problems::<Article>(&format!("---\nexcerpt: x\ndate: d\ncategory: c\n{field}\n---\n")).1;
        assert_eq!(one("title: Size 10 #1 tip"), ["5:16: ` #` starts a YAML comment, so `title` would end at \"Size 10\" and the rest be left out: put the whole value in quotes (\"…\") to keep it"]);
        assert!(one("title: \"Size 10 #1 tip\"").is_empty());
        assert!(one("title: C# basics").is_empty(), "no space before #");
        assert!(one("title: T\nfeatured: true   # a comment after a flag").is_empty());
        assert_eq!(one("title: @home metric"), ["5:8: a value that starts with `@` must be in quotes, e.g. title: \"@…\""]);
        assert_eq!(one("title: `code` title"), ["5:8: a value that starts with a backtick must be in quotes, e.g. title: \"`…\""]);
        assert_eq!(one("title: [Draft] title")[0], "5:8: a value that starts with `[` must be in quotes, e.g. title: \"[…\": `[` makes the value a list");
        assert_eq!(one("title: T\nkeywords: a, b")[0], "6:11: `keywords` is a list: write it in brackets, e.g. keywords: [first, second]");
        assert!(one("title: \"Crlf")[0].contains("a quote or bracket opened on line 5 is not closed"), "{:?}", one("title: \"Crlf"));
    }

    #[test]
    fn missing_fences_are_problems() {
        assert!(split(Path::new("a.md"), "no front matter").is_err());
        assert!(split(Path::new("a.md"), "---\ntitle: x\n").is_err());
        assert!(split(Path::new("a.md"), "+++\ntitle = \"x\"\n+++\n").err().unwrap().message.contains("TOML"));
        // A byte-order mark and spaces after a fence are no reason to refuse it.
        let s = split(Path::new("a.md"), "\u{feff}--- \ntitle: Hi\n---  \r\nBody\n").unwrap();
        assert_eq!((s.yaml, s.body), ("title: Hi\n", "Body\n"));
    }
}

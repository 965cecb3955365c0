//! FAQ answers, the FAQ page's (`content/faq.yaml`) and the converter pages' (their front
//! matter's `faq:`): inline markdown, rendered once, at load. Each entry keeps its HTML
//! (`answer_html`) and, in `answer`, its text without markup (what structured data and
//! search read); its internal links are located in the file and checked with the rest.

use super::markdown;
use super::page::SourceLink;
use super::positions::{Positions, Value};
use crate::diagnostics::{Problem, Problems};
use std::path::Path;

/// Renders the answers of a list of entries: `entries` yields each entry's `(answer,
/// answer_html)`, `list` is where the list sits in `positions` (each item with its
/// `answer:`). Returns the answers' internal links; markdown problems go to `problems`.
pub(super) fn render<'a>(
    file: &Path,
    positions: &Positions,
    list: Value,
    entries: impl Iterator<Item = (&'a mut String, &'a mut String)>,
    problems: &mut Problems,
) -> Vec<SourceLink> {
    let mut links = Vec::new();
    for (i, (answer, html)) in entries.enumerate() {
        let at = list.get(i).get("answer");
        let (line, column) = at.or(list.get(i).or((1, 1)));
        let start = at.offset().unwrap_or(0);
        let rendered = markdown::inline(answer);
        for (offset, message) in rendered.problems {
            let (line, column) = match at.offset() {
                Some(start) => positions.line_col(in_answer(positions.text(), start, answer, offset)),
                None => (line, column),
            };
            problems.push(Problem::new(file, line, column, message));
        }
        for (target, _) in rendered.links {
            // The link's target as written, searched from the answer's start (the answer may
            // be quoted or folded, so offsets in its value are not offsets in the file).
            let found = positions.text()[start..].find(&format!("]({target}")).map(|i| positions.line_col(start + i + 2));
            let (line, column) = found.unwrap_or((line, column));
            links.push(SourceLink { target, line, column });
        }
        *html = rendered.html;
        *answer = markdown::plain_text(answer);
    }
    links
}

/// Where byte `offset` of an answer (a YAML value, as parsed) is written in `text`: the
/// answer's text from there (to its line's end, at most 16 characters) searched from `from`,
/// where the answer starts; `from` when YAML wrote it otherwise (an escape, a fold).
fn in_answer(text: &str, from: usize, answer: &str, offset: usize) -> usize {
    let snippet: String = answer.get(offset..).unwrap_or_default().chars().take_while(|c| *c != '\n').take(16).collect();
    let from = from.min(text.len());
    match snippet.is_empty() {
        true => from,
        false => text[from..].find(&snippet).map_or(from, |i| from + i),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two answers, one quoted on its line and one folded over two: each rendered once,
    /// each link located where it is written in the file (front matter from line 2).
    #[test]
    fn answers_are_rendered_and_their_links_located() {
        let yaml = "title: T\nfaq:\n  - question: Why?\n    answer: \"See [the guide](/guide).\"\n  - question: How?\n    answer: >-\n      Read it **all**,\n      then [ask](/contact#form).\n";
        let positions = Positions::starting_at(yaml, 2);
        let mut entries = [("See [the guide](/guide).".to_string(), String::new()), ("Read it **all**, then [ask](/contact#form).".to_string(), String::new())];
        let mut problems = Problems::default();
        let file = Path::new("content/converters/length.md");
        let links = render(file, &positions, positions.get("faq"), entries.iter_mut().map(|(a, h)| (a, h)), &mut problems);
        assert!(problems.0.is_empty(), "{:?}", problems.0.iter().map(ToString::to_string).collect::<Vec<_>>());
        let found: Vec<(&str, usize, usize)> = links.iter().map(|l| (l.target.as_str(), l.line, l.column)).collect();
        assert_eq!(found, [("/guide", 5, 30), ("/contact#form", 9, 18)]);
        assert_eq!(entries[0].0, "See the guide.");
        assert!(entries[0].1.contains(r#"<a href="/guide">the guide</a>"#), "{}", entries[0].1);
        assert_eq!(entries[1].0, "Read it all, then ask.");
        assert!(entries[1].1.contains("<strong>all</strong>"), "{}", entries[1].1);
    }

    /// Raw HTML the answers may not hold is located at the element in the file, not at the
    /// answer's start (front matter from line 2).
    #[test]
    fn refused_html_is_located_at_its_element() {
        let yaml = "faq:\n  - question: Why?\n    answer: \"Plain <kbd>Ctrl</kbd> then <script>alert(1)</script>\"\n";
        let positions = Positions::starting_at(yaml, 2);
        let mut entries = [("Plain <kbd>Ctrl</kbd> then <script>alert(1)</script>".to_string(), String::new())];
        let mut problems = Problems::default();
        render(Path::new("content/converters/length.md"), &positions, positions.get("faq"), entries.iter_mut().map(|(a, h)| (a, h)), &mut problems);
        let found: Vec<(usize, usize)> = problems.0.iter().map(|p| (p.line, p.column)).collect();
        let column = yaml.lines().nth(2).and_then(|l| l.find("<script")).map(|c| c + 1);
        assert_eq!(found, [(4, column.unwrap_or(0))], "{:?}", problems.0.iter().map(ToString::to_string).collect::<Vec<_>>());
        assert!(!entries[0].1.contains("<script"), "{}", entries[0].1);
    }
}

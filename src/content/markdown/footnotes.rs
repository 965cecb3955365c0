//! Footnotes (`text[^1]` … `[^1]: the note`) as GitHub renders them: each reference a
//! superscript link numbered in the order of first reference, every note in one list at the
//! end of the body with a link back to where it is first referenced.
//!
//! Rendered here rather than by pulldown-cmark's writer, which gives an element the label as
//! written for its id (`id="1"`): a heading's or a template's id could be the same, and the
//! sanitizer drops every id of a body with raw HTML. Here the ids are `fn-{label}` and
//! `fnref-{label}`, unique on the page, and the HTML holding them is put in after the
//! sanitizer ran (the references travel through it as build markers, like embedded converters).

use super::headings::{slugify, unique_id};
use crate::html::escape_attr;
use pulldown_cmark::{CowStr, Event};
use std::ops::Range;

/// The footnotes of one body, gathered while its events are rendered.
#[derive(Default)]
pub(super) struct Footnotes {
    /// Each note, in the order it is defined.
    notes: Vec<Note>,
    /// The note's key of each reference, in the order written.
    references: Vec<String>,
    /// The definition being read: its index in `notes` (`None` for a second definition of a
    /// label, which is refused and left out) and where its events start in the output.
    open: Option<(Option<usize>, usize)>,
}

struct Note {
    /// The label as a reference matches it (case does not matter, as in pulldown-cmark).
    key: String,
    label: String,
    /// Where the definition is written, and the output events it spans.
    at: usize,
    events: Range<usize>,
}

impl Footnotes {
    pub(super) fn new() -> Self {
        Self::default()
    }

    /// A definition starts at `at` in the source; its events will start at `out` in the output.
    pub(super) fn start_definition(&mut self, label: &str, at: usize, out: usize, problems: &mut Vec<(usize, String)>) {
        let key = key(label);
        let index = if self.notes.iter().any(|n| n.key == key) {
            problems.push((
                at,
                format!("the footnote `[^{label}]` is defined twice: define a note once (`[^{label}]: …`); it may be referenced any number of times"),
            ));
            None
        } else {
            self.notes.push(Note { key, label: label.to_string(), at, events: out..out });
            Some(self.notes.len() - 1)
        };
        self.open = Some((index, out));
    }

    /// The definition being read ends before `out` in the output: the output events it spans,
    /// which leave the body (a note is rendered at the end, a second definition not at all).
    pub(super) fn end_definition(&mut self, out: usize) -> Option<Range<usize>> {
        let (index, start) = self.open.take()?;
        if let Some(i) = index {
            self.notes[i].events = start..out;
        }
        Some(start..out)
    }

    pub(super) fn in_definition(&self) -> bool {
        self.open.is_some()
    }

    /// A reference to `label`: what stands in the output until the ids are known.
    pub(super) fn reference(&mut self, label: &str) -> Event<'static> {
        self.references.push(key(label));
        Event::Html(CowStr::from(reference_marker(self.references.len() - 1)))
    }

    /// The notes in the order of their first reference, each with its number, and the
    /// problems: a definition no reference uses. `taken` holds the body's heading ids; the
    /// footnotes' ids are added to it.
    pub(super) fn finish(self, taken: &mut Vec<String>, problems: &mut Vec<(usize, String)>) -> Finished {
        let mut order: Vec<usize> = Vec::new();
        let mut reference_note = Vec::with_capacity(self.references.len());
        for key in &self.references {
            // pulldown-cmark makes a reference only of a label that has a definition.
            let note = self.notes.iter().position(|n| &n.key == key);
            if let Some(note) = note {
                if !order.contains(&note) {
                    order.push(note);
                }
            }
            reference_note.push(note);
        }
        for (i, note) in self.notes.iter().enumerate() {
            if !order.contains(&i) {
                problems.push((
                    note.at,
                    format!("the footnote `[^{}]` is never referenced: write `[^{}]` where the note belongs, or remove the note", note.label, note.label),
                ));
            }
        }
        let mut unique = |base: String| {
            let id = unique_id(&base, taken);
            taken.push(id.clone());
            id
        };
        // Ids in the order of the numbers: a note's, then its references'.
        let mut notes = Vec::with_capacity(order.len());
        let mut reference_html = vec![String::new(); self.references.len()];
        for (n, &i) in order.iter().enumerate() {
            let note = &self.notes[i];
            let slug = slugify(&note.label);
            let id = unique(format!("fn-{slug}"));
            let mut first_reference = None;
            for (k, (r, _)) in reference_note.iter().enumerate().filter(|(_, note)| **note == Some(i)).enumerate() {
                let reference_id = match k {
                    0 => unique(format!("fnref-{slug}")),
                    k => unique(format!("fnref-{slug}-{}", k + 1)),
                };
                // The number is what a reader sees; a screen reader says "Footnote 1". Neither
                // is text of the page for search.
                reference_html[r] = format!(
                    "<sup class=\"footnote-ref\" data-search-skip><a href=\"#{}\" id=\"{}\"><span class=\"visually-hidden\">Footnote </span>{}</a></sup>",
                    escape_attr(&id),
                    escape_attr(&reference_id),
                    n + 1
                );
                first_reference.get_or_insert(reference_id);
            }
            notes.push(Numbered { index: i, id, back: first_reference.unwrap_or_default() });
        }
        let heading = if notes.is_empty() { String::new() } else { unique("footnotes".to_string()) };
        let ranges = self.notes.iter().map(|n| n.events.clone()).collect();
        Finished { notes, ranges, reference_html, heading }
    }
}

/// A label as references match it: case does not matter.
fn key(label: &str) -> String {
    label.to_lowercase()
}

/// What stands for the `n`th reference of a body until the sanitizer has run.
pub(super) fn reference_marker(n: usize) -> String {
    format!("<!--unitly:fnref:{n}-->")
}

struct Numbered {
    /// The note's index in the order of definitions.
    index: usize,
    id: String,
    /// The id of its first reference.
    back: String,
}

pub(super) struct Finished {
    notes: Vec<Numbered>,
    /// The output events of each definition, in the order of definitions.
    ranges: Vec<Range<usize>>,
    /// The HTML of each reference, in the order written.
    pub(super) reference_html: Vec<String>,
    heading: String,
}

impl Finished {
    pub(super) fn references(&self) -> usize {
        self.reference_html.len()
    }

    /// The output events of each note in the order of the numbers, to be rendered into its list item.
    pub(super) fn numbered(&self) -> impl Iterator<Item = Range<usize>> + '_ {
        self.notes.iter().map(|n| self.ranges[n.index].clone())
    }

    /// The section at the end of the body: `items` is each note's rendered HTML, in the
    /// order of [`Finished::numbered`]. Its back link goes at the end of its last paragraph.
    pub(super) fn section(&self, items: &[String]) -> String {
        if self.notes.is_empty() {
            return String::new();
        }
        let mut html = format!(
            "<section class=\"footnotes\" aria-labelledby=\"{id}\">\n<h2 id=\"{id}\" class=\"visually-hidden\" data-search-skip>Footnotes</h2>\n<ol>\n",
            id = escape_attr(&self.heading)
        );
        for (n, (note, item)) in self.notes.iter().zip(items).enumerate() {
            // U+FE0E: the arrow as text, never an emoji.
            let back = format!(
                "<a href=\"#{}\" class=\"footnote-back\" aria-label=\"Back to reference {}\" data-search-skip>\u{21a9}\u{fe0e}</a>",
                escape_attr(&note.back),
                n + 1
            );
            let item = item.trim_end();
            let item = match item.strip_suffix("</p>") {
                Some(text) => format!("{text} {back}</p>"),
                None => format!("{item}\n<p>{back}</p>"),
            };
            html.push_str(&format!("<li id=\"{}\">\n{item}\n</li>\n", escape_attr(&note.id)));
        }
        html.push_str("</ol>\n</section>\n");
        html
    }
}

/// Where a `[^label]` with no definition is written (pulldown-cmark leaves it as text): each
/// run of text events is read whole, since the brackets may be events of their own.
pub(super) fn undefined(events: &[(Event, Range<usize>)], source: &str, problems: &mut Vec<(usize, String)>) {
    let mut in_code = false;
    let mut run: Vec<(&str, Range<usize>)> = Vec::new();
    let mut flush = |run: &mut Vec<(&str, Range<usize>)>| {
        let text: String = run.iter().map(|(t, _)| *t).collect();
        let mut offset = 0;
        let mut starts = Vec::with_capacity(run.len());
        for (t, range) in run.iter() {
            starts.push((offset, range.clone(), t.len()));
            offset += t.len();
        }
        let mut from = 0;
        while let Some(found) = text[from..].find("[^") {
            let open = from + found;
            from = open + 2;
            let Some(len) = text[from..].find(']') else { break };
            let label = &text[from..from + len];
            if label.is_empty() || label.contains(|c: char| c.is_whitespace() || c == '[') {
                continue;
            }
            // Its place in the source; an escaped `\[^1]` is text as written.
            let Some((start, range, len)) = starts.iter().rev().find(|(s, _, _)| *s <= open) else { continue };
            let at = if range.len() == *len { range.start + (open - start) } else { range.start };
            let backslashes = source[..at].bytes().rev().take_while(|b| *b == b'\\').count();
            if source.as_bytes().get(at) == Some(&b'[') && backslashes % 2 == 0 {
                problems.push((at, format!("the footnote `[^{label}]` has no note: add `[^{label}]: the note` on a line of its own (at the end of the text)")));
            }
        }
        run.clear();
    };
    for (event, range) in events {
        match event {
            Event::Start(pulldown_cmark::Tag::CodeBlock(_)) => in_code = true,
            Event::End(pulldown_cmark::TagEnd::CodeBlock) => in_code = false,
            Event::Text(text) if !in_code => {
                run.push((text, range.clone()));
                continue;
            }
            _ => {}
        }
        flush(&mut run);
    }
    flush(&mut run);
}

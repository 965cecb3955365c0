//! The results' fragments (URL, title, section, text for the excerpt), up to [`GROUP`]
//! results to a file: `p/<n / GROUP>.json` is a JSON array of results `GROUP × g` …, in
//! number order, with `null` for a planned result that has no text. One file per result made
//! the search index half of `dist/` (5,566 of 11,305 files), and every article cost two files
//! of the 20,000 a Worker version may have on Cloudflare's Free plan.
//!
//! A file holds as many results as fit in [`FILE_BYTES`] of text, as estimated before the
//! pages are written ([`Layout`]): eight of the short ones (units, pair pages), one or two of
//! the long (articles, converter pages). Eight articles to a file made a query for one of
//! them fetch seven others' whole text, 10–14 KB gzipped where the article's own is 2–4 KB.
//! The numbers of the slots a file leaves empty are skipped, so a result's file is still
//! its number ÷ [`GROUP`] and the browser needs no table of files.
//!
//! Pages are written in parallel and about in number order, so a file is written as soon as
//! its last result is in, and only the files with a result missing wait for the end.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

/// A fragment file's results' fragments, in number order (`None`: no text).
pub type Members = Vec<Option<String>>;

/// The most results a fragment file holds, and the step of their numbers from one file to
/// the next (named in `search.json` as `group`).
pub const GROUP: u32 = 8;

/// The most text a fragment file is planned to hold, in bytes of the results' estimates: two
/// generated benchmark articles (2.8 KB of markdown each), one of the blog's (7.5–11 KB) or
/// of the bigger converter pages, eight pair pages.
pub const FILE_BYTES: usize = 8 * 1024;

/// Which numbers the results get, and how many results each fragment file holds.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Layout {
    /// Results in each file, by group.
    sizes: Vec<u8>,
}

impl Layout {
    /// Numbers for results of these estimated sizes, in their order: a result joins the
    /// current file unless that holds [`GROUP`] results already or would pass [`FILE_BYTES`]
    /// with it; then it opens the next file, at the next multiple of [`GROUP`].
    pub fn of(estimates: impl IntoIterator<Item = usize>) -> (Layout, Vec<u32>) {
        let mut layout = Layout::default();
        let mut numbers = Vec::new();
        let mut bytes = 0;
        for estimate in estimates {
            let open = layout.sizes.last().is_some_and(|&n| u32::from(n) < GROUP && bytes + estimate <= FILE_BYTES);
            if !open {
                layout.sizes.push(0);
                bytes = 0;
            }
            let group = layout.sizes.len() as u32 - 1;
            let slot = layout.sizes.last_mut().expect("a file was opened");
            numbers.push(group * GROUP + u32::from(*slot));
            *slot += 1;
            bytes += estimate;
        }
        (layout, numbers)
    }

    /// How many results file `group` holds.
    pub fn size(&self, group: u32) -> usize {
        self.sizes.get(group as usize).map_or(0, |&n| n as usize)
    }

    /// How many files there are.
    pub fn groups(&self) -> u32 {
        self.sizes.len() as u32
    }
}

/// Fragment file `group`, within the version folder: results `GROUP × group` on.
pub fn file(group: u32) -> String {
    format!("p/{group}.json")
}

/// The group a file within the version folder is (`p/3.json` → 3), if it is a fragment file.
pub fn group_of(within: &str) -> Option<u32> {
    within.strip_prefix("p/")?.strip_suffix(".json")?.parse().ok()
}

/// A fragment file's text: its results' fragments in order, `null` for one with none.
pub fn file_text(members: &[Option<String>]) -> String {
    let mut text = String::from("[");
    for (i, member) in members.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(member.as_deref().unwrap_or("null"));
    }
    text.push(']');
    text
}

/// A fragment file read back (a rebuild's results it did not index again): each result's
/// fragment as [`file_text`] wrote it (serde_json writes a value the same way every time).
pub fn parse_file(text: &str) -> Option<Members> {
    let values: Vec<serde_json::Value> = serde_json::from_str(text).ok()?;
    Some(values.into_iter().map(|v| (!v.is_null()).then(|| v.to_string())).collect())
}

/// The fragments whose file is not complete yet.
pub struct Pending {
    layout: Arc<Layout>,
    files: Mutex<Files>,
}

#[derive(Default)]
struct Files {
    waiting: HashMap<u32, Members>,
    written: HashSet<u32>,
}

impl Pending {
    pub fn new(layout: Arc<Layout>) -> Pending {
        Pending { layout, files: Mutex::default() }
    }

    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// How many results file `group` holds.
    pub fn size(&self, group: u32) -> usize {
        self.layout.size(group)
    }

    /// Adds result `number`'s fragment; the file's name and text when it was the last one in.
    pub fn add(&self, number: u32, fragment: String) -> Option<(String, String)> {
        let group = number / GROUP;
        let size = self.size(group);
        let mut files = self.files.lock().expect("search fragments lock");
        let members = files.waiting.entry(group).or_insert_with(|| vec![None; size]);
        let slot = members.get_mut((number % GROUP) as usize)?;
        *slot = Some(fragment);
        if members.iter().any(Option::is_none) {
            return None;
        }
        let members = files.waiting.remove(&group)?;
        files.written.insert(group);
        drop(files);
        Some((file(group), file_text(&members)))
    }

    /// The files still waiting (a result of theirs has no fragment yet), by group, and the
    /// groups already written.
    pub fn take(&self) -> (Vec<(u32, Members)>, HashSet<u32>) {
        let mut files = self.files.lock().expect("search fragments lock");
        let mut waiting: Vec<_> = files.waiting.drain().collect();
        waiting.sort_by_key(|(group, _)| *group);
        (waiting, std::mem::take(&mut files.written))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_written_when_its_last_result_is_in_whatever_the_order() {
        let (layout, numbers) = Layout::of(vec![1; GROUP as usize + 2]);
        assert_eq!(numbers, (0..GROUP + 2).collect::<Vec<_>>());
        let pending = Pending::new(Arc::new(layout));
        for n in (0..GROUP).rev().skip(1) {
            assert_eq!(pending.add(n, format!("{{\"n\":{n}}}")), None);
        }
        let (name, text) = pending.add(GROUP - 1, "{}".into()).expect("the first file is complete");
        assert_eq!(name, "p/0.json");
        assert!(text.starts_with("[{\"n\":0},{\"n\":1},") && text.ends_with(",{}]"), "{text}");
        // The last file holds two results; one is missing.
        assert_eq!(pending.size(1), 2);
        assert_eq!(pending.add(GROUP + 1, "{\"n\":9}".into()), None);
        let (waiting, written) = pending.take();
        assert_eq!(written, HashSet::from([0]));
        assert_eq!(waiting, vec![(1, vec![None, Some("{\"n\":9}".to_string())])]);
        assert_eq!(file_text(&waiting[0].1), "[null,{\"n\":9}]");
        assert_eq!(parse_file("[null,{\"n\":9}]"), Some(waiting[0].1.clone()));
        assert_eq!((group_of("p/12.json"), group_of("c/1.json"), group_of("p/x.json")), (Some(12), None, None));
    }

    #[test]
    fn a_file_holds_what_fits_and_the_numbers_it_leaves_are_skipped() {
        let short = 700;
        let article = 2_900;
        let long = 9_000;
        let (layout, numbers) = Layout::of([short, short, article, article, article, long, short].into_iter().chain([short; 10]));
        // Two shorts and two articles fit 8 KB; the third article opens file 1, which the
        // long page would pass: that has file 2 to itself, and the shorts start file 3.
        assert_eq!(&numbers[..7], &[0, 1, 2, 3, GROUP, 2 * GROUP, 3 * GROUP]);
        // Eight to a file at most, however short.
        assert_eq!(
            &numbers[7..],
            &[3 * GROUP + 1, 3 * GROUP + 2, 3 * GROUP + 3, 3 * GROUP + 4, 3 * GROUP + 5, 3 * GROUP + 6, 3 * GROUP + 7, 4 * GROUP, 4 * GROUP + 1, 4 * GROUP + 2]
        );
        assert_eq!((0..6).map(|g| layout.size(g)).collect::<Vec<_>>(), vec![4, 1, 1, 8, 3, 0]);
        assert_eq!(Layout::of([]), (Layout::default(), vec![]));
    }
}

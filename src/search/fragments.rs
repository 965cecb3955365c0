//! The results' fragments (URL, title, section, text for the excerpt), [`GROUP`] results to a
//! file: `p/<n / GROUP>.json` is a JSON array of results `GROUP × g` …, in number order, with
//! `null` for a planned result that has no text. One file per result made the search index
//! half of `dist/` (5,566 of 11,305 files), and every article cost two files of the 20,000 a
//! Worker version may have on Cloudflare's Free plan; eight to a file, a query asks for a few
//! kilobytes more (a result's neighbours, mostly its own category's pair pages).
//!
//! Pages are written in parallel and about in number order, so a file is written as soon as
//! its last result is in, and only the files with a result missing wait for the end.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

/// A fragment file's results' fragments, in number order (`None`: no text).
pub type Members = Vec<Option<String>>;

/// How many results share a fragment file (named in `search.json` as `group`).
pub const GROUP: u32 = 8;

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
    /// How many results the index has (numbered 0 … results − 1).
    results: u32,
    files: Mutex<Files>,
}

#[derive(Default)]
struct Files {
    waiting: HashMap<u32, Members>,
    written: HashSet<u32>,
}

impl Pending {
    pub fn new(results: u32) -> Pending {
        Pending { results, files: Mutex::default() }
    }

    /// How many results group `group` holds (the last may hold fewer than [`GROUP`]).
    pub fn size(&self, group: u32) -> usize {
        self.results.saturating_sub(group * GROUP).min(GROUP) as usize
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
        let pending = Pending::new(GROUP + 2);
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
}

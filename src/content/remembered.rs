//! `serve`'s memory of the articles it loaded. An article whose file has the same
//! modification time and length as at the last load, in the same collection on the same day,
//! is taken from here instead of being read and its front matter parsed again: with 2,000
//! articles that was most of a rebuild after one edit. In memory only, like `serve`'s other
//! caches; a plain `build` starts with an empty one.

use super::page::Page;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The articles of the last successful load, by file (relative to the root).
#[derive(Default)]
pub struct Remembered(HashMap<PathBuf, Article>);

/// What a load made of one article's file.
pub(super) struct Article {
    stamp: Stamp,
    /// A hash of what else the page depends on: its collection's settings, the site's name
    /// and the day (which decides whether it is scheduled).
    context: u64,
    pub page: Page,
    /// Its front matter's text, which the load keeps to locate problems and hash the content.
    pub front: String,
}

/// A file's modification time and length: another value means it changed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Stamp(SystemTime, u64);

impl Stamp {
    /// Taken before the file is read, so an edit during the load is seen by the next one.
    pub fn of(path: &Path) -> Option<Stamp> {
        let meta = std::fs::metadata(path).ok()?;
        Some(Stamp(meta.modified().ok()?, meta.len()))
    }
}

impl Remembered {
    pub(super) fn get(&self, file: &Path, stamp: Stamp, context: u64) -> Option<&Article> {
        self.0.get(file).filter(|a| a.stamp == stamp && a.context == context)
    }

    /// After a load that succeeded: keeps the articles it took from here, adds the ones it
    /// read, and forgets the rest (files removed, or read with problems).
    pub(super) fn update(&mut self, seen: Vec<Seen>) {
        let mut next = HashMap::with_capacity(seen.len());
        for s in seen {
            match s {
                Seen::Known(file) => {
                    if let Some(article) = self.0.remove(&file) {
                        next.insert(file, article);
                    }
                }
                Seen::Learned(file, article) => {
                    next.insert(file, *article);
                }
            }
        }
        self.0 = next;
    }
}

/// What a load did with one article's file, for [`Remembered::update`].
pub(super) enum Seen {
    /// Taken from memory, unchanged.
    Known(PathBuf),
    /// Read and parsed now, without problems.
    Learned(PathBuf, Box<Article>),
}

impl Article {
    pub fn new(stamp: Stamp, context: u64, page: Page, front: String) -> Article {
        Article { stamp, context, page, front }
    }
}

/// The context hash of a collection's articles.
pub(super) fn context(name: &str, collection: &super::model::Collection, site_name: &str, today: super::date::Date) -> u64 {
    crate::hash::in_memory(format!("{name}\n{collection:?}\n{site_name}\n{today:?}").as_bytes())
}

//! `serve`'s memory of the content it loaded. An article whose file has the same
//! modification time and length as at the last load, in the same collection on the same day,
//! is taken from here instead of being read and its front matter parsed again: with 2,000
//! articles that was most of a rebuild after one edit. The site's own content is taken from
//! here while its files read the same ([`Own`]). In memory only, like `serve`'s other
//! caches; a plain `build` starts with an empty one.

use super::model::*;
use super::page::{Page, SourceLink};
use super::texts::Texts;
use crate::diagnostics::Problem;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

/// What the last successful load made: its articles, by file (relative to the root), and
/// the site's own content ([`Own`]), taken again while its files read the same.
#[derive(Default)]
pub struct Remembered {
    articles: HashMap<PathBuf, Article>,
    pub(super) own: Option<Own>,
}

/// What a load made of one article's file.
pub(super) struct Article {
    stamp: Stamp,
    /// A hash of what else the page depends on: its collection's settings, the site's name
    /// and the day (which decides whether it is scheduled).
    context: u64,
    pub page: Arc<Page>,
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
        self.articles.get(file).filter(|a| a.stamp == stamp && a.context == context)
    }

    /// After a load that succeeded: keeps the articles it took from here, adds the ones it
    /// read, and forgets the rest (files removed, or read with problems).
    pub(super) fn update(&mut self, seen: Vec<Seen>) {
        let mut next = HashMap::with_capacity(seen.len());
        for s in seen {
            match s {
                Seen::Known(file) => {
                    if let Some(article) = self.articles.remove(&file) {
                        next.insert(file, article);
                    }
                }
                Seen::Learned(file, article) => {
                    next.insert(file, *article);
                }
            }
        }
        self.articles = next;
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
    pub fn new(stamp: Stamp, context: u64, page: Arc<Page>, front: String) -> Article {
        Article { stamp, context, page, front }
    }
}

/// The context hash of a collection's articles.
pub(super) fn context(name: &str, collection: &super::model::Collection, site_name: &str, today: super::date::Date) -> u64 {
    crate::hash::in_memory(format!("{name}\n{collection:?}\n{site_name}\n{today:?}").as_bytes())
}

/// The site's own content as a load made it (src/content/own.rs: every file under
/// `content/` but the articles, and the registry's and pair pages).
pub(super) struct Own {
    /// What else it was made from: the theme's template names, what is published and the
    /// images ([`Own::key`]).
    pub key: u64,
    /// A hash of `key` and every file it read ([`super::Content::own_digest`]).
    pub digest: u64,
    /// Every file it read.
    pub texts: Texts,
    pub config: SiteConfig,
    pub routes: RoutesFile,
    pub units: super::units::Units,
    pub cooking: Option<super::ingredients::Cooking>,
    /// The day's reference rates (`content/reference-rates.json`), when a deploy fetched them.
    pub reference: Option<super::currency_pairs::ReferenceRates>,
    /// The FAQ page's entries, answers rendered, and their internal links.
    pub faq: Vec<FaqEntry>,
    pub faq_links: Vec<SourceLink>,
    /// The registry's pages, in routes.yaml order.
    pub registry: Vec<Arc<Page>>,
    /// The unit and currency pair pages and the pairs' index pages, planned against the
    /// registry's paths: the articles' are checked against them at each load
    /// (`pairs::refuse_taken`).
    pub generated: Vec<Arc<Page>>,
    /// What works but degrades (a currency without an offline rate).
    pub warnings: Vec<Problem>,
}

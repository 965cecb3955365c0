//! One page of the site as loaded: what the registry and its source say ([`Page`], with
//! its kind's data in [`PageData`]), its rendered markdown ([`Body`]) and the internal links
//! it writes, located ([`SourceLink`]). The loader's steps (validation, answers, pairs)
//! read these types from here, not from `content` itself, which calls them.

use super::date::Date;
use super::model::*;
use serde::Serialize;
use std::path::PathBuf;

/// What a page's source says beyond the registry: one shape per kind of page.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum PageData {
    Page(PageFront),
    Converter(ConverterFront),
    Article(ArticleFront),
    /// A page generated for a pair of units (content/units.yaml), with no source of its own.
    /// Shared, not copied, when `serve` takes the pair pages of its last load again.
    Pair(std::sync::Arc<super::pair_data::PairData>),
    /// A category's index of its pair pages.
    PairIndex(std::sync::Arc<super::pair_data::IndexData>),
}

/// An internal link written in markdown, with where it was written.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SourceLink {
    pub target: String,
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Clone)]
pub struct Page {
    pub path: String,
    /// Set on a draft or scheduled article (published only by `--drafts`/`--future`, `serve`).
    pub hold: Option<Hold>,
    pub template: String,
    pub label: String,
    pub short_label: Option<String>,
    pub title: String,
    pub heading: String,
    pub description: String,
    pub keywords: Vec<String>,
    pub schema: Schema,
    pub parent: Option<String>,
    pub priority: f64,
    pub changefreq: ChangeFreq,
    /// The markdown file, relative to the project root (`content/blog/x.md`).
    pub source: PathBuf,
    pub data: PageData,
    /// The registry's pages (a few dozen) are rendered at load. An article's body is `None`:
    /// it is read and rendered when its page is ([`Content::body`]), so a build holds a
    /// chunk of article bodies at a time, never all of them.
    pub body: Option<Body>,
    pub lastmod: Date,
    /// A hash of the whole source file ([`crate::hash::in_memory`]): an article whose source
    /// and [`Content::digest`] are unchanged renders to the same page.
    pub source_hash: u64,
}

/// A page's markdown, rendered, and what it refers to.
#[derive(Debug, Clone, Default)]
pub struct Body {
    pub html: String,
    /// Internal links written in the markdown, located in its file.
    pub links: Vec<SourceLink>,
    /// Images of `content/images/` it uses, by URL.
    pub images: Vec<String>,
    /// The converters it embeds, in order; `html` marks where each goes.
    pub embeds: Vec<super::shortcode::Embed>,
}

/// Why an article is not published yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hold {
    Draft,
    Scheduled(Date),
}

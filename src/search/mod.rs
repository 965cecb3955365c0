//! The site search's index, written with the pages as they stream out of the build and read
//! by the search box (islands/src/lib/siteSearch.ts), a static index in the manner of
//! Pagefind: a query fetches only the chunks of the index its words fall in and the pages it
//! shows. Every page that is a search result, each FAQ entry and each unit ([`records`]) is
//! one result. Where a page is written its text is read ([`extract`], on the build's worker
//! threads), its fragment (URL, title, section, text for the excerpt) written at once, and
//! its terms counted ([`terms`], [`postings`]); the words feed the spelling lists
//! ([`spelling`]). Nothing holds a page's text after that, so memory grows by one number per
//! term and page, not with the pages' HTML.
//!
//! Files, under the output folder:
//! - `search.json`: this build's `version`, each chunk's first term (`chunks`) and the
//!   words queries drop (`stop`). Small; always asked for afresh.
//! - `search/<version>/c/<n>.json`: the chunks ([`postings::Chunks`]).
//! - `search/<version>/p/<g>.json`: results `8g` to `8g + 7`, each `{"url","title","section","text"}`
//!   ([`fragments`]: as many as fit, eight at most, named in the entry as `group`).
//! - `search/<version>/w/<list>.txt`: the spelling lists (the entry names those there are).
//! - `search/<version>/units.json`: what answers a conversion in the box ([`answers`]).
//!
//! Everything under `search/<version>/` is named by the build's content, so it is cached for
//! good, and a browser offline keeps answering from the version it has.
//!
//! Pagefind itself (the `pagefind` crate) was measured in this build and left out: it keeps
//! every position of every word of every page until the end and copies it twice, so 20,000
//! articles took 2.4 GB and 24 s more, and its metadata file alone is 105 KB at that size.

mod answers;
mod extract;
mod fragments;
mod postings;
mod records;
mod spelling;
mod terms;

use crate::content::{Content, Page};
use anyhow::{Context, Result};
use records::Record;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The entry file, at the output's root.
pub const ENTRY: &str = "search.json";
/// The folder of the versioned files.
pub const DIR: &str = crate::output::SEARCH_DIR;
/// Where the results are written while the build runs (renamed to the version at the end).
const BUILDING: &str = "building";
/// The most text of a page its fragment keeps for the excerpt.
const MAX_TEXT: usize = 32 * 1024;

/// The section a result names, by the page's template; `None`: not a search result (the
/// home page only repeats what the other pages say, a category's index of pairs the titles
/// of its pair pages). `/blog` is one, found by its name and intro: its list of articles is
/// left out (`data-search-skip` in blog-index.html), as the articles are results of their
/// own; the further listing pages (`/blog/page/2`, the archives) are no routes, so no results.
fn section(page: &Page) -> Option<&'static str> {
    match page.template.as_str() {
        "home.html" | crate::content::pairs::INDEX_TEMPLATE => None,
        "article.html" | "blog-index.html" => Some("Blog"),
        "converter.html" => Some("Converter"),
        "faq.html" => Some(records::FAQ_SECTION),
        "legal.html" => Some("Legal"),
        "page.html" | "contact.html" => Some("Help"),
        _ => Some("Page"),
    }
}

/// What a pair page's frequencies are multiplied by (every other result's: 1). A pair page
/// (`/weight-converter/grams-to-stones`, unit or currency) is short and names both its units
/// in its title and formula, so for one unit's name its frequency is at BM25's ceiling, where
/// the unit's own record (Stones, in Weight unit) reaches about 97 % of it: without this, 33
/// pair pages ranked before Stones for "stone" (47 with 2,000 articles). Measured on the site
/// with 2,000 articles, the prior had to be under 0.967 for one unit's name (28 units) and
/// over 0.952 for a pair's page to rank above the converter and an article titled "degrees
/// Celsius to degrees Fahrenheit" (20 pairs); 0.96 is the middle, about 1 % from either side.
const PAIR_PRIOR: f32 = 0.96;

/// The prior of a page by its template ([`PAIR_PRIOR`]).
fn prior(page: &Page) -> f32 {
    if page.template == crate::content::pairs::PAIR_TEMPLATE {
        PAIR_PRIOR
    } else {
        1.0
    }
}

/// A result planned before the pages are written: its number, what it shows and its prior.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
struct Planned {
    number: u32,
    url: String,
    title: String,
    section: String,
    prior: f32,
    /// The name the site's menus give the page where its heading does not hold it ("FAQ"
    /// for Frequently Asked Questions): found as its title is.
    label: Option<String>,
    /// A pair page's units' symbols ("USD EUR"), which its <title> and address name it by
    /// too: a word of its title, so "usd to eur" finds US Dollar to Euro before the articles
    /// titled "… euros to US dollars".
    symbols: Option<String>,
    /// The words routes.yaml or the front matter gives as the page's keywords ("distance
    /// conversion", "report a bug", "terms and conditions"): what people call a page whose
    /// title and text may not say it, counted as a heading's words are.
    #[serde(default)]
    keywords: Option<String>,
}

/// How much text a page is expected to give its fragment, before it is written: a pair
/// page's is short (its table is left out), any other's about its markdown's size (a converter
/// page adds its card's and its units' words to an introduction of 3–5 KB).
fn estimate(content: &Content, page: &Page) -> usize {
    /// A pair page's text: 400–1,000 bytes on the real site.
    const PAIR_TEXT: usize = 700;
    match page.data {
        crate::content::PageData::Pair(_) => PAIR_TEXT,
        _ => std::fs::metadata(content.root.join(&page.source)).map_or(PAIR_TEXT, |m| m.len() as usize),
    }
}

/// The results planned before the pages are written.
struct Plan {
    /// Output file → its result, for the pages.
    pages: Arc<HashMap<String, Planned>>,
    /// Which numbers there are, and how many results each fragment file holds.
    layout: Arc<fragments::Layout>,
    /// The records' numbers, in their order (none when a kept index has them).
    records: Vec<u32>,
}

/// The results of `content`'s pages by output file, and the fragment files' layout: the
/// records (their estimates in `records`) are numbered first, then the site's own pages in
/// content order, then the articles by date and path ([`in_plan_order`]), so the numbers are
/// the same every build ([`fragments::Layout`]).
fn plan(content: &Content, records: impl IntoIterator<Item = usize>, output_file: fn(&str) -> String) -> Plan {
    use rayon::prelude::*;
    let pages: Vec<(&Page, &'static str, usize)> =
        in_plan_order(content).into_par_iter().filter_map(|p| section(p).map(|s| (p, s, estimate(content, p)))).collect();
    let estimates: Vec<usize> = records.into_iter().chain(pages.iter().map(|&(_, _, e)| e)).collect();
    let first = estimates.len() - pages.len();
    let (layout, numbers) = fragments::Layout::of(estimates);
    let planned = pages
        .into_par_iter()
        .enumerate()
        .map(|(i, (p, section, _))| {
            let label = (!p.label.is_empty() && !p.heading.to_lowercase().contains(&p.label.to_lowercase())).then(|| p.label.clone());
            let symbols = match &p.data {
                crate::content::PageData::Pair(pair) => Some(format!("{} {}", pair.from_symbol, pair.to_symbol)),
                _ => None,
            };
            let planned = Planned {
                number: numbers[first + i],
                url: p.path.clone(),
                title: p.heading.clone(),
                section: section.to_string(),
                prior: prior(p),
                label,
                symbols,
                // A pair page's keywords restate its title ("feet to meters", "ft to m").
                keywords: (!p.keywords.is_empty() && !matches!(p.data, crate::content::PageData::Pair(_))).then(|| p.keywords.join(", ")),
            };
            (output_file(&p.path), planned)
        })
        .collect();
    Plan { pages: Arc::new(planned), layout: Arc::new(layout), records: numbers[..first].to_vec() }
}

/// The pages in the order their results are numbered: the site's own (a few thousand pair
/// pages among them), then the articles, oldest first. An article added (most often the
/// newest) or removed then changes the numbers of the articles after it alone, which a build
/// that keeps the other pages indexes again (`site::reuse`).
fn in_plan_order(content: &Content) -> Vec<&Page> {
    fn article_date(p: &Page) -> Option<&str> {
        match &p.data {
            crate::content::PageData::Article(a) => Some(a.date.as_str()),
            _ => None,
        }
    }
    let mut pages: Vec<&Page> = content.each_page().collect();
    // Stable: the own pages keep their content order.
    pages.sort_by(|a, b| match (article_date(a), article_date(b)) {
        (Some(x), Some(y)) => (x, &a.path).cmp(&(y, &b.path)),
        (x, y) => x.is_some().cmp(&y.is_some()),
    });
    pages
}

/// The terms of a page's titles' words (not their numbers), each word's and its plural's:
/// the S-stemmer reads "cookies" as cooky, and a visitor typing it means Cookie Policy (its browser side:
/// `SiteSearch.titleTerms`, islands/src/lib/siteSearch.ts).
fn title_terms<'a>(titles: impl Iterator<Item = &'a String>) -> HashSet<String> {
    let mut out = HashSet::new();
    for title in titles {
        let folded = terms::fold(title);
        for word in terms::words(&folded) {
            // A number is no name: in a query it is an amount ("100 usd to eur" must not
            // rank "Currency note 1001: euros to US dollars" above US Dollar to Euro).
            if !word.chars().any(char::is_alphabetic) {
                continue;
            }
            if let Some(term) = terms::term(word) {
                out.insert(term);
                out.extend(terms::term(&format!("{word}s")));
            }
        }
    }
    out
}

/// What one build put in the index.
pub struct Summary {
    pub results: usize,
    pub terms: usize,
    pub chunks: usize,
    pub words: usize,
    pub version: String,
    /// Time spent reading and counting pages, summed over the worker threads (the most the
    /// index can add to the build's time, before `finish`).
    pub indexing: Duration,
    /// Results taken over from the previous build's index (`serve`'s rebuilds).
    pub kept_results: usize,
    /// What the next build may take over ([`Kept`]).
    pub kept: Kept,
    /// With a kept index: what the output carries over from its version folder.
    pub carried: Option<Carried>,
}

/// The files of the previous version's folder (`search/<from>/`) that the new version has
/// unchanged: the output renames the folder to the new version and keeps these
/// (src/patch.rs), so a rebuild writes only the results, chunks and lists that changed.
pub struct Carried {
    pub from: String,
    /// The fragment files (`p/3.json`, by group) written anew: a result of theirs was indexed again.
    rewritten: HashSet<u32>,
    /// The other files unchanged, by their path within the version folder (`c/0.json`).
    files: HashSet<String>,
    /// How many fragment files the new version has (results planned again may have fewer).
    groups: u32,
}

impl Carried {
    /// Whether the file at `within` the version folder is carried over.
    pub fn keeps(&self, within: &str) -> bool {
        match fragments::group_of(within) {
            Some(group) => group < self.groups && !self.rewritten.contains(&group),
            None => self.files.contains(within),
        }
    }
}

/// What a build keeps of its index for the next one in `serve`: the counts, the words and the
/// fragments' hashes by result, and its version. A rebuild with the same pages (its caller
/// checks) then reads and counts only the pages it renders again, and the output carries the
/// other results' files over ([`Carried`]), instead of every page (3,500 on the real site)
/// being read back and every fragment written anew.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Kept {
    version: String,
    postings: postings::Postings,
    words: spelling::Vocabulary,
    fragments: HashMap<u32, u64>,
    /// The chunks', lists' and answers' files (`c/0.json`) with their text's hash.
    files: HashMap<String, (u64, String)>,
    /// How many results the records are, and `units.json`: made of the site's own content
    /// alone, which is the same whenever the index is kept (`site::reuse`).
    records: usize,
    answers: String,
    /// The results planned, and their files' layout: the next build plans its own and
    /// numbers again the results that moved ([`SearchIndex::start`]).
    planned: Arc<HashMap<String, Planned>>,
    layout: Arc<fragments::Layout>,
}

/// A kept index's plan: its results by output file, and their files' layout.
type KeptPlan = (Arc<HashMap<String, Planned>>, Arc<fragments::Layout>);

/// The index being built: every page written goes past [`SearchIndex::written`];
/// [`SearchIndex::finish`] writes the rest. A page `serve` reuses unchanged keeps its result
/// in the kept index ([`Kept`]), which is why a build only reuses pages when it has one.
pub struct SearchIndex {
    /// Output file → its result, for the pages that are search results.
    pages: Arc<HashMap<String, Planned>>,
    /// The staging folder the files go to.
    out: PathBuf,
    /// The previous output, where a page indexed again had its old words.
    previous: PathBuf,
    /// The first failure while pages were written (a full disk), reported by `finish`.
    failed: Mutex<Option<anyhow::Error>>,
    postings: Mutex<postings::Postings>,
    words: Mutex<spelling::Vocabulary>,
    /// Result number → a hash of its fragment, for the version.
    fragments: Mutex<Vec<(u32, u64)>>,
    /// The fragments whose file waits for another result's ([`fragments`]).
    pending: fragments::Pending,
    /// `units.json` ([`answers`]).
    answers: String,
    /// How many of the results are records (the FAQ's and the units'), numbered first.
    records: usize,
    /// Nanoseconds spent indexing pages, summed over threads.
    indexing: AtomicU64,
    /// The previous build's index, when this build has the same results; the pages it writes
    /// replace theirs in it ([`Kept`]).
    kept: Mutex<Option<Kept>>,
    has_kept: bool,
    /// With a kept index whose results were planned again (another set of articles): the
    /// kept plan and layout. A result whose page is gone, or kept with another number, is
    /// renewed as an edited page's is.
    replanned: Option<KeptPlan>,
    /// The results this build indexed again, and their words as the previous output had them
    /// (taken out of the kept index's spelling counts).
    renewed: Mutex<Vec<u32>>,
    old_words: Mutex<spelling::Vocabulary>,
}

/// The records' results: made now, or only counted when the kept index has them.
enum Records {
    Made(Vec<Record>),
    Counted(usize),
}

impl Records {
    fn len(&self) -> usize {
        match self {
            Records::Made(records) => records.len(),
            Records::Counted(n) => *n,
        }
    }
}

impl SearchIndex {
    /// Plans the results of `content` (records first, then pages in content order, so the
    /// numbers are the same every build) and indexes the records. `out`: the staging folder;
    /// `previous`: the output folder, where the pages rendered again had their old words.
    /// `output_file`: where the build writes a page of this path. `kept`: the index of the
    /// previous build in `previous`, made of the same own content (the records, the answers).
    /// Its plan holds while the results are planned the same; an article added, removed,
    /// retitled or grown past its fragment file's room moves numbers, and the results whose
    /// page or number changed are indexed again.
    pub fn start(content: &Content, out: &Path, previous: &Path, output_file: fn(&str) -> String, kept: Option<Kept>) -> Result<SearchIndex> {
        let made: Vec<Record> = records::faq(content).into_iter().chain(records::units(content)).collect();
        let plan = plan(content, made.iter().map(Record::estimate), output_file);
        // A kept index has the records already and the same answers.
        let (records, answers, plan, replanned) = match &kept {
            Some(kept) if *kept.planned == *plan.pages && *kept.layout == *plan.layout => {
                let plan = Plan { pages: Arc::clone(&kept.planned), layout: Arc::clone(&kept.layout), records: Vec::new() };
                (Records::Counted(kept.records), kept.answers.clone(), plan, None)
            }
            Some(kept) => (Records::Counted(kept.records), kept.answers.clone(), plan, Some((Arc::clone(&kept.planned), Arc::clone(&kept.layout)))),
            None => (Records::Made(made), answers::units_json(content), plan, None),
        };
        SearchIndex::new(plan, records, answers, out, previous, kept, replanned)
    }

    fn new(plan: Plan, records: Records, answers: String, out: &Path, previous: &Path, kept: Option<Kept>, replanned: Option<KeptPlan>) -> Result<SearchIndex> {
        let building = out.join(DIR).join(BUILDING);
        for dir in ["c", "p", "w"] {
            std::fs::create_dir_all(building.join(dir)).with_context(|| format!("creating {}", building.display()))?;
        }
        let index = SearchIndex {
            pages: plan.pages,
            out: out.to_path_buf(),
            previous: previous.to_path_buf(),
            failed: Mutex::default(),
            postings: Mutex::default(),
            words: Mutex::default(),
            fragments: Mutex::default(),
            pending: fragments::Pending::new(plan.layout),
            answers,
            records: records.len(),
            indexing: AtomicU64::default(),
            has_kept: kept.is_some(),
            kept: Mutex::new(kept),
            replanned,
            renewed: Mutex::default(),
            old_words: Mutex::default(),
        };
        let records = match records {
            Records::Made(records) if !index.has_kept => records,
            // The records come from content the previous build had too: they are in it.
            _ => return Ok(index),
        };
        for (r, number) in records.into_iter().zip(plan.records) {
            let planned = Planned { number, url: r.url, title: r.title.clone(), section: r.section, prior: 1.0, label: None, symbols: None, keywords: None };
            let text = format!("{} {}", r.title, r.content);
            let headings = vec![(0..r.title.len(), 5)];
            index.add(&planned, extract::Extracted { text, headings }, true)?;
        }
        Ok(index)
    }

    fn index_page(&self, file: &str, html: &str) -> Result<()> {
        let Some(planned) = self.pages.get(file) else { return Ok(()) };
        if let Some(number) = self.previous_number(file) {
            self.forget_previous(file, number)?;
        }
        self.index_text(planned, html, true)
    }

    /// Indexes a result's page; `words`: whether its words join the spelling lists (not for a
    /// kept page given another number, whose words the lists have).
    fn index_text(&self, planned: &Planned, html: &str, words: bool) -> Result<()> {
        let Some(main) = extract::main_of(html) else { return Ok(()) };
        let started = Instant::now();
        let added = self.add(planned, extract::extract(main), words);
        self.indexing.fetch_add(started.elapsed().as_nanos() as u64, Ordering::Relaxed);
        added
    }

    /// The number the kept index gave the page written to `file`, if it was a result there.
    fn previous_number(&self, file: &str) -> Option<u32> {
        match &self.replanned {
            Some((planned, _)) => planned.get(file).map(|p| p.number),
            None => self.has_kept.then(|| self.pages.get(file).map(|p| p.number)).flatten(),
        }
    }

    /// A page kept as the previous output has it: indexed again (from that file, which the
    /// new output has too) when its result was planned anew with another number.
    fn index_kept(&self, file: &str) -> Result<()> {
        let Some((before, _)) = &self.replanned else { return Ok(()) };
        let (now, was) = (self.pages.get(file), before.get(file));
        let Some(now) = now.filter(|&now| Some(now) != was) else { return Ok(()) };
        let path = self.previous.join(file);
        let html = std::fs::read_to_string(&path).with_context(|| format!("reading {} for the search index", path.display()))?;
        // The same page: its old result goes, its words stay as they were counted.
        if let Some(was) = was {
            self.renewed.lock().expect("search renewed lock").push(was.number);
        }
        self.index_text(now, &html, was.is_none())
    }

    /// With results planned anew: takes those whose page is gone out of the kept index.
    fn forget_gone(&self) -> Result<()> {
        let Some((before, _)) = &self.replanned else { return Ok(()) };
        use rayon::prelude::*;
        let gone: Vec<(&String, u32)> = before.iter().filter(|(file, _)| !self.pages.contains_key(*file)).map(|(f, p)| (f, p.number)).collect();
        gone.into_par_iter().try_for_each(|(file, number)| self.forget_previous(file, number))
    }

    /// Takes result `number`, about to be indexed again, out of the kept index: its words
    /// are read from the page as the previous output has it.
    fn forget_previous(&self, file: &str, number: u32) -> Result<()> {
        self.renewed.lock().expect("search renewed lock").push(number);
        let path = self.previous.join(file);
        let html = std::fs::read_to_string(&path).with_context(|| format!("reading {} for the search index", path.display()))?;
        if let Some(main) = extract::main_of(&html) {
            let words = spelling::words_of(&extract::extract(main).text);
            self.old_words.lock().expect("search old words lock").add_page(words);
        }
        Ok(())
    }

    fn fail(&self, result: Result<()>) {
        if let Err(e) = result {
            self.failed.lock().expect("search failure lock").get_or_insert(e);
        }
    }

    /// Counts the result's terms, keeps its words and writes its fragment.
    fn add(&self, planned: &Planned, extracted: extract::Extracted, with_words: bool) -> Result<()> {
        let mut counts: HashMap<String, f32> = HashMap::new();
        let mut length = 0u32;
        let mut count = |part: &str, weight: f32| {
            for term in terms::terms(part) {
                *counts.entry(term).or_default() += weight;
                length += 1;
            }
        };
        let mut at = 0;
        for (range, weight) in
            extracted.headings.iter().map(|(r, w)| (r.clone(), *w as f32)).chain(std::iter::once((extracted.text.len()..extracted.text.len(), 1.0)))
        {
            // The text before this heading counts once a word, the heading `weight` times.
            count(&extracted.text[at..range.start], 1.0);
            count(&extracted.text[range.clone()], weight);
            at = range.end;
        }
        // The menus' name for the page counts as its title does; its keywords as a heading.
        if let Some(label) = &planned.label {
            count(label, extract::heading_weight("h1").unwrap_or(1) as f32);
        }
        if let Some(keywords) = &planned.keywords {
            count(keywords, extract::heading_weight("h2").unwrap_or(1) as f32);
        }
        // The title's terms, and the menus' name's, rank the page above those that only say
        // them (postings::TITLE_BONUS).
        let title = title_terms(std::iter::once(&planned.title).chain(&planned.label).chain(&planned.symbols));
        let words = with_words.then(|| spelling::words_of(&extracted.text));
        let mut text = extracted.text;
        if text.len() > MAX_TEXT {
            let cut = (0..=MAX_TEXT).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            text.truncate(cut);
        }
        let fragment = serde_json::json!({ "url": planned.url, "title": planned.title, "section": planned.section, "text": text }).to_string();
        self.fragments.lock().expect("search fragments lock").push((planned.number, crate::hash::fnv1a(fragment.as_bytes())));
        if let Some((file, text)) = self.pending.add(planned.number, fragment) {
            let path = self.out.join(DIR).join(BUILDING).join(file);
            std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        }
        if let Some(words) = words {
            self.words.lock().expect("search words lock").add_page(words);
        }
        self.postings.lock().expect("search postings lock").add_titled(planned.number, counts, &title, length, planned.prior);
        Ok(())
    }

    /// Writes the chunks, the spelling lists and the entry, once every page is in.
    pub fn finish(&self) -> Result<Summary> {
        self.forget_gone()?;
        if let Some(e) = self.failed.lock().expect("search failure lock").take() {
            return Err(e);
        }
        let mut postings = std::mem::take(&mut *self.postings.lock().expect("search postings lock"));
        let mut vocabulary = std::mem::take(&mut *self.words.lock().expect("search words lock"));
        let fresh = std::mem::take(&mut *self.fragments.lock().expect("search fragments lock"));
        let mut fragments: HashMap<u32, u64> = fresh.iter().copied().collect();
        let mut kept_results = 0;
        // The kept version's files by name and hash: one this build writes the same is carried.
        let mut kept_files = HashMap::new();
        let mut carried = None;
        let building = self.out.join(DIR).join(BUILDING);
        let (waiting, written) = self.pending.take();
        if let Some(mut kept) = self.kept.lock().expect("search kept lock").take() {
            kept_files = std::mem::take(&mut kept.files);
            let renewed: HashSet<u32> = std::mem::take(&mut *self.renewed.lock().expect("search renewed lock")).into_iter().collect();
            kept_results = kept.postings.pages().saturating_sub(renewed.len());
            kept.postings.replace_pages(&renewed, postings);
            kept.words.remove(std::mem::take(&mut *self.old_words.lock().expect("search old words lock")));
            kept.words.add(vocabulary);
            kept.fragments.retain(|n, _| !renewed.contains(n));
            let rewritten = self.rewrite_fragment_files(&kept.version, waiting, &written, &renewed)?;
            let groups = self.pending.layout().groups();
            carried = Some(Carried { from: std::mem::take(&mut kept.version), rewritten, files: HashSet::new(), groups });
            kept.fragments.extend(fresh);
            (postings, vocabulary, fragments) = (kept.postings, kept.words, kept.fragments);
        } else {
            // A result with no text (a page with no <main>) leaves its file waiting: it is
            // `null` there.
            for (group, members) in waiting {
                let path = building.join(fragments::file(group));
                std::fs::write(&path, fragments::file_text(&members)).with_context(|| format!("writing {}", path.display()))?;
            }
        }
        let results = postings.pages();
        let terms = postings.terms();
        let chunks = postings.chunks();
        let chunk_count = chunks.json.len();
        let words = vocabulary.len();
        // The currencies' names are words of the site: "riyal to rupee" is not "rival to rupee".
        let currency_words = spelling::words_of(&crate::content::currencies::catalog().iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(" "));
        let lists = vocabulary.lists(&currency_words);
        // Named in the entry, so that the browser asks only for lists that exist: a missing
        // one was a 404 in the console of everyone whose query it was one edit away from.
        let list_names = lists.iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>().join(" ");
        let mut version = crate::hash::Fnv::new();
        let mut sorted: Vec<(u32, u64)> = fragments.iter().map(|(&n, &h)| (n, h)).collect();
        sorted.sort();
        for (number, hash) in sorted {
            version.field(&number.to_le_bytes());
            version.field(&hash.to_le_bytes());
        }
        let mut files = HashMap::new();
        // Each file is named in the version by its hash; a file the kept index wrote the
        // same keeps its hash and the kept file.
        let mut write = |rel: String, text: String| -> Result<()> {
            let kept = kept_files.remove(&rel).filter(|(_, kept)| *kept == text);
            let hash = kept.as_ref().map_or_else(|| crate::hash::fnv1a(text.as_bytes()), |(hash, _)| *hash);
            version.field(rel.as_bytes());
            version.field(&hash.to_le_bytes());
            match &mut carried {
                Some(carried) if kept.is_some() => {
                    carried.files.insert(rel.clone());
                }
                _ => {
                    let path = building.join(&rel);
                    std::fs::write(&path, &text).with_context(|| format!("writing {}", path.display()))?;
                }
            }
            files.insert(rel, (hash, text));
            Ok(())
        };
        for (n, json) in chunks.json.into_iter().enumerate() {
            write(format!("c/{n}.json"), json)?;
        }
        for (name, text) in lists {
            write(format!("w/{name}.txt"), text)?;
        }
        write("units.json".to_string(), self.answers.clone())?;
        let version = format!("{:012x}", version.finish() & 0xffff_ffff_ffff);
        let versioned = self.out.join(DIR).join(&version);
        std::fs::rename(&building, &versioned).with_context(|| format!("renaming {} to {}", building.display(), versioned.display()))?;
        let entry = serde_json::json!({ "version": version, "chunks": chunks.first_terms, "stop": terms::stop_words().collect::<Vec<_>>(), "lists": list_names, "group": fragments::GROUP });
        std::fs::write(self.out.join(ENTRY), entry.to_string()).with_context(|| format!("writing {ENTRY}"))?;
        let indexing = Duration::from_nanos(self.indexing.load(Ordering::Relaxed));
        let (planned, layout) = (Arc::clone(&self.pages), Arc::clone(self.pending.layout()));
        let kept = Kept {
            version: version.clone(),
            postings,
            words: vocabulary,
            fragments,
            files,
            records: self.records,
            answers: self.answers.clone(),
            planned,
            layout,
        };
        Ok(Summary { results, terms, chunks: chunk_count, words, version, indexing, kept_results, kept, carried })
    }
}

impl SearchIndex {
    /// A rebuild on a kept index: writes each fragment file a result of which was indexed
    /// again (`renewed`) and not yet written, its other results' fragments read from the
    /// previous version's file; returns those files' groups, which are not carried over.
    fn rewrite_fragment_files(
        &self,
        from: &str,
        waiting: Vec<(u32, fragments::Members)>,
        written: &HashSet<u32>,
        renewed: &HashSet<u32>,
    ) -> Result<HashSet<u32>> {
        let mut files: HashMap<u32, fragments::Members> = waiting.into_iter().collect();
        for &number in renewed {
            let group = number / fragments::GROUP;
            // A group the results planned again no longer have is not written (nor carried).
            if !written.contains(&group) && self.pending.size(group) > 0 {
                files.entry(group).or_insert_with(|| vec![None; self.pending.size(group)]);
            }
        }
        let mut rewritten: HashSet<u32> = written.clone();
        for (group, mut members) in files {
            let file = fragments::file(group);
            // A file the previous version did not have (results planned again) holds only
            // results indexed now.
            let had = self.replanned.as_ref().is_none_or(|(_, layout)| layout.size(group) > 0);
            if had {
                let previous_path = self.previous.join(DIR).join(from).join(&file);
                let text = std::fs::read_to_string(&previous_path).with_context(|| format!("reading {} for the search index", previous_path.display()))?;
                let previous = fragments::parse_file(&text).with_context(|| format!("{} is no fragment file", previous_path.display()))?;
                for (i, (member, old)) in members.iter_mut().zip(previous).enumerate() {
                    let number = group * fragments::GROUP + i as u32;
                    if member.is_none() && !renewed.contains(&number) {
                        *member = old;
                    }
                }
            }
            let path = self.out.join(DIR).join(BUILDING).join(&file);
            std::fs::write(&path, fragments::file_text(&members)).with_context(|| format!("writing {}", path.display()))?;
            rewritten.insert(group);
        }
        Ok(rewritten)
    }
}

/// What the build's page observer (src/site/observe.rs) hands over.
impl SearchIndex {
    /// A page that is a search result is indexed as it is written.
    pub fn written(&self, file: &str, html: &str) {
        self.fail(self.index_page(file, html));
    }

    /// A page kept from the previous build: indexed again if its result's number changed.
    pub fn kept(&self, file: &str) {
        self.fail(self.index_kept(file));
    }
}

#[cfg(test)]
mod tests;

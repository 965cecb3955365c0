//! The inverted index: for every term, how rare it is (BM25's inverse document frequency)
//! and the pages that have it, each with how much it has it (BM25's term-frequency part: the
//! term's count on the page, heading words counting more, against the page's length, times
//! the page's prior); a query sums, over its terms, rarity × frequency. Held as counts while the pages stream
//! (one number per term and page: 20,000 articles of about 300 distinct terms are 6 million
//! postings, ~50 MB), scored when the last page is in, then written sorted by term in chunks
//! of about [`CHUNK_BYTES`]: a query fetches the chunk(s) its words fall in, found by the
//! chunks' first terms.
//!
//! A rebuild in `serve` scores again only the terms whose pages changed: every other term's
//! entry is kept as written ([`Postings::written`]) while the number of pages and the average
//! length stay the same. That average is taken in whole terms (pages run to hundreds), so one
//! article's edit seldom moves it; when it does, every term is scored again.

use std::collections::{BTreeMap, HashMap, HashSet};

/// About how many bytes of JSON a chunk holds before the next starts.
pub const CHUNK_BYTES: usize = 12 * 1024;
/// The most pages a term lists, its best-scoring ones: a term on more pages says little
/// about any of them, and a query's download must not grow with the site.
pub const MAX_PAGES: usize = 1000;
/// The most renewed pages taken out of sorted term lists by bisection, each; more (a rebuild
/// after many edits at once) are taken out in one pass over each list, which costs less then.
const BISECT_UP_TO: usize = 64;
/// BM25's term saturation and length normalisation (the usual values).
const K1: f64 = 1.2;
const B: f64 = 0.75;
/// Scores are written as integers in hundredths.
const SCALE: f64 = 100.0;
/// What a term in a page's title (its heading, or the name the menus give it) adds to its
/// frequency there: BM25's ceiling, K1 + 1, which no count in the text reaches, so a page
/// titled with a word ranks above every page that only says it ("about" finds About Unitly,
/// not the 1,000 pair pages that "multiply by about …"; "privacy" Privacy Policy before the
/// FAQ entries that mention it). Added after the prior, so among pages that all have the
/// word in their titles (Stones and the pair pages of stones) the order stays as it was.
pub const TITLE_BONUS: f64 = K1 + 1.0;

#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Postings {
    /// Term → (page number, weighted count).
    terms: HashMap<String, Vec<(u32, f32)>>,
    /// Page number → its length in terms (0: not indexed).
    lengths: HashMap<u32, u32>,
    /// Page number → what its frequencies are multiplied by, for the pages whose prior is
    /// not 1 (see `PAIR_PRIOR` in mod.rs).
    priors: HashMap<u32, f32>,
    /// Term → the pages with it in their title ([`TITLE_BONUS`]): a few terms a page.
    titled: HashMap<String, HashSet<u32>>,
    /// Whether every term's list is in page order ([`Postings::chunks`] sorts them), so a
    /// rebuild finds a renewed page in each by bisection instead of reading every posting.
    sorted: bool,
    /// Each term's entry as the last [`Postings::chunks`] wrote it, in term order; a term
    /// whose list changed since has none.
    written: BTreeMap<String, String>,
    /// The terms whose entries were dropped from [`Postings::written`] since (the rest have
    /// one, unless it is empty): so a rebuild finds them without asking for every term.
    unwritten: HashSet<String>,
    /// What the written entries were scored against: the number of pages and their average
    /// length; when either moves, none holds.
    scored_against: Option<(usize, u64)>,
}

/// The index, written: each chunk's first term and its JSON
/// (`{"term":[rarity, page delta, frequency, page delta, frequency, …],…}`, pages ascending,
/// numbers in hundredths).
pub struct Chunks {
    pub first_terms: Vec<String>,
    pub json: Vec<String>,
}

impl Postings {
    /// Adds page `page`: its terms with their weighted counts, its length in terms and its
    /// prior (1: none). The tests' short form of [`Postings::add_titled`].
    #[cfg(test)]
    pub fn add(&mut self, page: u32, counts: HashMap<String, f32>, length: u32, prior: f32) {
        self.add_titled(page, counts, &HashSet::new(), length, prior);
    }

    /// [`Postings::add`], with the terms of the page's title (each also among `counts`).
    pub fn add_titled(&mut self, page: u32, counts: HashMap<String, f32>, title: &HashSet<String>, length: u32, prior: f32) {
        for term in title.iter().filter(|t| counts.contains_key(*t)) {
            self.titled.entry(term.clone()).or_default().insert(page);
        }
        self.lengths.insert(page, length.max(1));
        if prior != 1.0 {
            self.priors.insert(page, prior);
        }
        self.sorted = false;
        for (term, count) in counts {
            unwrite(&mut self.written, &mut self.unwritten, &term);
            match self.terms.get_mut(&term) {
                Some(list) => list.push((page, count)),
                None => {
                    self.terms.insert(term, vec![(page, count)]);
                }
            }
        }
    }

    /// Takes `fresh`'s pages in place of `renewed` (pages indexed again by a rebuild; one
    /// that no longer has text is in `renewed` and not in `fresh`).
    pub fn replace_pages(&mut self, renewed: &HashSet<u32>, fresh: Postings) {
        if !renewed.is_empty() {
            self.lengths.retain(|page, _| !renewed.contains(page));
            self.priors.retain(|page, _| !renewed.contains(page));
            // A page's title terms are among its counted terms, whose entries go below.
            self.titled.retain(|_, pages| {
                pages.retain(|page| !renewed.contains(page));
                !pages.is_empty()
            });
            let Postings { terms, written, unwritten, sorted, .. } = self;
            terms.retain(|term, list| {
                let before = list.len();
                if *sorted && renewed.len() < BISECT_UP_TO {
                    for page in renewed {
                        if let Ok(i) = list.binary_search_by_key(page, |&(p, _)| p) {
                            list.remove(i);
                        }
                    }
                } else {
                    list.retain(|(page, _)| !renewed.contains(page));
                }
                if list.len() != before {
                    unwrite(written, unwritten, term);
                }
                !list.is_empty()
            });
        }
        self.lengths.extend(fresh.lengths);
        self.priors.extend(fresh.priors);
        for (term, pages) in fresh.titled {
            self.titled.entry(term).or_default().extend(pages);
        }
        self.sorted &= fresh.terms.is_empty();
        for (term, list) in fresh.terms {
            unwrite(&mut self.written, &mut self.unwritten, &term);
            self.terms.entry(term).or_default().extend(list);
        }
    }

    pub fn pages(&self) -> usize {
        self.lengths.len()
    }

    pub fn terms(&self) -> usize {
        self.terms.len()
    }

    /// Scores the postings and writes the chunks (terms in order, so the same pages give the
    /// same files). The terms without a written entry are scored on the build's threads;
    /// every term is, when the number of pages or their average length (in whole terms) has
    /// moved, as each frequency is measured against that average.
    pub fn chunks(&mut self) -> Chunks {
        use rayon::prelude::*;
        let pages = self.lengths.len() as f64;
        let average = (self.lengths.values().map(|&l| l as f64).sum::<f64>() / pages.max(1.0)).round().max(1.0);
        let against = (self.lengths.len(), average as u64);
        if self.scored_against != Some(against) {
            self.written.clear();
        }
        self.scored_against = Some(against);
        let normalise = |length: f64| K1 * (1.0 - B + B * length / average);
        // By page number: BM25's length normalisation and the prior.
        let size = self.lengths.keys().max().map_or(0, |&n| n as usize + 1);
        let mut norms = vec![normalise(1.0); size];
        for (&page, &length) in &self.lengths {
            norms[page as usize] = normalise(length as f64);
        }
        let mut priors = vec![1.0f32; size];
        for (&page, &prior) in &self.priors {
            if let Some(p) = priors.get_mut(page as usize) {
                *p = prior;
            }
        }
        // The lists to score, each put in page order.
        let unscored: Vec<(&String, &Vec<(u32, f32)>)> = if self.written.is_empty() {
            let mut lists: Vec<(&String, &mut Vec<(u32, f32)>)> = self.terms.iter_mut().collect();
            lists.par_iter_mut().for_each(|(_, list)| sort_by_page(list));
            lists.into_iter().map(|(term, list)| (term, &*list)).collect()
        } else {
            for term in &self.unwritten {
                if let Some(list) = self.terms.get_mut(term) {
                    sort_by_page(list);
                }
            }
            self.unwritten.iter().filter_map(|term| self.terms.get_key_value(term)).collect()
        };
        let scored: Vec<(String, String)> = unscored
            .into_par_iter()
            .map(|(term, list)| {
                let titled = self.titled.get(term);
                let df = list.len() as f64;
                let idf = (1.0 + (pages - df + 0.5) / (df + 0.5)).ln();
                let mut scored: Vec<(u32, u32)> = list
                    .iter()
                    .map(|&(page, count)| {
                        let count = count as f64;
                        let norm = norms.get(page as usize).copied().unwrap_or(normalise(1.0));
                        let tf = count * (K1 + 1.0) / (count + norm);
                        let prior = priors.get(page as usize).copied().unwrap_or(1.0) as f64;
                        let title = if titled.is_some_and(|pages| pages.contains(&page)) { TITLE_BONUS } else { 0.0 };
                        (page, (((tf * prior + title) * SCALE).round() as u32).max(1))
                    })
                    .collect();
                if scored.len() > MAX_PAGES {
                    scored.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                    scored.truncate(MAX_PAGES);
                    scored.sort();
                }
                let mut entry = serde_json::to_string(term).expect("a string");
                let mut number = itoa::Buffer::new();
                entry.push_str(":[");
                entry.push_str(number.format(((idf * SCALE).round() as u32).max(1)));
                let mut previous = 0;
                for (page, score) in &scored {
                    entry.push(',');
                    entry.push_str(number.format(page - previous));
                    entry.push(',');
                    entry.push_str(number.format(*score));
                    previous = *page;
                }
                entry.push(']');
                (term.to_string(), entry)
            })
            .collect();
        self.unwritten.clear();
        self.written.extend(scored);
        // Every list was put in page order when its entry was made.
        self.sorted = true;
        let mut chunks = Chunks { first_terms: Vec::new(), json: Vec::new() };
        let mut current = String::new();
        for (term, entry) in &self.written {
            if current.is_empty() {
                chunks.first_terms.push(term.to_string());
                current.push('{');
            } else {
                current.push(',');
            }
            current.push_str(entry);
            if current.len() >= CHUNK_BYTES {
                current.push('}');
                chunks.json.push(std::mem::take(&mut current));
            }
        }
        if !current.is_empty() {
            current.push('}');
            chunks.json.push(current);
        }
        chunks
    }
}

/// Drops `term`'s written entry, its list having changed; the next [`Postings::chunks`]
/// scores it again. While no entry is written, every term is scored and none is listed.
fn unwrite(written: &mut BTreeMap<String, String>, unwritten: &mut HashSet<String>, term: &str) {
    if written.remove(term).is_some() || !written.is_empty() {
        unwritten.insert(term.to_string());
    }
}

fn sort_by_page(list: &mut [(u32, f32)]) {
    if !list.is_sorted_by_key(|&(page, _)| page) {
        list.sort_by_key(|&(page, _)| page);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(pairs: &[(&str, f32)]) -> HashMap<String, f32> {
        pairs.iter().map(|(t, c)| (t.to_string(), *c)).collect()
    }

    #[test]
    fn rarer_terms_and_more_occurrences_score_higher() {
        let mut p = Postings::default();
        p.add(0, counts(&[("rood", 1.0), ("area", 1.0)]), 10, 1.0);
        p.add(1, counts(&[("area", 3.0)]), 10, 1.0);
        p.add(2, counts(&[("area", 1.0), ("acre", 1.0)]), 10, 1.0);
        let chunks = p.chunks();
        assert_eq!(chunks.first_terms, ["acre"]);
        let json: serde_json::Value = serde_json::from_str(&chunks.json[0]).unwrap();
        let area = json["area"].as_array().unwrap();
        // Pages 0, 1, 2 as deltas 0, 1, 1; page 1 (three times) above pages 0 and 2.
        assert_eq!([&area[1], &area[3], &area[5]], [0, 1, 1]);
        assert!(area[4].as_u64() > area[2].as_u64());
        assert!(json["rood"][0].as_u64().unwrap() > area[0].as_u64().unwrap(), "on one page in three is rarer than on three: {json}");
        assert_eq!(json["rood"][2], area[2], "once on pages of the same length, as often");
    }

    #[test]
    fn replacing_pages_gives_what_indexing_them_anew_gives() {
        let kept_postings = || {
            let mut kept = Postings::default();
            kept.add(0, counts(&[("rood", 1.0), ("area", 2.0)]), 10, 0.9);
            kept.add(1, counts(&[("area", 3.0), ("perch", 1.0)]), 12, 0.5);
            kept.add(2, counts(&[("acre", 1.0)]), 4, 1.0);
            kept
        };
        let fresh_postings = || {
            let mut fresh = Postings::default();
            fresh.add(1, counts(&[("area", 1.0), ("hide", 2.0)]), 7, 1.0);
            fresh
        };
        // Page 2 lost its text: renewed, with nothing fresh.
        let mut anew = Postings::default();
        anew.add(0, counts(&[("rood", 1.0), ("area", 2.0)]), 10, 0.9);
        anew.add(1, counts(&[("area", 1.0), ("hide", 2.0)]), 7, 1.0);
        let anew = anew.chunks().json;
        // Replaced before and after the kept lists were put in page order by writing them.
        for written_before in [false, true] {
            let mut kept = kept_postings();
            if written_before {
                kept.chunks();
            }
            kept.replace_pages(&HashSet::from([1, 2]), fresh_postings());
            assert_eq!(kept.chunks().json, anew, "page 1's old prior went with it; page 0 kept its own");
            assert_eq!((kept.pages(), kept.terms()), (2, 3), "perch and acre are gone with their pages");
            // Indexed again a second time, from lists the last write sorted.
            kept.replace_pages(&HashSet::from([1]), fresh_postings());
            assert_eq!(kept.chunks().json, anew);
        }
    }

    #[test]
    fn a_rebuild_scores_again_only_the_terms_of_changed_pages_and_writes_what_a_full_index_writes() {
        // Pages of 10 terms; page 1 indexed again with other terms and the same length, so
        // the average stays and "acre" and "rood" keep their written entries.
        let page = |p: &mut Postings, n: u32, terms: &[(&str, f32)]| p.add(n, counts(terms), 10, 1.0);
        let mut kept = Postings::default();
        page(&mut kept, 0, &[("rood", 1.0), ("area", 2.0)]);
        page(&mut kept, 1, &[("area", 3.0), ("perch", 1.0)]);
        page(&mut kept, 2, &[("acre", 1.0), ("area", 1.0)]);
        kept.chunks();
        let mut fresh = Postings::default();
        page(&mut fresh, 1, &[("area", 1.0), ("hide", 2.0)]);
        kept.replace_pages(&HashSet::from([1]), fresh);
        assert_eq!(kept.written.keys().collect::<Vec<_>>(), ["acre", "rood"], "area, perch and hide changed");
        let mut unwritten: Vec<_> = kept.unwritten.iter().collect();
        unwritten.sort();
        assert_eq!(unwritten, ["area", "hide", "perch"]);
        let mut anew = Postings::default();
        page(&mut anew, 0, &[("rood", 1.0), ("area", 2.0)]);
        page(&mut anew, 2, &[("acre", 1.0), ("area", 1.0)]);
        page(&mut anew, 1, &[("area", 1.0), ("hide", 2.0)]);
        assert_eq!(kept.chunks().json, anew.chunks().json);
        assert_eq!(kept.written.keys().collect::<Vec<_>>(), ["acre", "area", "hide", "rood"], "perch is gone");
        // A longer page moves the average: every entry is made again.
        let mut fresh = Postings::default();
        fresh.add(2, counts(&[("acre", 1.0), ("area", 1.0)]), 40, 1.0);
        kept.replace_pages(&HashSet::from([2]), fresh);
        let mut anew = Postings::default();
        page(&mut anew, 0, &[("rood", 1.0), ("area", 2.0)]);
        page(&mut anew, 1, &[("area", 1.0), ("hide", 2.0)]);
        anew.add(2, counts(&[("acre", 1.0), ("area", 1.0)]), 40, 1.0);
        assert_eq!(kept.chunks().json, anew.chunks().json, "rood's frequency is measured against the new average");
    }

    #[test]
    fn a_pages_prior_scales_its_frequencies_and_nothing_else() {
        let mut p = Postings::default();
        p.add(0, counts(&[("stone", 5.0), ("weight", 1.0)]), 10, 1.0);
        p.add(1, counts(&[("stone", 5.0), ("weight", 1.0)]), 10, 0.5);
        p.add(2, counts(&[("pound", 1.0)]), 10, 1.0);
        let json: serde_json::Value = serde_json::from_str(&p.chunks().json[0]).unwrap();
        let (full, halved) = (json["stone"][2].as_u64().unwrap(), json["stone"][4].as_u64().unwrap());
        assert_eq!(halved, (full as f64 / 2.0).round() as u64, "{json}");
        assert_eq!(json["stone"][0], json["weight"][0], "rarity is the term's, whatever the pages' priors");
        assert_eq!(json["pound"][2], json["weight"][2], "a page of the same length without a prior keeps its frequency");
    }

    #[test]
    fn a_term_lists_its_best_pages_only() {
        let mut p = Postings::default();
        for page in 0..(MAX_PAGES as u32 + 10) {
            p.add(page, counts(&[("common", if page == 1005 { 9.0 } else { 1.0 })]), 10 + page % 7, 1.0);
        }
        for page in 2000..4000 {
            p.add(page, counts(&[("other", 1.0)]), 10, 1.0);
        }
        let chunks = p.chunks();
        let json: serde_json::Value = serde_json::from_str(&chunks.json[0]).unwrap();
        let list = json["common"].as_array().unwrap();
        assert_eq!(list.len(), 1 + 2 * MAX_PAGES);
        let mut page = 0;
        let pages: Vec<u64> = list[1..]
            .chunks(2)
            .map(|pair| {
                page += pair[0].as_u64().unwrap();
                page
            })
            .collect();
        assert!(pages.contains(&1005), "the page with the most occurrences stays");
    }

    #[test]
    fn chunks_split_in_term_order() {
        let mut p = Postings::default();
        for i in 0..3000u32 {
            p.add(i, counts(&[(&format!("term{i:05}"), 1.0)]), 5, 1.0);
        }
        let chunks = p.chunks();
        assert!(chunks.json.len() > 1);
        assert_eq!(chunks.first_terms[0], "term00000");
        assert!(chunks.first_terms.windows(2).all(|w| w[0] < w[1]));
        for (first, json) in chunks.first_terms.iter().zip(&chunks.json) {
            let parsed: serde_json::Map<String, serde_json::Value> = serde_json::from_str(json).unwrap();
            assert_eq!(parsed.keys().next(), Some(first));
            assert!(json.len() < CHUNK_BYTES + 200);
        }
    }
}

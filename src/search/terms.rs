//! How the search reads words, the same in the index and in the browser
//! (islands/src/lib/searchWords.ts; both are tested against tests/search-terms.json): text is
//! folded (compatibility decomposition, combining marks dropped, lower case), cut into runs
//! of letters and digits, and a run of letters loses its plural ending (Harman's S-stemmer:
//! `ies` → `y`, `es` → `e`, `s` → nothing, with its exceptions), so "miles" finds "mile".
//! Single characters and the [`stop_words`] are not terms: every page has them.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Words that say nothing about a page, one a line in `stop-words.txt`; also dropped from
/// queries ("what is a rood" looks for "rood"). The index names them for the browser
/// (`search.json`), and the browser's tests read the same file.
pub fn stop_words() -> impl Iterator<Item = &'static str> {
    include_str!("stop-words.txt").lines().map(str::trim).filter(|w| !w.is_empty())
}

fn is_stop_word(word: &str) -> bool {
    static WORDS: std::sync::OnceLock<std::collections::HashSet<&'static str>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| stop_words().collect()).contains(word)
}

/// The longest term: longer runs are cut (no word is that long; a hash or a number may be).
pub const MAX_TERM: usize = 40;

/// Lower case, with accents and other marks removed ("Café" → "cafe", "ﬁ" → "fi").
pub fn fold(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    text.nfkd().filter(|c| !is_combining_mark(*c)).flat_map(char::to_lowercase).collect()
}

/// The runs of letters and digits of folded text.
pub fn words(folded: &str) -> impl Iterator<Item = &str> {
    folded.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty())
}

/// A word without its plural ending (only words of letters, longer than three; `ies` only
/// after two more letters, so "pies" is "pie", not "py").
pub fn stem(word: &str) -> String {
    if word.len() <= 3 || !word.chars().all(char::is_alphabetic) {
        return word.to_string();
    }
    let cut = |n: usize| word[..word.len() - n].to_string();
    if word.len() > 4 && word.ends_with("ies") && !word.ends_with("eies") && !word.ends_with("aies") {
        return cut(3) + "y";
    }
    if word.ends_with("es") && !(word.ends_with("aes") || word.ends_with("ees") || word.ends_with("oes")) {
        return cut(1);
    }
    if word.ends_with('s') && !word.ends_with("us") && !word.ends_with("ss") {
        return cut(1);
    }
    word.to_string()
}

/// The term of one folded word, or `None` when it is no term.
pub fn term(word: &str) -> Option<String> {
    if word.chars().count() < 2 || is_stop_word(word) {
        return None;
    }
    let mut term = stem(word);
    if term.len() > MAX_TERM {
        let cut = (0..=MAX_TERM).rev().find(|&i| term.is_char_boundary(i)).unwrap_or(0);
        term.truncate(cut);
    }
    Some(term)
}

/// The terms of a text, in order.
pub fn terms(text: &str) -> Vec<String> {
    words(&fold(text)).filter_map(term).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cases the browser's reading is tested against too (islands/src/lib/searchWords.test.ts).
    #[test]
    fn reads_the_shared_cases() {
        let cases: serde_json::Value = serde_json::from_str(include_str!("../../tests/search-terms.json")).unwrap();
        for case in cases.as_array().unwrap() {
            let text = case["text"].as_str().unwrap();
            let want: Vec<&str> = case["terms"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
            assert_eq!(terms(text), want, "{text}");
        }
    }

    #[test]
    fn stop_words_are_sorted_folded_and_no_terms() {
        let words: Vec<&str> = stop_words().collect();
        let mut sorted = words.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, words);
        assert!(words.iter().all(|w| fold(w) == *w && term(w).is_none()));
    }
}

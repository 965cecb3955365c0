//! The site's words, for the search box's typo tolerance (islands/src/lib/spelling.ts reads
//! them): every word of 5 to 24 letters a–z in the indexed text, with the number of pages
//! holding it, in small lists by first letter and length (`fc10`) and by last letter and
//! length (`ln10`). A word one edit from another keeps its first or its last letter and a
//! length within one of it, so six lists hold every candidate for a misspelled word.

use std::collections::{HashMap, HashSet};

/// Shorter words are not corrected (too many words are one edit from them).
pub const MIN_LENGTH: usize = 5;
/// Longer words are not listed.
pub const MAX_LENGTH: usize = 24;

/// The words of the pages indexed so far, with the number of pages holding each.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Vocabulary {
    pages: HashMap<String, u32>,
}

/// The distinct listable words of a text, lower-cased: runs of letters and digits that are
/// all ASCII letters, of 5 to 24 of them.
pub fn words_of(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| (MIN_LENGTH..=MAX_LENGTH).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_alphabetic()))
        .map(str::to_ascii_lowercase)
        .collect()
}

impl Vocabulary {
    /// Counts one page's words (from [`words_of`]).
    pub fn add_page(&mut self, words: HashSet<String>) {
        for word in words {
            *self.pages.entry(word).or_default() += 1;
        }
    }

    /// Adds the counts of `other`.
    pub fn add(&mut self, other: Vocabulary) {
        for (word, n) in other.pages {
            *self.pages.entry(word).or_default() += n;
        }
    }

    /// Takes the counts of `other` (pages counted before, now gone or changed) away; a word
    /// on no page any more leaves the lists.
    pub fn remove(&mut self, other: Vocabulary) {
        for (word, n) in other.pages {
            if let Some(count) = self.pages.get_mut(&word) {
                *count = count.saturating_sub(n);
                if *count == 0 {
                    self.pages.remove(&word);
                }
            }
        }
    }

    pub fn len(&self) -> usize {
        self.pages.len()
    }

    /// The lists: name (`fc10`) → the file's text, one `word pages` a line, most common
    /// first (alphabetical among equals, so the files are the same every build). `known`:
    /// words the site knows that no page may say (a currency's name: "riyal" is no "rival"),
    /// listed as on one page.
    pub fn lists(&self, known: &HashSet<String>) -> Vec<(String, String)> {
        // By (`f` or `l`, the letter, the length).
        type Key = (u8, u8, usize);
        let mut lists: HashMap<Key, Vec<(&str, u32)>> = HashMap::new();
        let unsaid = known.iter().filter(|w| !self.pages.contains_key(*w)).map(|w| (w, &1u32));
        for (word, &count) in self.pages.iter().chain(unsaid) {
            let bytes = word.as_bytes();
            for key in [(b'f', bytes[0], bytes.len()), (b'l', bytes[bytes.len() - 1], bytes.len())] {
                lists.entry(key).or_default().push((word, count));
            }
        }
        let mut out: Vec<(String, String)> = lists
            .into_iter()
            .map(|((side, letter, length), mut words)| {
                words.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
                let mut text = String::with_capacity(words.iter().map(|(w, _)| w.len() + 4).sum());
                let mut number = itoa::Buffer::new();
                for (word, count) in words {
                    text.push_str(word);
                    text.push(' ');
                    text.push_str(number.format(count));
                    text.push('\n');
                }
                (format!("{}{}{length}", side as char, letter as char), text)
            })
            .collect();
        out.sort();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_letters_only_lower_cased_five_to_twenty_four_long() {
        let words = words_of("Conversion: convert METRES, feet, 1,000 m, note1234, café, don't, a-very-long-hyphenated, supercalifragilisticexpialidocious");
        let mut words: Vec<_> = words.into_iter().collect();
        words.sort();
        assert_eq!(words, ["conversion", "convert", "hyphenated", "metres"]);
    }

    #[test]
    fn lists_by_first_and_last_letter_and_length_most_common_first() {
        let mut v = Vocabulary::default();
        v.add_page(words_of("conversion converter"));
        v.add_page(words_of("conversion conversion"));
        v.add_page(words_of("collection"));
        let lists: HashMap<String, String> = v.lists(&HashSet::new()).into_iter().collect();
        assert_eq!(lists["fc10"], "conversion 2\ncollection 1\n");
        assert_eq!(lists["ln10"], "conversion 2\ncollection 1\n");
        assert_eq!(lists["fc9"], "converter 1\n");
        assert_eq!(lists["lr9"], "converter 1\n");
        assert_eq!(lists.len(), 4);
        assert_eq!(v.len(), 3);
        // A word the site knows that no page says is listed as on one page; a said one as said.
        let known: HashSet<String> = ["riyal", "conversion"].map(String::from).into();
        let lists: HashMap<String, String> = v.lists(&known).into_iter().collect();
        assert_eq!(lists["fr5"], "riyal 1\n");
        assert_eq!(lists["fc10"], "conversion 2\ncollection 1\n");
    }
}

//! The content files as read: the ones loaded by name, and the text of every file read.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The route registry.
pub const ROUTES_FILE: &str = "content/routes.yaml";
/// The site's name, navigation, footer and services.
pub const SITE_FILE: &str = "content/site.yaml";
/// The FAQ page's entries.
pub const FAQ_FILE: &str = "content/faq.yaml";
/// The unit tables, currencies and limits.
pub const UNITS_FILE: &str = "content/units.yaml";

/// The text of every content file read, so problems found later are located in the very
/// text that was parsed (never re-read, never guessed).
#[derive(Default, Clone)]
pub struct Texts(pub(super) HashMap<PathBuf, String>);

impl Texts {
    pub fn get(&self, rel: impl AsRef<Path>) -> &str {
        self.0.get(rel.as_ref()).map(String::as_str).unwrap_or_default()
    }

    /// A hash of every file's path and text, in path order (in memory only: SipHash).
    pub(super) fn digest(&self) -> u64 {
        let mut files: Vec<(&PathBuf, &String)> = self.0.iter().collect();
        // By the paths' bytes: any fixed order does, and comparing paths by components was
        // a tenth of a rebuild's load with 2,000 articles.
        files.sort_unstable_by(|a, b| a.0.as_os_str().cmp(b.0.as_os_str()));
        use std::hash::{Hash, Hasher};
        let mut h = std::hash::DefaultHasher::new();
        files.hash(&mut h);
        h.finish()
    }
}

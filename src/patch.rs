//! A rebuild in `serve` written into the current output instead of into a whole new folder.
//! When nearly every page is reused (3,200 unit pair pages stay as they are when an article
//! changes), linking each unchanged file into a new folder and removing the old folder cost
//! more than the rest of the rebuild, and grew with the site. So the build stages only the
//! files it writes and names the ones it keeps and the folders it carries over (the search
//! index's results, under a new version's name); [`Patch::apply`] moves the staged files in,
//! then removes every other file. The output is untouched until `apply`, so a rebuild that
//! fails leaves it as it was; while `apply` runs (milliseconds), a reader may get some files
//! new and others old, which the live reload that follows makes moot.

use anyhow::{Context, Result};
use std::borrow::Cow;
use std::collections::HashSet;
use std::path::Path;
use std::sync::Mutex;

pub struct Patch {
    /// The output's files when the build started (relative paths): one walk of the folder,
    /// which tells the build which pages it can keep without asking for each file (5,600
    /// `stat` calls with 2,000 articles) and tells [`Patch::apply`] what to remove.
    current: HashSet<String>,
    /// The output's folders when the build started, a folder before what it holds.
    folders: Vec<String>,
    /// [`output_digest`] of the output as walked, when asked for.
    digest: Option<u64>,
    /// Files of the output kept as they are (relative paths).
    kept: Mutex<HashSet<String>>,
    /// Folders of the output renamed before the staged files move in.
    carried: Mutex<Vec<Carry>>,
}

/// A folder of the output renamed (`from` → `to`), and which of its files stay (by their path
/// within it: `p/12.json`), asked of each file instead of listing 5,600 names.
struct Carry {
    from: String,
    to: String,
    keeps: Box<dyn Fn(&str) -> bool + Send>,
}

impl Patch {
    /// A patch of the output folder `target` as it is now.
    pub fn of(target: &Path) -> Result<Patch> {
        Patch::walked(target, false)
    }

    /// [`Patch::of`], with the output's [`output_digest`] taken in the same walk (a `stat` per
    /// file, which a rebuild in `serve`, writing into its own last output, does without).
    pub fn with_digest(target: &Path) -> Result<Patch> {
        Patch::walked(target, true)
    }

    fn walked(target: &Path, digest: bool) -> Result<Patch> {
        let (mut current, mut folders, mut sum) = (HashSet::new(), Vec::new(), 0u64);
        walk(target, |rel, entry| {
            if digest {
                sum = sum.wrapping_add(file_stamp(&rel, entry));
            }
            if entry.file_type().is_dir() {
                folders.push(rel);
            } else {
                current.insert(rel);
            }
        })?;
        let digest = digest.then_some(sum);
        Ok(Patch { current, folders, digest, kept: Mutex::default(), carried: Mutex::default() })
    }

    /// The output's [`output_digest`] when the build started, if the walk took it.
    pub fn digest(&self) -> Option<u64> {
        self.digest
    }

    /// Whether the output had file `rel` when the build started.
    pub fn has(&self, rel: &str) -> bool {
        self.current.contains(rel)
    }

    pub fn keep(&self, rel: &str) {
        self.kept.lock().expect("patch lock").insert(rel.to_string());
    }

    /// Renames the output's folder `from` to `to` and keeps the files of it that `keeps`
    /// (asked with their path relative to it); what else it holds is removed unless the build
    /// writes it again.
    pub fn carry(&self, from: &str, to: &str, keeps: impl Fn(&str) -> bool + Send + 'static) {
        let carry = Carry { from: from.to_string(), to: to.to_string(), keeps: Box::new(keeps) };
        self.carried.lock().expect("patch lock").push(carry);
    }

    /// Carries the folders, moves every file of `staging` into `target` (a rename, so a
    /// reader gets the old file or the new one), then removes the files of `target` the build
    /// neither wrote nor kept, and the folders left empty. `staging`'s folders stay, for the
    /// caller to remove.
    pub fn apply(self, staging: &Path, target: &Path) -> Result<()> {
        let mut kept = self.kept.into_inner().expect("patch lock");
        // The folders renamed: a file or folder of the walk under one is now under its new name.
        let mut moved = Vec::new();
        for carry in self.carried.into_inner().expect("patch lock") {
            let (from_path, to_path) = (target.join(&carry.from), target.join(&carry.to));
            if !from_path.is_dir() {
                continue;
            }
            if carry.from != carry.to {
                if let Some(parent) = to_path.parent() {
                    std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
                }
                std::fs::rename(&from_path, &to_path).with_context(|| format!("moving {} to {}", from_path.display(), to_path.display()))?;
            }
            moved.push(carry);
        }
        for (rel, is_dir) in relative_entries(staging)? {
            let (from, to) = (staging.join(&rel), target.join(&rel));
            if is_dir {
                std::fs::create_dir_all(&to).with_context(|| format!("creating {}", to.display()))?;
            } else {
                std::fs::rename(&from, &to).with_context(|| format!("moving {} to {}", from.display(), to.display()))?;
                kept.insert(rel);
            }
        }
        for rel in &self.current {
            let now = match carried_within(&moved, rel) {
                Some((carry, within)) if (carry.keeps)(within) => continue,
                Some((carry, within)) => Cow::Owned(format!("{}/{within}", carry.to)),
                None => Cow::Borrowed(rel.as_str()),
            };
            if kept.contains(now.as_ref()) {
                continue;
            }
            let path = target.join(now.as_ref());
            match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e).with_context(|| format!("removing {}", path.display())),
                _ => {}
            }
        }
        let now = |rel: &'_ str| match carried_within(&moved, rel) {
            Some((carry, "")) => carry.to.clone(),
            Some((carry, within)) => format!("{}/{within}", carry.to),
            None => rel.to_string(),
        };
        // Deepest first (the walk lists a folder before what it holds), so a folder is
        // emptied before it is tried; fails, as it should, while the folder holds anything.
        for rel in self.folders.iter().rev() {
            let _ = std::fs::remove_dir(target.join(now(rel)));
        }
        Ok(())
    }
}

/// The carried folder the walk's path `rel` was in, and its path within it (empty for the
/// folder itself).
fn carried_within<'a, 'c>(moved: &'c [Carry], rel: &'a str) -> Option<(&'c Carry, &'a str)> {
    moved.iter().find_map(|carry| {
        let rest = rel.strip_prefix(carry.from.as_str())?;
        match rest.strip_prefix('/') {
            Some(within) => Some((carry, within)),
            None => rest.is_empty().then_some((carry, rest)),
        }
    })
}

/// Every file and folder under `root`, as a path relative to it with `/` between names and
/// whether it is a folder; a folder comes before what it holds.
fn relative_entries(root: &Path) -> Result<Vec<(String, bool)>> {
    let mut entries = Vec::new();
    walk(root, |rel, entry| entries.push((rel, entry.file_type().is_dir())))?;
    Ok(entries)
}

/// A digest of the files under `root` as they are on disk: each one's path, size, inode and
/// modification time, summed so that the walk's order does not matter. A file written,
/// replaced or removed since, by unitly or anything else, changes it (`build`'s saved page
/// reuse, src/site/saved.rs, holds only for the output exactly as it left it).
pub fn output_digest(root: &Path) -> Result<u64> {
    let mut digest = 0u64;
    walk(root, |rel, entry| digest = digest.wrapping_add(file_stamp(&rel, entry)))?;
    Ok(digest)
}

/// One entry's part of [`output_digest`] (0 for a folder).
fn file_stamp(rel: &str, entry: &walkdir::DirEntry) -> u64 {
    if entry.file_type().is_dir() {
        return 0;
    }
    let mut h = crate::hash::Fnv::new();
    h.field(rel.as_bytes());
    if let Ok(m) = entry.metadata() {
        let modified = m.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map_or(0, |d| d.as_nanos());
        #[cfg(unix)]
        let inode = std::os::unix::fs::MetadataExt::ino(&m);
        #[cfg(not(unix))]
        let inode = 0u64;
        h.field(&m.len().to_le_bytes());
        h.field(&inode.to_le_bytes());
        h.field(&modified.to_le_bytes());
    }
    h.finish()
}

/// Calls `found` with every entry under `root` and its path relative to it, `/` between
/// names; a folder comes before what it holds.
pub(crate) fn walk(root: &Path, mut found: impl FnMut(String, &walkdir::DirEntry)) -> Result<()> {
    // Each path walked is `root`, a separator, then the relative path: cut as bytes, since
    // `strip_prefix` compares name by name (most of a walk of 11,000 files).
    let root_len = root.as_os_str().len();
    for entry in walkdir::WalkDir::new(root).min_depth(1) {
        let entry = entry.with_context(|| format!("reading {}", root.display()))?;
        let path = entry.path().as_os_str().as_encoded_bytes();
        let rel = path.get(root_len..).unwrap_or_default();
        let mut rel = String::from_utf8_lossy(rel.strip_prefix(std::path::MAIN_SEPARATOR_STR.as_bytes()).unwrap_or(rel)).into_owned();
        if std::path::MAIN_SEPARATOR != '/' {
            rel = rel.replace(std::path::MAIN_SEPARATOR, "/");
        }
        found(rel, &entry);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn tree(root: &Path) -> Vec<(String, String)> {
        let mut files: Vec<_> = relative_entries(root)
            .unwrap()
            .into_iter()
            .filter(|(_, dir)| !dir)
            .map(|(rel, _)| {
                let text = std::fs::read_to_string(root.join(&rel)).unwrap();
                (rel, text)
            })
            .collect();
        files.sort();
        files
    }

    #[test]
    fn staged_files_move_in_kept_and_carried_ones_stay_and_the_rest_goes() {
        let dir = tempfile::tempdir().unwrap();
        let (target, staging) = (dir.path().join("out"), dir.path().join("staging"));
        write(&target, "index.html", "old home");
        write(&target, "blog/kept.html", "kept article");
        write(&target, "blog/edited.html", "old text");
        write(&target, "blog/page/2.html", "a listing page no more");
        write(&target, "search/v1/p/0.json", "result 0");
        write(&target, "search/v1/p/1.json", "result 1, written again");
        write(&target, "search/v1/c/0.json", "old chunk");
        write(&target, "search/v1/c/1.json", "a chunk no more");
        write(&staging, "index.html", "new home");
        write(&staging, "blog/edited.html", "new text");
        write(&staging, "search/v2/p/1.json", "result 1, new");
        write(&staging, "search/v2/c/0.json", "new chunk");
        let patch = Patch::of(&target).unwrap();
        patch.keep("blog/kept.html");
        patch.carry("search/v1", "search/v2", |within| ["p/0.json", "p/1.json"].contains(&within));
        patch.apply(&staging, &target).unwrap();
        let expected = [
            ("blog/edited.html", "new text"),
            ("blog/kept.html", "kept article"),
            ("index.html", "new home"),
            ("search/v2/c/0.json", "new chunk"),
            ("search/v2/p/0.json", "result 0"),
            ("search/v2/p/1.json", "result 1, new"),
        ];
        assert_eq!(tree(&target), expected.map(|(a, b)| (a.to_string(), b.to_string())));
        assert!(!target.join("blog/page").exists() && !target.join("search/v1").exists(), "emptied folders go too");
        assert!(tree(&staging).is_empty(), "every staged file moved in; the folders are the caller's to remove");
    }

    #[test]
    fn the_digest_of_an_output_changes_with_any_file_written_replaced_or_removed_and_only_then() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path();
        write(out, "index.html", "home");
        write(out, "blog/a.html", "article a");
        let digest = output_digest(out).unwrap();
        assert_eq!(output_digest(out).unwrap(), digest, "the same folder, the same digest");
        assert_eq!(Patch::with_digest(out).unwrap().digest(), Some(digest), "a patch's walk sees the same");
        assert_eq!(Patch::of(out).unwrap().digest(), None);

        // Rewritten in place with the same length: its modification time differs.
        std::thread::sleep(std::time::Duration::from_millis(20));
        write(out, "blog/a.html", "article b");
        let rewritten = output_digest(out).unwrap();
        assert_ne!(rewritten, digest);
        // Replaced by another file of the same bytes (a new inode).
        std::fs::write(out.join("blog/copy"), "article b").unwrap();
        std::fs::rename(out.join("blog/copy"), out.join("blog/a.html")).unwrap();
        let replaced = output_digest(out).unwrap();
        assert_ne!(replaced, rewritten);
        write(out, "extra.txt", "added");
        assert_ne!(output_digest(out).unwrap(), replaced);
        std::fs::remove_file(out.join("extra.txt")).unwrap();
        assert_eq!(output_digest(out).unwrap(), replaced, "removed again: the folder is as it was");
        std::fs::remove_file(out.join("index.html")).unwrap();
        assert_ne!(output_digest(out).unwrap(), replaced);
    }
}

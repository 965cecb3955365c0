//! The compressed copies kept on disk between runs of `serve` (`.unitly-cache/compressed/`),
//! one file per content, named by a hash of the bytes and the compression settings. Brotli at
//! quality 11 costs tens of milliseconds for a page and more for a script; without this every
//! start of `serve` paid it again for each file a browser asked for (the browser suite starts
//! it some thirty times on the same build, and spent about a tenth of its CPU there).
//!
//! Nothing here can fail a response: a copy that cannot be read or written is compressed
//! again. Each file is written under a temporary name and renamed, so a reader never sees half
//! of one; a file that does not parse is ignored. The folder stays bounded: when `serve` starts
//! with more than [`LIMIT`] in it, the least recently used copies go until half is left.
//! Deleting it is always safe.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Where the copies are kept, under the project.
pub const DIR: &str = ".unitly-cache/compressed";
/// The folder's size beyond which the oldest copies are removed when `serve` starts.
pub const LIMIT: u64 = 64 << 20;
/// What a copy's file starts with: the format (its last byte is the version), then the gzip
/// copy's length as 8 bytes, little-endian, the gzip copy and the brotli copy.
const MAGIC: &[u8; 8] = b"unitlyz1";

pub struct Store {
    dir: PathBuf,
    /// The compression settings, part of every key: other settings make other copies.
    settings: String,
}

impl Store {
    /// The store in `dir` (made now if missing), trimmed in the background if it grew beyond
    /// [`LIMIT`].
    pub fn open(dir: PathBuf, settings: String) -> Store {
        let _ = std::fs::create_dir_all(&dir);
        let trimmed = dir.clone();
        std::thread::spawn(move || trim(&trimmed, LIMIT));
        Store { dir, settings }
    }

    fn path(&self, bytes: &[u8]) -> PathBuf {
        let mut hash = Sha256::new();
        hash.update(self.settings.as_bytes());
        hash.update([0]);
        hash.update(bytes);
        let hex: String = hash.finalize()[..16].iter().map(|b| format!("{b:02x}")).collect();
        self.dir.join(hex)
    }

    /// The gzip and brotli copies of `bytes`: those a run kept, or else `make`'s, kept for the
    /// next run (the name is hashed once either way).
    pub fn get_or_make(&self, bytes: &[u8], make: impl FnOnce() -> (Vec<u8>, Vec<u8>)) -> (Vec<u8>, Vec<u8>) {
        let path = self.path(bytes);
        if let Some(kept) = self.read(&path) {
            return kept;
        }
        let (gzip, br) = make();
        self.write(&path, &gzip, &br);
        (gzip, br)
    }

    /// The copies in the file at `path`, if it holds whole ones.
    fn read(&self, path: &Path) -> Option<(Vec<u8>, Vec<u8>)> {
        let mut file = std::fs::read(path).ok()?;
        let rest = file.strip_prefix(MAGIC.as_slice())?;
        let (len, rest) = rest.split_first_chunk::<8>()?;
        let gzip_len = usize::try_from(u64::from_le_bytes(*len)).ok().filter(|&n| n <= rest.len())?;
        // Used now: the last to go when the folder is trimmed.
        if let Ok(f) = std::fs::File::options().write(true).open(path) {
            let _ = f.set_modified(SystemTime::now());
        }
        let br = file.split_off(MAGIC.len() + 8 + gzip_len);
        file.drain(..MAGIC.len() + 8);
        Some((file, br))
    }

    fn write(&self, path: &Path, gzip: &[u8], br: &[u8]) {
        let mut file = Vec::with_capacity(MAGIC.len() + 8 + gzip.len() + br.len());
        file.extend_from_slice(MAGIC);
        file.extend_from_slice(&(gzip.len() as u64).to_le_bytes());
        file.extend_from_slice(gzip);
        file.extend_from_slice(br);
        // Another `serve` may write the same copy at the same time: each writes its own
        // temporary file, and either rename leaves a whole file. No folder is made here: one
        // removed while serve runs (the project deleted under it) stays removed.
        let temporary = self.dir.join(format!(".{}.{:?}", std::process::id(), std::thread::current().id()).replace(['(', ')'], ""));
        let written = std::fs::write(&temporary, &file).and_then(|()| std::fs::rename(&temporary, path));
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
    }
}

/// Removes the least recently used copies (and temporary files a stopped run left) until
/// `dir` holds at most half of `limit`, if it holds more than `limit`.
pub fn trim(dir: &Path, limit: u64) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut files: Vec<(SystemTime, u64, PathBuf)> = entries
        .filter_map(|e| {
            let e = e.ok()?;
            let meta = e.metadata().ok().filter(|m| m.is_file())?;
            Some((meta.modified().unwrap_or(SystemTime::UNIX_EPOCH), meta.len(), e.path()))
        })
        .collect();
    let mut total: u64 = files.iter().map(|f| f.1).sum();
    if total <= limit {
        return;
    }
    files.sort();
    for (_, len, path) in files {
        if total <= limit / 2 {
            break;
        }
        if std::fs::remove_file(&path).is_ok() {
            total -= len;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Store {
        fn get(&self, bytes: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
            self.read(&self.path(bytes))
        }

        fn put(&self, bytes: &[u8], gzip: &[u8], br: &[u8]) {
            self.write(&self.path(bytes), gzip, br);
        }
    }

    #[test]
    fn keeps_copies_by_content_and_settings_and_ignores_broken_files() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("c"), "gzip 9, br 11".into());
        assert_eq!(store.get(b"page"), None);
        store.put(b"page", b"gz", b"brotli");
        assert_eq!(store.get(b"page"), Some((b"gz".to_vec(), b"brotli".to_vec())));
        assert_eq!(store.get(b"other page"), None);
        let other = Store { dir: dir.path().join("c"), settings: "gzip 6, br 5".into() };
        assert_eq!(other.get(b"page"), None, "other settings, other copies");

        // A file cut short or not ours is not a copy.
        for broken in [&b"unitlyz1\xff\xff\xff\xff\xff\xff\xff\x7fgz"[..], b"unitlyz1", b"something else"] {
            std::fs::write(store.path(b"page"), broken).unwrap();
            assert_eq!(store.get(b"page"), None, "{broken:?}");
        }
        let names: Vec<_> = std::fs::read_dir(dir.path().join("c")).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1, "no temporary file left: {names:?}");

        // Its folder removed while serve runs: nothing is made again, nothing fails.
        std::fs::remove_dir_all(dir.path().join("c")).unwrap();
        store.put(b"page", b"gz", b"brotli");
        assert_eq!(store.get(b"page"), None);
        assert!(!dir.path().join("c").exists());
    }

    #[test]
    fn trims_the_least_recently_used_to_half_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store { dir: dir.path().to_path_buf(), settings: String::new() };
        let day = std::time::Duration::from_secs(86_400);
        for (i, name) in [b"a", b"b", b"c", b"d"].iter().enumerate() {
            store.put(*name, &[0; 100], &[0; 150]);
            let file = std::fs::File::options().write(true).open(store.path(*name)).unwrap();
            file.set_modified(SystemTime::now() - day * (10 - i as u32)).unwrap();
        }
        // "a" is the oldest written, but used just now.
        assert!(store.get(b"a").is_some());
        let size = (MAGIC.len() + 8 + 250) as u64;
        trim(dir.path(), 4 * size);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 4, "within the limit: nothing goes");
        trim(dir.path(), 3 * size + 1);
        let kept: Vec<bool> = [b"a", b"b", b"c", b"d"].iter().map(|n| store.path(*n).exists()).collect();
        assert_eq!(kept, [true, false, false, false], "to half the limit, least recently used first");
    }
}

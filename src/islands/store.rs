//! The island step's results kept between builds, in memory while `serve` runs
//! ([`IslandCache`]) and on disk (`.unitly-cache/islands/`, [`Store`]): the client bundle
//! and every island's server HTML, under a hash of everything they are made from (the islands' sources and build script, the stylesheets, the npm packages). A build
//! whose inputs are unchanged starts no Node process; Node renders only the islands whose
//! props are new. Only the latest inputs are kept, and only the islands the last build
//! used, so the folder does not grow with time. Deleting it is always safe.

use super::manifest::{copy_files, ClientManifest};
use anyhow::{Context, Result};
use std::collections::{HashMap, HashSet};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// An island's server HTML, shared between the cache and the build's steps.
pub type Renders = std::sync::Arc<str>;

pub const DIR: &str = ".unitly-cache/islands";
const MANIFEST: &str = "manifest.json";
/// Every island's server HTML by key, in the format of [`write_renders`].
const RENDERS: &str = "renders.bin";
const CLIENT: &str = "client";

/// What the island step's output is made of (`styles`: the stylesheet's folder).
pub fn inputs(project: &Path, styles: &Path) -> Vec<PathBuf> {
    let islands = project.join("islands");
    vec![
        islands.join("src"),
        islands.join("scripts"),
        islands.join("package.json"),
        islands.join("package-lock.json"),
        // npm rewrites it on every install: another esbuild or React means other output.
        islands.join("node_modules/.package-lock.json"),
        styles.to_path_buf(),
    ]
}

/// What survives between builds in `serve`: the client bundle and every island render,
/// valid while the islands' inputs are unchanged (see [`Store`], which keeps
/// the same between runs).
#[derive(Default)]
pub struct IslandCache {
    pub(super) inputs: String,
    pub(super) client: Option<(ClientManifest, PathBuf)>,
    pub(super) html: HashMap<String, Renders>,
    /// Whether `html` holds only the renders asked for so far, not every render the store
    /// has (a build that keeps most pages reads a few of 10,000).
    pub(super) partial: bool,
}

/// Tells the cache that the last build's assets now live at `dir` (after the swap).
pub fn relocate_cache(cache: &mut IslandCache, dir: PathBuf) {
    if let Some((_, d)) = cache.client.as_mut() {
        *d = dir;
    }
}

/// The cache of one set of inputs.
pub struct Store {
    /// The project's `islands/` folder, where Node runs.
    islands: PathBuf,
    root: PathBuf,
    dir: PathBuf,
}

/// What a previous build left: its client bundle (files in [`Store::client_dir`]) and
/// island renders by key.
pub struct Saved {
    pub manifest: ClientManifest,
    pub html: HashMap<String, Renders>,
}

impl Store {
    /// The store for the island inputs under `project` (`styles`: the stylesheet's folder).
    pub fn new(project: &Path, styles: &Path) -> Store {
        let key = crate::fingerprint::contents(project, &inputs(project, styles));
        let root = project.join(DIR);
        Store { islands: project.join("islands"), dir: root.join(format!("{key:016x}")), root }
    }

    /// The project's `islands/` folder.
    pub fn islands_dir(&self) -> &Path {
        &self.islands
    }

    /// The inputs' hash, for the in-memory cache of `serve`.
    pub fn key(&self) -> &str {
        self.dir.file_name().and_then(|n| n.to_str()).unwrap_or_default()
    }

    pub fn client_dir(&self) -> PathBuf {
        self.dir.join(CLIENT)
    }

    /// The saved results, when there are some for these inputs and every client file is there.
    /// `wanted`: the keys of the renders to read (none: all of them).
    pub fn load(&self, wanted: Option<&HashSet<&str>>) -> Option<Saved> {
        let manifest: ClientManifest = serde_json::from_slice(&std::fs::read(self.dir.join(MANIFEST)).ok()?).ok()?;
        let html = read_renders(&self.dir.join(RENDERS), wanted).ok()?;
        let client = self.client_dir();
        manifest.files.iter().all(|f| client.join(f).is_file()).then_some(Saved { manifest, html })
    }

    /// Keeps this build's results: `html` (the renders it used) and the client files now in
    /// `assets`. Written beside and renamed into place, so a build running at the same time
    /// reads the old results or the new ones; earlier inputs' results are removed.
    pub fn save(&self, manifest: &ClientManifest, html: &HashMap<String, Renders>, assets: &Path) -> Result<()> {
        let staging = self.root.join(format!(".staging-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&staging);
        copy_files(assets, &staging.join(CLIENT), &manifest.files)?;
        write(&staging.join(MANIFEST), &serde_json::to_vec(manifest)?)?;
        let path = staging.join(RENDERS);
        write_renders(&path, html).with_context(|| format!("writing {}", path.display()))?;
        let _ = std::fs::remove_dir_all(&self.dir);
        std::fs::rename(&staging, &self.dir).with_context(|| format!("moving {} to {}", staging.display(), self.dir.display()))?;
        for entry in std::fs::read_dir(&self.root).into_iter().flatten().filter_map(Result::ok) {
            // Another build's staging folder is left alone unless it is an hour old (its
            // build crashed).
            let staging = entry.file_name().to_string_lossy().starts_with(".staging-");
            let old = || entry.metadata().and_then(|m| m.modified()).ok().and_then(|t| t.elapsed().ok()).is_some_and(|age| age.as_secs() > 3600);
            if entry.path() != self.dir && (!staging || old()) {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
        Ok(())
    }
}

/// The start of a renders file; another start (a file of another format, or the first,
/// which had no index) is not read.
const RENDERS_MAGIC: &[u8] = b"unitly island renders 2\n";

/// Writes the renders as [`RENDERS_MAGIC`], their number, an index (each key and the length of
/// its HTML), then every HTML one after the other in the index's order; every number a
/// little-endian `u32`, every key a length and its UTF-8 bytes. Streamed to the file, and read
/// back at the speed of a copy: the renders are tens of MB (43 MB with 2,000 articles), which
/// as JSON took one core 190 ms to unescape at the start of every build while the other
/// waited. The index lets a build that keeps most pages read the few renders it asks for.
fn write_renders(path: &Path, html: &HashMap<String, Renders>) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
    let too_large = || std::io::Error::other("over 4 GB");
    let length = |bytes: &[u8]| u32::try_from(bytes.len()).map(u32::to_le_bytes).map_err(|_| too_large());
    let renders: Vec<(&String, &Renders)> = html.iter().collect();
    out.write_all(RENDERS_MAGIC)?;
    out.write_all(&u32::try_from(renders.len()).map_err(|_| too_large())?.to_le_bytes())?;
    for (key, render) in &renders {
        out.write_all(&length(key.as_bytes())?)?;
        out.write_all(key.as_bytes())?;
        out.write_all(&length(render.as_bytes())?)?;
    }
    for (_, render) in &renders {
        out.write_all(render.as_bytes())?;
    }
    out.flush()
}

/// Reads what [`write_renders`] wrote, only the renders of the `wanted` keys when given (the
/// others are not read); an error for anything else (a file cut short, a length past its end,
/// bytes after the last render, keys or renders read that are not UTF-8), which the caller
/// takes as no cache.
fn read_renders(path: &Path, wanted: Option<&HashSet<&str>>) -> std::io::Result<HashMap<String, Renders>> {
    use std::io::{Seek, SeekFrom};
    let damaged = |why: &str| std::io::Error::other(format!("a damaged renders file: {why}"));
    let file = std::fs::File::open(path)?;
    let size = file.metadata()?.len();
    let mut input = std::io::BufReader::with_capacity(1 << 18, file);
    let mut magic = vec![0; RENDERS_MAGIC.len()];
    input.read_exact(&mut magic)?;
    if magic != RENDERS_MAGIC {
        return Err(damaged("not a renders file"));
    }
    let number = |input: &mut std::io::BufReader<std::fs::File>| -> std::io::Result<u64> {
        let mut n = [0; 4];
        input.read_exact(&mut n)?;
        Ok(u64::from(u32::from_le_bytes(n)))
    };
    let count = number(&mut input)?;
    let mut at = RENDERS_MAGIC.len() as u64 + 4;
    let mut index = Vec::new();
    let mut total = 0u64;
    for _ in 0..count {
        let key_len = number(&mut input)?;
        // A length the file cannot hold is a damaged file, not an allocation to attempt.
        if at + 8 + key_len > size {
            return Err(damaged("a key past the end"));
        }
        let mut key = vec![0; key_len as usize];
        input.read_exact(&mut key)?;
        let render_len = number(&mut input)?;
        at += 8 + key_len;
        index.push((String::from_utf8(key).map_err(std::io::Error::other)?, total, render_len));
        total += render_len;
    }
    // The renders fill the rest exactly: a file cut short or with bytes after is refused
    // before any is read.
    if at + total != size {
        return Err(damaged("the renders do not fill the file"));
    }
    let mut html = HashMap::new();
    let mut position = 0u64;
    for (key, offset, len) in index {
        if wanted.is_some_and(|w| !w.contains(key.as_str())) {
            continue;
        }
        if offset != position {
            input.seek(SeekFrom::Start(at + offset))?;
        }
        let mut bytes = vec![0; len as usize];
        input.read_exact(&mut bytes)?;
        position = offset + len;
        html.insert(key, Renders::from(String::from_utf8(bytes).map_err(std::io::Error::other)?));
    }
    Ok(html)
}

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn renders() -> HashMap<String, Renders> {
        [("k1", "<button>Copy</button>"), ("k2", ""), ("kä", "<p>1 µm = 10⁻⁶ m</p>")].into_iter().map(|(k, h)| (k.to_string(), Renders::from(h))).collect()
    }

    #[test]
    fn renders_read_back_as_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(RENDERS);
        write_renders(&path, &renders()).unwrap();
        assert_eq!(read_renders(&path, None).unwrap(), renders());
        write_renders(&path, &HashMap::new()).unwrap();
        assert!(read_renders(&path, None).unwrap().is_empty());
    }

    #[test]
    fn only_the_renders_asked_for_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(RENDERS);
        write_renders(&path, &renders()).unwrap();
        for keys in [vec!["kä"], vec!["k2", "k1"], vec!["k1", "kä", "k9"], vec![]] {
            let wanted: HashSet<&str> = keys.iter().copied().collect();
            let expected: HashMap<String, Renders> = renders().into_iter().filter(|(k, _)| wanted.contains(k.as_str())).collect();
            assert_eq!(read_renders(&path, Some(&wanted)).unwrap(), expected, "{keys:?}");
        }
    }

    #[test]
    fn a_damaged_renders_file_is_no_cache() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(RENDERS);
        write_renders(&path, &renders()).unwrap();
        let whole = std::fs::read(&path).unwrap();
        let one: HashSet<&str> = ["k1"].into_iter().collect();
        // Cut anywhere before the end: never a partial map, never a panic, even when the
        // renders asked for lie before the cut.
        for cut in 0..whole.len() {
            std::fs::write(&path, &whole[..cut]).unwrap();
            assert!(read_renders(&path, None).is_err(), "cut at {cut}");
            assert!(read_renders(&path, Some(&one)).is_err(), "cut at {cut}, one render asked for");
        }
        std::fs::write(&path, [&whole[..], b"x"].concat()).unwrap();
        assert!(read_renders(&path, None).is_err(), "a byte after the end");
        let mut huge = RENDERS_MAGIC.to_vec();
        huge.extend(1u32.to_le_bytes());
        huge.extend(u32::MAX.to_le_bytes());
        std::fs::write(&path, &huge).unwrap();
        assert!(read_renders(&path, None).is_err(), "a length past the end");
        std::fs::write(&path, br#"{"k1":"<button>Copy</button>"}"#).unwrap();
        assert!(read_renders(&path, None).is_err(), "the old JSON file");
        std::fs::write(&path, [&b"unitly island renders 1\n"[..], &0u32.to_le_bytes()].concat()).unwrap();
        assert!(read_renders(&path, None).is_err(), "the first format, with no index");
        let mut not_utf8 = RENDERS_MAGIC.to_vec();
        not_utf8.extend(1u32.to_le_bytes());
        not_utf8.extend(1u32.to_le_bytes());
        not_utf8.extend(b"k");
        not_utf8.extend(2u32.to_le_bytes());
        not_utf8.extend([0xff, 0xfe]);
        std::fs::write(&path, &not_utf8).unwrap();
        assert!(read_renders(&path, None).is_err(), "bytes that are not UTF-8");
    }
}

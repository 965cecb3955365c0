//! The island step's results kept between builds, in memory while `serve` runs
//! ([`IslandCache`]) and on disk (`.unitly-cache/islands/`, [`Store`]): the client bundle
//! and every island's server HTML, under a hash of everything they are made from (the islands' sources and build script, the stylesheets, the npm packages). A build
//! whose inputs are unchanged starts no Node process; Node renders only the islands whose
//! props are new. Only the latest inputs are kept, and only the islands the last build
//! used, so the folder does not grow with time. Deleting it is always safe.

use super::manifest::{copy_files, ClientManifest};
use anyhow::{Context, Result};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// An island's server HTML, shared between the cache and the build's steps.
pub type Renders = std::sync::Arc<str>;

pub const DIR: &str = ".unitly-cache/islands";
const MANIFEST: &str = "manifest.json";
const RENDERS: &str = "renders.json";
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
    pub fn load(&self) -> Option<Saved> {
        let manifest: ClientManifest = serde_json::from_slice(&std::fs::read(self.dir.join(MANIFEST)).ok()?).ok()?;
        // Parsed as it is read: the file is tens of MB, not to be held beside its parse.
        let file = std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(self.dir.join(RENDERS)).ok()?);
        let html: HashMap<String, String> = serde_json::from_reader(file).ok()?;
        let html = html.into_iter().map(|(k, h)| (k, Renders::from(h))).collect();
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
        // Streamed to the file: the renders are tens of MB, not to be held twice.
        let renders: HashMap<&str, &str> = html.iter().map(|(k, h)| (k.as_str(), h.as_ref())).collect();
        let path = staging.join(RENDERS);
        let file = std::fs::File::create(&path).with_context(|| format!("writing {}", path.display()))?;
        let mut out = std::io::BufWriter::new(file);
        serde_json::to_writer(&mut out, &renders).with_context(|| format!("writing {}", path.display()))?;
        std::io::Write::flush(&mut out).with_context(|| format!("writing {}", path.display()))?;
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

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

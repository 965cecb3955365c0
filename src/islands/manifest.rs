//! What the island pipeline's client bundle is: its files under `/assets/`, the entry, the
//! stylesheet, what each page preloads, the inline head script and the service worker's
//! code. Written by `islands/scripts/build.mjs`, kept by the store between builds.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct ClientManifest {
    /// Public URL of the hydration runtime.
    pub entry: String,
    /// Public URL of the stylesheet.
    pub css: String,
    /// Chunks the entry imports statically (React): preloaded so they download in parallel.
    pub preload: Vec<String>,
    /// Component name → its chunk and the chunks it imports beyond the entry's: preloaded on
    /// pages that hydrate the component at load, instead of discovered after the runtime runs.
    pub component_preload: HashMap<String, Vec<String>>,
    /// Every file written under the assets folder.
    pub files: Vec<String>,
    /// The one inline script (islands/src/runtime/head.ts, minified): it must run before the
    /// first paint, which no external script can do without blocking the page.
    pub head_script: String,
    /// Its `sha256-...` source for the Content-Security-Policy.
    pub head_script_hash: String,
    /// The service worker's code (islands/src/sw/sw.ts, its own esbuild entry); the build
    /// writes it to `/sw.js` behind this build's manifest (src/pwa.rs).
    #[serde(default)]
    pub service_worker: String,
}

/// Brings the previous build's client files into this one. They are named by content hash
/// and never written again, so a hard link is as good as a copy and much cheaper; copies
/// only where linking fails (another file system).
pub fn copy_files(from: &Path, to: &Path, files: &[String]) -> Result<()> {
    if from == to {
        // A second pass within one build: the files are already there.
        return Ok(());
    }
    for f in files {
        let (src, dst) = (from.join(f), to.join(f));
        if let Some(parent) = dst.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        }
        if std::fs::hard_link(&src, &dst).is_err() {
            std::fs::copy(&src, &dst).with_context(|| format!("copying {} to {}", src.display(), dst.display()))?;
        }
    }
    Ok(())
}

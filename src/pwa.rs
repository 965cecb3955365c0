//! The service worker (`sw.js`): makes the built site installable and usable offline.
//!
//! Its code is TypeScript (`islands/src/sw/sw.ts`), bundled by the island pipeline as its
//! own esbuild entry. Rust only supplies the manifest written in front of it: the app shell
//! to precache (home, the converter pages, the offline page, the client files and the
//! icons — never the articles, so a first visit stores the same small amount whatever the
//! size of the blog), the offline page, the runtime and search caches' bounds and a version derived from
//! the shell's content. A deployment that changes the shell changes the version, so browsers
//! install the new worker; it waits until no tab uses the old one (or the visitor accepts the
//! reload offer).

use crate::hash::Fnv;
use anyhow::Result;
use serde::Serialize;
use std::path::Path;

/// Where the offline page is written, and the key the worker stores it under.
pub const OFFLINE_FILE: &str = "offline.html";
/// The offline page's address, the key the worker precaches it under: its pretty path, as the
/// static host serves it (`/offline.html` is redirected there, and a redirect the worker
/// follows at install is one request more, or refused under `upgrade-insecure-requests` on a
/// plain-HTTP preview).
pub const OFFLINE_PATH: &str = "/offline";
/// How many pages and files the runtime cache keeps (oldest out first): with pages of
/// 20–40 KB and the shared scripts already in the shell, a few megabytes at most.
pub const RUNTIME_ENTRIES: usize = 60;
/// How many files of the search index the search cache keeps (oldest out first): chunks of
/// about 12 KB and files of results' excerpts of up to about 12 KB (eight short results, or
/// one or two articles: src/search/fragments.rs), so about a megabyte.
pub const SEARCH_ENTRIES: usize = 80;

#[derive(Serialize)]
struct Manifest<'a> {
    version: String,
    shell: &'a [String],
    offline: String,
    #[serde(rename = "runtimeEntries")]
    runtime_entries: usize,
    #[serde(rename = "searchEntries")]
    search_entries: usize,
}

/// The theme's static files that belong to the shell (icons, the web manifest), as public
/// paths with their bytes, sorted. Pictures under `images/` illustrate articles: they are
/// cached when an article using them is read, not on a first visit.
fn shell_static_files(static_dir: &Path) -> Result<Vec<(String, Vec<u8>)>> {
    crate::theme::static_files(static_dir).into_iter().filter(|f| !f.path.starts_with("/images/")).map(|f| Ok((f.path.clone(), f.read()?))).collect()
}

/// `sw.js` for this build. `code`: the bundled worker (islands/src/sw/sw.ts); `pages`: the
/// shell's pages as (path, final HTML), the offline page included as [`OFFLINE_PATH`];
/// `assets`: the client files under `/assets/`; `static_dir`: the theme's static folder.
pub fn service_worker(code: &str, pages: &[(&str, &str)], assets: &[String], static_dir: &Path) -> Result<String> {
    let statics = shell_static_files(static_dir)?;
    let mut hash = Fnv::new();
    hash.field(code.as_bytes());
    let mut urls: Vec<String> = Vec::new();
    for (path, html) in pages {
        hash.field(path.as_bytes());
        hash.field(html.as_bytes());
        urls.push(path.to_string());
    }
    let mut assets: Vec<String> = assets.iter().map(|a| format!("/{}/{}", crate::output::ASSETS_DIR, a.trim_start_matches('/'))).collect();
    assets.sort();
    for a in &assets {
        hash.field(a.as_bytes());
    }
    for (path, data) in &statics {
        hash.field(path.as_bytes());
        hash.field(data);
    }
    urls.extend(assets);
    urls.extend(statics.into_iter().map(|(p, _)| p));
    let mut seen = std::collections::HashSet::new();
    urls.retain(|u| seen.insert(u.clone()));
    let manifest = Manifest {
        version: format!("{:016x}", hash.finish()),
        shell: &urls,
        offline: OFFLINE_PATH.to_string(),
        runtime_entries: RUNTIME_ENTRIES,
        search_entries: SEARCH_ENTRIES,
    };
    let json = crate::html::inline_json(&manifest);
    Ok(format!(
        "// Unitly's service worker: the manifest of this build (`unitly build`, src/pwa.rs), then islands/src/sw/sw.ts.\nself.UNITLY_SW = {json};\n{code}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("icons")).unwrap();
        std::fs::create_dir_all(dir.path().join("images")).unwrap();
        std::fs::write(dir.path().join("favicon.svg"), "<svg/>").unwrap();
        std::fs::write(dir.path().join("manifest.webmanifest"), "{}").unwrap();
        std::fs::write(dir.path().join("icons/icon-192.png"), [137, 80, 78, 71]).unwrap();
        std::fs::write(dir.path().join("images/diagram.svg"), "<svg/>").unwrap();
        dir
    }

    fn manifest_of(sw: &str) -> serde_json::Value {
        let line = sw.lines().find_map(|l| l.strip_prefix("self.UNITLY_SW = ")).unwrap();
        serde_json::from_str(line.trim_end_matches(';')).unwrap()
    }

    #[test]
    fn the_shell_is_the_given_pages_the_client_files_and_the_icons() {
        let dir = fixture();
        let sw = service_worker(
            "/*code*/",
            &[("/", "<html>home</html>"), ("/length-converter", "<html>l</html>"), ("/offline", "<html>o</html>")],
            &["client-ABC.js".into(), "style-X.css".into()],
            dir.path(),
        )
        .unwrap();
        let m = manifest_of(&sw);
        let shell: Vec<&str> = m["shell"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert_eq!(
            shell,
            [
                "/",
                "/length-converter",
                "/offline",
                "/assets/client-ABC.js",
                "/assets/style-X.css",
                "/favicon.svg",
                "/icons/icon-192.png",
                "/manifest.webmanifest"
            ]
        );
        assert_eq!(m["offline"], "/offline", "the pretty path: /offline.html is a redirect");
        assert_eq!(m["runtimeEntries"], RUNTIME_ENTRIES);
        assert_eq!(m["searchEntries"], SEARCH_ENTRIES);
        assert_eq!(m["version"].as_str().unwrap().len(), 16);
        assert!(sw.ends_with("/*code*/"), "the bundled worker follows the manifest");
    }

    #[test]
    fn the_version_follows_the_shell() {
        let dir = fixture();
        let v =
            |code: &str, html: &str, asset: &str| manifest_of(&service_worker(code, &[("/", html)], &[asset.into()], dir.path()).unwrap())["version"].clone();
        let a = v("c", "<p>one</p>", "client-A.js");
        assert_eq!(a, v("c", "<p>one</p>", "client-A.js"), "same build, same worker: browsers keep it");
        let page = v("c", "<p>two</p>", "client-A.js");
        let asset = v("c", "<p>one</p>", "client-B.js");
        let code = v("d", "<p>one</p>", "client-A.js");
        std::fs::write(dir.path().join("favicon.svg"), "<svg></svg>").unwrap();
        let icon = v("c", "<p>one</p>", "client-A.js");
        let distinct: std::collections::HashSet<String> = [&a, &page, &asset, &code, &icon].iter().map(|v| v.to_string()).collect();
        assert_eq!(distinct.len(), 5, "{distinct:?}");
    }
}

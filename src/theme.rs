//! The theme folder: templates, styles and the static files copied to the site's root.

use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// The theme, relative to the project root.
pub const THEME: &str = "themes/unitly";

/// One file of the theme's `static/` folder.
pub struct StaticFile {
    /// Its public path (`/icons/icon-192.png`).
    pub path: String,
    /// Where it is on disk.
    pub source: PathBuf,
}

impl StaticFile {
    pub fn read(&self) -> Result<Vec<u8>> {
        std::fs::read(&self.source).with_context(|| format!("reading {}", self.source.display()))
    }
}

/// The static files of the theme, sorted by public path. Dotfiles (and whatever is inside a
/// dot-folder) are skipped, and so is `_headers`: the build writes that file itself, and a
/// copy in the theme must never silently replace the generated security headers.
pub fn static_files(static_dir: &Path) -> Vec<StaticFile> {
    let mut files: Vec<StaticFile> = walkdir::WalkDir::new(static_dir)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| {
            let rel = e.path().strip_prefix(static_dir).ok()?.to_string_lossy().replace('\\', "/");
            (rel != "_headers").then(|| StaticFile { path: format!("/{rel}"), source: e.into_path() })
        })
        .collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_dotfiles_and_headers() {
        let dir = tempfile::tempdir().unwrap();
        for f in ["favicon.svg", "icons/a.png", ".DS_Store", ".well-known/x", "icons/.hidden", "_headers"] {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "x").unwrap();
        }
        let paths: Vec<String> = static_files(dir.path()).into_iter().map(|f| f.path).collect();
        assert_eq!(paths, ["/favicon.svg", "/icons/a.png"]);
    }
}

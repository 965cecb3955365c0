//! Cheap change detection for the caches `serve` keeps between rebuilds.

use std::path::PathBuf;

/// Paths, sizes and modification times of everything under `roots`.
pub fn of(roots: &[PathBuf]) -> u64 {
    let mut entries: Vec<String> = roots
        .iter()
        .flat_map(|r| walkdir::WalkDir::new(r).into_iter().filter_map(Result::ok))
        .filter_map(|e| {
            let m = e.metadata().ok()?;
            let modified = m.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?.as_nanos();
            Some(format!("{}|{}|{}", e.path().display(), m.len(), modified))
        })
        .collect();
    entries.sort();
    crate::hash::fnv1a(entries.join("\n").as_bytes())
}

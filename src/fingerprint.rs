//! Change detection for the caches: cheap (metadata) for what `serve` keeps between
//! rebuilds, by content for what is kept on disk.

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

/// A hash of the contents of every file under `roots` (and of their paths relative to
/// `base`): unchanged by copying or touching, so it can key a cache on disk.
pub fn contents(base: &std::path::Path, roots: &[PathBuf]) -> u64 {
    let mut files: Vec<PathBuf> = roots
        .iter()
        .flat_map(|r| walkdir::WalkDir::new(r).into_iter().filter_map(Result::ok))
        .filter(|e| e.file_type().is_file())
        .map(walkdir::DirEntry::into_path)
        .collect();
    files.sort();
    let mut hash = crate::hash::Fnv::new();
    for file in files {
        hash.field(file.strip_prefix(base).unwrap_or(&file).to_string_lossy().as_bytes());
        let bytes = std::fs::read(&file).unwrap_or_default();
        hash.field(&bytes.len().to_le_bytes());
        hash.field(&bytes);
    }
    hash.finish()
}

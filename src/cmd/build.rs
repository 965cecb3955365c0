use crate::site::{BuildCache, Site};
use anyhow::Result;
use std::path::Path;

pub fn run(root: &Path, out: &Path, base_url: Option<String>, drafts: bool, future: bool, force: bool) -> Result<()> {
    crate::output::guard(root, out, force)?;
    let site = Site { base_url, drafts, future, ..Site::new(root) };
    // What the last build into `out` saved for the next (src/site/saved.rs).
    let mut cache = BuildCache::saved(root, out);
    site.build(out, &mut cache)?;
    cache.save(root, out);
    // Freeing what the build kept (some 100,000 allocations with 2,000 articles) would only
    // delay the exit that frees it all at once.
    std::mem::forget(cache);
    if let Some(warning) = crate::output::too_many_files(crate::output::asset_files(out)) {
        eprintln!("warning: {warning}");
    }
    Ok(())
}

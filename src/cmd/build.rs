use crate::site::{BuildCache, Site};
use anyhow::Result;
use std::path::Path;

pub fn run(root: &Path, out: &Path, base_url: Option<String>, drafts: bool, future: bool, force: bool) -> Result<()> {
    crate::output::guard(root, out, force)?;
    let site = Site { base_url, drafts, future, ..Site::new(root) };
    site.build(out, &mut BuildCache::default())?;
    if let Some(warning) = crate::output::too_many_files(crate::output::asset_files(out)) {
        eprintln!("warning: {warning}");
    }
    Ok(())
}

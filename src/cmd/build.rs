use crate::site::{BuildCache, Site};
use anyhow::Result;
use std::path::Path;

pub fn run(root: &Path, out: &Path, base_url: Option<String>) -> Result<()> {
    let mut site = Site::new(root);
    site.base_url = base_url;
    site.build(out, &mut BuildCache::default())?;
    Ok(())
}

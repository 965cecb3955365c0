use crate::site::Site;
use anyhow::Result;
use std::path::Path;

pub fn run(root: &Path) -> Result<()> {
    let (pages, links) = Site::new(root).check()?;
    println!("ok: {pages} pages and {links} internal links checked, no problems");
    Ok(())
}

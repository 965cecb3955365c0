use anyhow::Result;
use std::path::Path;

pub fn run(root: &Path, host: &str, port: u16, out: &Path, watch: bool, force: bool) -> Result<()> {
    crate::output::guard(root, out, force)?;
    crate::serve::run(root, host, port, out, watch)
}

//! The Node packages of `islands/` and `edge/`.

use anyhow::{bail, Context, Result};
use std::path::Path;
use std::process::Command;

/// On a fresh checkout a folder's packages are missing: install them (`npm ci`), saying so.
pub fn ensure_npm_packages(dir: &Path) -> Result<()> {
    if dir.join("node_modules/.package-lock.json").exists() {
        return Ok(());
    }
    eprintln!("installing npm packages in {} (npm ci)…", dir.display());
    let status = Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
        .current_dir(dir)
        .status()
        .with_context(|| format!("running `npm ci` in {} (is npm installed?)", dir.display()))?;
    if !status.success() {
        bail!("`npm ci` failed in {}", dir.display());
    }
    Ok(())
}

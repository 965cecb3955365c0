use crate::serve::Source;
use anyhow::Result;
use std::path::Path;

pub fn run(root: &Path, host: &str, port: u16, out: &Path, source: Source, force: bool) -> Result<()> {
    match source {
        Source::Build { .. } => crate::output::guard(root, out, force)?,
        // Nothing is written: only a folder that holds a build makes sense.
        Source::Built => anyhow::ensure!(
            out.join("index.html").is_file(),
            "{} holds no built site (no index.html): run `unitly build --out {}` first, or serve without --no-build",
            out.display(),
            out.display()
        ),
    }
    crate::serve::run(root, host, port, out, source)
}

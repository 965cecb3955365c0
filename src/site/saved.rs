//! `build`'s page reuse from one run to the next: what `serve` keeps in memory between
//! rebuilds ([`super::reuse`]: which pages were made of which inputs, their links, and the
//! search index they are in), saved after a build and read by the next, so that a build
//! after an article's edit renders that article and keeps every other page's file, as a
//! rebuild in `serve` does.
//!
//! It holds only for the output folder it was saved for, exactly as that build left it: the
//! saved file names the folder and has a digest of its every file's name, size, inode and
//! modification time ([`crate::patch::output_digest`]). A file changed, added or removed
//! since by anything else (a hand edit, another tool, a build that failed to save) means no
//! reuse at all; so does another unitly binary. The shared inputs (`reuse::inputs`)
//! are checked as in `serve`. One file, for the last output built: its size follows the
//! site's, not the number of builds or folders.

use super::reuse::Previous;
use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;

pub const FILE: &str = ".unitly-cache/pages.bin";
/// Changed whenever what is saved changes shape (the binary's own stamp changes with it too).
const MAGIC: &[u8] = b"unitly saved pages 3\n";

/// What is read back: the pages and the search index they are in, and the output's digest
/// they hold for.
pub(super) type Saved = (Previous, u64);

/// The running binary (its size and modification time: a rebuilt unitly may render pages
/// differently) and the output folder, absolute.
fn key(out: &Path) -> Option<u64> {
    let exe = std::env::current_exe().and_then(std::fs::metadata).ok()?;
    let modified = exe.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?.as_nanos();
    let out = std::path::absolute(out).ok()?;
    let mut h = crate::hash::Fnv::new();
    h.field(MAGIC);
    h.field(env!("CARGO_PKG_VERSION").as_bytes());
    h.field(&exe.len().to_le_bytes());
    h.field(&modified.to_le_bytes());
    h.field(out.as_os_str().as_encoded_bytes());
    Some(h.finish())
}

/// Reads, on a thread of its own, what the last build into `out` saved in `root`'s cache, if
/// it saved anything for this binary and this folder. A damaged file is no reuse.
pub(super) fn start_reading(root: &Path, out: &Path) -> Option<std::thread::JoinHandle<Option<Saved>>> {
    let (file, out) = (root.join(FILE), out.to_path_buf());
    file.is_file().then(|| std::thread::spawn(move || read(&file, &out)))
}

/// Saves what the next build into `out` may reuse of the one just made (`pages`; none: a
/// build that kept nothing for the next). A failure only costs that reuse: it is a warning,
/// and no file is left that could be mistaken for it.
pub(super) fn save(root: &Path, out: &Path, pages: Option<&Previous>) {
    let file = root.join(FILE);
    if let Err(e) = write(&file, out, pages) {
        let _ = std::fs::remove_file(&file);
        eprintln!("warning: saving the pages for the next build: {e:#}");
    }
}

fn write(file: &Path, out: &Path, pages: Option<&Previous>) -> Result<()> {
    let (Some((reuse, search)), Some(key)) = (pages, key(out)) else {
        let _ = std::fs::remove_file(file);
        return Ok(());
    };
    let dir = file.parent().context("the cache file has a folder")?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    // Written aside and renamed: a build reading it meanwhile gets the old file or this.
    let partial = dir.join(format!(".pages.bin.{}", std::process::id()));
    let written = std::thread::scope(|scope| -> Result<()> {
        // The output's walk (10,000 files with 2,000 articles) beside the encoding; its
        // digest goes last.
        let walk = scope.spawn(|| crate::patch::output_digest(out));
        let mut w = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&partial)?);
        w.write_all(MAGIC)?;
        w.write_all(&key.to_le_bytes())?;
        let mut w = postcard::to_io(&(reuse, search), w).context("encoding the pages")?;
        let digest = walk.join().map_err(|_| anyhow::anyhow!("the output's walk panicked"))??;
        w.write_all(&digest.to_le_bytes())?;
        w.into_inner().map_err(std::io::IntoInnerError::into_error)?;
        Ok(())
    });
    if let Err(e) = written {
        let _ = std::fs::remove_file(&partial);
        return Err(e.context(format!("writing {}", partial.display())));
    }
    std::fs::rename(&partial, file).with_context(|| format!("renaming {} to {}", partial.display(), file.display()))
}

/// The saved reuse in `file` and the output digest it holds for, when it was saved for `out`
/// by this binary: a magic line, the key (a little-endian `u64`), the pages and the index,
/// then the output's digest (another).
fn read(file: &Path, out: &Path) -> Option<Saved> {
    use std::io::Read;
    // The head first: a file saved for another folder or binary is not read further.
    let mut input = std::fs::File::open(file).ok()?;
    let mut head = [0; MAGIC.len() + 8];
    input.read_exact(&mut head).ok()?;
    let (magic, key_bytes) = head.split_at(MAGIC.len());
    if magic != MAGIC || u64::from_le_bytes(key_bytes.try_into().ok()?) != key(out)? {
        return None;
    }
    let mut rest = Vec::new();
    input.read_to_end(&mut rest).ok()?;
    let (payload, digest) = rest.split_last_chunk::<8>()?;
    let previous: Previous = postcard::from_bytes(payload).ok()?;
    Some((previous, u64::from_le_bytes(*digest)))
}

//! The output folder written aside, so a failed build leaves the previous one untouched:
//! moved in whole on `commit`, or (serve's rebuilds, src/patch.rs) only the files it wrote.

use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// The file every output folder unitly writes carries, so a later build knows the folder
/// is its own to replace. Its content never varies between builds.
pub const MARKER: &str = ".unitly-output";
pub(super) const MARKER_TEXT: &str = "This folder is written by `unitly build` and replaced whole by the next build.\n\
Anything put here by hand is lost on the next build.\n";
/// Tells Cloudflare's asset upload (wrangler) which files of the output are not pages.
const ASSETS_IGNORE: &str = ".assetsignore";

/// A path of the output (`blog/x.html`) that stays inside it: only plain names, no `..`,
/// no root, drive or backslash, no control characters.
pub fn safe_relative(rel: &str) -> bool {
    !rel.is_empty()
        && !rel.contains('\\')
        && !rel.chars().any(char::is_control)
        && Path::new(rel).components().all(|c| matches!(c, Component::Normal(n) if !n.to_string_lossy().contains(':')))
}

/// A sibling temporary folder that replaces the output folder only on `commit`.
/// Dropped without committing, it removes itself and the old output stays untouched.
pub struct StagedDir {
    target: PathBuf,
    staging: PathBuf,
    committed: bool,
    /// Set when the build is written into the current output ([`StagedDir::patching`]).
    patch: Option<crate::patch::Patch>,
    /// Whether `target` is an earlier build's output: only then is a file compared with the
    /// current one (an empty or missing folder would cost a failed open per file).
    has_current: bool,
}

impl StagedDir {
    pub fn new(target: &Path) -> Result<StagedDir> {
        let target = absolute(target)?;
        let parent = target.parent().context("the output folder needs a parent folder")?;
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        let name = target.file_name().context("the output folder needs a name")?.to_string_lossy();
        remove_stale(parent, &name);
        let staging = parent.join(format!(".{name}.staging-{}", std::process::id()));
        if staging.exists() {
            std::fs::remove_dir_all(&staging).with_context(|| format!("removing stale {}", staging.display()))?;
        }
        std::fs::create_dir_all(&staging).with_context(|| format!("creating {}", staging.display()))?;
        let has_current = target.join(MARKER).is_file();
        let staged = StagedDir { target, staging, committed: false, patch: None, has_current };
        staged.write(MARKER, MARKER_TEXT.as_bytes())?;
        staged.write(ASSETS_IGNORE, format!("{MARKER}\n").as_bytes())?;
        Ok(staged)
    }

    /// A build that stages only the files it writes and, on commit, moves them into the
    /// current output, keeping the files it names ([`StagedDir::link_current`],
    /// [`StagedDir::carry`]) and removing the rest (`serve`'s rebuilds: src/patch.rs). A plain
    /// [`StagedDir::new`] when `target` is not a build's output.
    /// `walked`: [`crate::patch::Patch::of`] the target, which the caller may have started
    /// early (a rebuild walks the output while it loads the content).
    pub fn patching(target: &Path, walked: impl FnOnce() -> Result<crate::patch::Patch>) -> Result<StagedDir> {
        let mut staged = StagedDir::new(target)?;
        if staged.has_current {
            staged.patch = Some(walked()?);
        }
        Ok(staged)
    }

    pub fn is_patching(&self) -> bool {
        self.patch.is_some()
    }

    /// The current output's folder `from` becomes `to` in the new build, keeping the files of
    /// it that `keeps` (asked with their path relative to it) unless the build wrote them
    /// anew: renamed when patching, otherwise hard-linked into the staged folder.
    pub fn carry(&self, from: &str, to: &str, keeps: impl Fn(&str) -> bool + Send + 'static) -> Result<()> {
        if let Some(patch) = &self.patch {
            patch.carry(from, to, keeps);
            return Ok(());
        }
        let (from_dir, to_dir) = (self.target.join(from), self.staged_path(to)?.1);
        if !self.has_current || !from_dir.is_dir() {
            return Ok(());
        }
        let mut kept = Vec::new();
        crate::patch::walk(&from_dir, |within, entry| {
            if entry.file_type().is_file() && keeps(&within) {
                kept.push(within);
            }
        })?;
        for within in kept {
            let (current, staged) = (from_dir.join(&within), to_dir.join(&within));
            if staged.exists() {
                continue;
            }
            replacing(&staged, || std::fs::hard_link(&current, &staged)).with_context(|| format!("linking {} to {}", current.display(), staged.display()))?;
        }
        Ok(())
    }

    /// Whether the output folder holds an earlier build's output, which this one may keep
    /// files of.
    pub fn has_current(&self) -> bool {
        self.has_current
    }

    pub fn path(&self) -> &Path {
        &self.staging
    }

    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Writes one file of the new build. A file the current output already has, byte for
    /// byte, is hard-linked instead: an unchanged page costs no disk write, so a rebuild
    /// stays fast even while the system is still flushing earlier writes. Files are never
    /// written in place (a staged path is replaced, not truncated), so a linked file of the
    /// current output can never change under it.
    /// When patching, such a file is simply kept: a link, a rename over itself and an unlink
    /// for each of the 60 files a rebuild writes alike (icons, newsletter pages, …) were a
    /// tenth of a rebuild.
    pub fn write(&self, rel: &str, bytes: &[u8]) -> Result<()> {
        let (rel, path) = self.staged_path(rel)?;
        let current = self.target.join(rel);
        let same = || std::fs::read(&current).is_ok_and(|old| old == bytes);
        if let Some(patch) = self.patch.as_ref().filter(|p| p.has(rel)) {
            if same() {
                patch.keep(rel);
                // Written once before in this build, differently: that staged file goes.
                return match std::fs::remove_file(&path) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e).with_context(|| format!("removing {}", path.display())),
                    _ => Ok(()),
                };
            }
        } else if self.has_current && same() && replacing(&path, || std::fs::hard_link(&current, &path)).is_ok() {
            return Ok(());
        }
        replacing(&path, || std::fs::File::create_new(&path).and_then(|mut f| f.write_all(bytes))).with_context(|| format!("writing {}", path.display()))
    }

    /// Takes the current output's file `rel` into the new build as it is (a hard link), when
    /// there is one: for a page whose inputs did not change since the current output.
    pub fn link_current(&self, rel: &str) -> bool {
        if let Some(patch) = &self.patch {
            let rel = rel.trim_start_matches('/');
            let there = safe_relative(rel) && patch.has(rel);
            if there {
                patch.keep(rel);
            }
            return there;
        }
        let Ok((rel, path)) = self.staged_path(rel) else { return false };
        self.has_current && replacing(&path, || std::fs::hard_link(self.target.join(rel), &path)).is_ok()
    }

    /// `rel` without its leading `/`, and where it goes in the staged folder; refused when
    /// the path would leave the output folder. Its folder is created by [`replacing`].
    fn staged_path<'r>(&self, rel: &'r str) -> Result<(&'r str, PathBuf)> {
        let rel = rel.trim_start_matches('/');
        if !safe_relative(rel) {
            bail!("refusing to write `{rel}`: the path leaves the output folder");
        }
        Ok((rel, self.staging.join(rel)))
    }

    /// Swaps the staged folder in: two renames, so readers see the old or the new site.
    pub fn commit(self) -> Result<()> {
        match self.swap()? {
            Some(old) => std::fs::remove_dir_all(&old).with_context(|| format!("removing {}", old.display())),
            None => Ok(()),
        }
    }

    /// [`StagedDir::commit`], leaving the previous output where it was moved aside (returned)
    /// for the caller to remove: `serve` does it in the background, as removing thousands of
    /// files takes longer than the rest of a rebuild. When patching, what is returned is the
    /// staging folder, emptied of files but not of folders.
    pub fn swap(mut self) -> Result<Option<PathBuf>> {
        if let Some(patch) = self.patch.take() {
            patch.apply(&self.staging, &self.target)?;
            self.committed = true;
            return Ok(Some(self.staging.clone()));
        }
        let old = self.target.with_file_name(format!(".{}.old-{}", self.target.file_name().unwrap_or_default().to_string_lossy(), std::process::id()));
        let had_old = self.target.exists();
        if had_old {
            std::fs::rename(&self.target, &old).with_context(|| format!("moving {} aside", self.target.display()))?;
        }
        if let Err(e) = std::fs::rename(&self.staging, &self.target) {
            if had_old {
                let _ = std::fs::rename(&old, &self.target);
            }
            return Err(e).with_context(|| format!("moving the new build into {}", self.target.display()));
        }
        self.committed = true;
        Ok(had_old.then_some(old))
    }
}

/// Creates `path` with `create`, replacing a file already staged there (written twice in
/// one build) and creating its folder when missing. Each only when needed, not before every
/// file: an unlink takes the folder's lock even when there is nothing to remove, thousands
/// of pages share one folder, and a folder is created once for all of them.
fn replacing(path: &Path, create: impl Fn() -> std::io::Result<()>) -> std::io::Result<()> {
    match create() {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            std::fs::remove_file(path)?;
            create()
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => {
                std::fs::create_dir_all(parent)?;
                create()
            }
            _ => Err(e),
        },
        other => other,
    }
}

impl Drop for StagedDir {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.staging);
        }
    }
}

/// Removes what interrupted builds into `parent/name` left beside it: `.{name}.staging-PID`
/// (stopped while writing) and `.{name}.old-PID` (stopped while removing the previous
/// output), each a whole copy of the site, whose process is no longer running. No later
/// build would otherwise remove them, as their names carry the PID of the one that stopped.
/// A folder of a running process (another build into the same folder) is left alone; so is
/// everything where running processes cannot be told (no `/proc`).
fn remove_stale(parent: &Path, name: &str) {
    if !Path::new("/proc/self").is_dir() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(parent) else { return };
    for entry in entries.filter_map(Result::ok) {
        let file_name = entry.file_name();
        let Some(pid) = stale_pid(&file_name.to_string_lossy(), name) else { continue };
        if pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists() || !entry.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let path = entry.path();
        println!("removing {}, left by an interrupted build (process {pid})", path.display());
        if let Err(e) = std::fs::remove_dir_all(&path) {
            eprintln!("warning: removing {}: {e}", path.display());
        }
    }
}

/// The PID in `.{name}.staging-PID` or `.{name}.old-PID`; `None` for any other name.
fn stale_pid(file_name: &str, name: &str) -> Option<u32> {
    let rest = file_name.strip_prefix('.')?.strip_prefix(name)?;
    let pid = rest.strip_prefix(".staging-").or_else(|| rest.strip_prefix(".old-"))?;
    pid.bytes().all(|b| b.is_ascii_digit()).then(|| pid.parse().ok()).flatten()
}

fn absolute(p: &Path) -> Result<PathBuf> {
    if p.is_absolute() {
        Ok(p.to_path_buf())
    } else {
        Ok(std::env::current_dir().context("reading the current folder")?.join(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_build_leaves_old_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("dist");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("index.html"), "old").unwrap();
        {
            let staged = StagedDir::new(&out).unwrap();
            staged.write("index.html", b"new").unwrap();
            // dropped without commit
        }
        assert_eq!(std::fs::read_to_string(out.join("index.html")).unwrap(), "old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "staging folder removed");
        let staged = StagedDir::new(&out).unwrap();
        staged.write("index.html", b"new").unwrap();
        staged.commit().unwrap();
        assert_eq!(std::fs::read_to_string(out.join("index.html")).unwrap(), "new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn what_an_interrupted_build_left_is_removed_by_the_next_one() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("dist");
        // PIDs above the kernel's maximum (4,194,304) can never be running.
        let dead = 4_194_305 + std::process::id() % 1000;
        let alive = std::process::Command::new("sleep").arg("30").spawn().unwrap();
        let leftovers = [format!(".dist.staging-{dead}"), format!(".dist.old-{}", dead + 1)];
        let kept = [format!(".dist.staging-{}", alive.id()), format!(".dist-2.old-{dead}"), format!(".dist.old-{dead}x"), "other".into()];
        for name in leftovers.iter().chain(&kept) {
            std::fs::create_dir_all(dir.path().join(name).join("blog")).unwrap();
            std::fs::write(dir.path().join(name).join("blog/a.html"), "a page").unwrap();
        }
        let staged = StagedDir::new(&out).unwrap();
        staged.write("index.html", b"new").unwrap();
        staged.commit().unwrap();
        let mut left: Vec<String> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        left.sort();
        let mut expected: Vec<String> = kept.iter().cloned().chain(["dist".to_string()]).collect();
        expected.sort();
        assert_eq!(left, expected, "a running build's folder and other names stay");
        let mut alive = alive;
        let _ = alive.kill();
        let _ = alive.wait();
    }

    #[test]
    fn unchanged_files_are_linked_and_a_failed_build_still_leaves_them_alone() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("dist");
        let staged = StagedDir::new(&out).unwrap();
        staged.write("a.html", b"same").unwrap();
        staged.commit().unwrap();
        {
            let staged = StagedDir::new(&out).unwrap();
            staged.write("a.html", b"same").unwrap(); // linked to the current file
            staged.write("a.html", b"changed twice").unwrap(); // replaces the link, not the file
                                                               // dropped: a failed build
        }
        assert_eq!(std::fs::read_to_string(out.join("a.html")).unwrap(), "same");
        let staged = StagedDir::new(&out).unwrap();
        staged.write("a.html", b"same").unwrap();
        staged.commit().unwrap();
        assert_eq!(std::fs::read_to_string(out.join("a.html")).unwrap(), "same");
    }

    #[test]
    fn only_an_earlier_builds_files_are_linked_and_folders_are_made_as_needed() {
        use std::os::unix::fs::MetadataExt;
        let inode = |p: &Path| std::fs::metadata(p).unwrap().ino();
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("dist");
        // A folder unitly did not write (no marker): its files are not compared or linked.
        std::fs::create_dir_all(out.join("deep/er")).unwrap();
        std::fs::write(out.join("deep/er/a.html"), "same").unwrap();
        let before = inode(&out.join("deep/er/a.html"));
        let staged = StagedDir::new(&out).unwrap();
        staged.write("deep/er/a.html", b"same").unwrap();
        staged.write("deep/er/b.html", b"next to it").unwrap();
        staged.commit().unwrap();
        assert_ne!(inode(&out.join("deep/er/a.html")), before, "written anew, not linked");
        assert_eq!(std::fs::read_to_string(out.join("deep/er/b.html")).unwrap(), "next to it");
        // Now it is unitly's output: an unchanged file is linked.
        let before = inode(&out.join("deep/er/a.html"));
        let staged = StagedDir::new(&out).unwrap();
        staged.write("deep/er/a.html", b"same").unwrap();
        assert!(staged.link_current("deep/er/b.html"));
        assert!(!staged.link_current("deep/er/missing.html"));
        staged.commit().unwrap();
        assert_eq!(inode(&out.join("deep/er/a.html")), before, "linked");
        assert_eq!(std::fs::read_to_string(out.join("deep/er/b.html")).unwrap(), "next to it");
    }
}

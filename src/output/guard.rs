//! The output guard: a build replaces only a folder that is missing, empty or its own, and
//! never the project, its sources, the home folder or `/`.

use super::staged::MARKER;
use crate::diagnostics::Refused;
use std::path::{Component, Path, PathBuf};

/// Checks, before anything is written, that `out` may be replaced by a build of the project
/// at `root`: it is missing, empty, or carries [`MARKER`] (or `force` is set). Never allowed,
/// even with `force`: `/`, the home folder, the project root or a folder containing it, and
/// the project's source folders or anything inside them.
pub fn guard(root: &Path, out: &Path, force: bool) -> Result<(), Refused> {
    let shown = out.display().to_string();
    let unresolvable = |e: std::io::Error| Refused(format!("cannot resolve the output folder {shown}: {e}"));
    let lexical = lexically_resolved(out).map_err(unresolvable)?;
    let out = resolved(out).map_err(unresolvable)?;
    let root = resolved(root).map_err(|e| Refused(format!("cannot resolve the project folder: {e}")))?;
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).and_then(|h| resolved(Path::new(&h)).ok());
    for candidate in [&out, &lexical] {
        if let Some(why) = never_allowed(candidate, &root, home.as_deref()) {
            return Err(Refused(format!("refusing to write the site into {shown}: {why}; choose another folder with --out (--force does not change this)")));
        }
    }
    let entries: Vec<String> = match std::fs::read_dir(&out) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
            return Err(Refused(format!("refusing to write the site into {shown}: it is a file, not a folder; choose another folder with --out")))
        }
        Err(e) => return Err(Refused(format!("cannot read the output folder {shown}: {e}"))),
        Ok(dir) => dir
            .filter_map(Result::ok)
            .map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                if e.file_type().is_ok_and(|t| t.is_dir()) {
                    format!("{name}/")
                } else {
                    name
                }
            })
            .collect(),
    };
    if entries.is_empty() || force || out.join(MARKER).is_file() {
        return Ok(());
    }
    let mut some = entries;
    some.sort();
    let more = some.len().saturating_sub(5);
    some.truncate(5);
    let listed = if more > 0 { format!("{}, and {more} more", some.join(", ")) } else { some.join(", ") };
    Err(Refused(format!(
        "refusing to write the site into {shown}: it holds files unitly did not write ({listed}).\n\
         A build replaces its output folder whole, so these would be lost. Choose a missing or empty folder with --out,\n\
         or run again with --force to replace {shown} and everything in it."
    )))
}

/// Why `out` (resolved) may never be the output folder, even with `--force`.
fn never_allowed(out: &Path, root: &Path, home: Option<&Path>) -> Option<String> {
    if out.parent().is_none() {
        return Some("it is the root of the file system".into());
    }
    if home == Some(out) {
        return Some("it is the home folder".into());
    }
    if root.starts_with(out) {
        return Some("it is the project folder or contains it".into());
    }
    ["content", "themes", "islands", "edge", "src"]
        .into_iter()
        .find(|source| out.starts_with(root.join(source)))
        .map(|source| format!("it is inside the project's {source}/ folder"))
}

/// `p` made absolute, then walked one component at a time: `.` is skipped, `..` removes the
/// last component, and after each step the path so far is replaced by its real path (symbolic
/// links resolved) while it exists. `..` therefore always applies to a real folder, as the
/// system applies it, and a missing part (`dist/` not built yet) is normalised lexically
/// instead of stopping the resolution: `<project>/dist/../content/blog` is
/// `<project>/content/blog` whether or not `dist/` exists.
fn resolved(p: &Path) -> std::io::Result<PathBuf> {
    walked(p, |out| {
        if let Ok(real) = std::fs::canonicalize(&*out) {
            *out = real;
        }
    })
}

/// `p` made absolute, one component at a time: `.` skipped, `..` removing the last
/// component, and `settle` called on the path so far after each other component.
fn walked(p: &Path, settle: impl Fn(&mut PathBuf)) -> std::io::Result<PathBuf> {
    let mut out = PathBuf::new();
    for component in std::path::absolute(p)?.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => {
                out.push(other);
                settle(&mut out);
            }
        }
    }
    Ok(out)
}

/// `p` made absolute with `.` and `..` applied lexically first (no file system access),
/// then the longest existing prefix replaced by its real path. It differs from [`resolved`]
/// only when a symbolic link is followed by `..`; the guard refuses a folder when either
/// reading of the path is refused.
fn lexically_resolved(p: &Path) -> std::io::Result<PathBuf> {
    let lexical = walked(p, |_| {})?;
    let mut existing = lexical.as_path();
    let mut rest = Vec::new();
    while std::fs::symlink_metadata(existing).is_err() {
        let (Some(parent), Some(name)) = (existing.parent(), existing.file_name()) else { break };
        rest.push(name);
        existing = parent;
    }
    let mut out = std::fs::canonicalize(existing).unwrap_or_else(|_| existing.to_path_buf());
    out.extend(rest.into_iter().rev());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::staged::{safe_relative, MARKER_TEXT};
    use super::*;

    #[test]
    fn guard_allows_missing_empty_and_marked_folders_only() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("dist");
        assert!(guard(root.path(), &out, false).is_ok(), "missing");
        std::fs::create_dir_all(&out).unwrap();
        assert!(guard(root.path(), &out, false).is_ok(), "empty");
        std::fs::write(out.join("mine.txt"), "x").unwrap();
        let refused = guard(root.path(), &out, false).unwrap_err().to_string();
        assert!(refused.contains("mine.txt") && refused.contains("--force"), "{refused}");
        assert!(guard(root.path(), &out, true).is_ok(), "forced");
        std::fs::write(out.join(MARKER), MARKER_TEXT).unwrap();
        assert!(guard(root.path(), &out, false).is_ok(), "marked");
        for never in [root.path().to_path_buf(), root.path().join("content/x/.."), root.path().join("dist/../src"), PathBuf::from("/")] {
            assert!(guard(root.path(), &never, true).is_err(), "{}", never.display());
        }
        assert!(safe_relative("blog/x.html") && safe_relative(".unitly-output"));
        for bad in ["../x", "/etc/x", "a/../../b", "C:/x", "a\\b", "a\u{1}", ""] {
            assert!(!safe_relative(bad), "{bad:?}");
        }
    }

    #[test]
    fn dot_dot_through_a_missing_or_linked_folder_is_resolved_before_the_guard_decides() {
        let root = tempfile::tempdir().unwrap();
        let r = root.path();
        std::fs::create_dir_all(r.join("content/blog")).unwrap();
        // `dist/` does not exist: `..` must still climb out of it.
        let through_missing = r.join("dist/../content/blog");
        assert_eq!(resolved(&through_missing).unwrap(), std::fs::canonicalize(r.join("content/blog")).unwrap());
        assert!(guard(r, &through_missing, true).is_err());
        assert!(guard(r, &r.join("dist/./../dist/x/../../src/a"), true).is_err());
        // A link inside the project to a folder elsewhere, then `..`: the system climbs from
        // the link's target, a lexical reading from the link; both are refused when either is.
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(elsewhere.path().join("deep")).unwrap();
        std::os::unix::fs::symlink(elsewhere.path().join("deep"), r.join("link")).unwrap();
        assert!(guard(r, &r.join("link/../content/blog"), true).is_err(), "lexically inside content/");
        assert_eq!(resolved(&r.join("link/../x")).unwrap(), std::fs::canonicalize(elsewhere.path()).unwrap().join("x"));
        // A new folder inside the project is fine.
        assert!(guard(r, &r.join("dist/../site"), false).is_ok());
    }
}

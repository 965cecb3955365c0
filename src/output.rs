//! Writing the site: the output guard, an atomic output folder, minified HTML, and the
//! header table shared by `dist/_headers` and `unitly serve`.

use crate::diagnostics::Refused;
use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// The file every output folder unitly writes carries, so a later build knows the folder
/// is its own to replace. Its content never varies between builds.
pub const MARKER: &str = ".unitly-output";
const MARKER_TEXT: &str = "This folder is written by `unitly build` and replaced whole by the next build.\n\
Anything put here by hand is lost on the next build.\n";
/// Tells Cloudflare's asset upload (wrangler) which files of the output are not pages.
const ASSETS_IGNORE: &str = ".assetsignore";

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
}

impl StagedDir {
    pub fn new(target: &Path) -> Result<StagedDir> {
        let target = absolute(target)?;
        let parent = target.parent().context("the output folder needs a parent folder")?;
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        let name = target.file_name().context("the output folder needs a name")?.to_string_lossy();
        let staging = parent.join(format!(".{name}.staging-{}", std::process::id()));
        if staging.exists() {
            std::fs::remove_dir_all(&staging).with_context(|| format!("removing stale {}", staging.display()))?;
        }
        std::fs::create_dir_all(&staging).with_context(|| format!("creating {}", staging.display()))?;
        let staged = StagedDir { target, staging, committed: false, patch: None };
        staged.write(MARKER, MARKER_TEXT.as_bytes())?;
        staged.write(ASSETS_IGNORE, format!("{MARKER}\n").as_bytes())?;
        Ok(staged)
    }

    /// A build that stages only the files it writes and, on commit, moves them into the
    /// current output, keeping the files it names ([`StagedDir::link_current`],
    /// [`StagedDir::carry`]) and removing the rest (`serve`'s rebuilds: src/patch.rs). A plain
    /// [`StagedDir::new`] when `target` is not a build's output.
    pub fn patching(target: &Path) -> Result<StagedDir> {
        let mut staged = StagedDir::new(target)?;
        if staged.target.join(MARKER).is_file() {
            staged.patch = Some(crate::patch::Patch::default());
        }
        Ok(staged)
    }

    pub fn is_patching(&self) -> bool {
        self.patch.is_some()
    }

    /// When patching: the current output's folder `from` becomes `to`, keeping `files` of it
    /// (paths relative to it).
    pub fn carry(&self, from: &str, to: &str, files: impl IntoIterator<Item = String>) {
        if let Some(patch) = &self.patch {
            patch.carry(from, to, files);
        }
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
    pub fn write(&self, rel: &str, bytes: &[u8]) -> Result<()> {
        let (rel, path) = self.staged_path(rel)?;
        let current = self.target.join(rel);
        if std::fs::read(&current).is_ok_and(|old| old == bytes) && replacing(&path, || std::fs::hard_link(&current, &path)).is_ok() {
            return Ok(());
        }
        replacing(&path, || std::fs::File::create_new(&path).and_then(|mut f| f.write_all(bytes))).with_context(|| format!("writing {}", path.display()))
    }

    /// Takes the current output's file `rel` into the new build as it is (a hard link), when
    /// there is one: for a page whose inputs did not change since the current output.
    pub fn link_current(&self, rel: &str) -> bool {
        if let Some(patch) = &self.patch {
            let rel = rel.trim_start_matches('/');
            let there = safe_relative(rel) && self.target.join(rel).is_file();
            if there {
                patch.keep(rel);
            }
            return there;
        }
        let Ok((rel, path)) = self.staged_path(rel) else { return false };
        replacing(&path, || std::fs::hard_link(self.target.join(rel), &path)).is_ok()
    }

    /// `rel` without its leading `/`, and where it goes in the staged folder (its folder
    /// created); refused when the path would leave the output folder.
    fn staged_path<'r>(&self, rel: &'r str) -> Result<(&'r str, PathBuf)> {
        let rel = rel.trim_start_matches('/');
        if !safe_relative(rel) {
            bail!("refusing to write `{rel}`: the path leaves the output folder");
        }
        let path = self.staging.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        }
        Ok((rel, path))
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
    /// files takes longer than the rest of a rebuild.
    pub fn swap(mut self) -> Result<Option<PathBuf>> {
        if let Some(patch) = self.patch.take() {
            patch.apply(&self.staging, &self.target)?;
            self.committed = true;
            return Ok(None);
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
/// one build). Removing first only when needed: an unlink takes the folder's lock even when
/// there is nothing to remove, and thousands of pages share one folder.
fn replacing(path: &Path, create: impl Fn() -> std::io::Result<()>) -> std::io::Result<()> {
    match create() {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            std::fs::remove_file(path)?;
            create()
        }
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

fn absolute(p: &Path) -> Result<PathBuf> {
    if p.is_absolute() {
        Ok(p.to_path_buf())
    } else {
        Ok(std::env::current_dir().context("reading the current folder")?.join(p))
    }
}

/// Minifies the HTML our templates produce. Comments are kept: island placeholders are
/// comments, filled in after this step, so React's server HTML is never touched (the
/// minifier would drop the `<!-- -->` separators hydration relies on).
pub fn minify(html: &str) -> Vec<u8> {
    let mut cfg = minify_html::Cfg::new();
    cfg.keep_comments = true;
    cfg.keep_closing_tags = true;
    cfg.keep_html_and_head_opening_tags = true;
    cfg.do_not_minify_doctype = true;
    cfg.ensure_spec_compliant_unquoted_attribute_values = true;
    cfg.keep_spaces_between_attributes = true;
    cfg.minify_css = false;
    cfg.minify_js = false;
    minify_html::minify(html.as_bytes(), &cfg)
}

/// The exact hosts a third party needs, by directive: never a wildcard (a wildcard over a
/// large provider's hosts takes in hosts that serve JSONP, which runs whatever a page asks
/// it to). A host the provider starts using later is blocked until it is added here.
pub struct Hosts {
    pub script: &'static [&'static str],
    pub connect: &'static [&'static str],
    pub img: &'static [&'static str],
    pub frame: &'static [&'static str],
}

/// AdSense: its loader, the ad frames it opens and the images and beacons in them.
pub const ADS: Hosts = Hosts {
    script: &["https://pagead2.googlesyndication.com", "https://tpc.googlesyndication.com", "https://ep2.adtrafficquality.google"],
    connect: &["https://pagead2.googlesyndication.com", "https://ep1.adtrafficquality.google"],
    img: &[
        "https://pagead2.googlesyndication.com",
        "https://tpc.googlesyndication.com",
        "https://googleads.g.doubleclick.net",
        "https://ep1.adtrafficquality.google",
    ],
    frame: &["https://googleads.g.doubleclick.net", "https://tpc.googlesyndication.com", "https://ep2.adtrafficquality.google", "https://www.google.com"],
};

/// Google Analytics 4 through gtag.js.
pub const ANALYTICS: Hosts = Hosts {
    script: &["https://www.googletagmanager.com"],
    connect: &[
        "https://www.google-analytics.com",
        "https://region1.google-analytics.com",
        "https://region1.analytics.google.com",
        "https://www.googletagmanager.com",
    ],
    img: &["https://www.google-analytics.com", "https://www.googletagmanager.com"],
    frame: &[],
};

/// Security headers for every response. Scripts come only from our origin plus the inline
/// scripts whose hashes are given (`sha256-...`), styles only from our stylesheet;
/// consent-gated third parties add exactly their own origins when configured.
pub fn security_headers(third_party: &ThirdParty, inline_script_hashes: &[&str]) -> Vec<(&'static str, String)> {
    let mut script = vec!["'self'".to_string()];
    script.extend(inline_script_hashes.iter().map(|h| format!("'{h}'")));
    let mut connect = vec!["'self'".to_string()];
    let mut img = vec!["'self'".to_string(), "data:".to_string()];
    let mut frame: Vec<String> = vec![];
    if third_party.ads {
        script.extend(ADS.script.iter().map(|h| h.to_string()));
        connect.extend(ADS.connect.iter().map(|h| h.to_string()));
        img.extend(ADS.img.iter().map(|h| h.to_string()));
        frame.extend(ADS.frame.iter().map(|h| h.to_string()));
    }
    if third_party.analytics {
        script.extend(ANALYTICS.script.iter().map(|h| h.to_string()));
        connect.extend(ANALYTICS.connect.iter().map(|h| h.to_string()));
        img.extend(ANALYTICS.img.iter().map(|h| h.to_string()));
    }
    if third_party.turnstile {
        // The widget's script and its challenge frame (Cloudflare's documented CSP).
        let origin = "https://challenges.cloudflare.com";
        script.push(origin.into());
        connect.push(origin.into());
        frame.push(origin.into());
    }
    for list in [&mut script, &mut connect, &mut img, &mut frame] {
        let mut seen = std::collections::HashSet::new();
        list.retain(|h| seen.insert(h.clone()));
    }
    let frame_src = if frame.is_empty() { "'none'".to_string() } else { frame.join(" ") };
    let csp = format!(
        "default-src 'self'; script-src {}; style-src 'self'; img-src {}; font-src 'self'; connect-src {}; frame-src {frame_src}; \
         manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; upgrade-insecure-requests",
        script.join(" "),
        img.join(" "),
        connect.join(" "),
    );
    vec![
        ("Content-Security-Policy", csp),
        ("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload".into()),
        ("X-Content-Type-Options", "nosniff".into()),
        ("Referrer-Policy", "strict-origin-when-cross-origin".into()),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()".into()),
        ("X-Frame-Options", "DENY".into()),
        ("Cross-Origin-Opener-Policy", "same-origin".into()),
    ]
}

#[derive(Debug, Clone, Copy, Default)]
pub struct ThirdParty {
    pub ads: bool,
    pub analytics: bool,
    pub turnstile: bool,
}

pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// The folder of the client files (the islands' scripts and the stylesheet, written by
/// islands/scripts/build.mjs): named by their content, so they are cached for good. The site
/// serves it at `/assets/`; the islands read that path from the generated site module.
pub const ASSETS_DIR: &str = "assets";
/// The folder of the site search's versioned files (src/search/): named by their content,
/// so they are cached for good like the assets.
pub const SEARCH_DIR: &str = "search";
/// What the static host sends when no rule names a `Cache-Control` (Cloudflare's default).
pub const REVALIDATE: &str = "public, max-age=0, must-revalidate";

/// One block of `_headers`: the headers sent for every path that `pattern` matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderRule {
    /// `/sw.js` (exactly that path) or `/assets/*` (every path starting with `/assets/`).
    pub pattern: String,
    pub headers: Vec<(String, String)>,
}

impl HeaderRule {
    fn matches(&self, path: &str) -> bool {
        match self.pattern.strip_suffix('*') {
            Some(prefix) => path.starts_with(prefix),
            None => path == self.pattern,
        }
    }
}

/// The one header table: what the static host sends for each path. `build` writes it as
/// `_headers`; `serve` reads that file back once per build and sends the same.
pub fn header_rules(third_party: &ThirdParty, inline_script_hashes: &[&str]) -> Vec<HeaderRule> {
    let security = security_headers(third_party, inline_script_hashes).into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    vec![
        HeaderRule { pattern: "/*".into(), headers: security },
        HeaderRule { pattern: format!("/{ASSETS_DIR}/*"), headers: vec![("Cache-Control".into(), IMMUTABLE.into())] },
        // The search index's files are named by its version: they never change either.
        HeaderRule { pattern: format!("/{SEARCH_DIR}/*"), headers: vec![("Cache-Control".into(), IMMUTABLE.into())] },
        HeaderRule { pattern: "/sw.js".into(), headers: vec![("Cache-Control".into(), REVALIDATE.into())] },
    ]
}

/// `_headers` in the format Cloudflare Pages and Netlify read.
pub fn headers_file(third_party: &ThirdParty, inline_script_hashes: &[&str]) -> String {
    let blocks: Vec<String> = header_rules(third_party, inline_script_hashes)
        .iter()
        .map(|rule| rule.headers.iter().fold(format!("{}\n", rule.pattern), |block, (name, value)| block + &format!("  {name}: {value}\n")))
        .collect();
    blocks.join("\n")
}

/// Reads `_headers` back into its rules (a path line, then indented `Name: value` lines).
pub fn parse_headers_file(text: &str) -> Vec<HeaderRule> {
    let mut rules: Vec<HeaderRule> = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        if !line.starts_with([' ', '\t']) {
            rules.push(HeaderRule { pattern: line.trim().to_string(), headers: vec![] });
        } else if let (Some(rule), Some((name, value))) = (rules.last_mut(), line.trim().split_once(':')) {
            rule.headers.push((name.trim().to_string(), value.trim().to_string()));
        }
    }
    rules
}

/// The headers the static host sends for `path`: every matching rule's, in order, and the
/// host's default `Cache-Control` when no rule names one.
pub fn headers_for(rules: &[HeaderRule], path: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = rules.iter().filter(|r| r.matches(path)).flat_map(|r| r.headers.iter().cloned()).collect();
    if !out.iter().any(|(k, _)| k.eq_ignore_ascii_case("cache-control")) {
        out.push(("Cache-Control".into(), REVALIDATE.into()));
    }
    out
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

    #[test]
    fn the_header_table_round_trips_through_headers_and_matches_paths() {
        let third = ThirdParty { ads: true, analytics: false, ..ThirdParty::default() };
        let rules = header_rules(&third, &["sha256-abc="]);
        assert_eq!(parse_headers_file(&headers_file(&third, &["sha256-abc="])), rules);
        let cache = |path: &str| headers_for(&rules, path).into_iter().filter(|(k, _)| k == "Cache-Control").map(|(_, v)| v).collect::<Vec<_>>();
        assert_eq!(cache("/assets/client-1.js"), [IMMUTABLE]);
        assert_eq!(cache("/sw.js"), [REVALIDATE]);
        assert_eq!(cache("/search/0a1b2c3d4e5f/c/0.json"), [IMMUTABLE]);
        assert_eq!(cache("/search.json"), [REVALIDATE]);
        assert_eq!(cache("/about"), [REVALIDATE]);
        assert_eq!(cache("/sw.jsx"), [REVALIDATE]);
        assert!(headers_for(&rules, "/about").iter().any(|(k, v)| k == "Content-Security-Policy" && v.contains("googlesyndication")));
    }

    #[test]
    fn third_parties_add_exact_hosts_never_a_wildcard() {
        let all = headers_file(&ThirdParty { ads: true, analytics: true, turnstile: true }, &["sha256-abc="]);
        let csp = all.lines().find_map(|l| l.trim().strip_prefix("Content-Security-Policy: ")).unwrap();
        assert!(!csp.contains('*'), "{csp}");
        let directive = |name: &str| csp.split("; ").find_map(|d| d.strip_prefix(&format!("{name} "))).unwrap().split(' ').collect::<Vec<_>>();
        let script = directive("script-src");
        assert!(script.contains(&"https://pagead2.googlesyndication.com") && script.contains(&"https://www.googletagmanager.com"), "{script:?}");
        assert!(!script.contains(&"https://www.google.com"), "no search host may serve scripts: {script:?}");
        for d in ["script-src", "connect-src", "img-src", "frame-src"] {
            let hosts = directive(d);
            let unique: std::collections::HashSet<&&str> = hosts.iter().collect();
            assert_eq!(unique.len(), hosts.len(), "{d}: {hosts:?}");
            assert!(
                hosts.iter().all(|h| h.starts_with('\'') || *h == "data:" || (h.starts_with("https://") && !h[8..].contains(['/', '*']))),
                "{d}: {hosts:?}"
            );
        }
    }

    #[test]
    fn csp_is_strict_without_third_parties() {
        let h = headers_file(&ThirdParty::default(), &["sha256-abc="]);
        assert!(h.contains("script-src 'self' 'sha256-abc=';"));
        assert!(!h.contains("unsafe-inline"));
        assert!(h.contains("object-src 'none'"));
        assert!(h.contains("frame-ancestors 'none'"));
        assert!(!h.contains("google"));
        assert!(!h.contains("challenges.cloudflare.com"));
    }

    #[test]
    fn csp_names_turnstile_only_when_configured() {
        let h = headers_file(&ThirdParty { turnstile: true, ..ThirdParty::default() }, &["sha256-abc="]);
        assert!(h.contains("script-src 'self' 'sha256-abc=' https://challenges.cloudflare.com;"), "{h}");
        assert!(h.contains("frame-src https://challenges.cloudflare.com;"), "{h}");
        assert!(h.contains("connect-src 'self' https://challenges.cloudflare.com;"), "{h}");
        assert!(!h.contains("google"));
    }
}

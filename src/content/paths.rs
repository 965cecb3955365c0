//! Content may only name places inside the site and read files inside the project: a
//! route path, slug or collection path that climbs out, or a content or theme file that
//! is a symbolic link to somewhere else, is a located problem.

use crate::diagnostics::Problem;
use std::path::{Path, PathBuf};

/// Why a site path (`/blog/x`, or one segment of it such as a slug) is not allowed, if it
/// is not: a `..` or `.` segment, an empty segment (`//`), a drive (`C:`), a backslash or a
/// control character could make the build write outside its output folder.
pub fn url_path_problem(what: &str, path: &str) -> Option<String> {
    let shown = path.escape_debug();
    if path.chars().any(char::is_control) {
        return Some(format!("{what} `{shown}` contains a control character"));
    }
    if path.contains('\\') {
        return Some(format!("{what} {shown} contains a backslash"));
    }
    let inner = path.strip_prefix('/').unwrap_or(path);
    let inner = inner.strip_suffix('/').unwrap_or(inner);
    if inner.is_empty() {
        return None; // `/`
    }
    let bad = inner.split('/').any(|seg| seg.is_empty() || seg == "." || seg == ".." || seg.contains(':'));
    bad.then(|| format!("{what} {shown} leaves the site"))
}

/// Addresses the edge function answers before any file (edge/wrangler.jsonc `run_worker_first`).
pub const EDGE_PREFIX: &str = "/api/";

/// Why a route's path would not be its own page's address, if it would not: with a `/` at its
/// end or `index` as its last segment it names the file another address writes (`/about/` is
/// about.html, `/index` the home page's index.html), and under `/api/` the edge function
/// answers, so no visitor could reach it.
pub fn route_path_problem(path: &str) -> Option<String> {
    let shown = path.escape_debug();
    if path != "/" && path.ends_with('/') {
        return Some(format!(
            "route path {shown} ends with `/`: write `{}`, the page's address (its file has no folder of its own)",
            path.trim_end_matches('/')
        ));
    }
    if let Some(folder) = path.strip_suffix("/index") {
        let folder = if folder.is_empty() { "/" } else { folder };
        return Some(format!("route path {shown} ends with `index`, which names the page of `{folder}`: write `{folder}` or another name"));
    }
    if let Some(c) = path.chars().find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-' || *c == '/')) {
        let c = if c == ' ' { "a space".to_string() } else { format!("`{c}`") };
        return Some(format!(
            "route path {shown} holds {c}: a path is lower-case letters a–z, digits and hyphens between slashes (`/catalytic-activity-converter`), so every link, the sitemap and a shared address hold it as it is"
        ));
    }
    if path == EDGE_PREFIX.trim_end_matches('/') || path.starts_with(EDGE_PREFIX) {
        return Some(format!("route path {shown} is under {EDGE_PREFIX}, which the edge function answers before any page: give it another path"));
    }
    None
}

/// The pages the build writes of its own (render::own): the 404, the offline page and the
/// newsletter's confirmation pages under NEWSLETTER_DIR. No route may take their paths.
pub const NOT_FOUND_PATH: &str = "/404";
pub const OFFLINE_PATH: &str = "/offline";
pub const NEWSLETTER_DIR: &str = "/newsletter/";

/// An article's slug is its address and its file name: lower-case letters a–z, digits and
/// single hyphens (`reading-recipe-units`), so the sitemap, the feed and the canonical link
/// hold it as it is, with nothing to escape.
pub fn slug_problem(slug: &str) -> Option<String> {
    let ok = !slug.is_empty() && slug.split('-').all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()));
    (!ok).then(|| {
        format!(
            "slug `{}` may hold only lower-case letters a–z, digits and single hyphens (`reading-recipe-units`): it is the page's address",
            slug.escape_debug()
        )
    })
}

/// The slug `unitly new article` makes from a title: accents dropped (`Crème Brûlée` →
/// `creme-brulee`), anything else between words a hyphen, at most 80 characters, cut at a
/// hyphen. Empty when the title has no letter a–z or digit.
pub fn slug_of(title: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let mut slug = String::new();
    for c in title.nfkd().filter(|c| c.is_ascii() || !unicode_normalization::char::is_combining_mark(*c)).flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    if slug.len() > 80 {
        let cut = slug[..=80].rfind('-').unwrap_or(80);
        slug.truncate(cut);
    }
    slug.trim_end_matches('-').to_string()
}

/// Whether a file or folder is hidden (`.name`) and so not content: an editor's lock or
/// backup (Emacs's `.#x.md`, a link to nowhere while a buffer is unsaved), macOS's
/// AppleDouble `._x.md` on a copied folder, `.DS_Store`. Site generators skip them too.
pub fn hidden(entry: &walkdir::DirEntry) -> bool {
    entry.depth() > 0 && entry.file_name().to_string_lossy().starts_with('.')
}

/// What is directly in a collection's folder, hidden entries left out.
pub fn entries(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir).min_depth(1).max_depth(1).into_iter().filter_entry(|e| !hidden(e)).filter_map(Result::ok).map(|e| e.into_path()).collect()
}

/// Warnings for what looks like an article of the collection in `content/{dir}` but is never
/// read (`x.MD`, `x.markdown`, `.md` files in a subfolder), so it is not silently left out.
pub fn unread(root: &Path, dir: &str) -> Vec<Problem> {
    let mut found = Vec::new();
    for path in entries(&root.join("content").join(dir)) {
        let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
        let misnamed = path.is_file() && matches!(ext.as_deref(), Some("md" | "markdown")) && path.extension().is_some_and(|e| e != "md");
        let nested = path.is_dir()
            && walkdir::WalkDir::new(&path)
                .into_iter()
                .filter_entry(|e| !hidden(e))
                .filter_map(Result::ok)
                .any(|e| e.path().extension().is_some_and(|x| x == "md"));
        if misnamed || nested {
            let what = if nested {
                "its articles are not read: an article is a .md file directly in"
            } else {
                "is not read: an article is a file ending in .md (lower case) in"
            };
            found.push(Problem::new(path.strip_prefix(root).unwrap_or(&path), 1, 1, format!("{what} content/{dir}/")));
        }
    }
    found
}

/// A folder name under `content/` (a collection's `dir`): plain names only.
pub fn dir_problem(what: &str, dir: &str) -> Option<String> {
    if dir.starts_with('/') {
        return Some(format!("{what} {dir} leaves the content folder"));
    }
    url_path_problem(what, dir).map(|m| m.replace("leaves the site", "leaves the content folder"))
}

/// Every symbolic link under `content/` and `themes/` that resolves outside `root` (or
/// nowhere): nothing from outside the project may be read as content or published. Hidden
/// entries of `content/` are not read ([`hidden`]), so a link there is not reported: Emacs
/// keeps one to nowhere beside every file with unsaved changes.
pub fn links_outside(root: &Path) -> Vec<Problem> {
    let Ok(root) = std::fs::canonicalize(root) else { return vec![] };
    let mut problems = Vec::new();
    for dir in ["content", "themes"] {
        // The theme's templates are read by name, whatever it is: every link there is checked.
        let skipped = |e: &walkdir::DirEntry| dir == "content" && hidden(e);
        for entry in walkdir::WalkDir::new(root.join(dir)).into_iter().filter_entry(|e| !skipped(e)).filter_map(Result::ok) {
            if !entry.path_is_symlink() {
                continue;
            }
            let rel = entry.path().strip_prefix(&root).unwrap_or(entry.path());
            let message = match std::fs::canonicalize(entry.path()) {
                Ok(target) if target.starts_with(&root) => continue,
                Ok(target) => outside_message(&target),
                Err(e) => format!("symbolic link that cannot be followed: {e}"),
            };
            problems.push(Problem::new(rel, 1, 1, message));
        }
    }
    problems
}

/// Why `path` (under `root`) is not read, when it resolves outside `root` through a symbolic
/// link (or `None`: inside, or missing, which reading it reports). [`links_outside`] reports
/// the link itself; this keeps what it points at from being read at all, so nothing of it
/// reaches a message (a front matter value quoted in an error, a CI annotation).
pub fn outside(root: &Path, path: &Path) -> Option<String> {
    let root = std::fs::canonicalize(root).ok()?;
    let target = std::fs::canonicalize(path).ok()?;
    (!target.starts_with(&root)).then(|| outside_message(&target))
}

fn outside_message(target: &Path) -> String {
    format!("symbolic link to {}, outside the project: content is only read from inside the project", target.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_every_way_out_of_the_site() {
        for ok in ["/", "/about", "/blog/my-article", "/a/b/", "/blog/{slug}"] {
            assert_eq!(url_path_problem("path", ok), None, "{ok}");
        }
        for (bad, why) in [
            ("/../../x", "leaves the site"),
            ("/blog/..", "leaves the site"),
            ("/./x", "leaves the site"),
            ("//etc/passwd", "leaves the site"),
            ("/C:/x", "leaves the site"),
            ("/a\\..\\b", "backslash"),
            ("/a\u{0}b", "control character"),
            ("/a\nb", "control character"),
        ] {
            let message = url_path_problem("path", bad).unwrap_or_else(|| panic!("{bad:?} accepted"));
            assert!(message.contains(why), "{bad:?}: {message}");
        }
        assert_eq!(url_path_problem("path", "/../../x").unwrap(), "path /../../x leaves the site");
        assert!(dir_problem("dir", "/etc").is_some());
        assert!(dir_problem("dir", "../x").is_some());
        assert_eq!(dir_problem("dir", "blog"), None);
    }

    #[test]
    fn links_inside_the_project_pass_and_links_outside_are_located() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.md"), "---\ntitle: x\n---\n").unwrap();
        let project = tempfile::tempdir().unwrap();
        let blog = project.path().join("content/blog");
        std::fs::create_dir_all(&blog).unwrap();
        std::fs::write(blog.join("real.md"), "x").unwrap();
        std::os::unix::fs::symlink(blog.join("real.md"), blog.join("alias.md")).unwrap();
        assert!(links_outside(project.path()).is_empty());
        std::os::unix::fs::symlink(outside.path().join("secret.md"), blog.join("leak.md")).unwrap();
        std::fs::create_dir_all(project.path().join("themes/unitly")).unwrap();
        std::os::unix::fs::symlink(outside.path(), project.path().join("themes/unitly/static")).unwrap();
        let problems: Vec<String> = links_outside(project.path()).iter().map(|p| p.to_string()).collect();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems.iter().any(|p| p.starts_with("content/blog/leak.md:1:1: symbolic link to ")), "{problems:?}");
        assert!(problems.iter().any(|p| p.starts_with("themes/unitly/static:1:1: ")), "{problems:?}");
    }
}

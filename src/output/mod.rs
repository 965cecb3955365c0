//! Writing the site: the output guard ([`guard`]), an output folder written aside
//! ([`StagedDir`]), minified HTML, and the header table shared by `dist/_headers` and
//! `unitly serve` ([`header_rules`]).

mod guard;
mod headers;
mod staged;

pub use guard::guard;
pub use headers::{
    header_rules, headers_file, headers_for, parse_headers_file, security_headers, HeaderRule, Hosts, ThirdParty, ADS, ANALYTICS, ASSETS_DIR, IMMUTABLE,
    REVALIDATE, SEARCH_DIR,
};
pub use staged::{safe_relative, StagedDir, MARKER};

/// The most static-asset files one Worker version may have on Cloudflare's Workers Free plan
/// (100,000 on Paid), at the time of writing: https://developers.cloudflare.com/workers/platform/limits/
pub const WORKERS_FREE_MAX_FILES: usize = 20_000;

/// The files of the output folder `out` that `wrangler deploy` uploads as assets: all but
/// `_headers` and the files `.assetsignore` names (the marker).
pub fn asset_files(out: &std::path::Path) -> usize {
    let not_assets = ["_headers", ".assetsignore", MARKER];
    walkdir::WalkDir::new(out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && !(e.depth() == 1 && not_assets.iter().any(|n| e.file_name() == *n)))
        .count()
}

/// The warning a build prints when its output holds more files than the Workers Free plan
/// deploys (README.md, "Deploying").
pub fn too_many_files(files: usize) -> Option<String> {
    (files > WORKERS_FREE_MAX_FILES).then(|| {
        format!(
            "the output holds {files} files, over the {WORKERS_FREE_MAX_FILES} static-asset files one Worker version may have on \
             Cloudflare's Workers Free plan (100,000 on Paid; https://developers.cloudflare.com/workers/platform/limits/): \
             `wrangler deploy` on Free would fail (README.md, Deploying)"
        )
    })
}

/// Minifies the HTML our templates produce. Comments are kept: island placeholders are
/// comments, filled in after this step, so React's server HTML is never touched (the
/// minifier would drop the `<!-- -->` separators hydration relies on). minify-html keeps
/// UTF-8 text UTF-8; should it ever not, the odd bytes become U+FFFD instead of failing the
/// build.
pub fn minify(html: &str) -> String {
    let mut cfg = minify_html::Cfg::new();
    cfg.keep_comments = true;
    cfg.keep_closing_tags = true;
    cfg.keep_html_and_head_opening_tags = true;
    cfg.do_not_minify_doctype = true;
    cfg.ensure_spec_compliant_unquoted_attribute_values = true;
    cfg.keep_spaces_between_attributes = true;
    cfg.minify_css = false;
    cfg.minify_js = false;
    let bytes = minify_html::minify(html.as_bytes(), &cfg);
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_assets_are_counted_and_a_warning_names_the_free_plans_limit() {
        let dir = tempfile::tempdir().unwrap();
        for rel in ["index.html", "_headers", ".assetsignore", MARKER, "blog/_headers", "search/0a/c/0.json"] {
            let path = dir.path().join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "x").unwrap();
        }
        assert_eq!(asset_files(dir.path()), 3, "index.html, blog/_headers and the search file");
        assert_eq!(too_many_files(WORKERS_FREE_MAX_FILES), None);
        let warning = too_many_files(20_001).unwrap();
        assert!(warning.contains("20001 files") && warning.contains("20000 static-asset files") && warning.contains("Workers Free"), "{warning}");
    }
}

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

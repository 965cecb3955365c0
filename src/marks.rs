//! The build's own markers in a rendered page, `<!--unitly:…-->`: where an island's HTML,
//! the head's assets and the menu and footer made once go, filled in after the page is
//! minified. Each carries a token random to the process, so no text of the content can be
//! one: minify-html writes a title's or an attribute's `&lt;` as `<`, and a title reading
//! `<!--unitly:assets-->` would otherwise have the site's scripts put into it.

use std::sync::OnceLock;

/// What every marker starts with: `<!--unitly:`, this process's token and `:`.
pub fn prefix() -> &'static str {
    static PREFIX: OnceLock<String> = OnceLock::new();
    PREFIX.get_or_init(|| {
        use std::hash::{BuildHasher, Hasher};
        // RandomState is keyed from the system's randomness, freshly for each process.
        let token = std::collections::hash_map::RandomState::new().build_hasher().finish();
        format!("<!--unitly:{token:016x}:")
    })
}

/// The marker named `name` (`assets`, `island:KEY:load`, `once:menu`).
pub fn marker(name: &str) -> String {
    format!("{}{name}-->", prefix())
}

/// Where a theme's `base.html` asks for the assets, as a template writes it; the renderer
/// gives it its token ([`with_token`]) before the page is minified, while any such text of
/// the content is still escaped.
pub const ASSETS_IN_TEMPLATE: &str = "<!--unitly:assets-->";

/// A rendered page with its template's assets marker made the build's own.
pub fn with_token(html: &str) -> String {
    html.replacen(ASSETS_IN_TEMPLATE, &marker("assets"), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marker_carries_a_token_no_content_can_know() {
        let m = marker("assets");
        assert!(m.starts_with("<!--unitly:") && m.ends_with(":assets-->") && m.len() == "<!--unitly::assets-->".len() + 16, "{m}");
        assert_eq!(marker("assets"), m, "one token a process");
        assert_eq!(with_token("<head><!--unitly:assets--></head><!--unitly:assets-->"), format!("<head>{m}</head><!--unitly:assets-->"));
    }
}

//! Public URLs of the site: the configured base URL joined with a route path.

/// The base URL without its trailing slashes (`https://unitly.app/` → `https://unitly.app`).
pub fn base(base_url: &str) -> &str {
    base_url.trim_end_matches('/')
}

/// The absolute URL of a route path (`/length-converter`, or `/` for the home page).
pub fn absolute(base_url: &str, path: &str) -> String {
    format!("{}{path}", base(base_url))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_without_doubled_or_missing_slashes() {
        assert_eq!(absolute("https://unitly.app/", "/"), "https://unitly.app/");
        assert_eq!(absolute("https://unitly.app", "/blog/x"), "https://unitly.app/blog/x");
        assert_eq!(base("https://example.org/site//"), "https://example.org/site");
    }
}

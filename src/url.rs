//! Public URLs of the site: the configured base URL joined with a route path.

/// The base URL without its trailing slashes (`https://unitly.app/` → `https://unitly.app`).
pub fn base(base_url: &str) -> &str {
    base_url.trim_end_matches('/')
}

/// The absolute URL of a route path (`/length-converter`, or `/` for the home page).
pub fn absolute(base_url: &str, path: &str) -> String {
    format!("{}{path}", base(base_url))
}

/// Why `base_url` cannot be the site's address, if it cannot: it is written into every
/// page's canonical link, Open Graph URL, structured data, the feed and the sitemap, so it
/// must be an absolute `https://` (or `http://`) URL — a host (name, IPv4, or `[IPv6]`), an
/// optional port and path, no query or fragment — never a `javascript:` or `data:` URL or
/// text that could leave its attribute.
pub fn base_url_problem(base_url: &str) -> Option<String> {
    let why = |what: &str| Some(format!("base_url `{base_url}` {what}: write the site's address, like https://unitly.app"));
    let Some(rest) = base_url.strip_prefix("https://").or_else(|| base_url.strip_prefix("http://")) else {
        return why("is not an https:// (or http://) URL");
    };
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let (host, port) = match authority.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some((address, port)) if address.parse::<std::net::Ipv6Addr>().is_ok() => ("v6", port),
            _ => return why("has a malformed [IPv6] host"),
        },
        None => authority.split_at(authority.find(':').unwrap_or(authority.len())),
    };
    let label = |l: &str| !l.is_empty() && !l.starts_with('-') && !l.ends_with('-') && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    if host != "v6" && !host.split('.').all(label) {
        return why("has no valid host name");
    }
    if !port.is_empty() && !port.strip_prefix(':').is_some_and(|p| p.parse::<u16>().is_ok_and(|p| p > 0)) {
        return why("has a malformed port");
    }
    if !path.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~/%".contains(&b)) {
        return why("may hold in its path only letters, digits and - . _ ~ / % (no query, fragment, quote or space)");
    }
    None
}

/// `%XX` sequences as the bytes they stand for (an address as a browser sends it, or as a
/// renderer writes a link to `#3-5-cm²`); None when that is not UTF-8 or a `%` is not followed
/// by two hex digits.
pub fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_base_url_is_an_http_address_and_nothing_else() {
        for ok in [
            "https://unitly.app",
            "https://unitly.app/",
            "http://127.0.0.1:8080",
            "https://example.org/site/",
            "http://[::1]:3000",
            "https://my-site.example.co.uk/a_b~c/%20",
        ] {
            assert_eq!(base_url_problem(ok), None, "{ok}");
        }
        for bad in [
            "javascript:alert(1)//",
            "JAVASCRIPT:alert(1)",
            "data:text/html,<script>",
            "//unitly.app",
            "unitly.app",
            "ftp://unitly.app",
            "https://",
            "https://uni tly.app",
            "https://unitly.app\"><script>",
            "https://unitly.app/?q=1",
            "https://unitly.app/#x",
            "https://-bad.app",
            "https://unitly..app",
            "https://unitly.app:0",
            "https://unitly.app:99999",
            "https://unitly.app:80x",
            "https://[::1",
            "https://[evil]/",
            "https://user@unitly.app",
            " https://unitly.app",
        ] {
            assert!(base_url_problem(bad).is_some_and(|m| m.contains("base_url")), "{bad}");
        }
    }

    #[test]
    fn joins_without_doubled_or_missing_slashes() {
        assert_eq!(absolute("https://unitly.app/", "/"), "https://unitly.app/");
        assert_eq!(absolute("https://unitly.app", "/blog/x"), "https://unitly.app/blog/x");
        assert_eq!(base("https://example.org/site//"), "https://example.org/site");
    }
}

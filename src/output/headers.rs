//! The header table: security headers (a Content-Security-Policy naming exact third-party
//! hosts) and caching rules, written as `dist/_headers` and read back by `unitly serve`.

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

//! Writing the site: an atomic output folder, minified HTML, and the security headers
//! shared by `dist/_headers` and `unitly serve`.

use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// A sibling temporary folder that replaces the output folder only on `commit`.
/// Dropped without committing, it removes itself and the old output stays untouched.
pub struct StagedDir {
    target: PathBuf,
    staging: PathBuf,
    committed: bool,
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
        Ok(StagedDir { target, staging, committed: false })
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
        let rel = rel.trim_start_matches('/');
        let path = self.staging.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        }
        let _ = std::fs::remove_file(&path);
        let current = self.target.join(rel);
        if std::fs::read(&current).is_ok_and(|old| old == bytes) && std::fs::hard_link(&current, &path).is_ok() {
            return Ok(());
        }
        std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))
    }

    /// Swaps the staged folder in: two renames, so readers see the old or the new site.
    pub fn commit(mut self) -> Result<()> {
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
        if had_old {
            std::fs::remove_dir_all(&old).with_context(|| format!("removing {}", old.display()))?;
        }
        Ok(())
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
        for origin in ["https://pagead2.googlesyndication.com", "https://*.googlesyndication.com", "https://*.doubleclick.net", "https://*.google.com"] {
            script.push(origin.into());
            connect.push(origin.into());
            img.push(origin.into());
            frame.push(origin.into());
        }
    }
    if third_party.analytics {
        for origin in ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"] {
            script.push(origin.into());
            connect.push(origin.into());
            img.push(origin.into());
        }
    }
    if third_party.turnstile {
        // The widget's script and its challenge frame (Cloudflare's documented CSP).
        let origin = "https://challenges.cloudflare.com";
        script.push(origin.into());
        connect.push(origin.into());
        frame.push(origin.into());
    }
    script.dedup();
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
pub const REVALIDATE: &str = "public, max-age=0, must-revalidate";

/// `_headers` in the format Cloudflare Pages and Netlify read.
pub fn headers_file(third_party: &ThirdParty, inline_script_hashes: &[&str]) -> String {
    let mut out = String::from("/*\n");
    for (name, value) in security_headers(third_party, inline_script_hashes) {
        out.push_str(&format!("  {name}: {value}\n"));
    }
    out.push_str(&format!("\n/assets/*\n  Cache-Control: {IMMUTABLE}\n"));
    out.push_str(&format!("\n/sw.js\n  Cache-Control: {REVALIDATE}\n"));
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

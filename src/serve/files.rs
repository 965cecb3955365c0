//! Answering one request: live reload, `/api/*` through the edge function, or a file of
//! the built site with the same headers the static host sends (`dist/_headers`).

use super::http::Request;
use super::Server;
use crate::output::{IMMUTABLE, REVALIDATE};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

const LIVE_RELOAD_JS: &str = r#"// Reloads the page when `unitly serve` finishes a rebuild.
let seen = null;
async function poll() {
  try {
    const r = await fetch('/__unitly/wait' + (seen === null ? '' : '?v=' + seen), { cache: 'no-store' });
    const v = await r.text();
    if (seen !== null && v !== seen) return location.reload();
    seen = v;
  } catch {
    await new Promise((r) => setTimeout(r, 1000));
  }
  poll();
}
poll();
"#;

pub fn handle(server: &Server, request: Request) {
    let url = request.target.clone();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let result = if path == "/__unitly/livereload.js" {
        respond(request, 200, "text/javascript; charset=utf-8", LIVE_RELOAD_JS.as_bytes().to_vec(), vec![])
    } else if path == "/__unitly/wait" {
        let seen = query.strip_prefix("v=").and_then(|v| v.parse().ok());
        let v = server.generation.wait_newer(seen, Duration::from_secs(25));
        respond(request, 200, "text/plain", v.to_string().into_bytes(), vec![("Cache-Control".into(), "no-store".into())])
    } else if path.starts_with("/api/") {
        proxy(server, request, &url)
    } else if !matches!(request.method.as_str(), "GET" | "HEAD") {
        respond(request, 405, "text/plain", b"Method Not Allowed".to_vec(), vec![("Allow".into(), "GET, HEAD".into())])
    } else {
        static_file(server, request, path)
    };
    if let Err(e) = result {
        eprintln!("serve: {e}");
    }
}

fn proxy(server: &Server, mut request: Request, url: &str) -> std::io::Result<()> {
    let Some(edge) = &server.edge else {
        let body = br#"{"result":"error","error-type":"edge-unavailable"}"#.to_vec();
        return respond(request, 502, "application/json; charset=utf-8", body, vec![]);
    };
    let body = std::mem::take(&mut request.body);
    match edge.forward(&request.method, url, &request.headers, body) {
        Ok((status, headers, body)) => {
            let content_type = headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("content-type")).map(|(_, v)| v.clone()).unwrap_or_default();
            let rest = headers.into_iter().filter(|(k, _)| !k.eq_ignore_ascii_case("content-type")).collect();
            respond(request, status, &content_type, body, rest)
        }
        Err(e) => {
            eprintln!("serve: /api: {e:#}");
            respond(request, 502, "application/json; charset=utf-8", br#"{"result":"error","error-type":"edge-unavailable"}"#.to_vec(), vec![])
        }
    }
}

fn static_file(server: &Server, request: Request, path: &str) -> std::io::Result<()> {
    let (status, file) = match resolve(&server.out, path) {
        Some(f) => (200, f),
        None => (404, server.out.join("404.html")),
    };
    let mut body = std::fs::read(&file).unwrap_or_else(|_| b"Not Found".to_vec());
    let content_type = content_type(&file);
    if content_type.starts_with("text/html") && server.live_reload {
        let html = String::from_utf8_lossy(&body);
        let tag = r#"<script type="module" src="/__unitly/livereload.js"></script>"#;
        body = match html.rfind("</body>") {
            Some(i) => format!("{}{tag}{}", &html[..i], &html[i..]).into_bytes(),
            None => format!("{html}{tag}").into_bytes(),
        };
    }
    let cache = if path.starts_with("/assets/") && status == 200 { IMMUTABLE } else { REVALIDATE };
    let mut headers = deployed_headers(&server.out);
    headers.push(("Cache-Control".into(), cache.into()));
    respond(request, status, content_type, body, headers)
}

/// `/` → index.html, `/about` → about.html, `/assets/x.js` → assets/x.js. Never leaves `root`.
fn resolve(root: &Path, url_path: &str) -> Option<PathBuf> {
    let decoded = percent_decode(url_path)?;
    let rel = Path::new(decoded.trim_start_matches('/'));
    if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return None;
    }
    let candidates = if rel.as_os_str().is_empty() {
        vec![root.join("index.html")]
    } else {
        vec![root.join(rel), root.join(format!("{}.html", rel.display())), root.join(rel).join("index.html")]
    };
    candidates.into_iter().find(|p| p.is_file() && !p.ends_with("_headers"))
}

fn percent_decode(s: &str) -> Option<String> {
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

/// The `/*` block of `dist/_headers`: what the static host will send in production.
fn deployed_headers(out: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(out.join("_headers")).unwrap_or_default();
    text.lines()
        .skip_while(|l| l.trim() != "/*")
        .skip(1)
        .take_while(|l| l.starts_with(' ') || l.starts_with('\t'))
        .filter_map(|l| l.trim().split_once(": ").map(|(k, v)| (k.to_string(), v.to_string())))
        .collect()
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json; charset=utf-8",
        "webmanifest" => "application/manifest+json",
        "xml" => "application/xml; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// Text bodies smaller than this go out as they are: gzip would barely help.
const MIN_COMPRESS: usize = 512;

/// Whether the client's `Accept-Encoding` lists gzip with a non-zero quality.
fn accepts_gzip(accept_encoding: &str) -> bool {
    accept_encoding.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let name = parts.next().unwrap_or("");
        let q_zero = parts.any(|p| p.strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok()) == Some(0.0));
        (name.eq_ignore_ascii_case("gzip") || name == "*") && !q_zero
    })
}

fn compressible(content_type: &str) -> bool {
    let mime = content_type.split(';').next().unwrap_or("").trim();
    mime.starts_with("text/") || matches!(mime, "application/json" | "application/xml" | "application/manifest+json" | "image/svg+xml")
}

/// Gzips a text body when the client accepts it, as the static host does in production.
/// Adds `Content-Encoding` and `Vary`; leaves bodies that are already encoded alone.
fn encode(accept_encoding: Option<&str>, content_type: &str, body: Vec<u8>, headers: &mut Vec<(String, String)>) -> Vec<u8> {
    if !compressible(content_type) || headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("content-encoding")) {
        return body;
    }
    headers.push(("Vary".into(), "Accept-Encoding".into()));
    if body.len() < MIN_COMPRESS || !accept_encoding.is_some_and(accepts_gzip) {
        return body;
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::with_capacity(body.len() / 3), flate2::Compression::default());
    match std::io::Write::write_all(&mut gz, &body).and_then(|()| gz.finish()) {
        Ok(zipped) => {
            headers.push(("Content-Encoding".into(), "gzip".into()));
            zipped
        }
        Err(_) => body,
    }
}

fn respond(request: Request, status: u16, content_type: &str, body: Vec<u8>, mut headers: Vec<(String, String)>) -> std::io::Result<()> {
    let body = encode(request.header("Accept-Encoding"), content_type, body, &mut headers);
    if !content_type.is_empty() {
        headers.insert(0, ("Content-Type".into(), content_type.into()));
    }
    request.respond(status, &headers, &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_pretty_paths_and_refuses_escapes() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "i").unwrap();
        std::fs::write(dir.path().join("about.html"), "a").unwrap();
        assert_eq!(resolve(dir.path(), "/"), Some(dir.path().join("index.html")));
        assert_eq!(resolve(dir.path(), "/about"), Some(dir.path().join("about.html")));
        assert_eq!(resolve(dir.path(), "/../etc/passwd"), None);
        assert_eq!(resolve(dir.path(), "/%2e%2e/x"), None);
        assert_eq!(resolve(dir.path(), "/nope"), None);
    }

    #[test]
    fn gzips_text_for_clients_that_accept_it() {
        let html = "<!DOCTYPE html><p>Unitly converts units.</p>".repeat(40).into_bytes();
        let mut headers = vec![];
        let zipped = encode(Some("gzip, deflate, br"), "text/html; charset=utf-8", html.clone(), &mut headers);
        assert!(zipped.len() < html.len() / 4, "compressed {} of {}", zipped.len(), html.len());
        assert!(headers.contains(&("Content-Encoding".into(), "gzip".into())));
        assert!(headers.contains(&("Vary".into(), "Accept-Encoding".into())));
        let mut unzipped = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&zipped[..]), &mut unzipped).unwrap();
        assert_eq!(unzipped, html);

        for accept in [None, Some("identity"), Some("br"), Some("gzip;q=0")] {
            let mut headers = vec![];
            assert_eq!(encode(accept, "text/css", html.clone(), &mut headers), html, "{accept:?}");
            assert_eq!(headers, vec![("Vary".to_string(), "Accept-Encoding".to_string())]);
        }
        let mut headers = vec![];
        assert_eq!(encode(Some("gzip"), "image/png", html.clone(), &mut headers), html, "binary stays as it is");
        assert!(headers.is_empty());
        let mut headers = vec![];
        assert_eq!(encode(Some("gzip"), "text/plain", b"3".to_vec(), &mut headers), b"3", "tiny bodies stay as they are");
        let mut headers = vec![("content-encoding".to_string(), "br".to_string())];
        assert_eq!(encode(Some("gzip"), "application/json", html.clone(), &mut headers), html, "already encoded");
    }
}

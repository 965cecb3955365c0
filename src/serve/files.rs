//! Answering one request: live reload, `/api/*` through the edge function, or a file of
//! the built site with the same headers the static host sends (`dist/_headers`).

use super::Server;
use crate::output::{IMMUTABLE, REVALIDATE};
use std::io::Cursor;
use std::path::{Component, Path, PathBuf};
use std::time::Duration;
use tiny_http::{Header, Request, Response};

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

pub fn handle(server: &Server, mut request: Request) {
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let path = path.to_string();
    let result = if path == "/__unitly/livereload.js" {
        respond(request, 200, "text/javascript; charset=utf-8", LIVE_RELOAD_JS.as_bytes().to_vec(), vec![])
    } else if path == "/__unitly/wait" {
        let seen = query.strip_prefix("v=").and_then(|v| v.parse().ok());
        let v = server.generation.wait_newer(seen, Duration::from_secs(25));
        respond(request, 200, "text/plain", v.to_string().into_bytes(), vec![("Cache-Control".into(), "no-store".into())])
    } else if path.starts_with("/api/") {
        proxy(server, request, &url)
    } else {
        let head_only = request.method() == &tiny_http::Method::Head;
        if !matches!(request.method(), tiny_http::Method::Get | tiny_http::Method::Head) {
            let _ = request.as_reader();
            respond(request, 405, "text/plain", b"Method Not Allowed".to_vec(), vec![("Allow".into(), "GET, HEAD".into())])
        } else {
            static_file(server, request, &path, head_only)
        }
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
    let method = request.method().to_string();
    let headers: Vec<(String, String)> = request.headers().iter().map(|h| (h.field.to_string(), h.value.to_string())).collect();
    let mut body = Vec::new();
    std::io::Read::read_to_end(&mut request.as_reader(), &mut body)?;
    match edge.forward(&method, url, &headers, body) {
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

fn static_file(server: &Server, request: Request, path: &str, head_only: bool) -> std::io::Result<()> {
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
    if head_only {
        body.clear();
    }
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

fn respond(request: Request, status: u16, content_type: &str, body: Vec<u8>, headers: Vec<(String, String)>) -> std::io::Result<()> {
    let mut response = Response::new(status.into(), vec![], Cursor::new(body.clone()), Some(body.len()), None);
    if !content_type.is_empty() {
        response.add_header(Header::from_bytes("Content-Type", content_type).expect("valid header"));
    }
    for (k, v) in headers {
        if let Ok(h) = Header::from_bytes(k.as_bytes(), v.as_bytes()) {
            response.add_header(h);
        }
    }
    request.respond(response)
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
}

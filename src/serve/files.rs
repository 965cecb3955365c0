//! The built site's files, as the static host serves them: the headers of `_headers`,
//! pretty paths (another form of a page's path redirected to it, as Cloudflare's
//! `html_handling: "auto-trailing-slash"` does), the 404 page with status 404, and text
//! compressed once per build (gzip and brotli, kept by content hash, so a file unchanged by a
//! rebuild is not compressed again), never per request. ETags answer `If-None-Match` with 304.

use crate::output::{headers_for, parse_headers_file, HeaderRule};
use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::response::Response;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};

/// Text files smaller than this go out as they are: compression would barely help.
pub const MIN_COMPRESS: usize = 512;
/// gzip level for the precompressed copies (the slowest, smallest: done once per file).
const GZIP_LEVEL: u32 = 9;
/// brotli quality and window for the precompressed copies.
const BROTLI_QUALITY: u32 = 11;
const BROTLI_WINDOW: u32 = 22;

/// The tag serve adds to every page while it watches, so the tab follows rebuilds.
pub const LIVE_RELOAD_TAG: &str = r#"<script type="module" src="/__unitly/livereload.js"></script>"#;

/// One file ready to send: its bytes in every encoding worth having, its validator and the
/// headers the static host sends for it.
struct Entry {
    /// The file on disk and its stamp when read: a file replaced since (a deployment into
    /// the folder while serve runs without watching) is read again.
    file: PathBuf,
    stamp: Option<Stamp>,
    content_type: &'static str,
    etag: HeaderValue,
    identity: Bytes,
    encoded: Option<Arc<Encoded>>,
    headers: Vec<(HeaderName, HeaderValue)>,
}

struct Encoded {
    gzip: Bytes,
    br: Bytes,
}

/// What one build serves: its header table and the files read so far.
struct Build {
    rules: Vec<HeaderRule>,
    /// By URL path (`/about`), for paths that resolved to a file and are written as the site
    /// links them ([`kept_as_written`]).
    entries: RwLock<HashMap<String, Arc<Entry>>>,
    /// The bytes `entries` hold (each file, and its compressed copies).
    held: std::sync::atomic::AtomicUsize,
}

/// The most the files read may hold in memory before they are let go and read again as asked
/// for: a crawler of 20,000 articles would otherwise keep them all, three copies each.
const MAX_HELD_BYTES: usize = 128 << 20;

/// Whether a path is kept among the files read: only as the site writes its links, so that
/// `//about`, `///about` or `/%61bout`, each the same file, cannot each hold a copy (a page on
/// any site could send such requests to 127.0.0.1 without end).
fn kept_as_written(url_path: &str) -> bool {
    !url_path.contains("//") && !url_path.contains('%')
}

pub struct Files {
    out: PathBuf,
    live_reload: bool,
    build: RwLock<Arc<Build>>,
    /// Compressed copies by content hash: this build's, and the previous build's (a file a
    /// rebuild did not change is found there and not compressed again).
    compressed: Mutex<Generations>,
    /// The copies earlier runs made, on disk (none in the unit tests).
    kept: Option<super::compressed::Store>,
}

/// Compressed copies by content hash: (this build's, the previous build's).
type Generations = (HashMap<u64, Arc<Encoded>>, HashMap<u64, Arc<Encoded>>);

/// What tells a changed file from the one read: size, modification time and inode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    inode: u64,
}

fn stamp(file: &Path) -> Option<Stamp> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(file).ok()?;
    Some(Stamp { len: meta.len(), modified: meta.modified().ok(), inode: meta.ino() })
}

impl Entry {
    /// Whether the file on disk is still the one this entry was read from (one `stat`,
    /// from the page cache; far cheaper than reading or compressing).
    fn fresh(&self) -> bool {
        self.stamp.is_some() && stamp(&self.file) == self.stamp
    }
}

enum Lookup {
    Found(Arc<Entry>),
    /// Another form of a page's path (`/about.html`, `/about/`, `/index`): 307 to this one.
    Redirect(String),
    NotFound(Option<Arc<Entry>>),
}

impl Files {
    pub fn new(out: PathBuf, live_reload: bool) -> Files {
        let build = Arc::new(Build { rules: read_rules(&out), entries: RwLock::default(), held: Default::default() });
        Files { out, live_reload, build: RwLock::new(build), compressed: Mutex::default(), kept: None }
    }

    /// Also keeps the compressed copies in `dir` for later runs, and takes them from there.
    pub fn keeping_compressed_in(self, dir: PathBuf) -> Files {
        let settings = format!("gzip {GZIP_LEVEL}, brotli {BROTLI_QUALITY} window {BROTLI_WINDOW}");
        Files { kept: Some(super::compressed::Store::open(dir, settings)), ..self }
    }

    /// A new build is in place: forget what was read from the old one.
    pub fn rebuilt(&self) {
        let fresh = Arc::new(Build { rules: read_rules(&self.out), entries: RwLock::default(), held: Default::default() });
        *self.build.write().unwrap_or_else(|e| e.into_inner()) = fresh;
        let mut compressed = self.compressed.lock().unwrap_or_else(|e| e.into_inner());
        compressed.1 = std::mem::take(&mut compressed.0);
    }

    fn current(&self) -> Arc<Build> {
        Arc::clone(&self.build.read().unwrap_or_else(|e| e.into_inner()))
    }

    /// Answers a GET or HEAD of `url_path`; `query` (without its `?`) is kept by a redirect.
    pub async fn respond(self: &Arc<Self>, method: &Method, url_path: &str, query: Option<&str>, request_headers: &HeaderMap) -> Response {
        if method != Method::GET && method != Method::HEAD {
            let mut r = plain(StatusCode::METHOD_NOT_ALLOWED, "Method Not Allowed");
            r.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
            return r;
        }
        // Files already read in this build answer from memory, without leaving this thread.
        let cached = self.current().entries.read().unwrap_or_else(|e| e.into_inner()).get(url_path).cloned();
        if let Some(entry) = cached.filter(|e| e.fresh()) {
            return send(&entry, StatusCode::OK, request_headers);
        }
        let files = Arc::clone(self);
        let path = url_path.to_string();
        let looked_up = tokio::task::spawn_blocking(move || files.lookup(&path)).await;
        match looked_up {
            Ok(Ok(Lookup::Found(entry))) => send(&entry, StatusCode::OK, request_headers),
            Ok(Ok(Lookup::Redirect(to))) => redirect(&to, query),
            Ok(Ok(Lookup::NotFound(Some(page)))) => send(&page, StatusCode::NOT_FOUND, request_headers),
            // Only a folder with no build has no 404 page: the first build failed.
            Ok(Ok(Lookup::NotFound(None))) if self.live_reload && looks_like_page(url_path) => nothing_built(),
            Ok(Ok(Lookup::NotFound(None))) => plain(StatusCode::NOT_FOUND, "Not Found"),
            Ok(Err(e)) => {
                eprintln!("serve: {url_path}: {e}");
                plain(StatusCode::INTERNAL_SERVER_ERROR, "Internal Server Error: the file could not be read (see the terminal)")
            }
            Err(e) => {
                eprintln!("serve: {url_path}: {e}");
                plain(StatusCode::INTERNAL_SERVER_ERROR, "Internal Server Error")
            }
        }
    }

    /// The entry for `url_path`, read (and compressed) on first use in this build.
    fn lookup(&self, url_path: &str) -> std::io::Result<Lookup> {
        let build = self.current();
        if let Some(entry) = build.entries.read().unwrap_or_else(|e| e.into_inner()).get(url_path).filter(|e| e.fresh()) {
            return Ok(Lookup::Found(Arc::clone(entry)));
        }
        if let Some(to) = pretty_path(&self.out, url_path) {
            return Ok(Lookup::Redirect(to));
        }
        let Some(file) = resolve(&self.out, url_path) else {
            // The read lock is released before the write below (one statement would hold it).
            let cached = build.entries.read().unwrap_or_else(|e| e.into_inner()).get(NOT_FOUND_KEY).filter(|e| e.fresh()).cloned();
            let page = match cached {
                Some(page) => Some(page),
                None => match self.load(&build, &self.out.join("404.html"), "/404.html") {
                    Ok(page) => {
                        let page = Arc::new(page);
                        build.entries.write().unwrap_or_else(|e| e.into_inner()).insert(NOT_FOUND_KEY.into(), Arc::clone(&page));
                        Some(page)
                    }
                    Err(_) => None,
                },
            };
            return Ok(Lookup::NotFound(page));
        };
        let entry = Arc::new(self.load(&build, &file, url_path).map_err(|e| std::io::Error::new(e.kind(), format!("reading {}: {e}", file.display())))?);
        if kept_as_written(url_path) {
            let size = entry.identity.len() + entry.encoded.as_ref().map_or(0, |e| e.gzip.len() + e.br.len());
            let mut entries = build.entries.write().unwrap_or_else(|e| e.into_inner());
            use std::sync::atomic::Ordering::Relaxed;
            if build.held.fetch_add(size, Relaxed) + size > MAX_HELD_BYTES {
                entries.clear();
                build.held.store(size, Relaxed);
            }
            entries.insert(url_path.to_string(), Arc::clone(&entry));
        }
        Ok(Lookup::Found(entry))
    }

    fn load(&self, build: &Build, file: &Path, url_path: &str) -> std::io::Result<Entry> {
        // Stamped before reading: a file replaced during the read is read again next time.
        let stamp = stamp(file);
        let mut bytes = std::fs::read(file)?;
        let content_type = content_type(file);
        if self.live_reload && content_type.starts_with("text/html") {
            bytes = inject(&bytes);
        }
        let mut hasher = std::hash::DefaultHasher::new();
        bytes.hash(&mut hasher);
        let hash = hasher.finish();
        let etag = HeaderValue::from_str(&format!("W/\"{hash:016x}-{:x}\"", bytes.len())).expect("an ETag is ASCII");
        let encoded = (compressible(content_type) && bytes.len() >= MIN_COMPRESS).then(|| self.encoded(hash, &bytes));
        let headers = headers_for(&build.rules, url_path)
            .into_iter()
            .filter_map(|(k, v)| Some((HeaderName::from_bytes(k.as_bytes()).ok()?, HeaderValue::from_str(&v).ok()?)))
            .collect();
        Ok(Entry { file: file.to_path_buf(), stamp, content_type, etag, identity: Bytes::from(bytes), encoded, headers })
    }

    fn encoded(&self, hash: u64, bytes: &[u8]) -> Arc<Encoded> {
        {
            let mut compressed = self.compressed.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(found) = compressed.0.get(&hash).cloned().or_else(|| compressed.1.remove(&hash)) {
                compressed.0.insert(hash, Arc::clone(&found));
                return found;
            }
        }
        let make = || (gzip(bytes), brotli(bytes));
        let (gzip, br) = match &self.kept {
            Some(store) => store.get_or_make(bytes, make),
            None => make(),
        };
        let encoded = Arc::new(Encoded { gzip: Bytes::from(gzip), br: Bytes::from(br) });
        self.compressed.lock().unwrap_or_else(|e| e.into_inner()).0.insert(hash, Arc::clone(&encoded));
        encoded
    }
}

/// What a tab gets while nothing is built: the live-reload script shows the failed build's
/// problems over it, and reloads it once a build succeeds.
const NOTHING_BUILT: &str = r#"<!doctype html><html lang="en" data-unitly-nothing-built><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Nothing built yet</title></head><body><main><h1>Nothing built yet</h1><p>The first build failed; its problems are listed over this page and in the terminal. Fix them and save: this page reloads by itself.</p></main></body></html>"#;

fn nothing_built() -> Response {
    let mut r = Response::new(Body::from(inject(NOTHING_BUILT.as_bytes())));
    *r.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// A path a browser opens as a page (`/`, `/faq`, `/about.html`), not a script or image.
fn looks_like_page(url_path: &str) -> bool {
    let last = url_path.rsplit('/').next().unwrap_or("");
    !last.contains('.') || last.ends_with(".html")
}

/// Where the 404 page is kept among the entries (no URL path starts with a NUL byte).
const NOT_FOUND_KEY: &str = "\x00/404";

fn read_rules(out: &Path) -> Vec<HeaderRule> {
    parse_headers_file(&std::fs::read_to_string(out.join("_headers")).unwrap_or_default())
}

fn inject(html: &[u8]) -> Vec<u8> {
    let html = String::from_utf8_lossy(html);
    match html.rfind("</body>") {
        Some(i) => format!("{}{LIVE_RELOAD_TAG}{}", &html[..i], &html[i..]).into_bytes(),
        None => format!("{html}{LIVE_RELOAD_TAG}").into_bytes(),
    }
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::with_capacity(bytes.len() / 3), flate2::Compression::new(GZIP_LEVEL));
    std::io::Write::write_all(&mut gz, bytes).and_then(|()| gz.finish()).expect("gzip into memory cannot fail")
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() / 3);
    let params = brotli::enc::BrotliEncoderParams { quality: BROTLI_QUALITY as i32, lgwin: BROTLI_WINDOW as i32, ..Default::default() };
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).expect("brotli into memory cannot fail");
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Br,
    Gzip,
    Identity,
}

/// The best encoding the client accepts (`Accept-Encoding`, with q-values): brotli, then
/// gzip, else none.
fn negotiate(accept_encoding: Option<&str>) -> Encoding {
    let Some(accept) = accept_encoding else { return Encoding::Identity };
    let quality = |name: &str| -> f32 {
        let mut star = None;
        for item in accept.split(',') {
            let mut parts = item.split(';').map(str::trim);
            let token = parts.next().unwrap_or("");
            let q = parts.find_map(|p| p.strip_prefix("q=")).and_then(|q| q.trim().parse::<f32>().ok()).unwrap_or(1.0);
            if token.eq_ignore_ascii_case(name) {
                return q;
            }
            if token == "*" {
                star = Some(q);
            }
        }
        star.unwrap_or(0.0)
    };
    let (br, gz) = (quality("br"), quality("gzip"));
    if br > 0.0 && br >= gz {
        Encoding::Br
    } else if gz > 0.0 {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

/// Whether an `If-None-Match` value names `etag` (weak comparison, as for GET).
fn none_match(if_none_match: &str, etag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    if_none_match.split(',').any(|t| t.trim() == "*" || bare(t) == bare(etag))
}

fn send(entry: &Entry, status: StatusCode, request_headers: &HeaderMap) -> Response {
    let mut response = Response::new(Body::empty());
    let headers = response.headers_mut();
    for (k, v) in &entry.headers {
        headers.append(k.clone(), v.clone());
    }
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(entry.content_type));
    if entry.encoded.is_some() {
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    headers.insert(header::ETAG, entry.etag.clone());
    let not_modified = status == StatusCode::OK
        && request_headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).is_some_and(|v| none_match(v, entry.etag.to_str().unwrap_or("")));
    if not_modified {
        headers.remove(header::CONTENT_TYPE);
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        return response;
    }
    let accept = request_headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok());
    let body = match (&entry.encoded, negotiate(accept)) {
        (Some(e), Encoding::Br) => {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
            e.br.clone()
        }
        (Some(e), Encoding::Gzip) => {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            e.gzip.clone()
        }
        _ => entry.identity.clone(),
    };
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));
    *response.status_mut() = status;
    *response.body_mut() = Body::from(body);
    response
}

pub fn plain(status: StatusCode, text: &'static str) -> Response {
    let mut r = Response::new(Body::from(text));
    *r.status_mut() = status;
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    r
}

/// A 307 to `to`, the request's query kept, as the static host answers another form of a
/// page's path.
fn redirect(to: &str, query: Option<&str>) -> Response {
    // The path was decoded to find the file: a header takes it encoded again (a page named
    // with a non-ASCII letter, `/café.html`, goes to `/caf%C3%A9`).
    let mut location = String::with_capacity(to.len());
    for &b in to.as_bytes() {
        if b.is_ascii_graphic() && b != b'%' {
            location.push(b as char);
        } else {
            location.push_str(&format!("%{b:02X}"));
        }
    }
    if let Some(q) = query {
        location.push('?');
        location.push_str(q);
    }
    let mut r = plain(StatusCode::TEMPORARY_REDIRECT, "Temporary Redirect");
    match HeaderValue::from_str(&location) {
        Ok(v) => {
            r.headers_mut().insert(header::LOCATION, v);
        }
        Err(_) => *r.status_mut() = StatusCode::BAD_REQUEST,
    }
    r
}

/// Where the static host redirects another form of a page's path, as Cloudflare's asset
/// router does with `html_handling: "auto-trailing-slash"` (edge/wrangler.jsonc sets it; its
/// documented table: `/about.html`, `/about/`, `/about/index`, `/about/index.html` → `/about`
/// when `about.html` exists; `/index`, `/index.html` → `/`; a folder with an index.html is
/// served with its trailing slash). `None`: serve or 404 the path as it is.
fn pretty_path(root: &Path, url_path: &str) -> Option<String> {
    let decoded = plain_decoded(url_path)?;
    if decoded.contains("//") || decoded == "/" {
        return None;
    }
    let base = ["/index.html", "/index", ".html", "/"].iter().find_map(|end| decoded.strip_suffix(end)).unwrap_or(&decoded);
    let file = |rel: &str| root.join(rel.trim_start_matches('/'));
    let target = if base.is_empty() {
        "/".to_string()
    } else if file(&format!("{base}.html")).is_file() {
        base.to_string()
    } else if file(&format!("{base}/index.html")).is_file() {
        format!("{base}/")
    } else {
        return None;
    };
    (target != decoded).then_some(target)
}

/// `url_path` percent-decoded, when it names a file under the output by plain names only: no
/// `..`, no dot file (the output marker), no backslash or NUL. `resolve` and `pretty_path`
/// both look up only such a path.
fn plain_decoded(url_path: &str) -> Option<String> {
    let decoded = crate::url::percent_decode(url_path)?;
    let plain_names =
        Path::new(decoded.trim_start_matches('/')).components().all(|c| matches!(c, Component::Normal(n) if !n.to_string_lossy().starts_with('.')));
    (plain_names && !decoded.contains('\\') && !decoded.contains('\0')).then_some(decoded)
}

/// `/` → index.html, `/about` → about.html, `/assets/x.js` → assets/x.js. Never leaves
/// `root`, never serves `_headers` or dot files (the output marker).
fn resolve(root: &Path, url_path: &str) -> Option<PathBuf> {
    let decoded = plain_decoded(url_path)?;
    let rel = Path::new(decoded.trim_start_matches('/'));
    let candidates = if rel.as_os_str().is_empty() {
        vec![root.join("index.html")]
    } else {
        vec![root.join(rel), root.join(format!("{}.html", rel.display())), root.join(rel).join("index.html")]
    };
    candidates.into_iter().find(|p| p.is_file() && !p.ends_with("_headers"))
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
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "gif" => "image/gif",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

fn compressible(content_type: &str) -> bool {
    let mime = content_type.split(';').next().unwrap_or("").trim();
    mime.starts_with("text/") || matches!(mime, "application/json" | "application/xml" | "application/manifest+json" | "image/svg+xml")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_pretty_paths_and_refuses_escapes() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "i").unwrap();
        std::fs::write(dir.path().join("about.html"), "a").unwrap();
        std::fs::write(dir.path().join(".unitly-output"), "m").unwrap();
        assert_eq!(resolve(dir.path(), "/"), Some(dir.path().join("index.html")));
        assert_eq!(resolve(dir.path(), "/about"), Some(dir.path().join("about.html")));
        for refused in ["/../etc/passwd", "/%2e%2e/x", "/nope", "/.unitly-output", "/_headers", "/a%00b", "/%5c..%5cx"] {
            assert_eq!(resolve(dir.path(), refused), None, "{refused}");
        }
    }

    #[test]
    fn other_forms_of_a_pages_path_redirect_to_it_as_the_static_host_does() {
        let dir = tempfile::tempdir().unwrap();
        for f in ["index.html", "about.html", "404.html", "guide/index.html", "blog.html", "blog/post.html", "assets/app.js"] {
            std::fs::create_dir_all(dir.path().join(f).parent().unwrap()).unwrap();
            std::fs::write(dir.path().join(f), "x").unwrap();
        }
        let to = |path: &str| pretty_path(dir.path(), path);
        for (path, target) in [
            ("/about.html", "/about"),
            ("/about/", "/about"),
            ("/about/index", "/about"),
            ("/about/index.html", "/about"),
            ("/index", "/"),
            ("/index.html", "/"),
            ("/404.html", "/404"),
            ("/blog/", "/blog"),
            ("/blog/post.html", "/blog/post"),
            ("/blog/post/", "/blog/post"),
            ("/guide", "/guide/"),
            ("/guide.html", "/guide/"),
            ("/guide/index.html", "/guide/"),
        ] {
            assert_eq!(to(path).as_deref(), Some(target), "{path}");
        }
        for as_it_is in ["/", "/about", "/404", "/blog", "/guide/", "/assets/app.js", "/nope.html", "/nope/", "/About.html", "//about.html", "/../about.html"] {
            assert_eq!(to(as_it_is), None, "{as_it_is}");
        }
    }

    #[test]
    fn a_redirect_names_a_non_ascii_path_encoded() {
        let r = redirect("/café", Some("value=1"));
        assert_eq!(r.status(), StatusCode::TEMPORARY_REDIRECT);
        assert_eq!(r.headers()[header::LOCATION], "/caf%C3%A9?value=1");
        assert_eq!(redirect("/100%", None).headers()[header::LOCATION], "/100%25");
    }

    #[test]
    fn negotiates_brotli_then_gzip_by_quality() {
        assert_eq!(negotiate(Some("gzip, deflate, br")), Encoding::Br);
        assert_eq!(negotiate(Some("gzip")), Encoding::Gzip);
        assert_eq!(negotiate(Some("br;q=0, gzip")), Encoding::Gzip);
        assert_eq!(negotiate(Some("br;q=0.5, gzip")), Encoding::Gzip);
        assert_eq!(negotiate(Some("*")), Encoding::Br);
        for none in [None, Some("identity"), Some("gzip;q=0"), Some("deflate")] {
            assert_eq!(negotiate(none), Encoding::Identity, "{none:?}");
        }
        assert!(none_match("W/\"a-1\"", "W/\"a-1\"") && none_match("\"x\", \"a-1\"", "W/\"a-1\"") && none_match("*", "W/\"a\""));
        assert!(!none_match("\"b\"", "W/\"a\""));
    }

    #[test]
    fn a_file_that_cannot_be_read_is_a_500_not_a_panic() {
        // Tests run as root, so permissions cannot make a file unreadable; /proc/self/mem is a
        // regular file whose read fails (EIO at offset 0) for any user.
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink("/proc/self/mem", dir.path().join("broken.html")).unwrap();
        let files = Arc::new(Files::new(dir.path().to_path_buf(), false));
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let r = runtime.block_on(files.respond(&Method::GET, "/broken", None, &HeaderMap::new()));
        assert_eq!(r.status(), StatusCode::INTERNAL_SERVER_ERROR);
        // The server goes on answering.
        std::fs::write(dir.path().join("ok.html"), "<p>fine</p>").unwrap();
        let r = runtime.block_on(files.respond(&Method::GET, "/ok", None, &HeaderMap::new()));
        assert_eq!(r.status(), StatusCode::OK);
    }

    #[test]
    fn a_later_run_takes_the_compressed_copies_an_earlier_one_kept() {
        let dir = tempfile::tempdir().unwrap();
        let (out, kept) = (dir.path().join("dist"), dir.path().join("kept"));
        std::fs::create_dir(&out).unwrap();
        let page = "<!doctype html><p>Unitly converts units.</p>".repeat(40);
        std::fs::write(out.join("about.html"), &page).unwrap();
        let first = Files::new(out.clone(), false).keeping_compressed_in(kept.clone());
        let Ok(Lookup::Found(entry)) = first.lookup("/about") else { panic!("not found") };
        let made = entry.encoded.clone().expect("compressed");
        assert_eq!(std::fs::read_dir(&kept).unwrap().count(), 1, "one file per content");

        let later = Files::new(out.clone(), false).keeping_compressed_in(kept.clone());
        let Ok(Lookup::Found(again)) = later.lookup("/about") else { panic!("not found") };
        let taken = again.encoded.clone().expect("compressed");
        assert_eq!((&taken.gzip, &taken.br), (&made.gzip, &made.br));
        // Taken from the file, not made again: what the file says is what is sent.
        let file = std::fs::read_dir(&kept).unwrap().next().unwrap().unwrap().path();
        let mut bytes = std::fs::read(&file).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        let third = Files::new(out, false).keeping_compressed_in(kept);
        let Ok(Lookup::Found(third)) = third.lookup("/about") else { panic!("not found") };
        assert_eq!(third.encoded.as_ref().unwrap().br.last(), Some(&(made.br.last().unwrap() ^ 1)));
    }

    #[test]
    fn the_same_file_by_other_spellings_is_served_but_held_once() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("about.html"), "<p>About</p>").unwrap();
        let files = Files::new(dir.path().to_path_buf(), false);
        for path in ["/about", "//about", "///about", "/%61bout", "/about"] {
            assert!(matches!(files.lookup(path), Ok(Lookup::Found(_))), "{path}");
        }
        let build = files.current();
        let held: Vec<String> = build.entries.read().unwrap().keys().cloned().collect();
        assert_eq!(held, ["/about"]);
        assert_eq!(build.held.load(std::sync::atomic::Ordering::Relaxed), "<p>About</p>".len());
    }

    #[test]
    fn compresses_once_per_content_and_answers_with_etags() {
        let dir = tempfile::tempdir().unwrap();
        let page = "<!doctype html><p>Unitly converts units.</p>".repeat(40);
        std::fs::write(dir.path().join("about.html"), &page).unwrap();
        std::fs::write(dir.path().join("404.html"), "<p>missing</p>").unwrap();
        std::fs::write(dir.path().join("_headers"), "/*\n  X-Frame-Options: DENY\n\n/assets/*\n  Cache-Control: immutable\n").unwrap();
        let files = Files::new(dir.path().to_path_buf(), false);
        let Ok(Lookup::Found(entry)) = files.lookup("/about") else { panic!("not found") };
        let encoded = entry.encoded.clone().expect("compressed");
        let mut unzipped = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&encoded.gzip[..]), &mut unzipped).unwrap();
        assert_eq!(unzipped, page.as_bytes());
        let mut unbrotli = Vec::new();
        brotli::BrotliDecompress(&mut &encoded.br[..], &mut unbrotli).unwrap();
        assert_eq!(unbrotli, page.as_bytes());
        assert!(encoded.br.len() < page.len() / 4);

        // A rebuild that leaves the file unchanged reuses the compressed copies.
        files.rebuilt();
        let Ok(Lookup::Found(again)) = files.lookup("/about") else { panic!("not found") };
        assert!(Arc::ptr_eq(&encoded, again.encoded.as_ref().unwrap()), "compressed again");
        assert_eq!(again.etag, entry.etag);

        let mut request = HeaderMap::new();
        request.insert(header::ACCEPT_ENCODING, HeaderValue::from_static("gzip"));
        let r = send(&again, StatusCode::OK, &request);
        assert_eq!(r.headers()[header::CONTENT_ENCODING], "gzip");
        assert_eq!(r.headers()[header::VARY], "Accept-Encoding");
        assert_eq!(r.headers()["x-frame-options"], "DENY");
        assert_eq!(r.headers()[header::CACHE_CONTROL], crate::output::REVALIDATE);
        request.insert(header::IF_NONE_MATCH, again.etag.clone());
        let r = send(&again, StatusCode::OK, &request);
        assert_eq!(r.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(r.headers()[header::ETAG], again.etag);

        // A file replaced on disk without a rebuild (a deployment into the folder while serve
        // runs without watching) is read again, and compressed once more for its new bytes.
        std::fs::write(dir.path().join("about.html"), page.replace("units", "quantities")).unwrap();
        let Ok(Lookup::Found(replaced)) = files.lookup("/about") else { panic!("not found") };
        assert_ne!(replaced.etag, again.etag);
        assert!(replaced.identity.windows(10).any(|w| w == b"quantities"));

        // An edited file gets a new ETag; the 404 page comes with its own.
        std::fs::write(dir.path().join("about.html"), page.replace("units", "values")).unwrap();
        files.rebuilt();
        let Ok(Lookup::Found(edited)) = files.lookup("/about") else { panic!("not found") };
        assert_ne!(edited.etag, entry.etag);
        assert!(matches!(files.lookup("/nope"), Ok(Lookup::NotFound(Some(_)))));
    }
}

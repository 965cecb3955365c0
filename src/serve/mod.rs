//! `unitly serve`: build, serve the output with the deployed headers (tokio + hyper through
//! axum), proxy `/api/*` to the edge function, rebuild on changes, reload open tabs or show
//! them what failed.

mod compressed;
mod edge;
mod files;
mod host;
pub mod http;
mod proxy;
mod reload;
mod watch;

use crate::site::{BuildCache, Site};
use anyhow::{Context, Result};
use axum::extract::{Request, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use std::path::Path;
use std::sync::Arc;

struct App {
    files: Arc<files::Files>,
    proxy: proxy::Proxy,
    reload: Arc<reload::Reload>,
}

/// What `serve` serves: a build of its own (previewing drafts, and rebuilding on changes when
/// it watches), or a folder built before, as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Build { watch: bool },
    Built,
}

pub fn run(root: &Path, host: &str, port: u16, out: &Path, source: Source) -> Result<()> {
    // Bound before building: a port in use fails at once, with nothing built or replaced.
    let listener = match std::net::TcpListener::bind((host, port)) {
        Ok(listener) => listener,
        // The usual cause: another `unitly serve` (or another server) already there.
        Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
            let next = port.checked_add(1).unwrap_or(8081);
            return Err(crate::diagnostics::Refused(format!(
                "port {port} on {host} is already in use (another `unitly serve` may be running): stop it, or serve on another port with `--port {next}`"
            ))
            .into());
        }
        Err(e) => return Err(e).with_context(|| format!("listening on {host}:{port}")),
    };
    // Port 0 asks the system for a free port; print the real one (tests read this line).
    let addr = listener.local_addr().context("reading the listening address")?;
    // serve previews drafts (marked "Draft", noindex, in no sitemap or feed); `build` leaves
    // them out. Its output is its own folder by default (src/cli.rs PREVIEW_DIR), not dist/.
    let site = Site { drafts: true, background_removal: true, ..Site::new(root) };
    let mut cache = BuildCache::default();
    let watch_changes = source == Source::Build { watch: true };
    // While watching, a broken tree is no reason not to start: the editor is about to fix it,
    // and the tab shows what to fix (over the last good build, or over a page that waits).
    let mut first_failure = None;
    if source != Source::Built {
        match site.build(out, &mut cache) {
            Ok(_) => {}
            Err(e) if watch_changes => {
                let served = if out.join("index.html").is_file() { "the previous build" } else { "a page that waits for the first good build" };
                eprintln!("build failed, serving {served}; fix the problems and save, it rebuilds:\n{e:#}");
                first_failure = Some(reload::shown(root, &e));
            }
            Err(e) => return Err(e),
        }
    }
    // The edge builds absolute links (the newsletter's confirmation link) on this origin.
    let edge = match edge::Edge::start(root, &format!("http://{addr}")) {
        Ok(e) => {
            println!("edge function running at {} for /api/*", e.url);
            Some(e)
        }
        Err(e) => {
            eprintln!("warning: the edge function did not start, /api/* will answer 502: {e:#}");
            None
        }
    };
    let out_abs = std::path::absolute(out).with_context(|| format!("resolving {}", out.display()))?;
    let app = Arc::new(App {
        files: Arc::new(files::Files::new(out_abs, watch_changes).keeping_compressed_in(root.join(compressed::DIR))),
        proxy: proxy::Proxy::new(edge.as_ref().map(|e| e.url.clone())),
        reload: Arc::new(reload::Reload::new()),
    });
    if let Some(problems) = first_failure {
        app.reload.failed(problems);
    }
    let runtime = http::runtime().context("starting the server's runtime")?;
    listener.set_nonblocking(true).context("setting the listener non-blocking")?;
    let listener = {
        let _entered = runtime.enter();
        tokio::net::TcpListener::from_std(listener).context("handing the listener to the runtime")?
    };
    println!("serving http://{addr}/ (Ctrl+C to stop)");

    if watch_changes {
        let app = Arc::clone(&app);
        let site = Site { drafts: true, background_removal: true, ..Site::new(root) };
        let out = out.to_path_buf();
        let root = site.root.clone();
        watch::spawn(&root.clone(), move |changed| {
            let start = std::time::Instant::now();
            // A bug in the build must not end the watching: the next change is built again,
            // from scratch (the cache may hold half of this one), and the tab says so.
            let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| site.build(&out, &mut cache))).unwrap_or_else(|panic| {
                cache = BuildCache::default();
                Err(anyhow::anyhow!(
                    "unitly crashed while rebuilding ({}): a bug in unitly, not in your content, please report it; the next change rebuilds everything",
                    panic_message(&panic)
                ))
            });
            match built {
                Ok(report) => {
                    println!(
                        "rebuilt {} pages in {:.0} ms ({changed}; {} unchanged pages reused)",
                        report.pages,
                        start.elapsed().as_secs_f64() * 1000.0,
                        report.reused
                    );
                    app.files.rebuilt();
                    app.reload.built();
                }
                Err(e) => {
                    eprintln!("rebuild failed, still serving the previous build:\n{e:#}");
                    app.reload.failed(reload::shown(&root, &e));
                }
            }
        })?;
    }

    let own = host::OwnHosts::new(host, addr.port());
    runtime.block_on(http::serve(listener, router(app, watch_changes, own), http::Limits::default()));
    drop(edge);
    Ok(())
}

/// What a panic said, when it said it with text.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| panic.downcast_ref::<String>().cloned()).unwrap_or_else(|| "no message".into())
}

/// Every route, `/api/*` and `/__unitly/*` included, answers only requests for `own`.
fn router(app: Arc<App>, live_reload: bool, own: host::OwnHosts) -> Router {
    let mut router = Router::new().route("/api/{*rest}", any(api));
    if live_reload {
        router = router
            .route("/__unitly/livereload.js", get(|| async { client_file("text/javascript; charset=utf-8", reload::CLIENT_JS) }))
            .route("/__unitly/overlay.css", get(|| async { client_file("text/css; charset=utf-8", reload::OVERLAY_CSS) }))
            .route("/__unitly/events", get(|State(app): State<Arc<App>>| async move { app.reload.events() }));
    }
    router
        .fallback(static_file)
        .layer(axum::middleware::from_fn(host::plain_http_elsewhere))
        .layer(axum::middleware::from_fn_with_state(Arc::new(own), host::only_own_host))
        // A bug in a handler answers 500 and leaves the server running.
        .layer(tower_http::catch_panic::CatchPanicLayer::new())
        .with_state(app)
}

fn client_file(content_type: &'static str, text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-store")], text).into_response()
}

async fn api(State(app): State<Arc<App>>, request: Request) -> Response {
    let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > proxy::MAX_API_BODY) {
        return proxy::too_large();
    }
    let ip = http::peer(&request).map(|a| a.ip());
    app.proxy.forward(request, ip).await
}

async fn static_file(State(app): State<Arc<App>>, request: Request) -> Response {
    let path = request.uri().path().to_string();
    app.files.respond(request.method(), &path, request.uri().query(), request.headers()).await
}

#[cfg(test)]
mod tests;

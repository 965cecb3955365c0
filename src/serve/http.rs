//! The dev server's connections: hyper's HTTP/1.1 on tokio, with every limit a hostile
//! client could otherwise stretch named here. No thread per connection: a connection is a
//! task on the runtime's few worker threads.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// A request head (request line and headers) larger than this is answered 431 and the
/// connection closed; its bytes are never all read.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;
/// A request head must arrive whole within this time of the connection waiting for it
/// (slowloris clients that send a byte now and then are closed). It is also the keep-alive
/// idle timeout: hyper times the wait for the next request head on a kept-alive connection
/// with the same timer, so a connection idle this long is closed.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections served at once; past this a new connection gets 503 and is closed (the
/// open ones all time out by themselves, so the server never stays full).
pub const MAX_CONNECTIONS: usize = 2048;
/// Worker threads of the runtime: connections are tasks, never threads.
pub const WORKER_THREADS: usize = 2;
/// Threads for blocking work (reading and compressing files, waiting on the edge's start).
pub const MAX_BLOCKING_THREADS: usize = 8;

/// The limits of one server; [`Limits::default`] is the constants above, tests shorten them.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_head_bytes: usize,
    pub header_read_timeout: Duration,
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_head_bytes: MAX_HEAD_BYTES, header_read_timeout: HEADER_READ_TIMEOUT, max_connections: MAX_CONNECTIONS }
    }
}

/// The runtime `serve` runs on: a fixed, small number of threads whatever the load.
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(WORKER_THREADS)
        .max_blocking_threads(MAX_BLOCKING_THREADS)
        .thread_name("unitly-serve")
        .enable_all()
        .build()
}

/// Accepts connections forever and serves each with `app`. The client's address reaches
/// handlers as [`ConnectInfo`].
pub async fn serve(listener: TcpListener, app: Router, limits: Limits) {
    let permits = Arc::new(Semaphore::new(limits.max_connections));
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors and the like: wait a moment rather than spin.
                eprintln!("serve: accepting a connection: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = Arc::clone(&permits).try_acquire_owned() else {
            tokio::spawn(async move {
                let mut stream = stream;
                let busy = b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
                let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(busy)).await;
            });
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                app.clone().oneshot(request.map(axum::body::Body::new))
            });
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read_timeout)
                .max_header_size(limits.max_head_bytes)
                .max_buf_size(limits.max_head_bytes.max(8192) * 2)
                .keep_alive(true);
            // Errors here are the client's (closed early, timed out, malformed): nothing to log.
            let _ = builder.serve_connection(TokioIo::new(stream), service).await;
            drop(permit);
        });
    }
}

/// The client's address, from the connection (never from a header it sent).
pub fn peer(request: &axum::http::Request<axum::body::Body>) -> Option<SocketAddr> {
    request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0)
}

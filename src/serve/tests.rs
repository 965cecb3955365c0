//! The server against hostile and ordinary clients, on loopback, with the limits shortened
//! (the real ones are the constants in `http.rs` and `proxy.rs`): idle connections, an
//! oversized head, slowloris, a full server, and the `/api` proxy's timeouts and errors. A
//! normal request must answer during each. Bounded: a few seconds in all.

use super::*;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::{Duration, Instant};

/// Short enough to keep the tests quick, long enough for a loaded machine to send a request.
const TEST_HEADER_TIMEOUT: Duration = Duration::from_millis(600);

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html><title>Home</title><body><h1>Home</h1></body>".repeat(20)).unwrap();
    std::fs::write(dir.path().join("404.html"), "<!doctype html><title>Not found</title><body>missing</body>").unwrap();
    std::fs::write(dir.path().join("_headers"), crate::output::headers_file(&Default::default(), &["sha256-x="])).unwrap();
    dir
}

/// Starts a server on a free port in the background; it lives as long as the test process.
fn start(limits: http::Limits, proxy: proxy::Proxy) -> SocketAddr {
    start_with(limits, proxy, false)
}

/// [`start`], with the live-reload routes (`/__unitly/*`) when `live_reload`.
fn start_with(limits: http::Limits, proxy: proxy::Proxy, live_reload: bool) -> SocketAddr {
    start_as("127.0.0.1", limits, proxy, live_reload)
}

/// [`start_with`], answering as a server bound to `bound` (`--host`), though listening on
/// loopback: `0.0.0.0` answers any IP address, as a phone on the LAN sends.
fn start_as(bound: &str, limits: http::Limits, proxy: proxy::Proxy, live_reload: bool) -> SocketAddr {
    let bound = bound.to_string();
    let dir = site();
    let app = Arc::new(App { files: Arc::new(files::Files::new(dir.path().to_path_buf(), false)), proxy, reload: Arc::new(reload::Reload::new()) });
    let runtime = http::runtime().unwrap();
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let _dir = dir;
        runtime.block_on(http::serve(listener, router(app, live_reload, host::OwnHosts::new(&bound, addr.port())), limits));
    });
    addr
}

fn limits() -> http::Limits {
    http::Limits { header_read_timeout: TEST_HEADER_TIMEOUT, ..http::Limits::default() }
}

fn connect(addr: SocketAddr) -> TcpStream {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    s
}

/// `raw` with `{host}` replaced by the server's own address (what a browser sends as `Host`).
fn own_host(addr: SocketAddr, raw: &[u8]) -> Vec<u8> {
    String::from_utf8_lossy(raw).replace("{host}", &addr.to_string()).into_bytes()
}

/// Sends `raw` (see [`own_host`]) on a new connection and reads until the server closes it.
fn exchange(addr: SocketAddr, raw: &[u8]) -> String {
    let mut s = connect(addr);
    s.write_all(&own_host(addr, raw)).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Like [`exchange`], from the local address `from` (any 127.x.y.z is loopback on Linux).
fn exchange_from(from: &str, addr: SocketAddr, raw: &[u8]) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let stream = runtime
        .block_on(async {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.bind(SocketAddr::new(from.parse().unwrap(), 0))?;
            socket.connect(addr).await
        })
        .unwrap();
    let mut s = stream.into_std().unwrap();
    s.set_nonblocking(false).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    s.write_all(&own_host(addr, raw)).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// A normal request still gets its answer (the read timeout bounds the wait).
fn answers_normally(addr: SocketAddr) {
    let out = exchange(addr, b"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    assert!(out.starts_with("HTTP/1.1 200 OK\r\n") && out.contains("<h1>Home</h1>"), "{out}");
}

/// Whether the server closed `s` (a read ends with nothing, or the connection is reset).
fn closed(s: &mut TcpStream) -> bool {
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue, // an answer before the close
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock || e.kind() == std::io::ErrorKind::TimedOut => return false,
            Err(_) => return true,
        }
    }
}

#[test]
fn idle_slowloris_and_oversized_clients_are_closed_while_normal_requests_answer() {
    let addr = start(limits(), proxy::Proxy::new(None));

    // Idle connections cost a task each, not a thread; requests go on meanwhile.
    let mut idle: Vec<TcpStream> = (0..200).map(|_| connect(addr)).collect();
    answers_normally(addr);

    // A head past the limit is refused with 431 and the connection closed.
    let mut huge = connect(addr);
    huge.write_all(&own_host(addr, b"GET / HTTP/1.1\r\nHost: {host}\r\nX-Filler: ")).unwrap();
    huge.write_all(&[b'a'; http::MAX_HEAD_BYTES + 4096]).unwrap();
    let mut answer = Vec::new();
    let _ = huge.read_to_end(&mut answer);
    assert!(String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 431 "), "{}", String::from_utf8_lossy(&answer));
    answers_normally(addr);

    // Slowloris: a byte at a time, never finishing the head, is closed after the header timeout.
    // Timed from before the connect: the server's timer may start (at its accept) before this
    // thread, descheduled on a busy machine, returns from `connect`.
    let started = Instant::now();
    let mut slow = connect(addr);
    slow.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
    let mut was_closed = false;
    for byte in own_host(addr, b"GET / HTTP/1.1\r\nHost: {host}\r\nX-Slow: ").iter().chain([b'a'; 200].iter()) {
        if slow.write_all(&[*byte]).is_err() || closed(&mut slow) {
            was_closed = true;
            break;
        }
        answers_normally(addr);
        assert!(started.elapsed() < Duration::from_secs(4), "the slow client was never closed");
    }
    assert!(was_closed, "the slow client was never closed");
    assert!(started.elapsed() >= TEST_HEADER_TIMEOUT, "closed before its time");

    // The idle connections have been closed too, by the same timer.
    assert!(idle.iter_mut().all(|s| {
        s.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
        closed(s)
    }));

    // A kept-alive connection is closed once idle for the timeout, after its answers.
    let mut kept = connect(addr);
    kept.write_all(&own_host(addr, b"GET / HTTP/1.1\r\nHost: {host}\r\n\r\n")).unwrap();
    let mut buf = [0u8; 8192];
    let n = kept.read(&mut buf).unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200 OK"));
    kept.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
    assert!(closed(&mut kept), "an idle kept-alive connection stays open");
}

#[test]
fn a_full_server_turns_new_connections_away_until_a_place_frees() {
    let addr = start(http::Limits { max_connections: 8, ..limits() }, proxy::Proxy::new(None));
    let held: Vec<TcpStream> = (0..8).map(|_| connect(addr)).collect();
    std::thread::sleep(Duration::from_millis(100)); // let the server accept them all
    let busy = exchange(addr, b"GET / HTTP/1.1\r\nHost: {host}\r\n\r\n");
    assert!(busy.starts_with("HTTP/1.1 503 "), "{busy}");
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        let out = exchange(addr, b"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        if out.starts_with("HTTP/1.1 200 ") {
            break;
        }
        assert!(Instant::now() < deadline, "no place freed: {out}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn files_answer_with_deployed_headers_etags_and_the_404_page() {
    let addr = start(limits(), proxy::Proxy::new(None));
    let out = exchange(addr, b"GET / HTTP/1.1\r\nHost: {host}\r\nAccept-Encoding: gzip, br\r\nConnection: close\r\n\r\n");
    let lower = out.to_ascii_lowercase();
    assert!(lower.contains("content-encoding: br\r\n") && lower.contains("vary: accept-encoding\r\n"), "{out}");
    assert!(lower.contains("content-security-policy: default-src 'self'") && lower.contains("cache-control: public, max-age=0, must-revalidate"), "{out}");
    let etag = out.lines().find_map(|l| l.to_ascii_lowercase().starts_with("etag:").then(|| l[5..].trim().to_string())).expect("an ETag");
    let again = exchange(addr, format!("GET / HTTP/1.1\r\nHost: {{host}}\r\nIf-None-Match: {etag}\r\nConnection: close\r\n\r\n").as_bytes());
    assert!(again.starts_with("HTTP/1.1 304 "), "{again}");
    // Another form of a page's path redirects to it, as the static host does (query kept).
    let index = exchange(addr, b"GET /index.html?a=1 HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    assert!(index.starts_with("HTTP/1.1 307 ") && index.to_ascii_lowercase().contains("\r\nlocation: /?a=1\r\n"), "{index}");
    let missing = exchange(addr, b"GET /no-such-page HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    assert!(missing.starts_with("HTTP/1.1 404 ") && missing.ends_with("missing</body>"), "{missing}");
    let escape = exchange(addr, b"GET /../../etc/passwd HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    assert!(escape.starts_with("HTTP/1.1 404 ") && !escape.contains("root:"), "{escape}");
    let post = exchange(addr, b"POST / HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    assert!(post.starts_with("HTTP/1.1 405 "), "{post}");
}

#[test]
fn a_lan_preview_over_plain_http_is_not_upgraded_to_https() {
    let addr = start_as("0.0.0.0", limits(), proxy::Proxy::new(None), false);
    let port = addr.port();
    let headers = |path: &str, host: &str, extra: &str| {
        let out = exchange(addr, format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n{extra}Connection: close\r\n\r\n").as_bytes());
        let head = out.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
        let csp = head.lines().find_map(|l| l.strip_prefix("content-security-policy: ")).expect("a CSP").to_string();
        (head, csp)
    };
    // A phone on the LAN, over plain HTTP: the upgrade would send every asset to https://,
    // which serve does not speak (no style, no island). The rest of the policy holds.
    for path in ["/", "/no-such-page"] {
        let (head, csp) = headers(path, &format!("192.168.1.5:{port}"), "");
        assert!(!csp.contains("upgrade-insecure-requests"), "{path}: {csp}");
        assert!(csp.starts_with("default-src 'self'; script-src 'self' 'sha256-x=';") && csp.ends_with("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!head.contains("strict-transport-security"), "{path}: {head}");
    }
    // On this machine, and behind a tunnel that took the request over https: as deployed.
    for (host, extra) in [(format!("127.0.0.1:{port}"), ""), (format!("localhost:{port}"), ""), (format!("192.168.1.5:{port}"), "X-Forwarded-Proto: https\r\n")]
    {
        let (head, csp) = headers("/", &host, extra);
        assert!(csp.ends_with("; upgrade-insecure-requests"), "{host}: {csp}");
        assert!(head.contains("strict-transport-security: max-age=63072000"), "{host}: {head}");
    }
}

/// A fake edge on loopback: answers with the `CF-Connecting-IP` it was sent, or never
/// answers at all (`silent`).
fn fake_edge(silent: bool) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for mut s in listener.incoming().flatten() {
            if silent {
                held.push(s);
                continue;
            }
            let mut buf = vec![0u8; 16 * 1024];
            let n = s.read(&mut buf).unwrap_or(0);
            let head = String::from_utf8_lossy(&buf[..n]).to_ascii_lowercase();
            let ip = head.lines().find_map(|l| l.strip_prefix("cf-connecting-ip:")).unwrap_or("none").trim().to_string();
            let body = format!("{{\"ip\":\"{ip}\"}}");
            let _ = write!(s, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
        }
    });
    format!("http://{addr}")
}

#[test]
fn the_api_proxy_sets_the_client_address_and_never_hangs() {
    let fast = Duration::from_millis(500);
    let edge = start(limits(), proxy::Proxy::with_timeouts(Some(fake_edge(false)), fast, fast));
    // Two clients, from two loopback addresses, each claiming to be someone else: the edge
    // sees each one's own address (its per-client rate limits depend on it).
    let claim = b"GET /api/rates/latest/USD HTTP/1.1\r\nHost: {host}\r\nCF-Connecting-IP: 6.6.6.6\r\ncf-connecting-ip: 7.7.7.7\r\nConnection: close\r\n\r\n";
    for peer in ["127.0.0.1", "127.0.0.2"] {
        let out = exchange_from(peer, edge, claim);
        assert!(out.starts_with("HTTP/1.1 200 ") && out.ends_with(&format!(r#"{{"ip":"{peer}"}}"#)), "{peer}: {out}");
    }

    let mut big =
        b"POST /api/contact HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 70000\r\nConnection: close\r\n\r\n".to_vec();
    big.extend(vec![b' '; 70_000]);
    let out = exchange(edge, &big);
    assert!(out.starts_with("HTTP/1.1 413 "), "{out}");

    let silent = start(limits(), proxy::Proxy::with_timeouts(Some(fake_edge(true)), fast, fast));
    let out = exchange(silent, b"GET /api/gold-proxy HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    assert!(out.starts_with("HTTP/1.1 504 ") && out.ends_with(r#"{"result":"error","error-type":"edge-unavailable"}"#), "{out}");

    let closed_port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap(); // dropped: nothing listens
    let down = start(limits(), proxy::Proxy::with_timeouts(Some(format!("http://{closed_port}")), fast, fast));
    let out = exchange(down, b"GET /api/gold-proxy HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    assert!(out.starts_with("HTTP/1.1 502 ") && out.ends_with(r#"{"result":"error","error-type":"edge-unavailable"}"#), "{out}");
    assert!(out.to_ascii_lowercase().contains("content-type: application/json"), "{out}");
}

#[test]
fn only_requests_for_the_servers_own_address_are_answered() {
    let fast = Duration::from_millis(500);
    let addr = start_with(limits(), proxy::Proxy::with_timeouts(Some(fake_edge(false)), fast, fast), true);
    let port = addr.port();
    let ask = |path: &str, host: &str| exchange(addr, format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes());
    // A page elsewhere that rebinds its own name to 127.0.0.1 still sends that name: refused,
    // for the files, the live-reload routes and the edge alike.
    for path in ["/", "/__unitly/livereload.js", "/__unitly/events", "/api/form-token"] {
        for host in [format!("rebound.example:{port}"), format!("127.0.0.1:{}", port.wrapping_add(1)), "localhost".to_string()] {
            let out = ask(path, &host);
            assert!(out.starts_with("HTTP/1.1 421 "), "{path} for {host}: {out}");
        }
        let absolute = exchange(addr, format!("GET http://rebound.example:{port}{path} HTTP/1.1\r\nHost: {{host}}\r\nConnection: close\r\n\r\n").as_bytes());
        assert!(absolute.starts_with("HTTP/1.1 421 "), "absolute-form {path}: {absolute}");
    }
    let no_host = exchange(addr, b"GET / HTTP/1.0\r\n\r\n");
    assert!(no_host.starts_with("HTTP/1.0 421 ") || no_host.starts_with("HTTP/1.1 421 "), "{no_host}");
    // The server's own names with its port are answered.
    for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}"), format!("[::1]:{port}")] {
        assert!(ask("/", &host).starts_with("HTTP/1.1 200 "), "{host}");
        assert!(ask("/__unitly/livereload.js", &host).starts_with("HTTP/1.1 200 "), "{host}");
        let api = ask("/api/form-token", &host);
        assert!(api.starts_with("HTTP/1.1 200 ") && api.contains(r#"{"ip":"127.0.0.1"}"#), "{host}: {api}");
    }
}

/// A fake edge that routes as the real one does for methods: OPTIONS on a route is its JSON
/// 405 with the route's Allow, an unknown path its 404, anything else 200. It records every
/// request line's method.
fn fake_routing_edge() -> (String, Arc<std::sync::Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    std::thread::spawn(move || {
        for mut s in listener.incoming().flatten() {
            let mut buf = vec![0u8; 16 * 1024];
            let n = s.read(&mut buf).unwrap_or(0);
            let head = String::from_utf8_lossy(&buf[..n]).to_string();
            let mut line = head.split_whitespace();
            let (method, path) = (line.next().unwrap_or("").to_string(), line.next().unwrap_or("").to_string());
            log.lock().unwrap().push(method.clone());
            let (status, extra, body) = if path.starts_with("/api/nowhere") {
                ("404 Not Found", "", r#"{"result":"error","error-type":"not-found"}"#)
            } else if method == "OPTIONS" {
                ("405 Method Not Allowed", "Allow: GET, HEAD\r\n", r#"{"result":"error","error-type":"method-not-allowed"}"#)
            } else {
                ("200 OK", "", r#"{"ok":true}"#)
            };
            let _ = write!(
                s,
                "HTTP/1.1 {status}\r\nContent-Type: application/json; charset=utf-8\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    (format!("http://{addr}"), seen)
}

#[test]
fn methods_the_edge_runtime_does_not_take_get_a_json_405_and_never_reach_it() {
    let fast = Duration::from_millis(500);
    let (base, seen) = fake_routing_edge();
    let addr = start(limits(), proxy::Proxy::with_timeouts(Some(base), fast, fast));
    for method in ["CONNECT", "FOO", "TRACE"] {
        let out = exchange(addr, format!("{method} /api/gold-proxy HTTP/1.1\r\nHost: {{host}}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").as_bytes());
        let lower = out.to_ascii_lowercase();
        assert!(out.starts_with("HTTP/1.1 405 "), "{method}: {out}");
        assert!(lower.contains("\r\nallow: get, head\r\n"), "{method}: the route's own Allow: {out}");
        assert!(lower.contains("content-type: application/json"), "{method}: {out}");
        assert!(out.ends_with(r#"{"result":"error","error-type":"method-not-allowed"}"#), "{method}: {out}");
    }
    // No such route: the edge's 404, whatever the method.
    let out = exchange(addr, b"CONNECT /api/nowhere HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    assert!(out.starts_with("HTTP/1.1 404 ") && out.ends_with(r#"{"result":"error","error-type":"not-found"}"#), "{out}");
    // The methods it takes are forwarded as they are.
    assert!(exchange(addr, b"GET /api/gold-proxy HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").starts_with("HTTP/1.1 200 "));
    let methods = seen.lock().unwrap().clone();
    assert!(!methods.iter().any(|m| ["CONNECT", "FOO", "TRACE"].contains(&m.as_str())), "forwarded: {methods:?}");
    assert_eq!(methods.last().map(String::as_str), Some("GET"));

    // An edge whose OPTIONS is no 405 or 404 (it answers everything 200): our own 405.
    let lenient = start(limits(), proxy::Proxy::with_timeouts(Some(fake_edge(false)), fast, fast));
    let out = exchange(lenient, b"FOO /api/gold-proxy HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    assert!(out.starts_with("HTTP/1.1 405 ") && out.to_ascii_lowercase().contains("\r\nallow: get, head, post\r\n"), "{out}");
    assert!(out.ends_with(r#"{"result":"error","error-type":"method-not-allowed"}"#), "{out}");
}

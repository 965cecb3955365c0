//! The dev server's HTTP/1.1: a thread per connection, requests answered one after the
//! other on it (keep-alive, as static hosts do, so pages and benchmarks see realistic
//! connection reuse). No pool: tiny_http's could leave a browser's sixth parallel
//! connection queued with no thread to serve it, so a page never finished loading.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

const MAX_HEAD: usize = 64 * 1024;
const MAX_BODY: usize = 1024 * 1024;
/// How long a request may take to arrive once its connection is open or has answered one.
const READ_TIMEOUT: Duration = Duration::from_secs(30);
/// How long an idle kept-alive connection stays open (browsers reopen one as needed).
const IDLE_TIMEOUT: Duration = Duration::from_secs(5);

pub struct Request {
    pub method: String,
    /// Path and query, as sent (`/about?x=1`).
    pub target: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    stream: TcpStream,
    keep_alive: bool,
    /// Set once answered, so the connection knows it may read the next request.
    answered: Arc<AtomicBool>,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// Sends the answer. A HEAD request gets the headers only, with the length the body
    /// would have had.
    pub fn respond(mut self, status: u16, headers: &[(String, String)], body: &[u8]) -> std::io::Result<()> {
        let mut head = format!("HTTP/1.1 {status} {}\r\n", reason(status));
        for (k, v) in headers {
            if !k.eq_ignore_ascii_case("content-length") && !k.eq_ignore_ascii_case("connection") && !v.contains(['\r', '\n']) {
                head.push_str(&format!("{k}: {v}\r\n"));
            }
        }
        let connection = if self.keep_alive { "keep-alive" } else { "close" };
        head.push_str(&format!("Content-Length: {}\r\nConnection: {connection}\r\n\r\n", body.len()));
        self.stream.write_all(head.as_bytes())?;
        if self.method != "HEAD" {
            self.stream.write_all(body)?;
        }
        self.stream.flush()?;
        self.answered.store(true, Ordering::Release);
        Ok(())
    }
}

/// Accepts connections forever; each gets a thread that hands its requests to `handler`.
pub fn serve(listener: TcpListener, handler: impl Fn(Request) + Send + Sync + 'static) {
    let handler = Arc::new(handler);
    for stream in listener.incoming().flatten() {
        let handler = Arc::clone(&handler);
        std::thread::spawn(move || connection(stream, &*handler));
    }
}

/// Serves one connection until the client closes it, asks to, goes idle, or a request
/// goes unanswered or is malformed.
fn connection(stream: TcpStream, handler: &dyn Fn(Request)) {
    let Ok(writer) = stream.try_clone() else { return };
    let mut reader = BufReader::new(stream);
    let mut timeout = READ_TIMEOUT;
    loop {
        let _ = writer.set_read_timeout(Some(timeout));
        let answered = Arc::new(AtomicBool::new(false));
        let stream = match writer.try_clone() {
            Ok(s) => s,
            Err(_) => return,
        };
        match read_request(&mut reader, stream, Arc::clone(&answered)) {
            Ok(request) => {
                let keep_alive = request.keep_alive;
                handler(request);
                if !keep_alive || !answered.load(Ordering::Acquire) {
                    return;
                }
            }
            Err(Some(status)) => {
                let _ = refuse(&writer, status);
                return;
            }
            Err(None) => return,
        }
        timeout = IDLE_TIMEOUT;
    }
}

fn refuse(mut stream: &TcpStream, status: u16) -> std::io::Result<()> {
    write!(stream, "HTTP/1.1 {status} {}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", reason(status))
}

/// Reads the next request; on a malformed one, the status to refuse it with (None when
/// the connection is closed, idle or unusable).
fn read_request(reader: &mut BufReader<TcpStream>, stream: TcpStream, answered: Arc<AtomicBool>) -> Result<Request, Option<u16>> {
    let mut lines = Vec::new();
    let mut total = 0;
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) if lines.is_empty() && total == 0 => return Err(None),
            Ok(0) | Err(_) => return Err(Some(400)),
            Ok(n) => total += n,
        }
        if total > MAX_HEAD {
            return Err(Some(431));
        }
        let line = line.trim_end_matches(['\r', '\n']).to_string();
        if line.is_empty() {
            if lines.is_empty() {
                continue; // a stray CRLF between requests is allowed
            }
            break;
        }
        lines.push(line);
    }
    let mut request_line = lines[0].split_whitespace();
    let (Some(method), Some(target), Some(version)) = (request_line.next(), request_line.next(), request_line.next()) else {
        return Err(Some(400));
    };
    if !version.starts_with("HTTP/1.") || !target.starts_with('/') {
        return Err(Some(400));
    }
    let headers: Vec<(String, String)> =
        lines[1..].iter().filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim().to_string(), v.trim().to_string())).collect();
    let find = |name: &str| headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    if find("transfer-encoding").is_some() {
        return Err(Some(411)); // browsers send a length with fetch bodies
    }
    let length: usize = match find("content-length").map(str::parse) {
        None => 0,
        Some(Ok(n)) if n <= MAX_BODY => n,
        Some(Ok(_)) => return Err(Some(413)),
        Some(Err(_)) => return Err(Some(400)),
    };
    // HTTP/1.1 keeps the connection unless either side says close; 1.0 closes it.
    let keep_alive = version == "HTTP/1.1" && !find("connection").is_some_and(|c| c.eq_ignore_ascii_case("close"));
    let mut body = vec![0; length];
    reader.read_exact(&mut body).map_err(|_| Some(400))?;
    Ok(Request { method: method.to_string(), target: target.to_string(), headers, body, stream, keep_alive, answered })
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        304 => "Not Modified",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        411 => "Length Required",
        413 => "Payload Too Large",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn start() -> std::net::SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        std::thread::spawn(move || {
            serve(listener, |req| {
                let body = format!("{} {} {}", req.method, req.target, String::from_utf8_lossy(&req.body));
                req.respond(200, &[("Content-Type".into(), "text/plain".into())], body.as_bytes()).unwrap();
            })
        });
        addr
    }

    fn send(addr: std::net::SocketAddr, raw: &str) -> String {
        let mut s = TcpStream::connect(addr).unwrap();
        s.write_all(raw.as_bytes()).unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        out
    }

    #[test]
    fn answers_many_parallel_connections() {
        let addr = start();
        // More connections at once than any pool: every one is answered.
        let open: Vec<TcpStream> = (0..12).map(|_| TcpStream::connect(addr).unwrap()).collect();
        for (i, mut s) in open.into_iter().enumerate().rev() {
            s.write_all(format!("GET /p{i} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes()).unwrap();
            let mut out = String::new();
            s.read_to_string(&mut out).unwrap();
            assert!(out.starts_with("HTTP/1.1 200 OK\r\n"), "{out}");
            assert!(out.contains("Connection: close\r\n"));
            assert!(out.ends_with(&format!("GET /p{i} ")), "{out}");
        }
    }

    #[test]
    fn keeps_the_connection_for_the_next_request_until_asked_to_close() {
        let addr = start();
        let mut s = TcpStream::connect(addr).unwrap();
        // Two requests sent at once (pipelined), then one that closes.
        s.write_all(b"GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi").unwrap();
        s.write_all(b"GET /c HTTP/1.1\r\nConnection: close\r\n\r\n").unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap(); // ends only because the server closed
        let answers: Vec<&str> = out.split("HTTP/1.1 200 OK\r\n").skip(1).collect();
        assert_eq!(answers.len(), 3, "{out}");
        assert!(answers[0].contains("Connection: keep-alive\r\n") && answers[0].ends_with("GET /a "), "{out}");
        assert!(answers[1].ends_with("POST /b hi"), "{out}");
        assert!(answers[2].contains("Connection: close\r\n") && answers[2].ends_with("GET /c "), "{out}");
        // HTTP/1.0 closes after one answer.
        assert!(send(addr, "GET /d HTTP/1.0\r\n\r\n").contains("Connection: close\r\n"));
    }

    #[test]
    fn reads_bodies_and_answers_head_without_one() {
        let addr = start();
        let out = send(addr, "POST /api/x HTTP/1.1\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello");
        assert!(out.ends_with("POST /api/x hello"), "{out}");
        let out = send(addr, "HEAD /a HTTP/1.1\r\nConnection: close\r\n\r\n");
        assert!(out.contains("Content-Length: 8\r\n") && out.ends_with("\r\n\r\n"), "{out}");
    }

    #[test]
    fn refuses_malformed_requests() {
        let addr = start();
        assert!(send(addr, "GARBAGE\r\n\r\n").starts_with("HTTP/1.1 400"));
        assert!(send(addr, "GET http://evil/ HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 400"));
        assert!(send(addr, "POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n").starts_with("HTTP/1.1 413"));
        assert!(send(addr, "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").starts_with("HTTP/1.1 411"));
    }
}

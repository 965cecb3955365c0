//! The dev server's HTTP/1.1: a thread per connection and one request per connection
//! (`Connection: close`). tiny_http's keep-alive pool could leave a browser's sixth
//! parallel connection queued with no thread to serve it, so a page never finished
//! loading; a local dev server gains nothing from keep-alive.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::time::Duration;

const MAX_HEAD: usize = 64 * 1024;
const MAX_BODY: usize = 1024 * 1024;

pub struct Request {
    pub method: String,
    /// Path and query, as sent (`/about?x=1`).
    pub target: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    stream: TcpStream,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// Sends the answer and closes the connection. A HEAD request gets the headers only,
    /// with the length the body would have had.
    pub fn respond(mut self, status: u16, headers: &[(String, String)], body: &[u8]) -> std::io::Result<()> {
        let mut head = format!("HTTP/1.1 {status} {}\r\n", reason(status));
        for (k, v) in headers {
            if !k.eq_ignore_ascii_case("content-length") && !k.eq_ignore_ascii_case("connection") && !v.contains(['\r', '\n']) {
                head.push_str(&format!("{k}: {v}\r\n"));
            }
        }
        head.push_str(&format!("Content-Length: {}\r\nConnection: close\r\n\r\n", body.len()));
        self.stream.write_all(head.as_bytes())?;
        if self.method != "HEAD" {
            self.stream.write_all(body)?;
        }
        self.stream.flush()
    }
}

/// Accepts connections forever, handing each parsed request to `handler` on its own thread.
pub fn serve(listener: TcpListener, handler: impl Fn(Request) + Send + Sync + 'static) {
    let handler = Arc::new(handler);
    for stream in listener.incoming().flatten() {
        let handler = Arc::clone(&handler);
        std::thread::spawn(move || match read_request(stream) {
            Ok(request) => handler(request),
            Err((Some(stream), status)) => {
                let _ = refuse(stream, status);
            }
            Err((None, _)) => {}
        });
    }
}

fn refuse(mut stream: TcpStream, status: u16) -> std::io::Result<()> {
    write!(stream, "HTTP/1.1 {status} {}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", reason(status))
}

/// Reads one request; on a malformed one, the stream (when still usable) and the status to refuse it with.
fn read_request(stream: TcpStream) -> Result<Request, (Option<TcpStream>, u16)> {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    let writer = stream.try_clone().map_err(|_| (None, 500))?;
    let mut reader = BufReader::new(stream);
    let mut lines = Vec::new();
    let mut total = 0;
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => return Err((None, 400)),
            Ok(n) => total += n,
        }
        if total > MAX_HEAD {
            return Err((Some(writer), 431));
        }
        let line = line.trim_end_matches(['\r', '\n']).to_string();
        if line.is_empty() {
            break;
        }
        lines.push(line);
    }
    let mut request_line = lines.first().map(|l| l.split_whitespace()).ok_or((None, 400))?;
    let (Some(method), Some(target), Some(version)) = (request_line.next(), request_line.next(), request_line.next()) else {
        return Err((Some(writer), 400));
    };
    if !version.starts_with("HTTP/1.") || !target.starts_with('/') {
        return Err((Some(writer), 400));
    }
    let headers: Vec<(String, String)> =
        lines[1..].iter().filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim().to_string(), v.trim().to_string())).collect();
    let find = |name: &str| headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    if find("transfer-encoding").is_some() {
        return Err((Some(writer), 411)); // browsers send a length with fetch bodies
    }
    let length: usize = match find("content-length").map(str::parse) {
        None => 0,
        Some(Ok(n)) if n <= MAX_BODY => n,
        Some(Ok(_)) => return Err((Some(writer), 413)),
        Some(Err(_)) => return Err((Some(writer), 400)),
    };
    let mut body = vec![0; length];
    reader.read_exact(&mut body).map_err(|_| (None, 400))?;
    Ok(Request { method: method.to_string(), target: target.to_string(), headers, body, stream: writer })
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
    fn answers_and_closes_many_parallel_connections() {
        let addr = start();
        // More connections at once than any pool: every one is answered.
        let open: Vec<TcpStream> = (0..12).map(|_| TcpStream::connect(addr).unwrap()).collect();
        for (i, mut s) in open.into_iter().enumerate().rev() {
            s.write_all(format!("GET /p{i} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes()).unwrap();
            let mut out = String::new();
            s.read_to_string(&mut out).unwrap();
            assert!(out.starts_with("HTTP/1.1 200 OK\r\n"), "{out}");
            assert!(out.contains("Connection: close\r\n"));
            assert!(out.ends_with(&format!("GET /p{i} ")), "{out}");
        }
    }

    #[test]
    fn reads_bodies_and_answers_head_without_one() {
        let addr = start();
        let out = send(addr, "POST /api/x HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello");
        assert!(out.ends_with("POST /api/x hello"), "{out}");
        let out = send(addr, "HEAD /a HTTP/1.1\r\n\r\n");
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

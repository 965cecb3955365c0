//! `/api/*` goes to the edge function. The seam is its base URL alone (however the edge is
//! started), so this never hangs: a connect timeout, a response timeout, a bounded body
//! each way, and a JSON answer when the edge cannot give one.

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderName, HeaderValue, Method, Request, Response, StatusCode, Uri};
use http_body_util::{BodyExt, Full, Limited};
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;
use std::time::Duration;

/// Bodies sent to `/api/*` larger than this are answered 413 (the forms send a few hundred bytes).
pub const MAX_API_BODY: usize = 64 * 1024;
/// How long connecting to the edge may take before the answer is 504.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// How long the edge may take to answer (head and body) before the answer is 504. Above
/// the edge's own upstream timeout (5 s), so its answer about a slow upstream gets through.
pub const RESPONSE_TIMEOUT: Duration = Duration::from_secs(15);
/// The largest answer taken from the edge.
const MAX_EDGE_ANSWER: usize = 8 * 1024 * 1024;

const EDGE_UNAVAILABLE: &str = r#"{"result":"error","error-type":"edge-unavailable"}"#;
/// The edge's own 405 (`methodNotAllowed` in edge/src/http.ts).
const METHOD_NOT_ALLOWED: &str = r#"{"result":"error","error-type":"method-not-allowed"}"#;
/// Every method some `/api` route takes (the Allow of a 405 when the edge cannot say which).
const API_METHODS: &str = "GET, HEAD, POST";

/// The methods workerd takes. Any other (CONNECT, TRACE, FOO) it answers with a plain-text
/// 500 or 501 and, for CONNECT, a stack trace in the terminal per request; such a request is
/// never forwarded, so every `/api` answer stays the edge's JSON.
fn edge_takes(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::POST | Method::PUT | Method::DELETE | Method::OPTIONS | Method::PATCH)
}

/// Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1).
const HOP_BY_HOP: [&str; 8] = ["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "host"];

#[derive(Clone)]
pub struct Proxy {
    /// `http://127.0.0.1:PORT`, without a trailing slash; None when the edge did not start.
    base: Option<String>,
    client: Client<HttpConnector, Full<Bytes>>,
    response_timeout: Duration,
}

impl Proxy {
    pub fn new(base: Option<String>) -> Proxy {
        Proxy::with_timeouts(base, CONNECT_TIMEOUT, RESPONSE_TIMEOUT)
    }

    pub fn with_timeouts(base: Option<String>, connect: Duration, response: Duration) -> Proxy {
        let mut connector = HttpConnector::new();
        connector.set_connect_timeout(Some(connect));
        connector.set_nodelay(true);
        // No idle connections kept: the edge runner (Node's HTTP server) closes an idle
        // connection after 5 s, and a request sent on one it is closing fails (a 502 for
        // nothing). A fresh connection on loopback costs well under a millisecond.
        let client = Client::builder(TokioExecutor::new()).pool_max_idle_per_host(0).build(connector);
        Proxy { base: base.map(|b| b.trim_end_matches('/').to_string()), client, response_timeout: response }
    }

    /// Forwards one request, with `CF-Connecting-IP` set to the client's address (as
    /// Cloudflare does in production; the edge limits each client by it).
    pub async fn forward(&self, request: Request<Body>, client_ip: Option<std::net::IpAddr>) -> Response<Body> {
        let Some(base) = &self.base else {
            eprintln!("serve: {}: the edge function is not running", request.uri().path());
            return edge_error(StatusCode::BAD_GATEWAY);
        };
        let (parts, body) = request.into_parts();
        let path = parts.uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
        let body = match Limited::new(body, MAX_API_BODY).collect().await {
            Ok(collected) => collected.to_bytes(),
            Err(e) if e.is::<http_body_util::LengthLimitError>() => return too_large(),
            Err(_) => return json(StatusCode::BAD_REQUEST, r#"{"result":"error","error-type":"bad-request"}"#),
        };
        let Ok(uri) = format!("{base}{path}").parse::<Uri>() else { return edge_error(StatusCode::BAD_GATEWAY) };
        // A method the edge runtime does not take: the edge is asked with OPTIONS instead,
        // which no route serves, so its 405 carries that route's own Allow (or its 404 says
        // there is no such route), and that answer is the client's.
        let probe = !edge_takes(&parts.method);
        let (method, body) = if probe { (Method::OPTIONS, Bytes::new()) } else { (parts.method.clone(), body) };
        let mut forwarded = Request::builder().method(method).uri(uri).body(Full::new(body)).expect("a request from parts");
        for (name, value) in &parts.headers {
            if !HOP_BY_HOP.contains(&name.as_str()) && name != "cf-connecting-ip" && name != header::CONTENT_LENGTH {
                forwarded.headers_mut().append(name.clone(), value.clone());
            }
        }
        if let Some(ip) = client_ip {
            forwarded.headers_mut().insert(HeaderName::from_static("cf-connecting-ip"), HeaderValue::from_str(&ip.to_string()).expect("an IP is ASCII"));
        }
        let answer = tokio::time::timeout(self.response_timeout, async {
            let response = self.client.request(forwarded).await?;
            let (parts, body) = response.into_parts();
            let body = Limited::new(body, MAX_EDGE_ANSWER).collect().await.map_err(|e| anyhow::anyhow!("reading the answer: {e}"))?.to_bytes();
            anyhow::Ok(Response::from_parts(parts, body))
        })
        .await;
        match answer {
            Ok(Ok(response)) if probe && !matches!(response.status(), StatusCode::METHOD_NOT_ALLOWED | StatusCode::NOT_FOUND) => {
                let mut r = json(StatusCode::METHOD_NOT_ALLOWED, METHOD_NOT_ALLOWED);
                r.headers_mut().insert(header::ALLOW, HeaderValue::from_static(API_METHODS));
                r
            }
            Ok(Ok(response)) => {
                let (mut parts, body) = response.into_parts();
                for name in HOP_BY_HOP {
                    parts.headers.remove(name);
                }
                parts.headers.insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));
                Response::from_parts(parts, Body::from(body))
            }
            Ok(Err(e)) => {
                let timed_out = timed_out(e.as_ref());
                eprintln!("serve: {path}: the edge function did not answer: {e:#}");
                edge_error(if timed_out { StatusCode::GATEWAY_TIMEOUT } else { StatusCode::BAD_GATEWAY })
            }
            Err(_) => {
                eprintln!("serve: {path}: the edge function did not answer within {} s", self.response_timeout.as_secs_f64());
                edge_error(StatusCode::GATEWAY_TIMEOUT)
            }
        }
    }
}

/// Whether an error, or any error it was caused by, is an I/O time-out (the connector's
/// connect timeout reports one).
fn timed_out(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(e);
    while let Some(err) = cause {
        if err.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::TimedOut) {
            return true;
        }
        cause = err.source();
    }
    false
}

pub fn too_large() -> Response<Body> {
    json(StatusCode::PAYLOAD_TOO_LARGE, r#"{"result":"error","error-type":"too-large"}"#)
}

fn edge_error(status: StatusCode) -> Response<Body> {
    json(status, EDGE_UNAVAILABLE)
}

fn json(status: StatusCode, body: &'static str) -> Response<Body> {
    let mut r = Response::new(Body::from(body));
    *r.status_mut() = status;
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json; charset=utf-8"));
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

//! Which `Host` a request may name. A web page elsewhere can point a name it controls at
//! 127.0.0.1 (DNS rebinding) and then read this server's answers as its own origin: the
//! live-reload events, the edge's form tokens. The browser still sends that name as
//! `Host`, so the server answers only its own names and refuses the rest with 421.

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;

/// The server's own names: `127.0.0.1`, `localhost`, `[::1]` and the host it was bound to
/// (`--host`), each with the port it listens on. Bound to every interface (`0.0.0.0`, `::`),
/// any IP address with the port is its own too (a phone on the LAN opens it by address);
/// a rebinding attack needs a name, never an address.
#[derive(Debug, Clone)]
pub struct OwnHosts {
    names: Vec<String>,
    port: u16,
    any_address: bool,
}

impl OwnHosts {
    pub fn new(bound_host: &str, port: u16) -> OwnHosts {
        let bound = bound_host.trim().trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
        let any_address = bound.parse::<IpAddr>().is_ok_and(|ip| ip.is_unspecified());
        let mut names: Vec<String> = ["127.0.0.1", "localhost", "::1"].into_iter().map(String::from).collect();
        if !bound.is_empty() && !names.contains(&bound) {
            names.push(bound);
        }
        OwnHosts { names, port, any_address }
    }

    /// Whether `authority` (a `Host` header's value: `127.0.0.1:8080`, `[::1]:8080`) names
    /// this server. Without a port it is port 80, as a browser omits it there.
    pub fn allows(&self, authority: &str) -> bool {
        let Some((host, port)) = split_authority(authority) else { return false };
        let port_matches = match port {
            Some(p) => p.parse::<u16>().is_ok_and(|p| p == self.port),
            None => self.port == 80,
        };
        port_matches && (self.names.contains(&host) || (self.any_address && host.parse::<IpAddr>().is_ok()))
    }
}

/// A `Host` value's host (lower case, IPv6 without brackets) and port, if any; `None` when
/// it is malformed.
fn split_authority(authority: &str) -> Option<(String, Option<String>)> {
    let authority = authority.trim().to_ascii_lowercase();
    Some(match authority.strip_prefix('[') {
        Some(rest) => match rest.split_once(']')? {
            (host, "") => (host.to_string(), None),
            (host, port) => (host.to_string(), Some(port.strip_prefix(':')?.to_string())),
        },
        None => match authority.rsplit_once(':') {
            Some((host, port)) => (host.to_string(), Some(port.to_string())),
            None => (authority.clone(), None),
        },
    })
}

/// The name a request was sent to: its absolute-form target's authority, else its `Host`.
fn named_host(request: &Request) -> Option<String> {
    match request.uri().authority() {
        Some(authority) => Some(authority.as_str().to_string()),
        None => request.headers().get(header::HOST).and_then(|v| v.to_str().ok()).map(str::to_string),
    }
}

/// Whether a browser would take `authority` for this machine itself (a secure context even
/// over plain HTTP): `localhost`, `*.localhost`, 127.0.0.0/8 or `[::1]`.
fn is_loopback(authority: &str) -> bool {
    split_authority(authority)
        .is_some_and(|(host, _)| host == "localhost" || host.ends_with(".localhost") || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback()))
}

/// Middleware: the deployed security headers assume HTTPS. A request over plain HTTP from
/// another device (a phone opening `http://192.168.1.5:8080` while serve is bound to
/// `0.0.0.0`) gets them without the CSP's `upgrade-insecure-requests`, which would make the
/// browser ask for every script and stylesheet over https, which serve does not speak, and
/// without HSTS (ignored over http anyway). Loopback (which browsers never upgrade) and a
/// tunnel that says it took the request over https (`X-Forwarded-Proto: https`) keep them
/// exactly as `_headers` has them.
pub async fn plain_http_elsewhere(request: Request, next: Next) -> Response {
    let https = request.headers().get("x-forwarded-proto").and_then(|v| v.to_str().ok()).is_some_and(|v| v.trim().eq_ignore_ascii_case("https"));
    let plain_elsewhere = !https && !named_host(&request).is_some_and(|h| is_loopback(&h));
    let mut response = next.run(request).await;
    if plain_elsewhere {
        let headers = response.headers_mut();
        headers.remove(header::STRICT_TRANSPORT_SECURITY);
        let csp = headers.get(header::CONTENT_SECURITY_POLICY).and_then(|v| v.to_str().ok()).map(without_upgrade);
        if let Some(value) = csp.and_then(|csp| axum::http::HeaderValue::from_str(&csp).ok()) {
            headers.insert(header::CONTENT_SECURITY_POLICY, value);
        }
    }
    response
}

/// A CSP without its `upgrade-insecure-requests` directive.
fn without_upgrade(csp: &str) -> String {
    csp.split(';').map(str::trim).filter(|d| !d.is_empty() && !d.eq_ignore_ascii_case("upgrade-insecure-requests")).collect::<Vec<_>>().join("; ")
}

/// Middleware: a request whose `Host` (or absolute-form target) is not one of
/// [`OwnHosts`] gets 421 Misdirected Request, whatever its path.
pub async fn only_own_host(State(own): State<Arc<OwnHosts>>, request: Request, next: Next) -> Response {
    let named = named_host(&request);
    if named.as_deref().is_some_and(|h| own.allows(h)) {
        return next.run(request).await;
    }
    let message = "421 Misdirected Request: unitly serve answers only requests for its own address (127.0.0.1, localhost, [::1] or --host, with its port)\n";
    (StatusCode::MISDIRECTED_REQUEST, [(header::CONTENT_TYPE, "text/plain; charset=utf-8"), (header::CACHE_CONTROL, "no-store")], message).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_names_with_the_port_only() {
        let own = OwnHosts::new("127.0.0.1", 8080);
        for ok in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
            assert!(own.allows(ok), "{ok}");
        }
        for refused in
            ["evil.example:8080", "127.0.0.1:8081", "127.0.0.1", "localhost", "127.0.0.1.evil.example:8080", "[::1]x:8080", "", ":8080", "192.168.1.5:8080"]
        {
            assert!(!own.allows(refused), "{refused}");
        }
        assert!(OwnHosts::new("127.0.0.1", 80).allows("localhost"), "port 80 is left out by browsers");
        let named = OwnHosts::new("devbox.lan", 3000);
        assert!(named.allows("devbox.lan:3000") && named.allows("localhost:3000") && !named.allows("other.lan:3000"));
        let everywhere = OwnHosts::new("0.0.0.0", 8080);
        assert!(everywhere.allows("192.168.1.5:8080") && everywhere.allows("[fe80::1]:8080"));
        assert!(!everywhere.allows("rebound.example:8080"), "a name is refused even when bound everywhere");
    }
}

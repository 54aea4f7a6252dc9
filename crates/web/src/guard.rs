//! The checks every request passes before a handler sees it: the `Host` header names the served
//! address (no DNS rebinding), an `Origin` header, if any, is the served origin (no cross-site
//! requests), and a POST carries JSON (no cross-site form posts).

use crate::error::error_response;
use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use std::sync::Arc;

/// The `host:port` names under which the server may be addressed, lower case.
#[derive(Clone, Debug)]
pub struct Allowed {
    hosts: Vec<String>,
    /// Bound to every address (`0.0.0.0`, `::`): any IP address with the port is a name of the
    /// server too (an address in `Host` cannot come from DNS rebinding, which needs a name).
    any_address: Option<u16>,
}

impl Allowed {
    /// The loopback names with `port` (`localhost`, `127.0.0.1`, `[::1]`), and `host` with it
    /// when it is another name or address (an IPv6 address in brackets); when `host` is the
    /// unspecified address (`0.0.0.0`, `::`), any IP address with `port`.
    pub fn new(host: &str, port: u16) -> Allowed {
        let mut hosts: Vec<String> = ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .map(|h| format!("{h}:{port}"))
            .collect();
        let host = host.trim().to_ascii_lowercase();
        let bracketed = if host.contains(':') && !host.starts_with('[') {
            format!("[{host}]")
        } else {
            host
        };
        let named = format!("{bracketed}:{port}");
        let unspecified = bracketed
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_unspecified());
        if !hosts.contains(&named) {
            hosts.push(named);
        }
        Allowed {
            hosts,
            any_address: unspecified.then_some(port),
        }
    }

    /// True if a `Host` header (or a URI's authority) names the server.
    pub fn host(&self, value: &str) -> bool {
        let v = value.trim().to_ascii_lowercase();
        self.hosts.contains(&v)
            || self.any_address.is_some_and(|port| {
                v.parse::<std::net::SocketAddr>()
                    .is_ok_and(|a| a.port() == port)
            })
    }

    /// True if an `Origin` header is the server's own origin (`http://` and a name [`Allowed::host`]
    /// accepts).
    pub fn origin(&self, value: &str) -> bool {
        let v = value.trim().to_ascii_lowercase();
        v.strip_prefix("http://")
            .is_some_and(|rest| self.host(rest))
    }

    /// The accepted `host:port` names.
    pub fn names(&self) -> &[String] {
        &self.hosts
    }
}

/// The middleware: refuses (403, 415) what does not pass, else runs the handler.
pub async fn guard(State(allowed): State<Arc<Allowed>>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let host = match headers.get(header::HOST).map(|h| h.to_str()) {
        None => req.uri().authority().map(|a| a.as_str().to_string()),
        Some(Ok(h)) => Some(h.to_string()),
        Some(Err(_)) => None,
    };
    match host {
        None => return error_response(StatusCode::FORBIDDEN, "missing or unreadable Host header"),
        Some(h) if !allowed.host(&h) => {
            return error_response(
                StatusCode::FORBIDDEN,
                format!(
                    "Host '{h}' is not this server (expected one of {})",
                    allowed.names().join(", ")
                ),
            )
        }
        Some(_) => {}
    }
    if let Some(authority) = req.uri().authority() {
        if !allowed.host(authority.as_str()) {
            return error_response(
                StatusCode::FORBIDDEN,
                format!("request target '{authority}' is not this server"),
            );
        }
    }
    for origin in headers.get_all(header::ORIGIN) {
        let text = origin.to_str().unwrap_or("");
        if !allowed.origin(text) {
            return error_response(
                StatusCode::FORBIDDEN,
                format!("cross-origin request from '{text}' refused"),
            );
        }
    }
    if req.method() == Method::POST {
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|c| c.to_str().ok())
            .and_then(|c| c.split(';').next())
            .is_some_and(|c| c.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return error_response(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "a POST body must be JSON (Content-Type: application/json)",
            );
        }
    }
    next.run(req).await
}

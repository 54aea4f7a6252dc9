//! The spacechess web board: a local HTTP server (axum on tokio) with a JSON API over every
//! variant ([`spacechess::AnyVariant`]) and the page, embedded in the binary. `spacechess serve`
//! runs it; docs/web.md gives the API's request and reply shapes.
//!
//! - [`router`] builds the whole application for a port (tests drive it in-process with tower's
//!   `oneshot`); [`Server::bind`] and [`Server::run`] serve it; [`serve`] does both.
//! - Stateless: every request carries the variant, its options, a position and moves. The server
//!   keeps only a cache of built variants and the engine's slots.
//! - The API: the catalogue (`GET /api/variants`), the board model (`/api/board`), a position with
//!   its legal moves and their cells (`/api/position`), the engine (`/api/engine`), perft
//!   (`/api/perft`), attacks on a cell (`/api/attacks`), validation (`/api/validate`), and game
//!   records read and written (`/api/record/read`, `/api/record/write`).
//! - Robust: every bad request is a 4xx with `{"error": "..."}`; library work runs on tokio's
//!   blocking threads, searches behind a semaphore ([`ServerConfig::search_slots`]) and a time
//!   cap; a panic is caught and answered 500, and the server goes on.
//! - Safe on a desktop: it binds 127.0.0.1 by default, answers only requests whose `Host` names it,
//!   refuses cross-origin requests and non-JSON POSTs, limits bodies to 64 KiB, and reads and
//!   writes no files.
//!
//! ## How attacks are computed
//!
//! `POST /api/attacks` lists the men that could capture a man on a cell, from the legal moves
//! of each player in the position with that player to move ([`spacechess::Attackers`] says
//! exactly what is counted).
//!
//! ```
//! # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
//! let server = spacechess_web::Server::bind(spacechess_web::ServerConfig {
//!     port: 0,
//!     ..Default::default()
//! })
//! .await
//! .unwrap();
//! assert!(server.url().starts_with("http://127.0.0.1:"));
//! # });
//! ```

mod api;
pub mod assets;
mod error;
mod guard;
mod pieces;
mod record;

pub use error::{ApiError, MESSAGE_LIMIT};
pub use guard::Allowed;
pub use pieces::pieces;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use spacechess::AnyVariant;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// The largest request body accepted, in bytes (64 KiB).
pub const BODY_LIMIT: usize = 64 * 1024;
/// The default port of `spacechess serve`.
pub const DEFAULT_PORT: u16 = 7557;
/// Built variants kept (by name and options) before the cache is emptied.
const VARIANT_CACHE: usize = 32;

/// What the server serves and its limits.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to bind (default `127.0.0.1`).
    pub host: String,
    /// The port (default [`DEFAULT_PORT`]; 0 picks a free one).
    pub port: u16,
    /// The deepest engine search a request may ask for (default 6).
    pub max_depth: u32,
    /// The longest engine search, in milliseconds (default 5000): a request's `movetime_ms`
    /// may not exceed it, and a depth search is stopped there too.
    pub max_movetime_ms: u64,
    /// Searches (engine and perft) running at once (default 2).
    pub search_slots: usize,
    /// How long a search request waits for a slot before a 503 (default 2 s).
    pub queue_wait: Duration,
    /// The deepest perft (default 6).
    pub max_perft_depth: u32,
    /// The most leaf nodes a perft may count (default 5,000,000).
    pub max_perft_nodes: u64,
    /// The longest perft, in milliseconds (default 10000): the count stops (422) once a root
    /// move's subtree ends past it.
    pub max_perft_ms: u64,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            host: "127.0.0.1".to_string(),
            port: DEFAULT_PORT,
            max_depth: 6,
            max_movetime_ms: 5000,
            search_slots: 2,
            queue_wait: Duration::from_secs(2),
            max_perft_depth: 6,
            max_perft_nodes: 5_000_000,
            max_perft_ms: 10_000,
        }
    }
}

impl ServerConfig {
    /// True if the host is a loopback address or `localhost` (no warning needed).
    pub fn is_loopback(&self) -> bool {
        let h = self
            .host
            .trim()
            .trim_start_matches('[')
            .trim_end_matches(']');
        h.eq_ignore_ascii_case("localhost")
            || h.parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback())
    }
}

/// A built variant's key: its name and its options as (key, value) texts.
pub(crate) type VariantKey = (String, Vec<(String, String)>);

/// What the handlers share.
pub(crate) struct AppState {
    pub(crate) config: ServerConfig,
    pub(crate) variants: Mutex<HashMap<VariantKey, Arc<dyn AnyVariant>>>,
    pub(crate) searches: Arc<Semaphore>,
}

/// The API and page routes, without the checks of [`protect`].
fn routes(config: &ServerConfig) -> Router {
    let state = Arc::new(AppState {
        config: config.clone(),
        variants: Mutex::new(HashMap::new()),
        searches: Arc::new(Semaphore::new(config.search_slots.max(1))),
    });
    Router::new()
        .route("/", get(index))
        .route("/static/{*path}", get(static_file))
        .route("/api/variants", get(api::variants))
        .route("/api/board", post(api::board))
        .route("/api/position", post(api::position))
        .route("/api/engine", post(api::engine))
        .route("/api/perft", post(api::perft))
        .route("/api/attacks", post(api::attacks))
        .route("/api/validate", post(api::validate))
        .route("/api/record/read", post(record::read))
        .route("/api/record/write", post(record::write))
        // The names the page asked for first (WEB-NEEDS.md): the same handlers.
        .route("/api/record", post(record::write))
        .route("/api/replay", post(record::read))
        .with_state(state)
}

/// The whole application for a server reached on `port`: the routes of the API and the page,
/// behind [`protect`].
pub fn router(config: &ServerConfig, port: u16) -> Router {
    protect(routes(config), &config.host, port)
}

/// Wraps any routes in the server's checks and fallbacks: the `Host`, `Origin` and content-type
/// checks (403, 415), JSON answers for unknown paths (404) and wrong methods (405), and a panic
/// in a handler answered 500 with a JSON error while the server goes on.
pub fn protect(routes: Router, host: &str, port: u16) -> Router {
    let allowed = Arc::new(Allowed::new(host, port));
    routes
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(allowed, guard::guard))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(panicked))
}

fn panicked(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    error::error_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal error: the request's handler panicked (a bug; the server goes on)",
    )
}

async fn not_found(uri: axum::http::Uri) -> Response {
    error::error_response(
        StatusCode::NOT_FOUND,
        format!("no such path '{}'", uri.path()),
    )
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> Response {
    error::error_response(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{method} is not allowed on '{}'", uri.path()),
    )
}

/// An embedded file with its content type, or a JSON 404.
fn asset(path: &str) -> Response {
    match assets::file(path) {
        Some(bytes) => (
            [
                (header::CONTENT_TYPE, assets::content_type(path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        None => error::error_response(StatusCode::NOT_FOUND, format!("no such file '{path}'")),
    }
}

async fn index() -> Response {
    asset("index.html")
}

async fn static_file(axum::extract::Path(path): axum::extract::Path<String>) -> Response {
    asset(&path)
}

/// A bound server, ready to [`Server::run`].
pub struct Server {
    listener: TcpListener,
    app: Router,
    addr: SocketAddr,
    config: ServerConfig,
}

impl Server {
    /// Binds `config.host:config.port` (port 0: a free one).
    pub async fn bind(config: ServerConfig) -> std::io::Result<Server> {
        let host = config.host.trim_start_matches('[').trim_end_matches(']');
        let listener = TcpListener::bind((host, config.port)).await?;
        let addr = listener.local_addr()?;
        let app = router(&config, addr.port());
        Ok(Server {
            listener,
            app,
            addr,
            config,
        })
    }

    /// The address bound.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address, `http://127.0.0.1:7557/` (the host as given, the port bound).
    pub fn url(&self) -> String {
        let host = self.config.host.trim();
        if host.contains(':') && !host.starts_with('[') {
            format!("http://[{host}]:{}/", self.addr.port())
        } else {
            format!("http://{host}:{}/", self.addr.port())
        }
    }

    /// Serves until `shutdown` completes.
    pub async fn run_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        axum::serve(self.listener, self.app)
            .with_graceful_shutdown(shutdown)
            .await
    }

    /// Serves until Ctrl-C.
    pub async fn run(self) -> std::io::Result<()> {
        self.run_until(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
    }
}

/// Binds, prints the address on stdout (flushed: the first line, for scripts and tests), and
/// serves until Ctrl-C. A host other than loopback is warned about on stderr.
pub async fn serve(config: ServerConfig) -> std::io::Result<()> {
    use std::io::Write;
    if !config.is_loopback() {
        // Ignoring a failure to write: a closed stderr must not stop the server.
        let _ = writeln!(
            std::io::stderr(),
            "warning: serving on {} — anyone who can reach this address can use the board (no authentication)",
            config.host
        );
    }
    let server = Server::bind(config).await?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", server.url())?;
    out.flush()?;
    drop(out);
    server.run().await
}

//! The page's files, embedded at build time from `crates/web/static/` (see `build.rs`).

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The contents of the embedded file at `path` (relative to `static/`, `/`-separated).
pub fn file(path: &str) -> Option<&'static [u8]> {
    FILES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, bytes)| *bytes)
}

/// The paths of every embedded file, sorted.
pub fn paths() -> Vec<&'static str> {
    FILES.iter().map(|(p, _)| *p).collect()
}

/// The content type for a file name, by its extension (`application/octet-stream` if unknown).
pub fn content_type(path: &str) -> &'static str {
    let ext = path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "txt" | "md" | "pgn" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

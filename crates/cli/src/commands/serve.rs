//! `spacechess serve`: the web board ([`spacechess_web`]) on a tokio runtime.

use crate::error::CliError;
use spacechess_web::{Server, ServerConfig};
use std::io::Write;

/// A line on stderr, ignoring a failure to write it (a closed stderr must not stop the server).
macro_rules! note {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// Binds, prints the address as the first line of stdout (flushed), optionally opens it with
/// `xdg-open`, and serves until Ctrl-C. Returns the closing line to print.
pub fn run(config: ServerConfig, open: bool) -> Result<String, CliError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(64)
        .build()
        .map_err(|e| CliError::new(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(async move {
        if !config.is_loopback() {
            note!(
                "warning: listening on {}: anyone who can reach this address can use the board (it has no authentication)",
                config.host
            );
        }
        let (host, port) = (config.host.clone(), config.port);
        let server = Server::bind(config)
            .await
            .map_err(|e| CliError::new(format!("cannot listen on {host} port {port}: {e}")))?;
        let url = server.url();
        {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{url}").and_then(|()| out.flush());
        }
        note!("serving the spacechess board on {url} (Ctrl-C stops)");
        if open {
            open_in_browser(&url);
        }
        server
            .run()
            .await
            .map_err(|e| CliError::new(format!("server error: {e}")))?;
        Ok("server stopped\n".to_string())
    })
}

/// Runs `xdg-open URL` in the background, best effort: a failure to start it or a failing exit is
/// one line on stderr, and the server goes on.
fn open_in_browser(url: &str) {
    let child = std::process::Command::new("xdg-open")
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match child {
        Ok(mut child) => {
            note!("opening {url} with xdg-open");
            let url = url.to_string();
            // Reap it (no zombie) and say if it failed.
            std::thread::spawn(move || match child.wait() {
                Ok(status) if !status.success() => {
                    note!("xdg-open could not open the page ({status}): open {url} in a browser")
                }
                _ => {}
            });
        }
        Err(e) => note!("could not run xdg-open ({e}): open {url} in a browser"),
    }
}

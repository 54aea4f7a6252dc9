//! `spacechess serve` end to end: the binary is started with `--port 0`, its first line names the
//! address, the API answers over the wire, and the process is killed.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The running server, killed when dropped (a failing test leaves no process behind).
struct Served {
    child: Child,
    url: String,
    port: u16,
    /// Everything written on stderr so far (a thread drains it, so that the server never writes
    /// into a closed or full pipe).
    stderr: Arc<Mutex<String>>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `spacechess serve --port 0 ARGS` with this PATH (None: the inherited one) and reads the
/// first line of stdout.
fn serve(args: &[&str], path: Option<&str>) -> Served {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_spacechess"));
    cmd.args(["serve", "--port", "0"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(p) = path {
        cmd.env("PATH", p);
    }
    let mut child = cmd.spawn().expect("the binary runs");
    let stdout = child.stdout.take().unwrap();
    let stderr = Arc::new(Mutex::new(String::new()));
    let pipe = child.stderr.take().unwrap();
    let sink = stderr.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines().map_while(Result::ok) {
            let mut all = sink.lock().unwrap();
            all.push_str(&line);
            all.push('\n');
        }
    });
    let mut served = Served {
        child,
        url: String::new(),
        port: 0,
        stderr,
    };
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).unwrap();
    let url = first.trim_end().to_string();
    let port = url
        .strip_suffix('/')
        .and_then(|u| u.rsplit_once(':'))
        .and_then(|(_, p)| p.parse::<u16>().ok())
        .unwrap_or_else(|| panic!("first line {first:?} is not http://HOST:PORT/"));
    assert_ne!(port, 0);
    served.url = url;
    served.port = port;
    served
}

impl Served {
    /// The lines of stderr once one contains `needle` (waiting up to 30 s; all lines if none does).
    fn stderr_until(&self, needle: &str) -> Vec<String> {
        let began = Instant::now();
        loop {
            let all = self.stderr.lock().unwrap().clone();
            if all.contains(needle) || began.elapsed() > Duration::from_secs(30) {
                return all.lines().map(String::from).collect();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// One request to 127.0.0.1:`port` with this Host; the whole reply.
fn http(port: u16, host: &str, method: &str, path: &str, body: &str) -> String {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn serve_prints_its_address_and_answers() {
    let served = serve(&[], None);
    assert!(
        served.url.starts_with("http://127.0.0.1:"),
        "{}",
        served.url
    );
    let port = served.port;
    let here = format!("127.0.0.1:{port}");
    let reply = http(port, &here, "GET", "/api/variants", "");
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    for (name, _) in spacechess::VARIANTS {
        assert!(reply.contains(&format!("\"name\":\"{name}\"")), "{name}");
    }
    let reply = http(
        port,
        &here,
        "POST",
        "/api/position",
        r#"{"variant":"raumschach","moves":["Ac2-Ac3"]}"#,
    );
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    // The page.
    let reply = http(port, &format!("localhost:{port}"), "GET", "/", "");
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains("text/html"), "{reply}");
    // Another Host: refused.
    let reply = http(port, "evil.example", "GET", "/api/variants", "");
    assert!(reply.starts_with("HTTP/1.1 403"), "{reply}");
}

#[test]
fn serve_open_without_a_browser_says_so_and_serves() {
    let empty = std::env::temp_dir().join(format!("spacechess-no-xdg-open-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let served = serve(&["--open"], Some(empty.to_str().unwrap()));
    let lines = served.stderr_until("xdg-open");
    assert!(
        lines.iter().any(|l| l.contains("could not run xdg-open")),
        "{lines:?}"
    );
    let port = served.port;
    let reply = http(
        port,
        &format!("127.0.0.1:{port}"),
        "GET",
        "/api/variants",
        "",
    );
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    drop(served);
    let _ = std::fs::remove_dir(&empty);
}

#[test]
fn serve_on_another_host_warns() {
    let served = serve(&["--host", "0.0.0.0"], None);
    assert!(served.url.starts_with("http://0.0.0.0:"), "{}", served.url);
    let lines = served.stderr_until("warning");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("warning:") && l.contains("0.0.0.0")),
        "{lines:?}"
    );
    let port = served.port;
    let reply = http(
        port,
        &format!("127.0.0.1:{port}"),
        "GET",
        "/api/variants",
        "",
    );
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
}

#[test]
fn serve_refuses_a_port_in_use_and_bad_options() {
    let served = serve(&[], None);
    let port = served.port.to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot listen on 127.0.0.1 port"), "{err}");
    assert!(out.stdout.is_empty());
    for args in [["--port", "70000"], ["--max-depth", "0"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
            .arg("serve")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

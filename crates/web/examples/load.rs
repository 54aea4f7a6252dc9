//! A bounded load benchmark of the web API (not a timed test): N concurrent clients on loopback,
//! each on its own keep-alive connection, send a fixed number of requests; prints requests per
//! second and latency percentiles of a legal-moves request (`POST /api/position`) and of an
//! engine reply (`POST /api/engine`).
//!
//! ```text
//! cargo run --release -p spacechess-web --example load -- [--clients 8] [--requests 400]
//!     [--engine-clients 4] [--engine-requests 12] [--variant raumschach] [--depth 2]
//!     [--addr 127.0.0.1:7557]
//! ```
//!
//! Without `--addr` it starts a server in the same process on a free port (the default
//! configuration: 2 search slots, 2 s queue wait); with it, it loads a running `spacechess
//! serve`. `--requests` is per client for the legal-moves phase, `--engine-requests` per client
//! for the engine phase. A refused request (503 when every search slot stays busy past the queue
//! wait) is counted apart, not timed.

use spacechess_web::{Server, ServerConfig};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// The benchmark's settings, from the command line.
struct Args {
    clients: usize,
    requests: usize,
    engine_clients: usize,
    engine_requests: usize,
    variant: String,
    depth: u32,
    addr: Option<String>,
}

fn usage(problem: &str) -> ! {
    eprintln!("error: {problem}");
    eprintln!(
        "usage: load [--clients N] [--requests N] [--engine-clients N] [--engine-requests N] [--variant NAME] [--depth N] [--addr HOST:PORT]"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut a = Args {
        clients: 8,
        requests: 400,
        engine_clients: 4,
        engine_requests: 12,
        variant: "raumschach".into(),
        depth: 2,
        addr: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .unwrap_or_else(|| usage(&format!("{flag} needs a value")))
        };
        let number = |v: String| -> usize {
            v.parse()
                .ok()
                .filter(|n| *n >= 1)
                .unwrap_or_else(|| usage(&format!("{flag}: '{v}' is not a whole number from 1")))
        };
        match flag.as_str() {
            "--clients" => a.clients = number(value()),
            "--requests" => a.requests = number(value()),
            "--engine-clients" => a.engine_clients = number(value()),
            "--engine-requests" => a.engine_requests = number(value()),
            "--variant" => a.variant = value(),
            "--depth" => a.depth = number(value()) as u32,
            "--addr" => a.addr = Some(value()),
            "-h" | "--help" => usage("help asked"),
            other => usage(&format!("unknown argument '{other}'")),
        }
    }
    a
}

/// One keep-alive HTTP/1.1 connection.
struct Client {
    stream: BufReader<TcpStream>,
    host: String,
}

impl Client {
    async fn connect(addr: &str) -> std::io::Result<Client> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Client {
            stream: BufReader::new(stream),
            host: addr.to_string(),
        })
    }

    /// POSTs a JSON body; the status and the reply's body.
    async fn post(&mut self, path: &str, body: &str) -> std::io::Result<(u16, Vec<u8>)> {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.host,
            body.len()
        );
        let s = self.stream.get_mut();
        s.write_all(head.as_bytes()).await?;
        s.write_all(body.as_bytes()).await?;
        let mut status = 0u16;
        let mut length = 0usize;
        let mut line = String::new();
        loop {
            line.clear();
            if self.stream.read_line(&mut line).await? == 0 {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    "connection closed",
                ));
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some(rest) = l.strip_prefix("HTTP/1.1 ") {
                status = rest.get(..3).and_then(|c| c.parse().ok()).unwrap_or(0);
            } else if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
        }
        let mut reply = vec![0; length];
        self.stream.read_exact(&mut reply).await?;
        Ok((status, reply))
    }
}

/// What one phase measured.
struct Phase {
    latencies: Vec<Duration>,
    refused: usize,
    elapsed: Duration,
}

/// `clients` connections each sending `requests` times `body` to `path`; every reply must be 200
/// (or 503, counted).
async fn phase(addr: &str, clients: usize, requests: usize, path: &str, body: String) -> Phase {
    let began = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (addr, path, body) = (addr.to_string(), path.to_string(), body.clone());
        tasks.push(tokio::spawn(async move {
            let mut client = Client::connect(&addr).await.expect("connect");
            let mut times = Vec::with_capacity(requests);
            let mut refused = 0;
            for _ in 0..requests {
                let t = Instant::now();
                let (status, reply) = client.post(&path, &body).await.expect("request");
                match status {
                    200 => times.push(t.elapsed()),
                    503 => refused += 1,
                    s => panic!("{path}: status {s}: {}", String::from_utf8_lossy(&reply)),
                }
            }
            (times, refused)
        }));
    }
    let mut latencies = Vec::new();
    let mut refused = 0;
    for t in tasks {
        let (times, r) = t.await.expect("client task");
        latencies.extend(times);
        refused += r;
    }
    latencies.sort();
    Phase {
        latencies,
        refused,
        elapsed: began.elapsed(),
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

fn report(name: &str, clients: usize, p: &Phase) {
    let n = p.latencies.len();
    let at = |q: f64| p.latencies[((n as f64 * q).ceil() as usize).clamp(1, n) - 1];
    if n == 0 {
        println!("{name}: no request answered ({} refused)", p.refused);
        return;
    }
    println!(
        "| {name} | {clients} | {n} | {:.1} | {} | {} | {} | {} | {} |",
        n as f64 / p.elapsed.as_secs_f64(),
        ms(at(0.50)),
        ms(at(0.90)),
        ms(at(0.99)),
        ms(p.latencies[n - 1]),
        p.refused
    );
}

fn main() {
    let args = parse_args();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async move {
        let (addr, server) = match &args.addr {
            Some(a) => (a.clone(), None),
            None => {
                let server = Server::bind(ServerConfig {
                    port: 0,
                    ..Default::default()
                })
                .await
                .expect("bind");
                let addr = server.local_addr().to_string();
                let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
                let handle = tokio::spawn(server.run_until(async {
                    let _ = stopped.await;
                }));
                (addr, Some((stop, handle)))
            }
        };
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        println!(
            "spacechess-web load: {addr}, {cores} cores, variant {}, engine depth {}",
            args.variant, args.depth
        );
        // A position a few moves in, as the page asks after each move.
        let position = serde_json::json!({"variant": args.variant}).to_string();
        let mut warm = Client::connect(&addr).await.expect("connect");
        let (status, reply) = warm.post("/api/position", &position).await.expect("warm-up");
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&reply));
        let start: serde_json::Value = serde_json::from_slice(&reply).expect("JSON");
        let first: Vec<String> = start["legal"]
            .as_array()
            .into_iter()
            .flatten()
            .take(1)
            .filter_map(|m| m["text"].as_str().map(String::from))
            .collect();
        let legal_body = serde_json::json!({"variant": args.variant, "moves": first}).to_string();
        let engine_body =
            serde_json::json!({"variant": args.variant, "moves": first, "depth": args.depth})
                .to_string();
        let legal = phase(&addr, args.clients, args.requests, "/api/position", legal_body).await;
        let engine = phase(
            &addr,
            args.engine_clients,
            args.engine_requests,
            "/api/engine",
            engine_body,
        )
        .await;
        println!("| request | clients | answered | requests/s | p50 ms | p90 ms | p99 ms | max ms | 503 |");
        println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
        report("legal moves (/api/position)", args.clients, &legal);
        report(
            &format!("engine depth {} (/api/engine)", args.depth),
            args.engine_clients,
            &engine,
        );
        if let Some((stop, handle)) = server {
            let _ = stop.send(());
            let _ = handle.await;
        }
    });
}

//! The chat benchmark (`scripts/bench_chat.sh`; an example, so it is never part of the server
//! binary): a chat node, and the load generator of many WebSocket clients, on loopback.
//!
//! ```text
//! chat_load node --port 3203 --database-url URL
//! chat_load load --database-url URL --ws ws://127.0.0.1:3203[,ws://127.0.0.1:3213]
//!                [--clients 1000] [--seconds 20] [--interval-ms 2000] [--label sqlite]
//! ```
//!
//! `node` serves the server's API router (the site's `/api`, the chat socket included) with
//! its own pool and hub: one node per process, as a deployment runs them.
//!
//! `load` creates `clients / 2` conversations, each between a new buyer and a new agent of its
//! own counterpart (so every message has exactly one recipient socket), signs them in, and
//! opens one socket per user: the buyer on the first node, the agent on the last (with two
//! nodes every message crosses between them). Once all are ready, every client sends a text
//! message every `interval-ms` (a random phase each, within the 10-in-10-seconds limit) for
//! `seconds`, then the run drains for 3 s. A message carries its send time; the delivery
//! latency runs from the send to the peer's receipt of the `message` frame. Reported: sent
//! (acknowledged), delivered, refused, p50/p90/p99/max latency. Exits 1 when delivered differs
//! from sent or a client failed.

use futures::{SinkExt, StreamExt};
use server::db::Db;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

const USAGE: &str = "usage: chat_load (node --port N --database-url URL | load --database-url URL --ws URL[,URL] \
                     [--clients N] [--seconds N] [--interval-ms N] [--label NAME])";
/// Counterpart ids of the bench's conversations start here (no shop has such an id).
const SHOP_BASE: i64 = 1_000_000;

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    let result = match args.first().map(String::as_str) {
        Some("node") => runtime.block_on(node(&args)),
        Some("load") => runtime.block_on(load(&args)),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("chat_load: {e}");
            ExitCode::from(2)
        }
    }
}

async fn node(args: &[String]) -> Result<bool, String> {
    let port: u16 = arg(args, "--port").and_then(|p| p.parse().ok()).ok_or(USAGE)?;
    let url = arg(args, "--database-url").ok_or(USAGE)?;
    let db = Db::connect(&url).await.map_err(|e| format!("database: {e}"))?;
    let config =
        server::config::Config { database_url: url.clone(), dev_mode: false, ..server::config::Config::from_env() };
    let state = server::AppState {
        chat: server::chat::Hub::new(db.clone(), &url),
        search: server::search::SearchIndex::default(),
        // Not in development mode: no development gateway stands in.
        gateways: Arc::new(server::payments::config::Gateways::from_env(None)),
        config: Arc::new(config),
        db,
    };
    let app = axum::Router::new().nest("/api", server::routes::api_router(state));
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.map_err(|e| format!("bind: {e}"))?;
    println!("chat node on 127.0.0.1:{port}");
    axum::serve(listener, app).await.map_err(|e| e.to_string())?;
    Ok(true)
}

struct Peer {
    token: String,
    conversation: i64,
    ws: String,
}

#[derive(Default)]
struct Totals {
    sent: AtomicU64,
    delivered: AtomicU64,
    refused: AtomicU64,
    failed: AtomicU64,
    latencies_us: Mutex<Vec<u32>>,
}

async fn load(args: &[String]) -> Result<bool, String> {
    let url = arg(args, "--database-url").ok_or(USAGE)?;
    let nodes: Vec<String> = arg(args, "--ws").ok_or(USAGE)?.split(',').map(str::to_string).collect();
    let clients: usize = arg(args, "--clients").and_then(|v| v.parse().ok()).unwrap_or(1000);
    let seconds: u64 = arg(args, "--seconds").and_then(|v| v.parse().ok()).unwrap_or(20);
    let interval_ms: u64 = arg(args, "--interval-ms").and_then(|v| v.parse().ok()).unwrap_or(2000);
    let label = arg(args, "--label").unwrap_or_else(|| "chat".into());
    let db = Db::connect(&url).await.map_err(|e| format!("database: {e}"))?;

    // The conversations: buyer i and agent i of counterpart SHOP_BASE + i.
    let run: u32 = rand::random();
    let pairs = clients / 2;
    let mut peers = Vec::with_capacity(pairs * 2);
    for i in 0..pairs {
        let mail = |side: &str| format!("chat-bench-{run:08x}-{side}-{i}@example.com");
        let shop = SHOP_BASE + i as i64;
        let buyer = server::accounts::sessions::create_user(&db, "bench buyer", Some(&mail("b")), None)
            .await
            .map_err(|e| e.to_string())?;
        let agent = server::accounts::sessions::create_user(&db, "bench agent", Some(&mail("a")), None)
            .await
            .map_err(|e| e.to_string())?;
        server::chat::repo::set_agent(&db, agent, shop).await.map_err(|e| e.to_string())?;
        let (conversation, _) = server::chat::repo::open(&db, buyer, shop).await.map_err(|e| e.to_string())?;
        let id = conversation.conversation_id;
        for (user, ws) in [(buyer, &nodes[0]), (agent, &nodes[nodes.len() - 1])] {
            let token = server::accounts::sessions::create_session(&db, user).await.map_err(|e| e.to_string())?;
            peers.push(Peer { token, conversation: id, ws: ws.clone() });
        }
    }
    db.pool.close().await;

    let totals = Arc::new(Totals::default());
    let epoch = Instant::now();
    let connected = Arc::new(tokio::sync::Barrier::new(peers.len() + 1));
    let handshakes = Arc::new(tokio::sync::Semaphore::new(64));
    let start_sending = Arc::new(tokio::sync::Notify::new());
    let stop_sending = Arc::new(tokio::sync::Notify::new());
    let mut tasks = Vec::new();
    for peer in peers {
        let totals = totals.clone();
        let connected = connected.clone();
        let handshakes = handshakes.clone();
        let (start, stop) = (start_sending.clone(), stop_sending.clone());
        tasks.push(tokio::spawn(async move {
            let outcome = client(peer, &totals, epoch, interval_ms, connected, handshakes, start, stop).await;
            if let Err(e) = outcome {
                eprintln!("client: {e}");
                totals.failed.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    let clients_total = tasks.len();
    tokio::time::timeout(Duration::from_secs(120), connected.wait())
        .await
        .map_err(|_| "clients did not connect within 120 s")?;
    println!("{label}: {clients_total} clients connected and ready in {:.1} s", epoch.elapsed().as_secs_f64());
    let started = Instant::now();
    start_sending.notify_waiters();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop_sending.notify_waiters();
    let sending = started.elapsed();
    tokio::time::sleep(Duration::from_secs(3)).await;
    for task in &tasks {
        task.abort();
    }

    let sent = totals.sent.load(Ordering::Relaxed);
    let delivered = totals.delivered.load(Ordering::Relaxed);
    let refused = totals.refused.load(Ordering::Relaxed);
    let failed = totals.failed.load(Ordering::Relaxed);
    let mut latencies = totals.latencies_us.lock().unwrap().clone();
    latencies.sort_unstable();
    let q = |p: f64| server::web::bench::quantile(&latencies, p) as f64 / 1000.0;
    let max = latencies.last().copied().unwrap_or(0) as f64 / 1000.0;
    println!(
        "{label}: {clients_total} clients, {} nodes, {:.1} s of sending: sent {sent} ({:.0}/s), delivered {delivered}, refused {refused}, failed clients {failed}",
        nodes.len(),
        sending.as_secs_f64(),
        sent as f64 / sending.as_secs_f64()
    );
    println!(
        "{label}: delivery latency p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        q(0.50),
        q(0.90),
        q(0.99),
        max
    );
    let ok = sent > 0 && delivered == sent && failed == 0;
    println!(
        "RESULT {label}: {clients_total} clients, {} node(s): sent {sent}, delivered {delivered}{}, p50 {:.1} ms, p99 {:.1} ms",
        nodes.len(),
        if delivered == sent { " (equal)" } else { " (DIFFERENT)" },
        q(0.50),
        q(0.99)
    );
    Ok(ok)
}

#[allow(clippy::too_many_arguments)]
async fn client(
    peer: Peer,
    totals: &Totals,
    epoch: Instant,
    interval_ms: u64,
    connected: Arc<tokio::sync::Barrier>,
    handshakes: Arc<tokio::sync::Semaphore>,
    start: Arc<tokio::sync::Notify>,
    stop: Arc<tokio::sync::Notify>,
) -> Result<(), String> {
    let started = start.notified();
    let stopped = stop.notified();
    tokio::pin!(started, stopped);
    started.as_mut().enable();
    stopped.as_mut().enable();
    let permit = handshakes.acquire().await.map_err(|e| e.to_string())?;
    let mut request = format!("{}/api/p/chat/ws", peer.ws).into_client_request().map_err(|e| e.to_string())?;
    request.headers_mut().insert("cookie", format!("token={}", peer.token).parse().unwrap());
    let (mut ws, _) = tokio_tungstenite::connect_async(request).await.map_err(|e| format!("connect: {e}"))?;
    drop(permit);
    let hello = serde_json::json!({"type": "hello", "cursors": [{"conversationId": peer.conversation, "seq": 0}]});
    ws.send(Message::Text(hello.to_string().into())).await.map_err(|e| e.to_string())?;
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(text))) if text.as_str().contains("\"ready\"") => break,
            Some(Ok(_)) => {}
            other => return Err(format!("before ready: {other:?}")),
        }
    }
    connected.wait().await;
    started.await;
    let phase = Duration::from_millis(rand::random::<u64>() % interval_ms.max(1));
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + phase, Duration::from_millis(interval_ms));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut sending = true;
    let mut n = 0u64;
    loop {
        tokio::select! {
            _ = &mut stopped, if sending => sending = false,
            _ = tick.tick(), if sending => {
                n += 1;
                let at = epoch.elapsed().as_micros() as u64;
                let frame = serde_json::json!({"type": "send", "clientMsgId": format!("m{n}"),
                    "conversationId": peer.conversation, "kind": "text", "content": at.to_string()});
                ws.send(Message::Text(frame.to_string().into())).await.map_err(|e| e.to_string())?;
            }
            frame = ws.next() => match frame {
                Some(Ok(Message::Text(text))) => {
                    let value: serde_json::Value = serde_json::from_str(text.as_str()).map_err(|e| e.to_string())?;
                    match value["type"].as_str() {
                        Some("ack") => { totals.sent.fetch_add(1, Ordering::Relaxed); }
                        Some("message") => {
                            let at: u64 = value["message"]["content"].as_str().and_then(|c| c.parse().ok()).unwrap_or(0);
                            let latency = (epoch.elapsed().as_micros() as u64).saturating_sub(at);
                            totals.delivered.fetch_add(1, Ordering::Relaxed);
                            totals.latencies_us.lock().unwrap().push(latency.min(u32::MAX as u64) as u32);
                        }
                        Some("error") => { totals.refused.fetch_add(1, Ordering::Relaxed); }
                        _ => {}
                    }
                }
                Some(Ok(_)) => {}
                other => return Err(format!("socket closed: {other:?}")),
            },
        }
    }
}

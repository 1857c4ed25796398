//! Chat (issue 20): conversations, messages, read marks over HTTP, and the socket
//! `/p/chat/ws` served on a loopback port and spoken to with tokio-tungstenite, on SQLite and
//! PostgreSQL; with PostgreSQL also two nodes (two pools, two hubs) on one database.

use crate::common;

use common::{auth, TestApp};
use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use server::chat::hub::{Event, To, SOCKET_QUEUE};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

mod messages;
mod sockets;

// ---------------------------------------------------------------- helpers

/// Serves an app's API on a loopback port.
async fn serve(router: axum::Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        axum::serve(listener, router).await.unwrap();
    });
    addr
}

struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// Opens the socket with a session token in the cookie and an optional `Origin`.
async fn try_connect(addr: SocketAddr, token: &str, origin: Option<&str>) -> Result<Client, String> {
    let mut request = format!("ws://{addr}/p/chat/ws").into_client_request().unwrap();
    if !token.is_empty() {
        request.headers_mut().insert("cookie", common::session_cookie(token).parse().unwrap());
    }
    if let Some(origin) = origin {
        request.headers_mut().insert("origin", origin.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((ws, _)) => Ok(Client { ws }),
        Err(e) => Err(e.to_string()),
    }
}

async fn connect(addr: SocketAddr, token: &str) -> Client {
    let origin = format!("http://{addr}");
    try_connect(addr, token, Some(&origin)).await.expect("the socket opens")
}

impl Client {
    async fn send(&mut self, frame: Value) {
        self.ws.send(Message::Text(frame.to_string().into())).await.unwrap();
    }

    async fn send_text(&mut self, text: String) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// The next JSON frame (pings skipped); panics after 5 s.
    async fn next(&mut self) -> Value {
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(5), self.ws.next())
                .await
                .expect("a frame within 5 s")
                .expect("the socket is open")
                .expect("a frame");
            if let Message::Text(text) = frame {
                return serde_json::from_str(text.as_str()).unwrap();
            }
        }
    }

    /// The next frame that is not `typing`.
    async fn next_not_typing(&mut self) -> Value {
        loop {
            let frame = self.next().await;
            if frame["type"] != "typing" {
                return frame;
            }
        }
    }

    /// Nothing arrives within `ms`.
    async fn quiet(&mut self, ms: u64) {
        if let Ok(Some(Ok(Message::Text(text)))) = tokio::time::timeout(Duration::from_millis(ms), self.ws.next()).await
        {
            panic!("unexpected frame: {text}");
        }
    }

    /// `hello` with cursors; the replayed messages, up to `ready`.
    async fn hello(&mut self, cursors: &[(i64, i64)]) -> Vec<Value> {
        let cursors: Vec<Value> = cursors.iter().map(|(c, s)| json!({"conversationId": c, "seq": s})).collect();
        self.send(json!({"type": "hello", "cursors": cursors})).await;
        let mut replayed = Vec::new();
        loop {
            let frame = self.next().await;
            match frame["type"].as_str() {
                Some("ready") => return replayed,
                Some("message") => replayed.push(frame["message"].clone()),
                Some("error") => {}
                other => panic!("unexpected {other:?} before ready: {frame}"),
            }
        }
    }

    /// Sends a text message and returns its `ack`'s message.
    async fn say(&mut self, conversation_id: i64, client_msg_id: &str, text: &str) -> Value {
        self.send(json!({"type": "send", "clientMsgId": client_msg_id, "conversationId": conversation_id,
                         "kind": "text", "content": text}))
            .await;
        let frame = self.next_not_typing().await;
        assert_eq!(frame["type"], "ack", "{frame}");
        assert_eq!(frame["clientMsgId"], client_msg_id);
        frame["message"].clone()
    }

    /// Sends a text message that is refused; the error frame's message.
    async fn refused(&mut self, frame: Value) -> String {
        self.send(frame).await;
        let answer = self.next_not_typing().await;
        assert_eq!(answer["type"], "error", "{answer}");
        assert_eq!(answer["code"], "A00001", "{answer}");
        answer["msg"].as_str().unwrap().to_string()
    }
}

/// The shop of product 1 (open), with a new agent; (shop id, agent id, agent token).
async fn shop_with_agent(app: &TestApp, nick: &str) -> (i64, i64, String) {
    let shop = app.count("SELECT shop_id FROM product WHERE prod_id = 1").await;
    let (agent, token) = app.signed_in_user(nick).await;
    server::chat::repo::set_agent(&app.state.db, agent, shop).await.unwrap();
    (shop, agent, token)
}

/// The buyer's conversation with `shop`, opened over HTTP.
async fn open(app: &TestApp, token: &str, shop: i64, what: &str) -> Value {
    app.post_json("/p/chat/conversation", json!({"shopId": shop}).to_string(), &auth(token)).await.ok(what).clone()
}

async fn post(app: &TestApp, path: &str, body: Value, token: &str) -> common::Answer {
    app.post_json(path, body.to_string(), &auth(token)).await
}

fn text(id: &str, conversation: i64, content: &str) -> Value {
    json!({"type": "send", "clientMsgId": id, "conversationId": conversation, "kind": "text", "content": content})
}

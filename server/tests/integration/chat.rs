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
        request.headers_mut().insert("cookie", format!("token={token}").parse().unwrap());
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

// ---------------------------------------------------------------- tests

#[tokio::test]
async fn a_buyer_and_an_agent_exchange_messages_in_order_with_read_receipts() {
    common::with_seeded_apps(async |app, what| {
        let addr = serve(app.router()).await;
        let (shop, _, agent_token) = shop_with_agent(app, "Agent A").await;
        let (_, buyer_token) = app.signed_in_user("Buyer B").await;

        let profile = app.get_with("/p/chat/profile", &auth(&agent_token)).await;
        assert_eq!(profile.ok(what)["agent"], true);
        assert_eq!(profile.ok(what)["shopId"], shop);
        let profile = app.get_with("/p/chat/profile", &auth(&buyer_token)).await;
        assert_eq!(profile.ok(what)["agent"], false);
        assert!(profile.ok(what)["shopId"].is_null());

        let mut agent = connect(addr, &agent_token).await;
        assert!(agent.hello(&[]).await.is_empty());

        // Opening reaches the agent; opening again returns the same conversation.
        let conversation = open(app, &buyer_token, shop, what).await;
        let id = conversation["conversationId"].as_i64().unwrap();
        assert_eq!(conversation["shopId"], shop);
        assert_eq!(conversation["unread"], 0);
        assert!(conversation["lastMessage"].is_null());
        assert_eq!(open(app, &buyer_token, shop, what).await["conversationId"], id);
        let opened = agent.next().await;
        assert_eq!(opened["type"], "conversation", "{what}: {opened}");
        assert_eq!(opened["conversation"]["conversationId"], id);
        assert_eq!(opened["conversation"]["peerName"], "Buyer B");

        let mut buyer = connect(addr, &buyer_token).await;
        assert!(buyer.hello(&[(id, 0)]).await.is_empty());
        let mut buyer_tab = connect(addr, &buyer_token).await;
        assert!(buyer_tab.hello(&[(id, 0)]).await.is_empty());

        for (i, words) in ["hello", "is it in stock?", "<b>bold</b>"].iter().enumerate() {
            let acked = buyer.say(id, &format!("b-{i}"), words).await;
            assert_eq!(acked["seq"], i as i64 + 1, "{what}");
            assert_eq!(acked["fromAgent"], false);
            assert_eq!(acked["content"], *words, "{what}: text stays text");
        }
        for i in 0..3 {
            for (who, socket) in [("agent", &mut agent), ("the buyer's other tab", &mut buyer_tab)] {
                let frame = socket.next().await;
                assert_eq!(frame["type"], "message", "{what}: {who}: {frame}");
                assert_eq!(frame["message"]["seq"], i + 1, "{what}: {who} in order");
            }
        }
        buyer.quiet(200).await;

        agent.send(json!({"type": "typing", "conversationId": id})).await;
        let typing = buyer.next().await;
        assert_eq!(typing, json!({"type": "typing", "conversationId": id, "fromAgent": true}));
        let reply = agent.say(id, "a-1", "Yes, 12 left").await;
        assert_eq!(reply["seq"], 4);
        assert_eq!(reply["fromAgent"], true);
        let frame = buyer.next_not_typing().await;
        assert_eq!(frame["message"]["content"], "Yes, 12 left", "{what}");

        // Unread counts and the lists, from each side.
        let unread = |token: String| async move {
            app.get_with("/p/chat/unread", &auth(&token)).await.ok("unread")["total"].as_i64().unwrap()
        };
        assert_eq!(unread(buyer_token.clone()).await, 1, "{what}");
        assert_eq!(unread(agent_token.clone()).await, 3, "{what}");
        let list = app.get_with("/p/chat/conversations", &auth(&agent_token)).await;
        let list = list.ok(what).as_array().unwrap().clone();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0]["peerName"], "Buyer B");
        assert_eq!(list[0]["unread"], 3);
        assert_eq!(list[0]["lastMessage"]["seq"], 4);

        // Read receipts: both sides hear them; marks never move back.
        buyer.send(json!({"type": "read", "conversationId": id, "seq": 4})).await;
        for socket in [&mut buyer, &mut agent] {
            let frame = socket.next_not_typing().await;
            assert_eq!(frame, json!({"type": "read", "conversationId": id, "fromAgent": false, "seq": 4}), "{what}");
        }
        assert_eq!(unread(buyer_token.clone()).await, 0, "{what}");
        let read = post(app, "/p/chat/read", json!({"conversationId": id, "seq": 99}), &agent_token).await;
        read.ok(what);
        let frame = buyer.next_not_typing().await;
        assert_eq!(
            frame,
            json!({"type": "read", "conversationId": id, "fromAgent": true, "seq": 4}),
            "{what}: clamped"
        );
        assert_eq!(unread(agent_token.clone()).await, 0, "{what}");
        let list = app.get_with("/p/chat/conversations", &auth(&buyer_token)).await;
        assert_eq!(list.ok(what)[0]["peerReadSeq"], 4, "{what}: the agent read everything");

        // Paging upwards.
        let page = app.get_with(&format!("/p/chat/messages?conversationId={id}&size=3"), &auth(&buyer_token)).await;
        let seqs: Vec<i64> =
            page.ok(what)["records"].as_array().unwrap().iter().map(|m| m["seq"].as_i64().unwrap()).collect();
        assert_eq!(seqs, [2, 3, 4], "{what}");
        assert_eq!(page.ok(what)["hasMore"], true);
        let page =
            app.get_with(&format!("/p/chat/messages?conversationId={id}&beforeSeq=2"), &auth(&agent_token)).await;
        assert_eq!(page.ok(what)["records"].as_array().unwrap().len(), 1);
        assert_eq!(page.ok(what)["hasMore"], false);
        let bad = app.get_with(&format!("/p/chat/messages?conversationId={id}&size=51"), &auth(&buyer_token)).await;
        bad.bad(what);
    })
    .await;
}

#[tokio::test]
async fn nobody_reads_a_conversation_they_are_not_part_of() {
    common::with_seeded_apps(async |app, what| {
        let addr = serve(app.router()).await;
        let (shop, _, _) = shop_with_agent(app, "Agent A").await;
        let (_, buyer_token) = app.signed_in_user("Buyer B").await;
        let id = open(app, &buyer_token, shop, what).await["conversationId"].as_i64().unwrap();
        let mut buyer = connect(addr, &buyer_token).await;
        buyer.hello(&[(id, 0)]).await;
        buyer.say(id, "b-1", "private").await;

        // Another buyer, and the agent of another shop.
        let (_, stranger) = app.signed_in_user("Stranger").await;
        let (other_agent, other_agent_token) = app.signed_in_user("Agent of shop 1").await;
        let other_shop = if shop == 1 { 2 } else { 1 };
        server::chat::repo::set_agent(&app.state.db, other_agent, other_shop).await.unwrap();
        let unknown = app.get_with("/p/chat/messages?conversationId=999999", &auth(&stranger)).await.bad(what);
        for token in [&stranger, &other_agent_token] {
            let answer = app.get_with(&format!("/p/chat/messages?conversationId={id}"), &auth(token)).await;
            assert_eq!(answer.bad(what), unknown, "{what}: as if it did not exist");
            let read = post(app, "/p/chat/read", json!({"conversationId": id, "seq": 1}), token).await;
            assert_eq!(read.bad(what), unknown);
            let list = app.get_with("/p/chat/conversations", &auth(token)).await;
            assert!(list.ok(what).as_array().unwrap().is_empty(), "{what}");
            assert_eq!(app.get_with("/p/chat/unread", &auth(token)).await.ok(what)["total"], 0);

            let mut socket = connect(addr, token).await;
            socket.send(json!({"type": "hello", "cursors": [{"conversationId": id, "seq": 0}]})).await;
            let frame = socket.next().await;
            assert_eq!(frame["type"], "error", "{what}: {frame}");
            assert_eq!(frame["msg"], unknown.as_str());
            assert_eq!(socket.next().await["type"], "ready", "{what}: nothing replayed");
            assert_eq!(socket.refused(text("s-1", id, "let me in")).await, unknown, "{what}");
            socket.send(json!({"type": "read", "conversationId": id, "seq": 1})).await;
            assert_eq!(socket.next().await["type"], "error");
        }
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM chat_message WHERE conversation_id = {id}")).await, 1);
        buyer.quiet(200).await;

        // Guests, and pages of other sites, get no socket.
        assert_eq!(app.get("/p/chat/conversations").await.code(), "A00004");
        assert!(try_connect(addr, "", Some(&format!("http://{addr}"))).await.is_err(), "{what}: a guest");
        assert!(try_connect(addr, &buyer_token, Some("https://evil.test")).await.is_err(), "{what}: cross-site");
        assert!(try_connect(addr, &buyer_token, None).await.is_ok(), "{what}: a client that names no origin");
        let plain = app.get_with("/p/chat/ws", &auth(&buyer_token)).await;
        plain.bad(what);

        // The spec's two refusals.
        let answer = post(app, "/p/chat/conversation", json!({"shopId": 999999}), &stranger).await;
        assert_eq!(answer.bad(what), "There No Shop Chat Support");
        let quiet_shop = app
            .count(&format!(
                "SELECT MAX(shop_id) FROM shop WHERE shop_status = 1 AND shop_id NOT IN ({shop}, {other_shop})"
            ))
            .await;
        let answer = post(app, "/p/chat/conversation", json!({"shopId": quiet_shop}), &stranger).await;
        assert_eq!(answer.bad(what), "No Chat Support available from this shop");
        let answer = post(app, "/p/chat/conversation", json!({"shopId": 0}), &stranger).await;
        assert_eq!(answer.bad(what), "No Chat Support available from this shop", "{what}: no platform agent");
        let offline = app.count("SELECT shop_id FROM shop WHERE shop_status <> 1 LIMIT 1").await;
        let answer = post(app, "/p/chat/conversation", json!({"shopId": offline}), &stranger).await;
        assert_eq!(answer.bad(what), "There No Shop Chat Support");
        let answer = post(app, "/p/chat/conversation", json!({"shopId": other_shop}), &other_agent_token).await;
        answer.bad(what);
    })
    .await;
}

#[tokio::test]
async fn oversize_too_fast_and_malformed_messages_are_refused_and_the_socket_stays() {
    common::with_seeded_apps(async |app, what| {
        let addr = serve(app.router()).await;
        let (shop, _, _) = shop_with_agent(app, "Agent A").await;
        let (_, token) = app.signed_in_user("Buyer B").await;
        let id = open(app, &token, shop, what).await["conversationId"].as_i64().unwrap();
        let mut buyer = connect(addr, &token).await;
        buyer.hello(&[(id, 0)]).await;

        let msg = buyer.refused(text("long", id, &"字".repeat(501))).await;
        assert!(msg.contains("500"), "{what}: {msg}");
        let max = buyer.say(id, "max", &"字".repeat(500)).await;
        assert_eq!(max["content"].as_str().unwrap().chars().count(), 500);
        let huge = json!({"type": "send", "clientMsgId": "huge", "conversationId": id, "kind": "text",
                          "content": "x".repeat(17_000)});
        buyer.send_text(huge.to_string()).await;
        let frame = buyer.next().await;
        assert_eq!(frame["type"], "error", "{what}: {frame}");
        assert_eq!(frame["clientMsgId"], "huge");
        assert!(frame["msg"].as_str().unwrap().contains("16384"), "{frame}");
        buyer.send_text("{not json".into()).await;
        assert_eq!(buyer.next().await["type"], "error");
        let empty = buyer.refused(text("empty", id, " \u{0007} ")).await;
        assert!(!empty.is_empty());
        let picture = json!({"type": "send", "clientMsgId": "pic", "conversationId": id, "kind": "image",
                             "content": "/media/0123456789abcdef.png"});
        buyer.refused(picture).await;
        let card = json!({"type": "send", "clientMsgId": "card", "conversationId": id, "kind": "card",
                          "card": {"isMsgCard": true, "title": "Phone", "desc": "", "cover": "", "linkUrl": "javascript:alert(1)",
                                   "price": 10.5, "linePrice": null}});
        buyer.refused(card).await;
        let good_card = json!({"type": "send", "clientMsgId": "card-2", "conversationId": id, "kind": "card",
                               "card": {"isMsgCard": false, "title": "Phone\u{0000}", "desc": "64 GB", "cover": "/media/shop/1.svg",
                                        "linkUrl": "/detail?prodId=1", "price": 10.5, "linePrice": 12}});
        buyer.send(good_card).await;
        let ack = buyer.next().await;
        assert_eq!(ack["type"], "ack", "{what}: {ack}");
        assert_eq!(ack["message"]["card"]["isMsgCard"], true);
        // The card is the catalogue's, whatever was sent.
        let product = app.get_ok("/prod/prodInfo?prodId=1", what).await;
        assert_eq!(ack["message"]["card"]["title"], product["prodName"], "{what}");
        assert_eq!(ack["message"]["card"]["cover"], product["pic"], "{what}");

        // Every attempt counts (the long, the empty, the picture and the cards too): 10 in
        // 10 seconds, then a clear refusal, and after the window more may be sent.
        let mut attempts = 6;
        while attempts < 10 {
            buyer.say(id, &format!("fill-{attempts}"), "again").await;
            attempts += 1;
        }
        let msg = buyer.refused(text("eleven", id, "too fast")).await;
        assert!(msg.contains("too fast"), "{what}: {msg}");
        app.state.db.clock.advance(10_001);
        buyer.say(id, "later", "after a while").await;
        let stored = app.count(&format!("SELECT COUNT(*) FROM chat_message WHERE conversation_id = {id}")).await;
        assert_eq!(stored, 7, "{what}: max, card-2, 4 fills and later");
    })
    .await;
}

#[tokio::test]
async fn a_repeated_client_message_id_is_stored_once() {
    common::with_seeded_apps(async |app, what| {
        let addr = serve(app.router()).await;
        let (shop, _, agent_token) = shop_with_agent(app, "Agent A").await;
        let (_, token) = app.signed_in_user("Buyer B").await;
        let id = open(app, &token, shop, what).await["conversationId"].as_i64().unwrap();
        let mut agent = connect(addr, &agent_token).await;
        agent.hello(&[(id, 0)]).await;
        let mut first = connect(addr, &token).await;
        first.hello(&[(id, 0)]).await;
        let mut second = connect(addr, &token).await;
        second.hello(&[(id, 0)]).await;

        let a = first.say(id, "same-id", "once").await;
        let again = first.say(id, "same-id", "once").await;
        assert_eq!(a, again, "{what}: the stored message answers the repeat");
        // The same id from two sockets at once.
        first.send(text("race", id, "raced")).await;
        second.send(text("race", id, "raced")).await;
        let mut acked = Vec::new();
        for socket in [&mut first, &mut second] {
            loop {
                let frame = socket.next().await;
                if frame["type"] == "ack" {
                    acked.push(frame["message"]["id"].clone());
                    break;
                }
            }
        }
        assert_eq!(acked[0], acked[1], "{what}");
        let rows = app.count(&format!("SELECT COUNT(*) FROM chat_message WHERE conversation_id = {id}")).await;
        assert_eq!(rows, 2, "{what}");
        // The agent saw each message once, in order.
        assert_eq!(agent.next().await["message"]["seq"], 1);
        assert_eq!(agent.next().await["message"]["seq"], 2);
        agent.quiet(300).await;
        // The same id in another conversation, or from the other side, is another message.
        let reply = agent.say(id, "same-id", "mine").await;
        assert_eq!(reply["seq"], 3, "{what}");

        // A picture the buyer uploaded (checked by content by the media upload) may be sent;
        // the same picture from someone who did not upload it may not.
        let name = "0123456789abcdef.png";
        let file =
            server::media::repo::NewFile { name, content_type: "image/png", width: 10, height: 10, byte_size: 100 };
        let buyer_id = app.count(&format!("SELECT buyer_id FROM chat_conversation WHERE conversation_id = {id}")).await;
        server::media::repo::record_upload(&app.state.db, &file, buyer_id, "image").await.unwrap();
        let picture = |client: &str| {
            json!({"type": "send", "clientMsgId": client, "conversationId": id, "kind": "image",
                   "content": format!("/media/{name}")})
        };
        agent.refused(picture("agent-pic")).await;
        first.send(picture("pic")).await;
        loop {
            let frame = first.next().await;
            if frame["type"] == "ack" {
                assert_eq!(frame["message"]["kind"], "image", "{what}");
                assert_eq!(frame["message"]["content"], format!("/media/{name}"));
                break;
            }
        }
        let frame = agent.next().await;
        assert_eq!(frame["message"]["kind"], "image", "{what}: {frame}");
    })
    .await;
}

#[tokio::test]
async fn resuming_from_a_cursor_replays_exactly_the_missed_messages_once_in_order() {
    common::with_seeded_apps(async |app, what| {
        let addr = serve(app.router()).await;
        let (shop, _, agent_token) = shop_with_agent(app, "Agent A").await;
        let (_, token) = app.signed_in_user("Buyer B").await;
        let id = open(app, &token, shop, what).await["conversationId"].as_i64().unwrap();
        let mut agent = connect(addr, &agent_token).await;
        agent.hello(&[]).await;
        agent.say(id, "a-1", "one").await;
        agent.say(id, "a-2", "two").await;

        let mut buyer = connect(addr, &token).await;
        let replayed = buyer.hello(&[(id, 0)]).await;
        assert_eq!(replayed.iter().map(|m| m["seq"].as_i64().unwrap()).collect::<Vec<_>>(), [1, 2], "{what}");
        drop(buyer);

        for i in 3..=5 {
            agent.say(id, &format!("a-{i}"), &format!("missed {i}")).await;
        }
        let mut buyer = connect(addr, &token).await;
        let replayed = buyer.hello(&[(id, 2)]).await;
        let seqs: Vec<i64> = replayed.iter().map(|m| m["seq"].as_i64().unwrap()).collect();
        assert_eq!(seqs, [3, 4, 5], "{what}: exactly the missed ones");
        agent.say(id, "a-6", "live").await;
        assert_eq!(buyer.next().await["message"]["seq"], 6, "{what}");
        buyer.quiet(300).await;

        // A cursor past the end replays nothing, and what comes next still arrives.
        let mut tab = connect(addr, &token).await;
        assert!(tab.hello(&[(id, 999)]).await.is_empty());
        agent.say(id, "a-7", "next").await;
        assert_eq!(tab.next().await["message"]["seq"], 7, "{what}");
    })
    .await;
}

#[tokio::test]
async fn a_socket_that_falls_behind_is_dropped_without_holding_up_the_others() {
    common::with_seeded_apps(async |app, what| {
        let hub = &app.state.chat;
        let (_slow, slow_events, _) = hub.register(7, None).await.unwrap();
        let (_, mut fast_events, _) = hub.register(7, None).await.unwrap();
        assert_eq!(hub.socket_count(), 2);
        let event = Event::Read { conversation_id: 1, from_agent: true, seq: 1 };
        for i in 0..=SOCKET_QUEUE {
            hub.dispatch(7, 1, To::Buyer, event.clone());
            assert!(fast_events.recv().await.is_some(), "{what}: event {i} reached the fast socket");
        }
        assert_eq!(hub.socket_count(), 1, "{what}: the slow socket is dropped");
        drop(slow_events);
    })
    .await;
}

#[tokio::test]
async fn two_nodes_on_postgresql_deliver_to_each_others_sockets() {
    let Some(app) = common::postgres().await else {
        eprintln!("MALL_TEST_POSTGRES_URL is not set: the two-node test is skipped");
        return;
    };
    server::demo::seed::seed(&app.state.db, server::demo::seed::SeedOptions { products: 20, buyers: false })
        .await
        .unwrap();
    let url = app.state.config.database_url.clone();
    let db_b = server::db::Db::connect(&url).await.unwrap();
    let state_b = server::AppState { db: db_b.clone(), chat: server::chat::Hub::new(db_b, &url), ..app.state.clone() };
    let node_a = serve(app.router()).await;
    let node_b = serve(server::routes::api_router(state_b.clone())).await;

    let (shop, _, agent_token) = shop_with_agent(&app, "Agent A").await;
    let (_, token) = app.signed_in_user("Buyer B").await;
    let mut agent = connect(node_b, &agent_token).await;
    agent.hello(&[]).await;
    let id = open(&app, &token, shop, "postgres").await["conversationId"].as_i64().unwrap();
    assert_eq!(agent.next().await["type"], "conversation", "node A's opening reaches node B");
    let mut buyer = connect(node_a, &token).await;
    buyer.hello(&[(id, 0)]).await;

    // Both sides send at once from their nodes: one gap-free order, seen by both.
    for i in 0..5 {
        buyer.send(text(&format!("b-{i}"), id, "from A")).await;
        agent.send(text(&format!("a-{i}"), id, "from B")).await;
    }
    let mut seen = [Vec::new(), Vec::new()];
    for (k, socket) in [&mut buyer, &mut agent].into_iter().enumerate() {
        while seen[k].len() < 10 {
            let frame = socket.next_not_typing().await;
            eprintln!("{k}: {frame}");
            if frame["type"] == "message" || frame["type"] == "ack" {
                seen[k].push(frame["message"]["seq"].as_i64().unwrap());
            }
        }
    }
    let all: Vec<i64> = (1..=10).collect();
    assert_eq!(seen[0], all, "the buyer on node A sees every message once, in order");
    assert_eq!(seen[1], all, "the agent on node B too");
    buyer.send(json!({"type": "read", "conversationId": id, "seq": 10})).await;
    let frame = agent.next_not_typing().await;
    assert_eq!(frame["type"], "read", "{frame}");
    assert_eq!(state_b.chat.socket_count(), 1);
    state_b.db.pool.close().await;
    app.finish().await;
}

#[tokio::test]
async fn the_socket_works_through_the_whole_site_under_api() {
    let app = common::seeded_sqlite().await;
    let (shop, _, _) = shop_with_agent(&app, "Agent A").await;
    let (_, token) = app.signed_in_user("Buyer B").await;
    let id = open(&app, &token, shop, "site").await["conversationId"].as_i64().unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let site = common::site(&app).into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, site).await.unwrap() });
    let mut request = format!("ws://{addr}/api/p/chat/ws").into_client_request().unwrap();
    request.headers_mut().insert("cookie", format!("token={token}").parse().unwrap());
    request.headers_mut().insert("origin", format!("http://{addr}").parse().unwrap());
    request.headers_mut().insert("accept-encoding", "br, gzip".parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(request).await.expect("the socket opens under /api");
    let mut client = Client { ws };
    assert!(client.hello(&[(id, 0)]).await.is_empty());
    assert_eq!(client.say(id, "site-1", "through the site").await["seq"], 1);
    app.finish().await;
}

#[tokio::test]
async fn a_burst_from_several_sockets_of_one_user_stores_at_most_ten_in_the_window() {
    common::with_seeded_apps(async |app, what| {
        let addr = serve(app.router()).await;
        let (shop, _, _) = shop_with_agent(app, "Agent A").await;
        let (_, token) = app.signed_in_user("Buyer B").await;
        let id = open(app, &token, shop, what).await["conversationId"].as_i64().unwrap();
        let mut sockets = Vec::new();
        for _ in 0..4 {
            let mut socket = connect(addr, &token).await;
            socket.hello(&[(id, 0)]).await;
            sockets.push(socket);
        }
        let bursts = sockets.into_iter().enumerate().map(|(k, mut socket)| async move {
            for i in 0..6 {
                socket.send(text(&format!("s{k}-{i}"), id, "burst")).await;
            }
            let (mut acks, mut refusals) = (0, 0);
            while acks + refusals < 6 {
                let frame = socket.next().await;
                match frame["type"].as_str() {
                    Some("ack") => acks += 1,
                    Some("error") => refusals += 1,
                    _ => {}
                }
            }
            (acks, refusals)
        });
        let outcomes = futures::future::join_all(bursts).await;
        let acks: i32 = outcomes.iter().map(|(a, _)| a).sum();
        let refusals: i32 = outcomes.iter().map(|(_, r)| r).sum();
        assert_eq!((acks, refusals), (10, 14), "{what}: {outcomes:?}");
        let stored = app.count(&format!("SELECT COUNT(*) FROM chat_message WHERE conversation_id = {id}")).await;
        assert_eq!(stored, 10, "{what}");
        let seqs = app.count(&format!("SELECT MAX(seq) FROM chat_message WHERE conversation_id = {id}")).await;
        assert_eq!(seqs, 10, "{what}: gap-free");
    })
    .await;
}

#[tokio::test]
async fn the_platforms_customer_service_is_a_counterpart_named_in_the_visitors_language() {
    common::with_seeded_apps(async |app, what| {
        let (agent, agent_token) = app.signed_in_user("Platform agent").await;
        server::chat::repo::set_agent(&app.state.db, agent, 0).await.unwrap();
        let (_, token) = app.signed_in_user("Buyer B").await;
        let opened = open(app, &token, 0, what).await;
        assert_eq!(opened["shopId"], 0);
        assert_eq!(opened["peerName"], "Mall customer service", "{what}");
        let khmer = app.get_with("/p/chat/conversations", &[("authorization", token.as_str()), ("locale", "km")]).await;
        assert_eq!(khmer.ok(what)[0]["peerName"], "សេវាអតិថិជនរបស់ផ្សារ", "{what}");
        let seen = app.get_with("/p/chat/conversations", &auth(&agent_token)).await;
        assert_eq!(seen.ok(what)[0]["peerName"], "Buyer B", "{what}: the agent sees the buyer");
        let refused = app
            .post_json(
                "/p/chat/conversation",
                json!({"shopId": 999999}).to_string(),
                &[("authorization", token.as_str()), ("locale", "zh_CN")],
            )
            .await
            .bad(what);
        assert_eq!(refused, "暂无店铺客服", "{what}");
    })
    .await;
}

/// Issue 47, item 24: a card is built on the server from the product id alone. A forged
/// picture (an outside address, which would leak the agent's address and read time), price
/// and name are replaced by the catalogue's; a card of no product, or of one off the shelf,
/// is refused and stores nothing.
#[tokio::test]
async fn a_forged_product_card_is_rebuilt_from_the_catalogue() {
    common::with_seeded_apps(async |app, what| {
        let addr = serve(app.router()).await;
        let (shop, _, agent_token) = shop_with_agent(app, "Agent A").await;
        let (_, buyer_token) = app.signed_in_user("Buyer B").await;
        let id = open(app, &buyer_token, shop, what).await["conversationId"].as_i64().unwrap();
        let mut buyer = connect(addr, &buyer_token).await;
        buyer.hello(&[(id, 0)]).await;

        let forged = |client_msg_id: &str, prod_id: &str| {
            json!({"type": "send", "clientMsgId": client_msg_id, "conversationId": id, "kind": "card",
                   "card": {"isMsgCard": true, "title": "FREE iPhone", "desc": "click", "cover": "https://evil.example/pixel.png",
                            "linkUrl": format!("/detail?prodId={prod_id}"), "price": 0.01, "linePrice": 999}})
        };
        buyer.send(forged("forged", "9")).await;
        let ack = buyer.next_not_typing().await;
        assert_eq!(ack["type"], "ack", "{what}: {ack}");
        let product = app.get_ok("/prod/prodInfo?prodId=9", what).await;
        let card = &ack["message"]["card"];
        assert_eq!(card["cover"], product["pic"], "{what}: the catalogue's picture");
        assert_ne!(card["cover"], "https://evil.example/pixel.png", "{what}");
        assert_eq!(card["title"], product["prodName"], "{what}");
        assert_eq!(card["linkUrl"], "/detail?prodId=9", "{what}");
        let price = if product["activityInProgress"] == true { &product["activityPrice"] } else { &product["price"] };
        assert_eq!(&card["price"], price, "{what}: the catalogue's price");
        assert_ne!(card["price"], 0.01, "{what}");

        // What the agent reads is the same card; nothing stored names the outside picture.
        let page = app.get_with(&format!("/p/chat/messages?conversationId={id}"), &auth(&agent_token)).await;
        assert_eq!(&page.ok(what)["records"][0]["card"], card, "{what}");
        let leaks = app.count("SELECT COUNT(*) FROM chat_message WHERE card LIKE '%evil.example%'").await;
        assert_eq!(leaks, 0, "{what}");

        // No such product, or one off the shelf: refused, nothing stored.
        buyer.refused(forged("none", "987654321")).await;
        common::exec(app, "UPDATE product SET status = 0 WHERE prod_id = 9").await;
        buyer.refused(forged("off-shelf", "9")).await;
        let stored = app.count(&format!("SELECT COUNT(*) FROM chat_message WHERE conversation_id = {id}")).await;
        assert_eq!(stored, 1, "{what}");
    })
    .await;
}

/// The socket closes within a second (a close frame, or the connection ends); frames that
/// still arrive meanwhile are fine. Panics otherwise.
async fn closed_within_a_second(client: &mut Client, what: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(1);
    loop {
        match tokio::time::timeout_at(deadline, client.ws.next()).await {
            Err(_) => panic!("{what}: the socket is still open a second after its session ended"),
            Ok(None) | Ok(Some(Err(_))) | Ok(Some(Ok(Message::Close(_)))) => return,
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// Issue 47, item 23: signing out closes the session's chat sockets at once (not at the next
/// ping), before and after `hello`; nothing sent after the sign-out is stored; the user's
/// other session keeps its socket until it ends too.
#[tokio::test]
async fn signing_out_closes_the_sessions_chat_sockets_at_once() {
    common::with_seeded_apps(async |app, what| {
        let addr = serve(app.router()).await;
        let (shop, _, _) = shop_with_agent(app, "Agent A").await;
        let (buyer, token) = app.signed_in_user("Buyer B").await;
        let other_token = server::accounts::sessions::create_session(&app.state.db, buyer).await.unwrap();
        let id = open(app, &token, shop, what).await["conversationId"].as_i64().unwrap();
        let mut ready = connect(addr, &token).await;
        ready.hello(&[(id, 0)]).await;
        // A socket that never says hello (the attacker) is closed too.
        let mut silent = connect(addr, &token).await;
        let mut other = connect(addr, &other_token).await;
        other.hello(&[(id, 0)]).await;
        ready.say(id, "before", "hello").await;
        assert_eq!(other.next_not_typing().await["type"], "message");

        post(app, "/logOut", json!({}), &token).await.ok(what);
        for n in 0..10 {
            silent.ws.send(Message::Text(text(&format!("after-{n}"), id, "still here?").to_string().into())).await.ok();
        }
        closed_within_a_second(&mut silent, &format!("{what}: without hello")).await;
        closed_within_a_second(&mut ready, what).await;
        let stored = app.count(&format!("SELECT COUNT(*) FROM chat_message WHERE conversation_id = {id}")).await;
        assert_eq!(stored, 1, "{what}: nothing sent after the sign-out is stored");
        assert_eq!(other.say(id, "other", "the other session stays").await["seq"], 2, "{what}");

        // Sessions ended another way (as a password change or reset ends them) close their
        // sockets as well; a live session's socket opens and stays.
        let third = server::accounts::sessions::create_session(&app.state.db, buyer).await.unwrap();
        server::accounts::sessions::delete_session(&app.state.db, &other_token).await.unwrap();
        app.state.chat.sessions_ended(buyer).await;
        closed_within_a_second(&mut other, &format!("{what}: the other session")).await;
        let mut still = connect(addr, &third).await;
        still.hello(&[(id, 0)]).await;
        still.say(id, "third", "still signed in").await;
    })
    .await;
}

/// Issue 47, item 23 across nodes: a sign-out on node A closes the session's socket on node B
/// within a second, through the hub's `chat` channel.
#[tokio::test]
async fn signing_out_on_one_node_closes_the_socket_on_another() {
    let Some(app) = common::postgres().await else {
        eprintln!("MALL_TEST_POSTGRES_URL is not set: the two-node test is skipped");
        return;
    };
    server::demo::seed::seed(&app.state.db, server::demo::seed::SeedOptions { products: 20, buyers: false })
        .await
        .unwrap();
    let url = app.state.config.database_url.clone();
    let db_b = server::db::Db::connect(&url).await.unwrap();
    let state_b = server::AppState { db: db_b.clone(), chat: server::chat::Hub::new(db_b, &url), ..app.state.clone() };
    let node_b = serve(server::routes::api_router(state_b.clone())).await;
    let (shop, _, _) = shop_with_agent(&app, "Agent A").await;
    let (_, token) = app.signed_in_user("Buyer B").await;
    let id = open(&app, &token, shop, "postgres").await["conversationId"].as_i64().unwrap();
    let mut on_b = connect(node_b, &token).await;
    on_b.hello(&[(id, 0)]).await;
    on_b.say(id, "before", "hello").await;
    // Node A has no socket of its own: it only notifies.
    post(&app, "/logOut", json!({}), &token).await.ok("postgres");
    closed_within_a_second(&mut on_b, "postgres: node B").await;
    let stored = app.count(&format!("SELECT COUNT(*) FROM chat_message WHERE conversation_id = {id}")).await;
    assert_eq!(stored, 1);
    state_b.db.pool.close().await;
    app.finish().await;
}

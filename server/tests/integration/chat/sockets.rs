//! The sockets themselves: slow readers dropped, two nodes on PostgreSQL, the whole site under
//! /api, and sign-out closing a session's sockets on every node.

use super::*;

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
    request.headers_mut().insert("cookie", common::session_cookie(&token).parse().unwrap());
    request.headers_mut().insert("origin", format!("http://{addr}").parse().unwrap());
    request.headers_mut().insert("accept-encoding", "br, gzip".parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(request).await.expect("the socket opens under /api");
    let mut client = Client { ws };
    assert!(client.hello(&[(id, 0)]).await.is_empty());
    assert_eq!(client.say(id, "site-1", "through the site").await["seq"], 1);
    app.finish().await;
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

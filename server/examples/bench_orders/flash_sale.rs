//! `flash-sale`: one flash sale, every attempt at once, then the stock and order checks.

use super::*;

#[derive(Default)]
pub(super) struct Outcomes {
    orders: usize,
    sold_out: usize,
    busy: usize,
    refused: BTreeMap<String, usize>,
    failed: BTreeMap<String, usize>,
}

pub(super) async fn flash_sale(args: &Args) -> Result<bool, String> {
    let http = Arc::new(Http::new(&args.base, args.connections)?);
    let db = Db::connect(&args.database_url).await.map_err(|e| format!("database: {e}"))?;
    let started = Instant::now();
    let s = setup(&http, &format!("buyers={}&units={}&maxNum=1", args.attempts, args.units)).await?;
    println!(
        "  {} buyers with addresses and sessions, a flash sale of {} units (at most {} a buyer): set up in {:.1} s",
        s.buyers.len(),
        s.units,
        s.max_num,
        started.elapsed().as_secs_f64()
    );
    // The buyers' pages are open: their connections exist before the sale starts.
    let warm: Vec<_> = (0..args.connections)
        .map(|_| {
            let http = http.clone();
            tokio::spawn(async move { http.call(reqwest::Method::GET, "/currency/list", "", None).await })
        })
        .collect();
    for task in warm {
        let _ = task.await;
    }
    let _ = http.client.get(format!("{}/__bench/latency?path=/api/p/order/confirm&reset=1", args.base)).send().await;
    let _ = http.client.get(format!("{}/__bench/latency?path=/api/p/order/submit&reset=1", args.base)).send().await;

    // The sale's stock, watched while the attempts run.
    let lowest = Arc::new(AtomicI64::new(i64::MAX));
    let running = Arc::new(AtomicBool::new(true));
    let watcher = {
        let (db, lowest, running, id) = (db.clone(), lowest.clone(), running.clone(), s.seckill_id);
        tokio::spawn(async move {
            while running.load(Ordering::Relaxed) {
                if let Ok(n) = scalar(&db, "SELECT seckill_stocks FROM seckill WHERE seckill_id = $1", id).await {
                    lowest.fetch_min(n, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };

    let connections = Arc::new(Semaphore::new(args.connections));
    let go = Arc::new(Notify::new());
    let ready = Arc::new(AtomicUsize::new(0));
    let flash = Arc::new(s.flash.clone());
    let mut tasks = Vec::with_capacity(s.buyers.len());
    let launch = Arc::new(Mutex::new(Instant::now()));
    for buyer in s.buyers.iter().cloned() {
        let (http, connections, go, ready, flash, launch) =
            (http.clone(), connections.clone(), go.clone(), ready.clone(), flash.clone(), launch.clone());
        let seckill_id = s.seckill_id;
        tasks.push(tokio::spawn(async move {
            let started = go.notified();
            tokio::pin!(started);
            started.as_mut().enable();
            ready.fetch_add(1, Ordering::Release);
            started.await;
            let launched = *launch.lock().unwrap_or_else(|e| e.into_inner());
            let _connection = connections.acquire().await.expect("semaphore");
            let sent = Instant::now();
            let confirm = buy_now(&flash, 1, Some(seckill_id), buyer.addr_id);
            let reply = purchase(&http, &buyer, &confirm, &flash["shopId"]).await;
            let done = Instant::now();
            (reply, (done - sent).as_micros() as u32, (done - launched).as_micros() as u32)
        }));
    }
    while ready.load(Ordering::Acquire) < tasks.len() {
        tokio::task::yield_now().await;
    }
    *launch.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    go.notify_waiters();

    let mut outcomes = Outcomes::default();
    let mut latency = Vec::with_capacity(tasks.len());
    let mut from_launch = Vec::with_capacity(tasks.len());
    let mut answered: HashSet<String> = HashSet::new();
    let mut last_order = 0;
    for task in tasks {
        let (reply, service, waited) = task.await.map_err(|e| e.to_string())?;
        latency.push(service);
        from_launch.push(waited);
        match reply {
            Reply::Ok(data) => {
                outcomes.orders += 1;
                last_order = last_order.max(waited);
                answered.extend(data["orderNumbers"].as_str().unwrap_or_default().split(',').map(str::to_string));
            }
            Reply::Refused(msg) if msg == s.sold_out_msg => outcomes.sold_out += 1,
            Reply::Refused(msg) if msg == s.busy_msg => outcomes.busy += 1,
            Reply::Refused(msg) => *outcomes.refused.entry(msg).or_default() += 1,
            Reply::Failed(why) => *outcomes.failed.entry(why).or_default() += 1,
        }
    }
    // From the start to the last answer.
    let elapsed = (from_launch.iter().copied().max().unwrap_or_default() as f64 / 1e6).max(1e-6);
    running.store(false, Ordering::Relaxed);
    let _ = watcher.await;
    latency.sort_unstable();
    from_launch.sort_unstable();
    let rate = s.buyers.len() as f64 / elapsed;
    let p99 = quantile(&latency, 0.99);
    let server_side = |path: &'static str| {
        let http = http.clone();
        async move {
            let url = format!("{}/__bench/latency?path={path}", http.base);
            let v: Value = match http.client.get(url).send().await {
                Ok(r) => r.json().await.unwrap_or_default(),
                Err(_) => Value::Null,
            };
            format!(
                "p50 {}, p99 {} ({} answers)",
                ms(v["p50Us"].as_u64().unwrap_or_default() as u32),
                ms(v["p99Us"].as_u64().unwrap_or_default() as u32),
                v["count"].as_u64().unwrap_or_default()
            )
        }
    };

    println!(
        "  {} attempts by distinct buyers, started at once over {} connections: {:.2} s, {:.0} attempts/s",
        s.buyers.len(),
        args.connections,
        elapsed,
        rate
    );
    println!(
        "  latency of an attempt (confirm + submit, from its first byte): p50 {}, p90 {}, p99 {}, max {}",
        ms(quantile(&latency, 0.50)),
        ms(quantile(&latency, 0.90)),
        ms(p99),
        ms(latency.last().copied().unwrap_or_default())
    );
    println!(
        "  time from the start to an attempt's answer (includes waiting for a connection): p50 {}, p99 {}",
        ms(quantile(&from_launch, 0.50)),
        ms(quantile(&from_launch, 0.99))
    );
    println!("  the last order was answered {} after the start", ms(last_order));
    println!("  server side: confirm {}", server_side("/api/p/order/confirm").await);
    println!("  server side: submit  {}", server_side("/api/p/order/submit").await);
    let refused: usize = outcomes.refused.values().sum();
    let failed: usize = outcomes.failed.values().sum();
    println!(
        "  outcomes: {} orders, {} sold out, {} too busy, {} other refusals, {} failures",
        outcomes.orders, outcomes.sold_out, outcomes.busy, refused, failed
    );
    for (msg, n) in outcomes.refused.iter().chain(&outcomes.failed) {
        println!("    {n} x {msg}");
    }

    // The database's word.
    let id = s.seckill_id;
    let orders = scalar(&db, "SELECT COUNT(*) FROM orders WHERE seckill_id = $1 AND status <> 6", id).await?;
    let units = scalar(
        &db,
        "SELECT COALESCE(CAST(SUM(i.prod_count) AS BIGINT), 0) FROM orders o JOIN order_item i ON i.order_id = o.order_id
         WHERE o.seckill_id = $1 AND o.status <> 6",
        id,
    )
    .await?;
    let stock = scalar(&db, "SELECT seckill_stocks FROM seckill WHERE seckill_id = $1", id).await?;
    let most = scalar(
        &db,
        "SELECT COALESCE(MAX(n), 0) FROM (SELECT CAST(SUM(i.prod_count) AS BIGINT) AS n FROM orders o
         JOIN order_item i ON i.order_id = o.order_id WHERE o.seckill_id = $1 AND o.status <> 6 GROUP BY o.user_id) t",
        id,
    )
    .await?;
    let stored: HashSet<String> =
        sqlx::query_as::<_, (String,)>("SELECT order_number FROM orders WHERE seckill_id = $1")
            .bind(id)
            .fetch_all(&db.pool)
            .await
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(|r| r.0)
            .collect();
    let lowest = lowest.load(Ordering::Relaxed).min(stock);
    let checks = [
        // Exact, whether or not the burst sold out (buyers turned away as too busy may leave
        // units for later): every unit is either sold, once, or still in stock.
        (
            orders == units && units + stock == s.units,
            format!("{orders} orders of {units} units in the database, {stock} in stock ({} in all)", s.units),
        ),
        (lowest >= 0, format!("flash-sale stock never below zero (lowest seen {lowest})")),
        (most <= s.max_num, format!("most units bought by one buyer: {most} (limit {})", s.max_num)),
        (
            answered.len() == outcomes.orders && answered.is_subset(&stored),
            format!("{} orders answered with success, all in the database", answered.len()),
        ),
        (failed == 0, format!("{failed} failed attempts (5xx, internal errors, transport errors)")),
    ];
    println!("  sold out: {} ({units} of {} units sold in the burst)", if stock == 0 { "yes" } else { "no" }, s.units);
    let mut all = true;
    for (ok, what) in &checks {
        println!("  check {}: {what}", check(*ok));
        all &= ok;
    }
    let goal = rate >= 2000.0 && p99 <= 100_000;
    let goal = match (db.backend, goal) {
        (Backend::Sqlite, true) => "met",
        (Backend::Sqlite, false) => "NOT MET",
        (Backend::Postgres, _) => "set for SQLite",
    };
    println!("  goal on SQLite (two cores): >= 2000 attempts/s and p99 <= 100 ms: {goal}");
    println!(
        "RESULT flash-sale {} attempts={} rate={:.0} p50_ms={:.1} p99_ms={:.1} orders={} sold_out={} busy={} refused={} failed={} checks={} goal={}",
        args.label,
        s.buyers.len(),
        rate,
        quantile(&latency, 0.5) as f64 / 1000.0,
        p99 as f64 / 1000.0,
        outcomes.orders,
        outcomes.sold_out,
        outcomes.busy,
        refused,
        failed,
        if all { "ok" } else { "FAILED" },
        goal.replace(' ', "-")
    );
    Ok(all)
}

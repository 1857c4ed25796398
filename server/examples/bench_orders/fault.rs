//! `fault`: buy-now orders while the server is killed and started again, then every answered
//! order checked against the database and the stock.

use super::*;

/// An order the server answered with success.
#[derive(Clone)]
struct Ack {
    number: String,
    buyer: usize,
    sku_id: i64,
    count: i64,
    flash: bool,
    /// The buyer's cancel of it: answered with success, or sent without an answer.
    cancelled: Option<bool>,
}

#[derive(Default)]
struct FaultTally {
    acks: Vec<Ack>,
    refused: BTreeMap<String, usize>,
    failed: BTreeMap<String, usize>,
    /// First and last failure (ms since the start): the outage as the client saw it.
    outage: Option<(u64, u64)>,
}

pub(super) async fn fault(args: &Args) -> Result<bool, String> {
    let http = Arc::new(Http::new(&args.base, args.concurrency)?);
    let db = Db::connect(&args.database_url).await.map_err(|e| format!("database: {e}"))?;
    let flash_units = 2_000;
    let s = Arc::new(setup(&http, &format!("buyers={}&units={flash_units}&maxNum=3&skus=8", args.buyers)).await?);
    if s.skus.is_empty() {
        return Err("the setup found no SKUs for normal orders".into());
    }
    // Stock before.
    let mut sku_before = BTreeMap::new();
    let mut prod_before = BTreeMap::new();
    for sku in &s.skus {
        let (sku_id, prod_id) = (sku["skuId"].as_i64().unwrap_or_default(), sku["prodId"].as_i64().unwrap_or_default());
        sku_before.insert(sku_id, scalar(&db, "SELECT stocks FROM sku WHERE sku_id = $1", sku_id).await?);
        prod_before.insert(prod_id, scalar(&db, "SELECT total_stocks FROM product WHERE prod_id = $1", prod_id).await?);
    }
    let flash_before = scalar(&db, "SELECT seckill_stocks FROM seckill WHERE seckill_id = $1", s.seckill_id).await?;
    println!(
        "  {} buyers, {} SKUs for normal orders, a flash sale of {} units (at most {} a buyer); {} s of orders at {} at once",
        s.buyers.len(),
        s.skus.len(),
        flash_before,
        s.max_num,
        args.seconds,
        args.concurrency
    );

    let tally = Arc::new(Mutex::new(FaultTally::default()));
    let next = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let until = start + Duration::from_secs(args.seconds);
    let mut workers = Vec::new();
    for _ in 0..args.concurrency {
        let (http, s, tally, next) = (http.clone(), s.clone(), tally.clone(), next.clone());
        workers.push(tokio::spawn(async move {
            while Instant::now() < until {
                let b = next.fetch_add(1, Ordering::Relaxed) % s.buyers.len();
                let buyer = &s.buyers[b];
                let flash = rand::random_range(0..5) == 0;
                let (sku, count, seckill) = if flash {
                    (&s.flash, 1, Some(s.seckill_id))
                } else {
                    (&s.skus[rand::random_range(0..s.skus.len())], rand::random_range(1..=3), None)
                };
                let confirm = buy_now(sku, count, seckill, buyer.addr_id);
                let reply = purchase(&http, buyer, &confirm, &sku["shopId"]).await;
                let now = start.elapsed().as_millis() as u64;
                match reply {
                    Reply::Ok(data) => {
                        let number = data["orderNumbers"].as_str().unwrap_or_default().to_string();
                        let mut ack = Ack {
                            number: number.clone(),
                            buyer: b,
                            sku_id: sku["skuId"].as_i64().unwrap_or_default(),
                            count,
                            flash,
                            cancelled: None,
                        };
                        if rand::random_range(0..10) == 0 {
                            let path = format!("/p/myOrder/cancel/{number}");
                            ack.cancelled = match http.call(reqwest::Method::PUT, &path, &buyer.token, None).await {
                                Reply::Ok(_) => Some(true),
                                Reply::Failed(_) => Some(false),
                                Reply::Refused(msg) => {
                                    let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                                    *t.refused.entry(format!("cancel: {msg}")).or_default() += 1;
                                    None
                                }
                            };
                        }
                        tally.lock().unwrap_or_else(|e| e.into_inner()).acks.push(ack);
                    }
                    Reply::Refused(msg) => {
                        *tally.lock().unwrap_or_else(|e| e.into_inner()).refused.entry(msg).or_default() += 1
                    }
                    Reply::Failed(why) => {
                        {
                            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                            *t.failed.entry(why).or_default() += 1;
                            let (first, _) = t.outage.unwrap_or((now, now));
                            t.outage = Some((first, now));
                        }
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                }
            }
        }));
    }
    for worker in workers {
        worker.await.map_err(|e| e.to_string())?;
    }
    let tally = std::mem::take(&mut *tally.lock().unwrap_or_else(|e| e.into_inner()));
    let serving = wait_until_serving(&http, Duration::from_secs(120)).await;
    let failed: usize = tally.failed.values().sum();
    let refused: usize = tally.refused.values().sum();
    println!(
        "  {} orders answered with success ({} cancelled again), {} refusals, {} requests failed{}",
        tally.acks.len(),
        tally.acks.iter().filter(|a| a.cancelled == Some(true)).count(),
        refused,
        failed,
        match tally.outage {
            Some((a, b)) =>
                format!(" between {:.1} s and {:.1} s (the server was down)", a as f64 / 1e3, b as f64 / 1e3),
            None => String::new(),
        }
    );
    for (msg, n) in tally.refused.iter().chain(&tally.failed) {
        println!("    {n} x {msg}");
    }

    let mut all = true;
    let mut report = |ok: bool, what: String| {
        println!("  check {}: {what}", check(ok));
        all &= ok;
    };
    report(serving, "the restarted server answers".into());
    report(tally.outage.is_some(), "the load saw the outage (the kill landed during the load)".into());

    // Every answered order, in the database with its line.
    let users: Vec<i64> = s.buyers.iter().map(|b| b.user_id).collect();
    let (low, high) = (*users.iter().min().unwrap_or(&0), *users.iter().max().unwrap_or(&0));
    type Row = (String, i64, i64, i64, Option<i64>, i64, i64);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT o.order_number, o.user_id, o.status, o.order_type, o.seckill_id, i.sku_id, i.prod_count
         FROM orders o JOIN order_item i ON i.order_id = o.order_id WHERE o.user_id >= $1 AND o.user_id <= $2",
    )
    .bind(low)
    .bind(high)
    .fetch_all(&db.pool)
    .await
    .map_err(|e| e.to_string())?;
    let mut by_number: HashMap<String, Vec<Row>> = HashMap::new();
    for row in rows {
        by_number.entry(row.0.clone()).or_default().push(row);
    }
    let mut missing = Vec::new();
    for ack in &tally.acks {
        let fine = match by_number.get(&ack.number).map(Vec::as_slice) {
            Some([(_, user, status, kind, seckill, sku, count)]) => {
                *user == s.buyers[ack.buyer].user_id
                    && *sku == ack.sku_id
                    && *count == ack.count
                    && (*kind == FLASH_SALE) == ack.flash
                    && (!ack.flash || *seckill == Some(s.seckill_id))
                    && match ack.cancelled {
                        Some(true) => *status == CANCELED,
                        Some(false) => true,
                        None => *status == 1,
                    }
            }
            _ => false,
        };
        if !fine {
            missing.push(ack.number.clone());
        }
    }
    report(
        missing.is_empty(),
        format!(
            "{} of {} orders answered with success are in the database with their line and state{}",
            tally.acks.len() - missing.len(),
            tally.acks.len(),
            if missing.is_empty() { String::new() } else { format!(" (not: {:?})", &missing[..missing.len().min(5)]) }
        ),
    );
    let acked: HashSet<&str> = tally.acks.iter().map(|a| a.number.as_str()).collect();
    let unanswered = by_number.keys().filter(|n| !acked.contains(n.as_str())).count();
    println!("  {unanswered} orders committed whose answer never reached the client (in flight at the kill)");

    // The same through the API, for every answered order.
    let through_api = Arc::new(AtomicUsize::new(0));
    let queue = Arc::new(Mutex::new(tally.acks.clone()));
    let mut readers = Vec::new();
    for _ in 0..args.concurrency.min(16) {
        let (http, s, queue, through_api) = (http.clone(), s.clone(), queue.clone(), through_api.clone());
        readers.push(tokio::spawn(async move {
            loop {
                let Some(ack) = queue.lock().unwrap_or_else(|e| e.into_inner()).pop() else { break };
                let path = format!("/p/myOrder/orderDetail?orderNumber={}", ack.number);
                if let Reply::Ok(detail) =
                    http.call(reqwest::Method::GET, &path, &s.buyers[ack.buyer].token, None).await
                {
                    let item = &detail["orderItemDtos"][0];
                    if item["skuId"].as_i64() == Some(ack.sku_id) && item["prodCount"].as_i64() == Some(ack.count) {
                        through_api.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        }));
    }
    for reader in readers {
        reader.await.map_err(|e| e.to_string())?;
    }
    let seen = through_api.load(Ordering::Relaxed);
    report(
        seen == tally.acks.len(),
        format!("{seen} of {} answered orders read back through GET /p/myOrder/orderDetail", tally.acks.len()),
    );

    let twice = scalar(
        &db,
        &format!(
            "SELECT COUNT(*) FROM (SELECT order_token FROM orders WHERE user_id >= $1 AND user_id <= {high}
             GROUP BY order_token HAVING COUNT(*) > 1) t"
        ),
        low,
    )
    .await?;
    report(twice == 0, format!("{twice} confirmations turned into more than one order"));

    // Stock: before − units of the orders not cancelled = now.
    let mut sold_sku: BTreeMap<i64, i64> = BTreeMap::new();
    let mut sold_flash = 0;
    let mut per_buyer: HashMap<i64, i64> = HashMap::new();
    for (_, user, status, kind, seckill, sku, count) in by_number.values().flatten() {
        if *status == CANCELED {
            continue;
        }
        if *kind == FLASH_SALE && *seckill == Some(s.seckill_id) {
            sold_flash += count;
            *per_buyer.entry(*user).or_default() += count;
        } else if *kind != FLASH_SALE {
            *sold_sku.entry(*sku).or_default() += count;
        }
    }
    let mut wrong = Vec::new();
    let mut prod_sold: BTreeMap<i64, i64> = BTreeMap::new();
    for sku in &s.skus {
        let (sku_id, prod_id) = (sku["skuId"].as_i64().unwrap_or_default(), sku["prodId"].as_i64().unwrap_or_default());
        let sold = sold_sku.get(&sku_id).copied().unwrap_or_default();
        *prod_sold.entry(prod_id).or_default() += sold;
        let now = scalar(&db, "SELECT stocks FROM sku WHERE sku_id = $1", sku_id).await?;
        if sku_before[&sku_id] - sold != now {
            wrong.push(format!("SKU {sku_id}: {} - {sold} != {now}", sku_before[&sku_id]));
        }
    }
    for (prod_id, sold) in &prod_sold {
        let now = scalar(&db, "SELECT total_stocks FROM product WHERE prod_id = $1", *prod_id).await?;
        if prod_before[prod_id] - sold != now {
            wrong.push(format!("product {prod_id}: {} - {sold} != {now}", prod_before[prod_id]));
        }
    }
    let flash_now = scalar(&db, "SELECT seckill_stocks FROM seckill WHERE seckill_id = $1", s.seckill_id).await?;
    if flash_before - sold_flash != flash_now || flash_now < 0 {
        wrong.push(format!("flash sale: {flash_before} - {sold_flash} != {flash_now}"));
    }
    report(
        wrong.is_empty(),
        format!(
            "stock before - units of orders not cancelled = stock now, for {} SKUs, their products and the flash sale \
             ({} flash-sale units sold, {} left){}",
            s.skus.len(),
            sold_flash,
            flash_now,
            if wrong.is_empty() { String::new() } else { format!(": {}", wrong.join("; ")) }
        ),
    );
    let most = per_buyer.values().copied().max().unwrap_or_default();
    report(most <= s.max_num, format!("most flash-sale units of one buyer: {most} (limit {})", s.max_num));
    println!(
        "RESULT fault {} acked={} cancelled={} unanswered={} failed_during_outage={} checks={}",
        args.label,
        tally.acks.len(),
        tally.acks.iter().filter(|a| a.cancelled == Some(true)).count(),
        unanswered,
        failed,
        if all { "ok" } else { "FAILED" }
    );
    Ok(all)
}

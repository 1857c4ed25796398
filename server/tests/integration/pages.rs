//! Server-rendered pages through the whole application (`server::web::app`): what request
//! input and stored text become in the HTML, the `<head>` included, and the security headers
//! every answer carries.

use crate::common;

const HOSTILE: &str = "</title><script>alert(1)</script><img src=x onerror=alert(2)>";

use common::{page, site};

fn head(html: &str) -> &str {
    let end = html.find("</head>").expect("a head");
    &html[..end]
}

/// Neither the head nor the body holds the hostile markup as markup.
fn assert_inert(html: &str, what: &str) {
    assert!(!html.contains("<script>alert(1)"), "{what}: a script element was injected");
    assert!(!html.contains("<img src=x"), "{what}: an element was injected");
    let head = head(html);
    assert_eq!(head.matches("<title>").count(), 1, "{what}: one title");
    let title = head.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap_or_default();
    assert!(!title.contains('<'), "{what}: the title holds no markup: {title}");
}

#[tokio::test]
async fn reflected_xss_in_the_page_title_is_escaped() {
    let app = common::sqlite().await;
    let router = site(&app);
    let encoded = serde_urlencoded::to_string([("q", HOSTILE)]).unwrap()[2..].to_string();
    for uri in [
        format!("/list?pn={encoded}"),
        format!("/shop-list?shopName={encoded}"),
        format!("/shop-prod-list?sid=1&pn={encoded}"),
        format!("/notice-list?shopId=0&shopName={encoded}"),
        format!("/login?redirect={encoded}"),
    ] {
        let (status, _, html) = page(&router, &uri, &[]).await;
        assert!(status < 500, "{uri}: {status}");
        assert_inert(&html, &uri);
        if uri.starts_with("/list") {
            assert!(head(&html).contains("&lt;/title&gt;&lt;script&gt;"), "{uri}: the text is shown, escaped");
        }
    }
    app.finish().await;
}

#[tokio::test]
async fn stored_xss_in_product_shop_and_notice_names_is_escaped() {
    let apps = common::apps().await;
    let app = &apps[0];
    for sql in [
        "UPDATE product SET prod_name_en = $1 WHERE prod_id = 1",
        "UPDATE shop SET shop_name = $1 WHERE shop_id = 1",
        "UPDATE notice SET title_en = $1",
    ] {
        sqlx::query(sql).bind(HOSTILE).execute(&app.state.db.pool).await.unwrap();
    }
    let (notice_id,): (i64,) =
        sqlx::query_as("SELECT id FROM notice ORDER BY id LIMIT 1").fetch_one(&app.state.db.pool).await.unwrap_or((1,));
    let router = site(app);
    for uri in [
        "/detail?prodId=1".to_string(),
        "/shop-index?sid=1".to_string(),
        "/shop-qualifications?sid=1".to_string(),
        format!("/notice-detail?id={notice_id}&shopId=0"),
        "/".to_string(),
    ] {
        let (status, _, html) = page(&router, &uri, &[]).await;
        assert!(status < 500, "{uri}: {status}");
        assert_inert(&html, &uri);
    }
    for app in apps {
        app.finish().await;
    }
}

#[tokio::test]
async fn routes_read_their_path_and_query_ids() {
    let apps = common::apps().await;
    let app = &apps[0];
    let router = site(app);
    let (discount_id,): (i64,) = sqlx::query_as("SELECT discount_id FROM discount ORDER BY discount_id LIMIT 1")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let (coupon_id,): (i64,) = sqlx::query_as("SELECT coupon_id FROM coupon ORDER BY coupon_id LIMIT 1")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    for (uri, status) in [
        (format!("/discount/{discount_id}"), 200),
        (format!("/discount-detail?discountId={discount_id}"), 200),
        (format!("/discount-detail?id={discount_id}"), 200),
        (format!("/coupon/{coupon_id}"), 200),
        ("/coupon/x".to_string(), 404),
        ("/coupon/-3".to_string(), 404),
        ("/discount-detail?x=6".to_string(), 404),
        ("/detail/1".to_string(), 200),
        ("/detail?prodId=1".to_string(), 200),
        ("/index".to_string(), 200),
        ("/no/such/page".to_string(), 404),
    ] {
        let (got, _, _) = page(&router, &uri, &[]).await;
        assert_eq!(got, status, "{uri}");
    }
    for app in apps {
        app.finish().await;
    }
}

/// The quick menu's shop link on `html`.
fn quick_shop_href(html: &str) -> String {
    let at = html.find(r#"data-testid="quick-shop""#).expect("the quick menu's shop link");
    let tag = &html[html[..at].rfind("<a ").expect("its element")..at];
    tag.split(r#"href=""#).nth(1).and_then(|h| h.split('"').next()).expect("an href").to_string()
}

#[tokio::test]
async fn the_quick_menu_leads_to_the_shop_of_the_product_shown() {
    let apps = common::apps().await;
    let app = &apps[0];
    let router = site(app);
    // Two products of two shops: the link follows each page's product, not the first one seen.
    let products: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT MIN(prod_id), shop_id FROM product WHERE status = 1 GROUP BY shop_id ORDER BY shop_id LIMIT 2",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(products.len(), 2);
    for (prod_id, shop_id) in products {
        for uri in [format!("/detail?prodId={prod_id}"), format!("/detail/{prod_id}")] {
            let (status, _, html) = page(&router, &uri, &[]).await;
            assert_eq!(status, 200, "{uri}");
            assert_eq!(quick_shop_href(&html), format!("/shop-index?sid={shop_id}"), "{uri}");
            assert!(html.contains(r#"data-testid="quick-chat""#), "{uri}: chat with the shop");
        }
    }
    // No product, no shop: the shop list; a shop page's own shop.
    for (uri, href) in [
        ("/detail?prodId=99999999", "/shop-list?type=1"),
        ("/list", "/shop-list?type=1"),
        ("/shop-index?sid=3", "/shop-index?sid=3"),
    ] {
        let (_, _, html) = page(&router, uri, &[]).await;
        assert_eq!(quick_shop_href(&html), href, "{uri}");
    }
    for app in apps {
        app.finish().await;
    }
}

#[tokio::test]
async fn json_in_script_elements_cannot_close_the_element() {
    let value = serde_json::json!({"text": "</script><script>alert(1)</script>\u{2028}&"});
    let out = app::shell::script_json(&value);
    assert!(!out.contains('<') && !out.contains('>') && !out.contains('&'), "{out}");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap(), value, "still the same JSON");
}

#[tokio::test]
async fn every_inline_script_of_every_page_is_allowed_by_the_csp() {
    let apps = common::apps().await;
    let app = &apps[0];
    let router = site(app);
    let pages = [
        "/",
        "/index",
        "/list?st=2",
        "/list?pn=phone",
        "/detail?prodId=1",
        "/shop-index?sid=1",
        "/shop-list?type=1",
        "/shop-prod-list?sid=1",
        "/shop-qualifications?sid=1",
        "/coupons",
        "/flash-sale",
        "/group-buy",
        "/special-discount",
        "/notice-list?shopId=0",
        "/login",
        "/register",
        "/forget-password",
        "/terms-page?sts=1",
        "/oauth-callback",
        "/dev/mailbox",
        "/404",
        "/no-such-page",
    ];
    for uri in pages {
        let (status, headers, html) = page(&router, uri, &[]).await;
        assert!(status < 500, "{uri}: {status}");
        let csp = headers["content-security-policy"].to_str().unwrap();
        let scripts = server::web::security_headers::inline_scripts(&html);
        assert!(!scripts.is_empty(), "{uri}: the hydration loader is inline");
        for script in scripts {
            let hash = server::web::security_headers::hash_source(script);
            assert!(
                csp.contains(&hash),
                "{uri}: inline script not allowed by the CSP: {}",
                &script[..script.len().min(120)]
            );
        }
    }
    for app in apps {
        app.finish().await;
    }
}

#[tokio::test]
async fn security_headers_are_sent_on_pages_media_and_api_answers() {
    let app = common::sqlite().await;
    let router = site(&app);
    // What is never a document (a JSON answer, a script, a wasm module) has `nosniff` and the
    // referrer policy, and not the document policies.
    let (_, headers, _) = page(&router, "/api/currency/list", &[]).await;
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin");
    assert!(headers.get("content-security-policy").is_none() && headers.get("permissions-policy").is_none());
    for uri in ["/", "/detail?prodId=1", "/media/prod/1.svg", "/no-such-page"] {
        let (_, headers, _) = page(&router, uri, &[]).await;
        let get = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        assert_eq!(get("x-content-type-options"), "nosniff", "{uri}");
        assert_eq!(get("referrer-policy"), "strict-origin-when-cross-origin", "{uri}");
        assert!(get("permissions-policy").contains("camera=()"), "{uri}");
        let csp = get("content-security-policy");
        for directive in ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"] {
            assert!(csp.contains(directive), "{uri}: {directive} in {csp}");
        }
        assert!(!csp.contains("'unsafe-eval'") && !csp.contains("script-src 'self' 'unsafe-inline'"), "{uri}: {csp}");
        assert!(get("strict-transport-security").is_empty(), "{uri}: no HSTS over plain HTTP");
    }
    // HSTS only when a trusted proxy says the request came over HTTPS.
    let (_, headers, _) = page(&router, "/", &[("x-forwarded-proto", "https")]).await;
    assert!(headers.get("strict-transport-security").is_none(), "an untrusted header is ignored");
    let app = app.reconfigure(|c| c.trusted_proxies = 1);
    let router = site(&app);
    let (_, headers, _) = page(&router, "/", &[("x-forwarded-proto", "https")]).await;
    let hsts = headers.get("strict-transport-security").and_then(|v| v.to_str().ok()).unwrap_or_default();
    assert!(hsts.starts_with("max-age="), "{hsts}");
    app.finish().await;
}

#[tokio::test]
async fn the_user_centre_is_one_layout_behind_the_sign_in_gate() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);

    // Guests go to /login and come back to the same page, query string and all.
    let (status, headers, _) = page(&router, "/user-center/uc-coupons?status=1", &[]).await;
    assert_eq!(status, 302);
    assert_eq!(headers["location"], "/login?redirect=%2Fuser-center%2Fuc-coupons%3Fstatus%3D1");
    let (status, headers, _) = page(&router, "/user-center/uc-home", &[("cookie", "token=not-a-session")]).await;
    assert_eq!((status, &headers["location"]), (302, &"/login?redirect=%2Fuser-center%2Fuc-home".parse().unwrap()));

    let (_, token) = app.signed_in_user("Dara").await;
    let cookie = common::session_cookie(&token);
    let signed_in = [("cookie", cookie.as_str())];
    // The centre itself, also the older `?currentPage=` form, opens a child page.
    for (uri, child) in [
        ("/user-center", "/user-center/uc-home"),
        ("/user-center?currentPage=/home", "/user-center/uc-home"),
        ("/user-center?currentPage=/coupons", "/user-center/uc-coupons"),
    ] {
        let (status, headers, _) = page(&router, uri, &signed_in).await;
        assert_eq!((status, headers["location"].to_str().unwrap()), (302, child), "{uri}");
    }

    // Every child shares the navigation and marks its own entry.
    let (status, _, home) = page(&router, "/user-center/uc-home", &signed_in).await;
    assert_eq!(status, 200);
    assert!(home.contains(r#"data-testid="user-center""#) && home.contains("Hello, Dara"), "{home}");
    assert!(home.contains(r#"href="/user-center/uc-coupons""#));
    assert!(home.contains(r#"aria-current="page""#));
    assert!(home.contains(r#"src="/static/placeholder.svg""#), "a buyer without a picture gets the placeholder");

    let (status, _, empty) = page(&router, "/user-center/uc-coupons", &signed_in).await;
    assert_eq!(status, 200);
    assert!(empty.contains(r#"data-testid="uc-coupons-empty""#) && empty.contains("No coupons here"));
    let claimed = app.post_json("/p/myCoupon/receive", r#"{"couponId":1}"#, &[("authorization", token.as_str())]).await;
    let name = claimed.ok("claim")["coupon"]["couponName"].as_str().unwrap().to_string();
    let (_, _, unused) = page(&router, "/user-center/uc-coupons?lang=en", &signed_in).await;
    assert_eq!(unused.matches(r#"data-testid="uc-coupon""#).count(), 1);
    assert!(unused.contains(&html_escape::encode_text(&name).into_owned()), "the claimed coupon is listed");
    let (_, _, used) = page(&router, "/user-center/uc-coupons?status=1", &signed_in).await;
    assert!(used.contains(r#"data-testid="uc-coupons-empty""#), "nothing used yet");

    // A child that does not exist is the 404 page, not the layout.
    let (status, _, _) = page(&router, "/user-center/uc-nowhere", &signed_in).await;
    assert_eq!(status, 404);
    app.finish().await;
}

#[tokio::test]
async fn the_buy_box_sells_in_the_running_flash_sale_or_group_buy() {
    let apps = common::apps().await;
    let app = &apps[0];
    let router = site(app);
    let now = common::now();
    let hour = 60 * 60 * 1000;
    // Two products without activities of their own get one each.
    let flash = common::first_id(
        app,
        "SELECT MIN(prod_id) FROM product WHERE status = 1 AND prod_id NOT IN (SELECT prod_id FROM seckill)
             AND prod_id NOT IN (SELECT prod_id FROM group_activity)",
    )
    .await;
    let group = common::first_id(
        app,
        &format!(
            "SELECT MIN(prod_id) FROM product WHERE status = 1 AND prod_id > {flash}
                 AND prod_id NOT IN (SELECT prod_id FROM seckill) AND prod_id NOT IN (SELECT prod_id FROM group_activity)"
        ),
    )
    .await;
    common::exec(
        app,
        &format!(
            "INSERT INTO seckill (prod_id, shop_id, seckill_price, start_time, end_time, status, seckill_stocks, max_num)
             SELECT prod_id, shop_id, 100, {}, {}, 1, 10, 2 FROM product WHERE prod_id = {flash}",
            now - hour,
            now + hour
        ),
    )
    .await;
    common::exec(
        app,
        &format!(
            "INSERT INTO group_activity (prod_id, shop_id, group_number, group_price, start_time, end_time, status)
             SELECT prod_id, shop_id, 3, 100, {}, {}, 1 FROM product WHERE prod_id = {group}",
            now - hour,
            now + hour
        ),
    )
    .await;

    common::exec(app, &format!("UPDATE product SET prod_type = 1 WHERE prod_id = {flash}")).await;
    common::exec(app, &format!("UPDATE product SET prod_type = 2 WHERE prod_id = {group}")).await;

    let (status, _, html) = page(&router, &format!("/detail?prodId={flash}"), &[]).await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"data-testid="flash-price""#), "the flash price is shown");
    assert!(html.contains("Limit 2 per buyer"), "with the per-buyer limit");
    assert!(!html.contains(r#"data-testid="add-to-cart""#), "a flash sale sells through buy now only");
    assert!(!html.contains(r#"data-testid="start-group""#));

    let (status, _, html) = page(&router, &format!("/detail?prodId={group}&lang=km"), &[]).await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"data-testid="start-group""#), "a group can be started");
    assert!(html.contains(r#"data-testid="add-to-cart""#), "buying alone stays possible");
    assert!(html.contains("បង្កើត\u{200B}ក្រុម"), "in the page's language");
    for app in apps {
        app.finish().await;
    }
}

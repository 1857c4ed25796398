//! What many domains' tests start from: a buyer with an address, a signed-up account, site
//! settings, pages, and the Silk House shop with an order from it.

use super::*;

/// A signed-in buyer with a default delivery address; returns (user id, token).
pub async fn buyer_with_address(app: &TestApp, nick: &str) -> (i64, String) {
    let (user, token) = app.signed_in_user(nick).await;
    exec(
        app,
        &format!(
            "INSERT INTO user_addr (user_id, receiver, mobile, post_code, addr, common_addr, created_at)
             VALUES ({user}, '{nick}', '012345678', '12000', 'No. 1, Street 2, Phnom Penh', 1, {})",
            now()
        ),
    )
    .await;
    (user, token)
}

/// Asserts `A00001` for every path, with a message in English and another one in Chinese.
pub async fn all_bad(app: &TestApp, paths: &[&str]) {
    for path in paths {
        let what = format!("{}: {path}", app.label());
        let en = app.get(path).await.bad(&what);
        let zh = app.get_with(path, &[("locale", "zh_CN")]).await.bad(&what);
        assert_ne!(en, zh, "{what}: the message is translated");
    }
}

pub async fn first_id(app: &TestApp, sql: &str) -> i64 {
    app.count(sql).await
}

pub const SHOP_CARD: &[&str] = &[
    "shopId",
    "shopName",
    "shopLogo",
    "shopStatus",
    "type",
    "shopFocusNumber",
    "fansCount",
    "soldNum",
    "rating",
    "intro",
];

pub const PAGE: &[&str] = &["records", "total", "current", "size", "pages"];

pub const CARD: &[&str] = &[
    "prodId",
    "prodName",
    "brief",
    "price",
    "oriPrice",
    "activityPrice",
    "activityInProgress",
    "pic",
    "imgs",
    "status",
    "prodType",
    "activityStatus",
    "soldNum",
    "totalStocks",
    "shopId",
    "shopName",
    "groupActivitySearchVO",
    "seckillId",
];

// ---------------------------------------------------------------- shared by the account tests

/// The password buyers are signed up with (it meets the registration rule).
pub const PASSWORD: &str = "Secret#2024";

/// `v` percent-encoded for a query string or a form.
pub fn urlencode(v: &str) -> String {
    serde_urlencoded::to_string([("x", v)]).unwrap()[2..].to_string()
}

/// The code of the newest message to `to` in the development mailbox.
pub async fn mailbox_code(app: &TestApp, to: &str) -> String {
    let answer = app.get(&format!("/dev/mailbox?to={}", urlencode(to))).await;
    let list = answer.ok("mailbox").as_array().expect("list").clone();
    let newest = list.first().unwrap_or_else(|| panic!("no message to {to}"));
    newest["code"].as_str().expect("a code in the message").to_string()
}

/// Signs up `mail` with [`PASSWORD`] through a mailed code, as a buyer does; returns the token.
pub async fn sign_up_by_mail(app: &TestApp, mail: &str) -> String {
    app.post_form("/sms/sendLoginCode", &format!("mail={}", urlencode(mail))).await.ok("send code");
    let code = mailbox_code(app, mail).await;
    let body = serde_json::json!({"mail": mail, "validCode": code, "password": PASSWORD});
    app.post_json("/user/signup", body.to_string(), &[]).await.access_token("signup")
}

/// The tries taken from the newest one-time code of `identifier`.
pub async fn code_attempts(app: &TestApp, identifier: &str) -> i64 {
    let (attempts,): (i64,) =
        sqlx::query_as("SELECT attempts FROM one_time_codes WHERE identifier = $1 ORDER BY code_id DESC LIMIT 1")
            .bind(identifier)
            .fetch_one(&app.state.db.pool)
            .await
            .expect("a one-time code");
    attempts
}

/// The whole application (`server::web::app`: SSR pages and the API) over `app`'s state, for
/// page tests.
pub fn site(app: &TestApp) -> Router {
    // Leptos's async rendering spawns onto tokio.
    let _ = any_spawner::Executor::init_tokio();
    let options = leptos::config::LeptosOptions::builder().output_name("mall").build();
    server::web::app(app.state.clone(), options)
}

/// `GET uri` from the whole application: status, headers and the page's HTML.
pub async fn page(router: &Router, uri: &str, headers: &[(&str, &str)]) -> (u16, HeaderMap, String) {
    let mut request = Request::get(uri);
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let response = router.clone().oneshot(request.body(Body::empty()).unwrap()).await.expect("answers");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), 8 << 20).await.expect("body");
    (status, headers, String::from_utf8_lossy(&bytes).into_owned())
}

/// An open shop `shop_id` ('Silk House') selling two products named in three languages, each
/// with one SKU (`{prod}1`) at $20.00 and 1000 in stock: a scarf (`shop_id`) and a teapot
/// (`shop_id + 1`). The after-sales tests order from it.
pub async fn silk_house(app: &TestApp, shop_id: i64) {
    let now = now();
    let category = app.count("SELECT MIN(category_id) FROM category").await;
    exec(
        app,
        &format!(
            "INSERT INTO shop (shop_id, shop_name, shop_status, created_at) VALUES ({shop_id}, 'Silk House', 1, {now})"
        ),
    )
    .await;
    let products = [(shop_id, "Silk Scarf", "真丝围巾", "ក្រមាសូត្រ"), (shop_id + 1, "Clay Teapot", "紫砂壶", "កំសៀវដី")];
    for (prod, en, zh, km) in products {
        exec(
            app,
            &format!(
                "INSERT INTO product (prod_id, shop_id, category_id, prod_name_en, prod_name_zh, prod_name_km, price,
                     ori_price, status, total_stocks, created_at)
                 VALUES ({prod}, {shop_id}, {category}, '{en}', '{zh}', '{km}', 2000, 2000, 1, 1000, {now})"
            ),
        )
        .await;
        exec(
            app,
            &format!(
                "INSERT INTO sku (sku_id, prod_id, properties_en, properties_zh, properties_km, price, ori_price, stocks)
                 VALUES ({prod}1, {prod}, 'Colour:Red', 'Colour:Red', 'Colour:Red', 2000, 2000, 1000)"
            ),
        )
        .await;
    }
}

/// Orders one of each of `prods` (products of [`silk_house`] `shop_id`) through the cart,
/// confirmation and submission, as a buyer does, and moves the order to `status`; its number.
pub async fn order_from_silk_house(
    app: &TestApp,
    shop_id: i64,
    (user, token): (i64, &str),
    prods: &[i64],
    status: i64,
) -> String {
    let mut baskets = Vec::new();
    for prod in prods {
        exec(
            app,
            &format!(
                "INSERT INTO basket (user_id, shop_id, prod_id, sku_id, prod_count, created_at)
                 VALUES ({user}, {shop_id}, {prod}, {prod}1, 1, {})",
                now()
            ),
        )
        .await;
        baskets.push(
            app.count(&format!("SELECT basket_id FROM basket WHERE user_id = {user} AND sku_id = {prod}1")).await,
        );
    }
    let body = serde_json::json!({"basketIds": baskets, "userChangeCoupon": 1, "couponIds": []});
    let confirmed = app.post_json("/p/order/confirm", body.to_string(), &auth(token)).await;
    let order_token = confirmed.ok("confirm")["orderToken"].clone();
    let body = serde_json::json!({"orderToken": order_token, "addrId": 0, "couponIds": [], "usePoints": 0});
    let submitted = app.post_json("/p/order/submit", body.to_string(), &auth(token)).await;
    let number = submitted.ok("submit")["orderNumbers"].as_str().expect("order numbers").to_string();
    exec(app, &format!("UPDATE orders SET status = {status} WHERE order_number = '{number}'")).await;
    number
}

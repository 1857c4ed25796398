//! The HTML-first actions (`api::forms`) through the whole application, as a browser without
//! scripts uses them: a form post answered by a redirect and a message the next page shows
//! once, in the page language.

use crate::common::{self, page, site, TestApp};
use axum::body::Body;
use axum::http::{HeaderMap, HeaderName, Request};
use axum::Router;
use tower::ServiceExt;

/// Posts a form to the whole application: the status, the `Location` and the `Set-Cookie`s.
pub(crate) async fn post(
    router: &Router,
    uri: &str,
    form: &str,
    headers: &[(&str, &str)],
) -> (u16, String, Vec<String>) {
    let mut request = Request::post(uri)
        .header("content-type", common::FORM)
        .header("host", "mall.example")
        .header("origin", "http://mall.example")
        .body(Body::from(form.to_string()))
        .unwrap();
    // A header given here replaces the browser-like one above (another site's `origin`).
    for (name, value) in headers {
        request.headers_mut().insert(HeaderName::from_bytes(name.as_bytes()).unwrap(), value.parse().unwrap());
    }
    let response = router.clone().oneshot(request).await.expect("answers");
    let status = response.status().as_u16();
    let location = header(response.headers(), "location");
    let cookies =
        response.headers().get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()).map(String::from).collect();
    (status, location, cookies)
}

fn header(headers: &HeaderMap, name: &str) -> String {
    headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
}

/// The `name=value` of a `Set-Cookie` named `name`, as the browser sends it back.
pub(crate) fn cookie_pair(cookies: &[String], name: &str) -> Option<String> {
    cookies.iter().find(|c| c.starts_with(&format!("{name}="))).map(|c| c.split(';').next().unwrap().to_string())
}

/// Product 1's ids: (prodId, shopId, skuId of its first SKU).
async fn product_one(app: &TestApp) -> (i64, i64, i64) {
    let info = app.get_ok("/prod/prodInfo?prodId=1", "product 1").await;
    let sku = info["skuList"][0]["skuId"].as_i64().unwrap();
    (1, info["shopId"].as_i64().unwrap(), sku)
}

/// A signed-in buyer: the user id and the `Cookie` value carrying the session.
async fn buyer_cookie(app: &TestApp, nick: &str) -> (i64, String) {
    let (user, token) = app.signed_in_user(nick).await;
    (user, common::session_cookie(&token))
}

async fn units_in_cart(app: &TestApp, user: i64) -> i64 {
    app.count(&format!("SELECT CAST(COALESCE(SUM(prod_count), 0) AS BIGINT) FROM basket WHERE user_id = {user}")).await
}

#[tokio::test]
async fn add_to_cart_without_scripts_adds_and_the_product_page_says_so_once() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let (prod, shop, sku) = product_one(&app).await;
    let back = "/detail?prodId=1&lang=km";
    let form = format!("prodId={prod}&shopId={shop}&skuId={sku}&count=2&back={}", common::urlencode(back));

    // A guest signs in first and comes back to the product.
    let (status, location, cookies) = post(&router, "/cart/add", &form, &[]).await;
    assert_eq!((status, location.as_str()), (303, "/login?redirect=%2Fdetail%3FprodId%3D1%26lang%3Dkm"));
    assert!(cookies.is_empty(), "{cookies:?}");

    let (user, session) = buyer_cookie(&app, "Form Buyer").await;
    let (status, location, cookies) = post(&router, "/cart/add", &form, &[("cookie", &session)]).await;
    assert_eq!((status, location.as_str()), (303, back));
    assert_eq!(units_in_cart(&app, user).await, 2, "added once");
    let flash = cookie_pair(&cookies, "flash").expect("a message for the next page");
    assert_eq!(flash, "flash=s~cart-added");
    assert!(cookies[0].contains("HttpOnly") && cookies[0].contains("Max-Age=60"), "{cookies:?}");

    // The product page shows it in the page language, and clears it.
    let both = format!("{session}; {flash}");
    let (status, headers, html) = page(&router, back, &[("cookie", &both)]).await;
    assert_eq!(status, 200);
    let km = i18n::t(i18n::Lang::Km, "cart-added");
    assert!(html.contains(r#"data-testid="flash-success""#) && html.contains(&km), "{html}");
    let cleared: Vec<_> = headers.get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()).collect();
    assert!(cleared.iter().any(|c| c.starts_with("flash=;") && c.contains("Max-Age=0")), "{cleared:?}");
    // Without the cookie the page shows no message.
    let (_, _, html) = page(&router, back, &[("cookie", &session)]).await;
    assert!(!html.contains("data-testid=\"flash-success\""));

    // The form is the product page's: a real post with the fields above.
    assert!(
        html.contains(r#"action="/cart/add""#) && html.contains(r#"name="skuId""#) && html.contains(r#"name="count""#)
    );
    app.finish().await;
}

#[tokio::test]
async fn a_refused_add_returns_with_the_apis_message_and_changes_nothing() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let (prod, shop, sku) = product_one(&app).await;
    let (user, session) = buyer_cookie(&app, "Refused Buyer").await;
    let back = common::urlencode("/detail?prodId=1");
    let stocks = app.count(&format!("SELECT stocks FROM sku WHERE sku_id = {sku}")).await;

    let too_many = format!("prodId={prod}&shopId={shop}&skuId={sku}&count={}&back={back}", stocks + 1);
    let (status, location, cookies) = post(&router, "/cart/add", &too_many, &[("cookie", &session)]).await;
    assert_eq!((status, location.as_str()), (303, "/detail?prodId=1"));
    let flash = cookie_pair(&cookies, "flash").unwrap();
    assert!(flash.starts_with("flash=e~"), "{flash}");
    let (_, _, html) = page(&router, "/detail?prodId=1&lang=en", &[("cookie", &format!("{session}; {flash}"))]).await;
    assert!(html.contains(r#"data-testid="flash-error""#), "the refusal is shown");

    // Bad input and a form from another site: nothing changes, no server error.
    for bad in ["", "prodId=x&count=1", &format!("prodId={prod}&shopId={shop}&skuId={sku}&count=0")] {
        let (status, location, _) = post(&router, "/cart/add", bad, &[("cookie", &session)]).await;
        assert_eq!((status, location.as_str()), (303, "/"), "{bad}");
    }
    let good = format!("prodId={prod}&shopId={shop}&skuId={sku}&count=1&back=https%3A%2F%2Fevil.example%2F");
    let (status, location, _) = post(&router, "/cart/add", &good, &[("cookie", &session)]).await;
    assert_eq!((status, location.as_str()), (303, "/"), "an answer never leaves the site");
    let (status, _, _) =
        post(&router, "/cart/add", &good, &[("cookie", &session), ("origin", "https://evil.example")]).await;
    assert_eq!(status, 200, "refused in the envelope");
    assert_eq!(units_in_cart(&app, user).await, 1, "only the one good add");

    // A forged message shows nothing that is not the catalogue's, and breaks nothing.
    for forged in ["flash=s~no-such-key", "flash=x~<script>", "flash=e~cart-added~x.<b>"] {
        let (status, _, html) = page(&router, "/detail?prodId=1&lang=en", &[("cookie", forged)]).await;
        assert_eq!(status, 200, "{forged}");
        assert!(!html.contains("data-testid=\"flash-") && !html.contains("no-such-key"), "{forged}");
    }
    app.finish().await;
}

#[tokio::test]
async fn a_cart_line_is_set_and_removed_by_forms_and_only_the_buyers_own() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let (prod, shop, sku) = product_one(&app).await;
    let (user, session) = buyer_cookie(&app, "Cart Former").await;
    let add = format!("prodId={prod}&shopId={shop}&skuId={sku}&count=2&back=%2Fcart");
    post(&router, "/cart/add", &add, &[("cookie", &session)]).await;
    let basket = app.count(&format!("SELECT basket_id FROM basket WHERE user_id = {user}")).await;

    // The field's count, or a stepper button's `to` first.
    let (status, location, cookies) =
        post(&router, "/cart/set", &format!("basketId={basket}&count=5&back=%2Fcart"), &[("cookie", &session)]).await;
    assert_eq!((status, location.as_str(), cookies.len()), (303, "/cart", 0));
    assert_eq!(units_in_cart(&app, user).await, 5);
    post(&router, "/cart/set", &format!("basketId={basket}&to=4&count=5&back=%2Fcart"), &[("cookie", &session)]).await;
    assert_eq!(units_in_cart(&app, user).await, 4);
    for bad in
        [format!("basketId={basket}&count=0"), format!("basketId={basket}&count=x"), "basketId=999999&count=1".into()]
    {
        let (status, _, cookies) =
            post(&router, "/cart/set", &format!("{bad}&back=%2Fcart"), &[("cookie", &session)]).await;
        assert_eq!(status, 303, "{bad}");
        assert!(cookie_pair(&cookies, "flash").unwrap().starts_with("flash=e~"), "{bad}");
    }
    assert_eq!(units_in_cart(&app, user).await, 4, "refusals change nothing");

    // Another buyer can neither set nor remove the line.
    let (_, theirs) = buyer_cookie(&app, "Cart Other").await;
    post(&router, "/cart/set", &format!("basketId={basket}&count=1"), &[("cookie", &theirs)]).await;
    post(&router, "/cart/remove", &format!("basketId={basket}"), &[("cookie", &theirs)]).await;
    assert_eq!(units_in_cart(&app, user).await, 4);

    let (status, location, cookies) =
        post(&router, "/cart/remove", &format!("basketId={basket}&back=%2Fcart"), &[("cookie", &session)]).await;
    assert_eq!((status, location.as_str()), (303, "/cart"));
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~cart-removed"));
    assert_eq!(units_in_cart(&app, user).await, 0);
    app.finish().await;
}

#[tokio::test]
async fn collect_and_follow_toggle_by_forms_with_their_messages() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let (prod, shop, _) = product_one(&app).await;
    let (user, session) = buyer_cookie(&app, "Collector").await;
    let favourites = format!("SELECT COUNT(*) FROM user_collection WHERE user_id = {user}");
    let follows = format!("SELECT COUNT(*) FROM shop_collection WHERE user_id = {user}");

    let product = format!("prodId={prod}&back=%2Fdetail%3FprodId%3D1");
    let (status, location, cookies) = post(&router, "/collection/add-or-cancel", &product, &[]).await;
    assert_eq!((status, location.as_str(), cookies.len()), (303, "/login?redirect=%2Fdetail%3FprodId%3D1", 0));
    let (_, location, cookies) = post(&router, "/collection/add-or-cancel", &product, &[("cookie", &session)]).await;
    assert_eq!(location, "/detail?prodId=1");
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~detail-collection-success"));
    assert_eq!(app.count(&favourites).await, 1);
    let (_, _, cookies) = post(&router, "/collection/add-or-cancel", &product, &[("cookie", &session)]).await;
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~detail-uncollected"));
    assert_eq!(app.count(&favourites).await, 0);

    let follow = format!("shopId={shop}&back=%2Fshop-index%3Fsid%3D{shop}");
    let (_, location, cookies) =
        post(&router, "/shop/collection/add-or-cancel", &follow, &[("cookie", &session)]).await;
    assert_eq!(location, format!("/shop-index?sid={shop}"));
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~shop-collect-success"));
    assert_eq!(app.count(&follows).await, 1);

    // Bad ids are refused with the API's message and change nothing.
    for bad in ["prodId=0", "prodId=abc", "prodId=999999999"] {
        let (status, _, cookies) = post(&router, "/collection/add-or-cancel", bad, &[("cookie", &session)]).await;
        assert_eq!(status, 303, "{bad}");
        assert!(cookie_pair(&cookies, "flash").unwrap().starts_with("flash=e~"), "{bad}");
    }
    assert_eq!(app.count(&favourites).await, 0);
    app.finish().await;
}

#[tokio::test]
async fn a_coupon_is_claimed_once_by_its_form() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let (user, session) = buyer_cookie(&app, "Coupon Former").await;
    let coupons = app.get_ok("/coupon/getCouponPage?current=1&size=1", "coupons").await;
    let coupon = coupons["records"][0]["couponId"].as_i64().expect("a seeded coupon");
    let form = format!("couponId={coupon}&back=%2Fcoupons");
    let (status, location, cookies) = post(&router, "/my-coupon/receive", &form, &[("cookie", &session)]).await;
    assert_eq!((status, location.as_str()), (303, "/coupons"));
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~coupon-claimed-toast"));
    let (_, _, cookies) = post(&router, "/my-coupon/receive", &form, &[("cookie", &session)]).await;
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=e~error-coupon-already-received"));
    let mine = format!("SELECT COUNT(*) FROM user_coupon WHERE user_id = {user}");
    assert_eq!(app.count(&mine).await, 1, "claimed once");
    app.finish().await;
}

#[tokio::test]
async fn the_login_page_signs_in_without_scripts_and_goes_on_to_the_redirect() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let mail = "form-login@example.com";
    common::sign_up_by_mail(&app, mail).await;
    let (_, _, html) = page(&router, "/login?redirect=%2Fcart&lang=zh_CN", &[]).await;
    assert!(
        html.contains(r#"action="/login/password""#)
            && html.contains(r#"name="redirect""#)
            && html.contains(r#"value="/cart""#),
        "{html}"
    );
    assert!(html.contains(&i18n::t(i18n::Lang::ZhCn, "login-form-account")));

    let wrong = format!("userName={}&passWord=Wrong%231x&redirect=%2Fcart", common::urlencode(mail));
    let (status, location, cookies) = post(&router, "/login/password", &wrong, &[]).await;
    assert_eq!((status, location.as_str()), (303, "/login?redirect=%2Fcart"));
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=e~error-login-failed"));
    assert!(cookie_pair(&cookies, "token").is_none(), "not signed in");

    let right = format!(
        "userName={}&passWord={}&redirect=%2Fcart",
        common::urlencode(mail),
        common::urlencode(common::PASSWORD)
    );
    let (status, location, cookies) = post(&router, "/login/password", &right, &[]).await;
    assert_eq!((status, location.as_str()), (303, "/cart"));
    let session = cookie_pair(&cookies, "token").expect("signed in");
    let (_, _, cart) = page(&router, "/cart?lang=en", &[("cookie", &session)]).await;
    assert!(!cart.contains(r#"data-testid="cart-guest""#), "the cart of the signed-in buyer");

    let away = format!(
        "userName={}&passWord={}&redirect=%2F%2Fevil.example",
        common::urlencode(mail),
        common::urlencode(common::PASSWORD)
    );
    let (status, location, _) = post(&router, "/login/password", &away, &[]).await;
    assert_eq!((status, location.as_str()), (303, "/"), "a sign-in never leaves the site");
    app.finish().await;
}

/// The value of the hidden field `name` in a page's HTML.
fn hidden_value(html: &str, name: &str) -> String {
    let start = html.find(&format!(r#"name="{name}" value=""#)).unwrap_or_else(|| panic!("no {name} in {html}"));
    let rest = &html[start + name.len() + 15..];
    rest[..rest.find('"').unwrap()].to_string()
}

/// The buyer's orders: (number, status, remarks), oldest first.
async fn orders_of(app: &TestApp, user: i64) -> Vec<(String, i64, String)> {
    sqlx::query_as::<_, (String, i64, String)>(
        "SELECT order_number, CAST(status AS BIGINT), COALESCE(remarks, '') FROM orders WHERE user_id = $1 ORDER BY order_id",
    )
    .bind(user)
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap()
}

/// A buyer with a delivery address and product 1 in the cart, added by its form: (user,
/// session cookie, the cart line's basket id).
async fn buyer_with_a_cart_line(app: &TestApp, router: &Router, nick: &str) -> (i64, String, i64) {
    let (prod, shop, sku) = product_one(app).await;
    let (user, token) = common::buyer_with_address(app, nick).await;
    let session = common::session_cookie(&token);
    let add = format!("prodId={prod}&shopId={shop}&skuId={sku}&count=1&back=%2Fcart");
    post(router, "/cart/add", &add, &[("cookie", &session)]).await;
    let basket = app.count(&format!("SELECT basket_id FROM basket WHERE user_id = {user}")).await;
    (user, session, basket)
}

/// A buyer with a delivery address, product 1 in the cart (by its form) and the order
/// submitted by the confirmation's form: (user, session cookie, order number, the form sent).
async fn ordered_by_forms(app: &TestApp, router: &Router, nick: &str) -> (i64, String, String, String) {
    let (_, shop, _) = product_one(app).await;
    let (user, session, basket) = buyer_with_a_cart_line(app, router, nick).await;
    let (status, _, html) =
        page(router, &format!("/submit-order?basketId={basket}&lang=en"), &[("cookie", &session)]).await;
    assert_eq!(status, 200);
    let token = hidden_value(&html, "orderToken");
    let form = format!("orderToken={token}&addrId=0&remarks.{shop}=Ring+twice&back=%2Fsubmit-order%3FbasketId%3D1");
    let (status, location, _) = post(router, "/order/submit", &form, &[("cookie", &session)]).await;
    assert_eq!(status, 303);
    let orders = orders_of(app, user).await;
    assert_eq!(orders.len(), 1, "one order");
    assert_eq!(location, format!("/payment?orderNumbers={}", orders[0].0));
    (user, session, orders[0].0.clone(), form)
}

#[tokio::test]
async fn settle_and_buy_now_name_what_to_buy_in_the_address_and_the_order_is_submitted_by_its_form() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let (prod, shop, sku) = product_one(&app).await;

    // Buy Now's GET form: the server renders the confirmation and its Submit Order form.
    let (_, token) = common::buyer_with_address(&app, "Buy Now Former").await;
    let session = common::session_cookie(&token);
    let buy_now =
        format!("/submit-order?prodId={prod}&shopId={shop}&back=%2F&skuId={sku}&count=2&orderEntry=1&lang=km");
    let (status, _, html) = page(&router, &buy_now, &[("cookie", &session)]).await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"data-testid="checkout-item""#) && html.contains(r#"action="/order/submit""#), "{html}");
    assert!(html.contains(r#"name="addrId""#) && html.contains(&format!(r#"name="remarks.{shop}""#)), "{html}");
    // A guest signs in first and comes back to the same confirmation.
    let (status, headers, _) = page(&router, &buy_now, &[]).await;
    assert_eq!(status, 302);
    assert!(headers["location"].to_str().unwrap().starts_with("/login?redirect=%2Fsubmit-order%3FprodId%3D1"));

    // Settle's GET form, then Submit Order: on to the counter, with the buyer's message.
    let (user, session, number, submitted) = ordered_by_forms(&app, &router, "Settle Former").await;
    assert_eq!(units_in_cart(&app, user).await, 0, "the settled line left the cart");

    // The same submission again, or a made-up confirmation: back with the API's message, and
    // no other order.
    let (status, location, cookies) = post(&router, "/order/submit", &submitted, &[("cookie", &session)]).await;
    assert_eq!((status, location.as_str()), (303, "/submit-order?basketId=1"));
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=e~error-order-duplicate"));
    let made_up = format!("orderToken={}&addrId=0&back=%2Fcart", "x".repeat(10));
    let (status, location, cookies) = post(&router, "/order/submit", &made_up, &[("cookie", &session)]).await;
    assert_eq!((status, location.as_str()), (303, "/cart"));
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=e~error-order-confirmation-not-found"));
    assert_eq!(
        orders_of(&app, user).await,
        vec![(number, api::orders::order_status::UNPAID as i64, "Ring twice".into())]
    );
    app.finish().await;
}

/// The radio of `addr_id` on a confirmation page, as rendered.
fn address_radio(html: &str, addr_id: i64) -> &str {
    let value = format!(r#"value="{addr_id}""#);
    html.split("<input")
        .find(|tag| tag.contains(r#"name="addrId""#) && tag.contains(&value))
        .map_or("", |tag| &tag[..tag.find('>').unwrap_or(tag.len())])
}

#[tokio::test]
async fn the_plain_confirmation_prices_the_buyers_choices_again_and_a_new_address_comes_back_chosen() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let (_, shop, sku) = product_one(&app).await;
    let (user, session, basket) = buyer_with_a_cart_line(&app, &router, "Chooser").await;
    let cookie = [("cookie", session.as_str())];
    let first = app.count(&format!("SELECT addr_id FROM user_addr WHERE user_id = {user}")).await;
    let confirmation = format!("/submit-order?basketId={basket}");

    // The first render: the default address, no island, an Update that asks for the same goods.
    let (status, _, html) = page(&router, &format!("{confirmation}&lang=zh-CN"), &cookie).await;
    assert_eq!(status, 200);
    assert!(address_radio(&html, first).contains("checked"), "{html}");
    assert!(html.contains("data-checkout-plain") && !html.contains("CheckoutIsland"), "no island: {html}");
    assert!(html.contains(r#"data-testid="checkout-update""#) && html.contains(r#"formaction="/submit-order""#));
    assert!(html.contains(&format!(r#"name="basketId" value="{basket}""#)), "{html}");
    assert!(html.contains(&i18n::t(i18n::Lang::ZhCn, "order-update")));

    // A new address from the confirmation: a refusal keeps the way back; a save comes back
    // with it chosen, and a way back off this site is not followed.
    let back = common::urlencode(&confirmation);
    let form = |receiver: &str, back: &str| {
        format!("back={back}&addrId=&receiver={receiver}&mobile=012345678&postCode=12000&addr=No.+7%2C+Street+240")
    };
    let (status, location, _) = post(&router, api::forms::ADDRESS_SAVE, &form("+", &back), &cookie).await;
    assert_eq!(status, 303);
    assert!(location.ends_with(&format!("&back={back}")), "{location}");
    let (status, location, cookies) = post(&router, api::forms::ADDRESS_SAVE, &form("Second", &back), &cookie).await;
    let second = app.count(&format!("SELECT MAX(addr_id) FROM user_addr WHERE user_id = {user}")).await;
    assert_eq!((status, location.clone()), (303, format!("{confirmation}&addrId={second}")));
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~order-address-saved"));
    let (_, location, _) =
        post(&router, api::forms::ADDRESS_SAVE, &form("Third", &common::urlencode("https://evil.example/")), &cookie)
            .await;
    assert_eq!(location, api::forms::ADDRESS_PAGE);

    // Update's GET: the chosen address, no coupon, and the message typed stand.
    let update = format!(
        "{confirmation}&addrId={second}&couponIds=0&usePoints=0&remarks.{shop}=Ring+%3C%2Ftextarea%3E%3Cb%3Etwice%3C%2Fb%3E&lang=en"
    );
    let (status, _, html) = page(&router, &update, &cookie).await;
    assert_eq!(status, 200);
    assert!(address_radio(&html, second).contains("checked") && !address_radio(&html, first).contains("checked"));
    assert!(html.contains("Ring &lt;/textarea&gt;&lt;b&gt;twice&lt;/b&gt;</textarea>"), "the message, escaped: {html}");
    assert!(!html.contains("<b>twice"), "{html}");
    // An address that is not the buyer's gives way to the default.
    let (status, _, html) = page(&router, &format!("{confirmation}&addrId=999999"), &cookie).await;
    assert_eq!(status, 200);
    assert!(address_radio(&html, first).contains("checked"), "{html}");

    // Goods the server cannot confirm (sold out): why, with Try again, and still no island.
    common::exec(&app, &format!("UPDATE sku SET stocks = 0 WHERE sku_id = {sku}")).await;
    let (status, _, html) = page(&router, &format!("{confirmation}&lang=km"), &cookie).await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"data-testid="checkout-failed""#) && !html.contains("CheckoutIsland"), "{html}");
    assert!(html.contains(&format!(r#"href="{confirmation}" data-testid="checkout-retry""#)), "{html}");
    assert!(!html.contains(r#"action="/order/submit""#), "nothing to submit: {html}");
    app.finish().await;
}

#[tokio::test]
async fn pay_by_balance_asks_for_the_password_refuses_a_wrong_one_and_pays_once() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let (user, session, number, _) = ordered_by_forms(&app, &router, "Balance Former").await;
    common::exec(&app, &format!("UPDATE users SET balance = 100000 WHERE user_id = {user}")).await;
    common::exec(
        &app,
        &format!(
            "INSERT INTO balance_record (user_id, delta, reason, created_at) VALUES ({user}, 100000, 4, {})",
            common::now()
        ),
    )
    .await;
    let token = session.trim_start_matches("token=");
    let body = serde_json::json!({"payPassword": "135790"}).to_string();
    app.send(common::request("PUT", "/p/user/payPassword", "application/json", body, &common::auth(token)))
        .await
        .ok("set the payment password");
    let counter = format!("/payment?orderNumbers={number}");

    // The counter's methods are a form; Pay Now with the balance asks for the password first.
    let (_, _, html) = page(&router, &format!("{counter}&lang=en"), &[("cookie", &session)]).await;
    assert!(html.contains(r#"action="/order/pay""#) && html.contains(r#"name="payType""#), "{html}");
    let choose = format!("orderNumbers={number}&payType=9&currency=USD&back={}", common::urlencode(&counter));
    let (status, location, _) = post(&router, "/order/pay", &choose, &[("cookie", &session)]).await;
    assert_eq!((status, location.clone()), (303, format!("{counter}&payType=9")));
    let (_, _, html) = page(&router, &format!("{location}&lang=km"), &[("cookie", &session)]).await;
    assert!(html.contains(r#"data-testid="pay-password-dialog""#) && html.contains(r#"name="payPassword""#), "{html}");

    // A wrong password: back to the password step with the API's message; nothing paid.
    let step = common::urlencode(&location);
    let wrong = format!("orderNumbers={number}&payType=9&payPassword=000000&currency=USD&back={step}");
    let (status, back, cookies) = post(&router, "/order/pay", &wrong, &[("cookie", &session)]).await;
    assert_eq!((status, back), (303, location.clone()));
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=e~error-pay-password-wrong~at.payPassword"));
    assert_eq!(common::balance_of(&app, user).await, 100000);

    // The right one pays, once: the counter then shows the order paid.
    let right = format!("orderNumbers={number}&payType=9&payPassword=135790&currency=USD&back={step}");
    let (status, to, _) = post(&router, "/order/pay", &right, &[("cookie", &session)]).await;
    assert_eq!((status, to.as_str()), (303, counter.as_str()));
    assert_eq!(orders_of(&app, user).await[0].1, api::orders::order_status::PAID as i64);
    let paid = common::balance_of(&app, user).await;
    assert!(paid < 100000, "the balance paid");
    let (_, _, html) = page(&router, &format!("{counter}&lang=en"), &[("cookie", &session)]).await;
    assert!(html.contains(r#"data-testid="payment-paid""#), "{html}");
    post(&router, "/order/pay", &right, &[("cookie", &session)]).await;
    assert_eq!(common::balance_of(&app, user).await, paid, "money moves once");
    common::ledgers_balance(&app, "after paying by the form").await;
    app.finish().await;
}

#[tokio::test]
async fn the_counter_sets_a_first_payment_password_by_its_form_then_asks_for_it() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let (user, session, number, _) = ordered_by_forms(&app, &router, "Password Former").await;
    let asking = format!("/payment?orderNumbers={number}&payType=9");
    let has_password = || async {
        app.count(&format!("SELECT COUNT(*) FROM users WHERE user_id = {user} AND pay_password_hash IS NOT NULL")).await
    };

    // No payment password yet: the counter asks to set one, in a form of its own, and the page
    // is plain markup, no island.
    let (_, _, html) = page(&router, &format!("{asking}&lang=en"), &[("cookie", &session)]).await;
    assert!(html.contains(r#"data-testid="pay-set-password-dialog""#), "{html}");
    assert!(html.contains(r#"action="/user/pay-password""#) && html.contains(r#"name="payPasswordAgain""#), "{html}");
    assert!(html.contains("data-pay-counter") && !html.contains(r#"data-component="CheckoutIsland"#), "{html}");

    // Typed twice differently, or not six digits: back under the field, nothing set.
    let back = common::urlencode(&asking);
    for (typed, again, key) in
        [("135790", "135791", "payment-password-mismatch"), ("1357", "1357", "error-pay-password-format")]
    {
        let form = format!("payPassword={typed}&payPasswordAgain={again}&back={back}");
        let (status, location, cookies) = post(&router, "/user/pay-password", &form, &[("cookie", &session)]).await;
        assert_eq!((status, location.as_str()), (303, asking.as_str()));
        let flash = cookie_pair(&cookies, "flash").unwrap();
        assert!(flash.starts_with("flash=e~") && flash.ends_with("~at.payPassword"), "{flash}");
        if key == "payment-password-mismatch" {
            assert_eq!(flash, format!("flash=e~{key}~at.payPassword"));
            // The page shows it in the dialog, translated.
            let cookie = format!("{session}; {flash}");
            let (_, _, html) = page(&router, &format!("{asking}&lang=en"), &[("cookie", &cookie)]).await;
            let shown = "The two payment passwords do not match.";
            let error = html.find(r#"data-testid="pay-dialog-error""#).expect("the dialog's error");
            assert!(html[error..].split("</p>").next().unwrap().contains(shown), "{html}");
        }
        assert_eq!(has_password().await, 0);
    }

    // The same six digits twice: set, and the counter asks for it to pay.
    let form = format!("payPassword=135790&payPasswordAgain=135790&back={back}");
    let (status, location, cookies) = post(&router, "/user/pay-password", &form, &[("cookie", &session)]).await;
    assert_eq!((status, location.as_str()), (303, asking.as_str()));
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~payment-password-set"));
    assert_eq!(has_password().await, 1);
    let (_, _, html) = page(&router, &format!("{asking}&lang=en"), &[("cookie", &session)]).await;
    assert!(html.contains(r#"data-testid="pay-password-dialog""#), "{html}");

    // A guest signs in first.
    let (status, location, _) = post(&router, "/user/pay-password", &form, &[]).await;
    assert_eq!(status, 303);
    assert!(location.starts_with("/login?redirect="), "{location}");
    app.finish().await;
}

#[tokio::test]
async fn an_unpaid_order_is_cancelled_by_its_form_and_only_by_its_buyer() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let (user, session, number, _) = ordered_by_forms(&app, &router, "Cancel Former").await;
    let back = common::urlencode(&format!("/order-detail?orderNumber={number}"));
    let (_, theirs) = buyer_cookie(&app, "Cancel Other").await;
    let form = format!("orderNumber={number}&back={back}");
    let confirmed = format!("{form}&confirmed=1");
    let (status, _, cookies) = post(&router, "/order/cancel", &confirmed, &[("cookie", &theirs)]).await;
    assert_eq!(status, 303);
    assert!(cookie_pair(&cookies, "flash").unwrap().starts_with("flash=e~"));
    assert_eq!(orders_of(&app, user).await[0].1, api::orders::order_status::UNPAID as i64);

    // Sent as the page was before its script could ask: the order's page asks first.
    let (status, location, _) = post(&router, "/order/cancel", &form, &[("cookie", &session)]).await;
    assert_eq!((status, location.clone()), (303, format!("/order-detail?orderNumber={number}&confirm=cancel")));
    assert_eq!(orders_of(&app, user).await[0].1, api::orders::order_status::UNPAID as i64);
    let (_, _, html) = page(&router, &format!("{location}&lang=km"), &[("cookie", &session)]).await;
    assert!(html.contains(r#"data-testid="order-action-question""#) && html.contains(r#"name="confirmed""#), "{html}");
    assert!(html.contains(&i18n::t(i18n::Lang::Km, "order-cancel-confirm")));

    let form = format!("{form}&confirmed=1");
    let (status, location, cookies) = post(&router, "/order/cancel", &form, &[("cookie", &session)]).await;
    assert_eq!((status, location), (303, format!("/order-detail?orderNumber={number}")));
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~order-cancel-done"));
    assert_eq!(orders_of(&app, user).await[0].1, api::orders::order_status::CANCELED as i64);
    app.finish().await;
}

#[tokio::test]
async fn the_login_page_signs_in_by_a_one_time_code_without_scripts() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let mail = "form-code@example.com";
    common::sign_up_by_mail(&app, mail).await;
    // Past the resend interval of the sign-up's code.
    app.state.db.clock.advance(61_000);
    let (_, _, html) = page(&router, "/login?redirect=%2Fcart&lang=km", &[]).await;
    assert!(html.contains(r#"action="/login/code""#) && html.contains(r#"formaction="/login/code/send""#), "{html}");

    let send = format!("account={}&redirect=%2Fcart", common::urlencode(mail));
    let (status, location, cookies) = post(&router, "/login/code/send", &send, &[]).await;
    let here = format!("/login?redirect=%2Fcart&account={}", common::urlencode(mail));
    assert_eq!((status, location.as_str()), (303, here.as_str()));
    assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~login-code-sent"));
    let (_, _, html) = page(&router, &here, &[]).await;
    assert!(html.contains(&format!(r#"value="{mail}""#)), "the account is filled in");
    let code = common::mailbox_code(&app, mail).await;

    let wrong = format!("account={}&code=000000&redirect=%2Fcart", common::urlencode(mail));
    let (status, location, cookies) = post(&router, "/login/code", &wrong, &[]).await;
    assert_eq!((status, location.as_str()), (303, here.as_str()));
    assert!(cookie_pair(&cookies, "flash").unwrap().starts_with("flash=e~"));
    assert!(cookie_pair(&cookies, "token").is_none());

    let right = format!("account={}&code={code}&redirect=%2Fcart", common::urlencode(mail));
    let (status, location, cookies) = post(&router, "/login/code", &right, &[]).await;
    assert_eq!((status, location.as_str()), (303, "/cart"));
    assert!(cookie_pair(&cookies, "token").is_some(), "signed in");

    // Bad input is refused in words, never a server error.
    for bad in ["", "account=&code=1", "account=%3Cscript%3E&code=123456"] {
        let (status, _, cookies) = post(&router, "/login/code", bad, &[]).await;
        assert_eq!(status, 303, "{bad}");
        assert!(cookie_pair(&cookies, "flash").unwrap().starts_with("flash=e~"), "{bad}");
    }
    app.finish().await;
}

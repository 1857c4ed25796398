//! The cart and order pages through the whole application (`server::web::app`): what a guest
//! and a signed-in buyer get from `/cart`, `/submit-order`, `/order-detail` and `/payment`.

use crate::common;

use common::{page, site};

#[tokio::test]
async fn a_guest_is_asked_to_sign_in_for_the_cart() {
    let app = common::sqlite().await;
    let router = site(&app);
    let (status, _, html) = page(&router, "/cart?lang=en", &[]).await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"data-testid="cart-guest""#), "{html}");
    assert!(html.contains("Sign in to see your cart"));
    assert!(html.contains(r#"data-testid="cart-sign-in""#), "a sign-in button");
    assert!(html.contains("<title>Shopping cart - "), "the page's title");
    assert!(!html.contains(r#"data-testid="cart""#), "no cart for a guest");
    // An ended session is a guest too.
    let (status, _, html) = page(&router, "/cart?lang=en", &[("cookie", "token=not-a-session")]).await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"data-testid="cart-guest""#));
    app.finish().await;
}

#[tokio::test]
async fn guests_go_to_login_from_the_order_pages() {
    let app = common::sqlite().await;
    let router = site(&app);
    for (uri, login) in [
        ("/submit-order", "/login?redirect=%2Fsubmit-order"),
        ("/submit-order?orderEntry=1", "/login?redirect=%2Fsubmit-order%3ForderEntry%3D1"),
        ("/order-detail?orderNumber=123", "/login?redirect=%2Forder-detail%3ForderNumber%3D123"),
        ("/payment?orderNumbers=1,2", "/login?redirect=%2Fpayment%3ForderNumbers%3D1%2C2"),
        ("/payment?payNo=P1&cancel=1", "/login?redirect=%2Fpayment%3FpayNo%3DP1%26cancel%3D1"),
    ] {
        let (status, headers, _) = page(&router, uri, &[]).await;
        assert_eq!((status, headers["location"].to_str().unwrap()), (302, login), "{uri}");
        let (status, _, _) = page(&router, uri, &[("cookie", "token=not-a-session")]).await;
        assert_eq!(status, 302, "{uri} with an ended session");
    }
    app.finish().await;
}

#[tokio::test]
async fn a_signed_in_buyer_gets_the_pages() {
    let app = common::sqlite().await;
    let router = site(&app);
    let (_, token) = app.signed_in_user("Dara").await;
    let cookie = common::session_cookie(&token);
    let signed_in = [("cookie", cookie.as_str())];

    // An unknown order, or none named, is the 404 page.
    for uri in ["/order-detail?orderNumber=unknown&lang=en", "/order-detail?orderNumber=99999999", "/order-detail"] {
        let (status, _, html) = page(&router, uri, &signed_in).await;
        assert_eq!(status, 404, "{uri}");
        assert!(html.contains(r#"data-testid="not-found""#), "{uri}: the not-found panel");
    }

    // The order page renders its frame; the confirmation is the island's (sessionStorage).
    let (status, _, html) = page(&router, "/submit-order?lang=en", &signed_in).await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"data-testid="submit-order-page""#) && html.contains(r#"data-testid="checkout""#));
    assert!(html.contains("<title>Submit order - "));

    // The checkout counter renders its frame; the orders and methods are the island's.
    let (status, _, html) = page(&router, "/payment?orderNumbers=1,2&lang=en", &signed_in).await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"data-testid="payment-page""#) && html.contains(r#"data-testid="payment-loading""#));
    assert!(html.contains("<title>Payment checkout counter - "));

    // The cart: a new buyer's is empty (once the cart endpoint is served).
    let (status, _, html) = page(&router, "/cart?lang=en", &signed_in).await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"data-testid="cart-page""#) && !html.contains(r#"data-testid="cart-guest""#));
    let info = app.get_with("/p/shopCart/info", &[("authorization", token.as_str())]).await;
    if info.code() == "00000" {
        assert!(html.contains(r#"data-testid="cart-empty""#), "{html}");
        assert!(html.contains("Your cart is empty"));
    }
    app.finish().await;
}

async fn call(app: &common::TestApp, method: &str, uri: &str, body: String, token: &str) -> common::Answer {
    app.send(common::request(method, uri, "application/json", body, &[("authorization", token)])).await
}

#[tokio::test]
async fn a_cart_line_becomes_an_order_the_buyer_alone_can_open() {
    common::with_seeded_apps(async |app, label| {
        let router = site(app);
        let (_, token) = app.signed_in_user("Dara").await;
        let cookie = common::session_cookie(&token);
        let signed_in = [("cookie", cookie.as_str())];

        // One line of a buyable SKU.
        common::exec(app, "UPDATE sku SET stocks = 50, status = 1").await;
        let (sku_id, prod_id, shop_id): (i64, i64, i64) = sqlx::query_as(
            "SELECT s.sku_id, s.prod_id, p.shop_id FROM sku s JOIN product p ON p.prod_id = s.prod_id
             JOIN shop sh ON sh.shop_id = p.shop_id WHERE p.status = 1 AND sh.shop_status = 1 ORDER BY s.sku_id LIMIT 1",
        )
        .fetch_one(&app.state.db.pool)
        .await
        .expect("a buyable SKU");
        let line = serde_json::json!({"basketId": 0, "count": 2, "prodId": prod_id, "shopId": shop_id, "shopName": "", "skuId": sku_id});
        call(app, "POST", api::paths::SHOP_CART_CHANGE_ITEM, line.to_string(), &token).await.ok("add to cart");

        // The cart page hands the line to its island, with the shop's link.
        let (status, _, html) = page(&router, "/cart?lang=en", &signed_in).await;
        assert_eq!(status, 200, "{label}");
        assert!(html.contains(r#"data-testid="cart""#) && html.contains(r#"data-testid="cart-line""#), "{html}");
        assert!(html.contains(&format!(r#"href="/shop-index?sid={shop_id}""#)));
        assert!(html.contains(&format!(r#"href="/detail?prodId={prod_id}""#)));

        // Confirm and submit through the API, as the order page's island does.
        let addr = serde_json::json!({"addrId": 0, "receiver": "Dara", "mobile": "012345678", "postCode": "12000",
                                      "addr": "12 Street 240, Phnom Penh"});
        call(app, "POST", api::paths::ADDRESS_ADD, addr.to_string(), &token).await.ok("add an address");
        let items = call(app, "GET", api::paths::SHOP_CART_INFO, String::new(), &token).await;
        let basket_id = items.ok("cart")[0]["shopCartItems"][0]["basketId"].as_i64().expect("a line");
        let confirm = serde_json::json!({"basketIds": [basket_id]});
        let confirmation = call(app, "POST", api::paths::ORDER_CONFIRM, confirm.to_string(), &token).await;
        let c = confirmation.ok("confirm").clone();
        let submit = serde_json::json!({"orderToken": c["orderToken"], "addrId": c["userAddr"]["addrId"], "couponIds": [],
                                        "usePoints": 0, "orderShopParam": [{"shopId": shop_id, "remarks": "Ring twice"}]});
        let numbers = call(app, "POST", api::paths::ORDER_SUBMIT, submit.to_string(), &token).await;
        let number = numbers.ok("submit")["orderNumbers"].as_str().unwrap().split(',').next().unwrap().to_string();

        // The order: pending payment, with its deadline, its message and the cancel action.
        let uri = format!("/order-detail?orderNumber={number}&lang=en");
        let (status, _, html) = page(&router, &uri, &signed_in).await;
        assert_eq!(status, 200, "{html}");
        assert!(html.contains(r#"data-testid="order-status""#) && html.contains("Pending payment"), "{html}");
        assert!(html.contains(r#"data-testid="countdown""#), "the payment deadline");
        assert!(html.contains(r#"data-testid="order-cancel""#) && !html.contains(r#"data-testid="order-receipt""#));
        assert!(html.contains(&format!(r#"href="/payment?orderNumbers={number}""#)), "Pay now at the counter");
        assert!(html.contains("Ring twice") && html.contains("12 Street 240, Phnom Penh"));
        assert!(html.contains(&number));

        // Another buyer gets the 404 page for it.
        let (_, other) = app.signed_in_user("Sok").await;
        let other_cookie = common::session_cookie(&other);
        let (status, _, html) = page(&router, &uri, &[("cookie", other_cookie.as_str())]).await;
        assert_eq!(status, 404);
        assert!(html.contains(r#"data-testid="not-found""#) && !html.contains("Ring twice"));
    })
    .await;
}

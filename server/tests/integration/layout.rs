//! What buyers see on shop, product and decorated pages (issue 47), as data rules checked in
//! the rendered HTML: a shop without a real external chat links the storefront's own chat,
//! banners drawn in a language carry it in their URL, a flash sale shows what is left of its
//! stock (not the per-buyer limit), and an off-shelf card does not link its product.

use crate::common;

use common::{exec, page, site, TestApp};

const MINUTE: i64 = 60 * 1000;

/// Every `src` of the page's banner pictures.
fn banner_srcs(html: &str) -> Vec<String> {
    html.match_indices("src=\"/media/banner/")
        .map(|(at, _)| {
            let rest = &html[at + 5..];
            rest[..rest.find('"').expect("a closed attribute")].replace("&amp;", "&")
        })
        .collect()
}

/// The text of the first element with `data-testid="{id}"`, markup and comments removed.
fn text_of(html: &str, id: &str) -> String {
    let at = html.find(&format!("data-testid=\"{id}\"")).unwrap_or_else(|| panic!("no {id}"));
    let rest = &html[at..];
    let start = rest.find('>').expect("the tag ends") + 1;
    let inner = &rest[start..start + rest[start..].find("</span>").expect("the element ends")];
    let mut text = String::new();
    let mut in_tag = false;
    for c in inner.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.trim().to_string()
}

#[tokio::test]
async fn banners_carry_the_page_language_in_their_url_and_differ_per_language() {
    let app = common::seeded_sqlite().await;
    let router = site(&app);
    let mut seen = Vec::new();
    for (code, headline) in [("en", "Mega Sale Week"), ("km", "សប្ដាហ៍លក់ធំ"), ("zh_CN", "超级促销周")]
    {
        let cookie = format!("lang={code}");
        let (status, _, html) = page(&router, "/", &[("cookie", cookie.as_str())]).await;
        assert_eq!(status, 200, "{code}");
        let srcs = banner_srcs(&html);
        assert!(!srcs.is_empty(), "{code}: the home shows banners");
        for src in &srcs {
            assert!(src.ends_with(&format!("lang={code}")), "{code}: {src}");
            assert!(!seen.contains(src), "{code}: {src} is another language's address too");
        }
        // The address answers the picture in that language, the same for any cookie, and may
        // be cached as it is.
        let banner_1 = srcs.iter().find(|s| s.starts_with("/media/banner/1.svg")).cloned().unwrap_or(srcs[0].clone());
        let (status, headers, svg) = page(&router, &banner_1, &[("cookie", "lang=en")]).await;
        assert_eq!(status, 200, "{banner_1}");
        // Compression may vary by encoding; the picture must not vary by cookie.
        let vary = headers.get("vary").and_then(|v| v.to_str().ok()).unwrap_or_default().to_ascii_lowercase();
        assert!(!vary.contains("cookie"), "{banner_1}: one URL, one picture ({vary})");
        if banner_1.starts_with("/media/banner/1.svg") {
            assert!(svg.contains(headline), "{banner_1}: drawn in {code}");
        }
        seen.extend(srcs);
    }
    app.finish().await;
}

/// A shop, its product (100 in stock) and a running flash sale with `left` units, at most
/// `max_num` a buyer.
async fn flash_sale(app: &TestApp, left: i64, max_num: i64) -> (i64, i64) {
    let (shop, prod, sku, sale) = (9401, 9401, 94011, 9491);
    let now = common::now();
    let category = app.count("SELECT MIN(category_id) FROM category").await;
    exec(
        app,
        &format!("INSERT INTO shop (shop_id, shop_name, shop_status, created_at) VALUES ({shop}, 'Flash', 1, {now})"),
    )
    .await;
    exec(
        app,
        &format!(
            "INSERT INTO product (prod_id, shop_id, category_id, prod_name_en, prod_name_zh, prod_name_km, price,
                 ori_price, status, total_stocks, prod_type, created_at)
             VALUES ({prod}, {shop}, {category}, 'Goods', 'Goods', 'Goods', 2000, 2000, 1, 100, 1, {now})"
        ),
    )
    .await;
    exec(
        app,
        &format!(
            "INSERT INTO sku (sku_id, prod_id, properties_en, properties_zh, properties_km, price, ori_price, stocks)
             VALUES ({sku}, {prod}, 'Size:M', 'Size:M', 'Size:M', 2000, 2000, 100)"
        ),
    )
    .await;
    exec(
        app,
        &format!(
            "INSERT INTO seckill (seckill_id, prod_id, shop_id, seckill_price, start_time, end_time, status,
                 seckill_stocks, max_num)
             VALUES ({sale}, {prod}, {shop}, 990, {}, {}, 1, {left}, {max_num})",
            now - MINUTE,
            now + 60 * MINUTE
        ),
    )
    .await;
    (prod, sale)
}

#[tokio::test]
async fn a_flash_sale_shows_what_is_left_of_its_stock_not_the_per_buyer_limit() {
    let app = common::seeded_sqlite().await;
    // As product 340 in flash sale 21 of the demo: 83 left, 1 per buyer.
    let (prod, sale) = flash_sale(&app, 83, 1).await;
    let router = site(&app);
    let uri = format!("/detail?prodId={prod}&seckillId={sale}&lang=en");
    let (status, _, html) = page(&router, &uri, &[]).await;
    assert_eq!(status, 200);
    assert_eq!(text_of(&html, "stock"), "Stock: 83");
    assert_eq!(text_of(&html, "flash-limit"), "Limit 1 per buyer");
    // Units sold come off what is shown.
    exec(&app, &format!("UPDATE seckill SET seckill_stocks = 2 WHERE seckill_id = {sale}")).await;
    let (_, _, html) = page(&router, &format!("{uri}&again=1"), &[]).await;
    assert_eq!(text_of(&html, "stock"), "Stock: 2");
    app.finish().await;
}

#[tokio::test]
async fn no_shop_links_a_chat_host_that_does_not_exist_and_contact_opens_the_shop_chat() {
    let app = common::seeded_sqlite().await;
    assert_eq!(app.count("SELECT COUNT(*) FROM shop WHERE mos_chat_support_url LIKE '%.example/%'").await, 0);
    let router = site(&app);
    let (status, _, html) = page(&router, "/shop-index?sid=2&lang=en", &[]).await;
    assert_eq!(status, 200);
    assert!(html.contains(r#"href="/chat?shopId=2""#), "the shop's own chat");
    assert!(!html.contains("chat.mekongmall.example"));
    // A shop that does have an external chat service links it.
    exec(&app, "UPDATE shop SET mos_chat_support_url = 'https://help.example.com/chat' WHERE shop_id = 3").await;
    let (_, _, html) = page(&router, "/shop-index?sid=3&lang=en", &[]).await;
    assert!(html.contains(r#"href="https://help.example.com/chat""#));
    app.finish().await;
}

#[tokio::test]
async fn an_off_shelf_card_on_a_decorated_page_warns_instead_of_linking_its_product() {
    let app = common::seeded_sqlite().await;
    exec(&app, "UPDATE product SET status = 0").await;
    let router = site(&app);
    let (status, _, html) = page(&router, "/select-decorate?renovationId=1&sid=0&lang=en", &[]).await;
    assert_eq!(status, 200);
    let off_shelf = html.matches("is-off-shelf").count();
    assert!(off_shelf > 0, "the decorated page shows off-shelf cards");
    assert_eq!(html.matches(r#"popovertarget="off-shelf-warning""#).count(), off_shelf, "each one warns");
    assert!(html.contains(r#"id="off-shelf-warning""#) && html.contains("Goods off the shelves"));
    assert!(!html.contains(r#"rel="noopener" class="product-card__link""#), "no card links an off-shelf product");
    app.finish().await;
}

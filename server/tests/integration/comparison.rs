//! Price comparison: matching quality on the seeded catalog (every multi-shop product finds all
//! its offers and nothing else, differently titled listings included), the offers page and
//! its sorts, similar products, the price history (seeded and recorded on a change), the
//! parameter rules, and the server-rendered `/product-comparison` page.

use crate::common;

use common::{all_bad, exec, page, site, TestApp, TEST_PRODUCTS};
use serde_json::Value;
use server::demo::seed::catalog::{self, GROUP_SIZES};
use server::demo::seed::comparison;
use std::collections::{BTreeMap, BTreeSet};

/// Which seeded listings are one product: the catalog's comparison groups and the comparison
/// seed's articles, as the seed made them (not as the matcher reads them).
fn truth() -> BTreeMap<i64, BTreeSet<i64>> {
    let mut members: BTreeMap<String, BTreeSet<i64>> = BTreeMap::new();
    let grouped: i64 = GROUP_SIZES.iter().sum();
    for id in 1..=grouped.min(TEST_PRODUCTS as i64) {
        if let Some((group, _, _)) = catalog::comparison_slot(id) {
            members.entry(format!("group {group}")).or_default().insert(id);
        }
    }
    for offer in comparison::offers(TEST_PRODUCTS) {
        members.entry(format!("article {}", offer.article)).or_default().insert(offer.prod_id);
    }
    let mut of = BTreeMap::new();
    for ids in members.values() {
        for id in ids {
            of.insert(*id, ids.clone());
        }
    }
    of
}

fn ids(records: &Value) -> Vec<i64> {
    records.as_array().expect("records").iter().map(|r| r["prodId"].as_i64().expect("prodId")).collect()
}

async fn offers_of(app: &TestApp, prod_id: i64) -> Vec<i64> {
    let page = app.get_ok(&format!("/comparison/matchProducts?productId={prod_id}&size=100"), "match").await;
    assert_eq!(page["product"]["prodId"], prod_id);
    ids(&page["records"])
}

#[tokio::test]
async fn matching_finds_every_offer_and_nothing_unrelated() {
    common::with_seeded_apps(async |app, what| {
        let truth = truth();
        let all = app.count("SELECT MAX(prod_id) FROM product").await;
        let (mut tp, mut fp, mut fneg) = (0usize, 0usize, 0usize);
        let mut titled_apart = 0;
        for id in 1..=all {
            let expected: BTreeSet<i64> = truth.get(&id).map(|m| m.iter().copied().filter(|o| *o != id).collect()).unwrap_or_default();
            let on_shelf = app.count(&format!("SELECT COUNT(*) FROM product WHERE prod_id = {id} AND status = 1")).await;
            if expected.is_empty() && (on_shelf == 0 || id % 3 != 0) {
                // Unrelated products: every third on-shelf one is asked (it must find nothing).
                continue;
            }
            let found: BTreeSet<i64> = offers_of(app, id).await.into_iter().collect();
            tp += found.intersection(&expected).count();
            fp += found.difference(&expected).count();
            fneg += expected.difference(&found).count();
            assert_eq!(found, expected, "{what}: offers of {id}");
            if !expected.is_empty() {
                let list = expected.iter().chain([&id]).map(i64::to_string).collect::<Vec<_>>().join(",");
                let sql = format!("SELECT COUNT(DISTINCT prod_name_en) FROM product WHERE prod_id IN ({list})");
                if app.count(&sql).await > 1 {
                    titled_apart += 1;
                }
            }
        }
        let precision = tp as f64 / (tp + fp).max(1) as f64;
        let recall = tp as f64 / (tp + fneg).max(1) as f64;
        println!("{what}: matching precision {precision:.4} recall {recall:.4} ({tp} offers found, {fp} wrong, {fneg} missed; {titled_apart} of them listings of a product listed under several titles)");
        assert!(tp > 100, "{what}: {tp} offers");
        assert!(titled_apart > 20, "{what}: differently titled listings are matched ({titled_apart})");
        assert_eq!((fp, fneg), (0, 0), "{what}");
    })
    .await;
}

#[tokio::test]
async fn listings_without_identity_are_matched_by_title_in_every_language() {
    common::with_seeded_apps(async |app, what| {
        // An article none of whose listings carries its identity.
        let offers = comparison::offers(TEST_PRODUCTS);
        let anonymous: Vec<&comparison::Offer> = offers.iter().filter(|o| o.article == 5).collect();
        assert!(anonymous.iter().all(|o| !o.identity) && anonymous.len() >= 2, "{what}");
        let first = anonymous[0].prod_id;
        let found: BTreeSet<i64> = offers_of(app, first).await.into_iter().collect();
        let expected: BTreeSet<i64> = anonymous[1..].iter().map(|o| o.prod_id).collect();
        assert_eq!(found, expected, "{what}");
        // The sibling (same brand and model, another specification) is not the same product.
        let sibling: Vec<i64> = offers.iter().filter(|o| o.article == 4).map(|o| o.prod_id).collect();
        let of_parent: BTreeSet<i64> =
            offers_of(app, offers.iter().find(|o| o.article == 3).unwrap().prod_id).await.into_iter().collect();
        assert!(sibling.iter().all(|s| !of_parent.contains(s)), "{what}: a sibling is not an offer");
        // Renaming a listing's Chinese and Khmer titles only (English left vague) still matches
        // through them; dropping the model from every title leaves it unmatched.
        let lone = anonymous[1].prod_id;
        exec(app, &format!("UPDATE product SET prod_name_en = 'Great deal' WHERE prod_id = {lone}")).await;
        assert!(offers_of(app, first).await.contains(&lone), "{what}: matched by its Chinese or Khmer title");
        exec(app, &format!("UPDATE product SET prod_name_zh = '好东西', prod_name_km = 'របស់ល្អ' WHERE prod_id = {lone}"))
            .await;
        assert!(!offers_of(app, first).await.contains(&lone), "{what}: nothing left to match by");
    })
    .await;
}

#[tokio::test]
async fn offers_come_in_pages_with_the_spec_fields_and_sorts() {
    common::with_seeded_apps(async |app, what| {
        let offers = comparison::offers(TEST_PRODUCTS);
        let big = offers.iter().filter(|o| o.article == 19).map(|o| o.prod_id).collect::<Vec<_>>();
        assert_eq!(big.len(), comparison::MAX_OFFERS, "{what}: the seed has an article in 12 shops");
        let target = big[0];
        let uri = format!(
            "/comparison/matchProducts?current=1&size=10&productId={target}&orders=asc,asc&columns=price,shop_rating"
        );
        let page = app.get_ok(&uri, what).await;
        assert_eq!(
            (page["total"].as_i64(), page["pages"].as_i64(), page["size"].as_i64()),
            (Some(11), Some(2), Some(10))
        );
        let records = page["records"].as_array().unwrap();
        assert_eq!(records.len(), 10);
        let product = &page["product"];
        assert_eq!(product["canRemove"], false, "{what}: the compared product stays");
        for key in [
            "id",
            "prodId",
            "name",
            "description",
            "price",
            "imageUrl",
            "image",
            "stockQty",
            "soldQty",
            "qty",
            "deliveryEstimateDays",
            "skuList",
            "shop",
            "shopId",
            "shopName",
            "shopLogo",
            "followers",
            "isUserAdded",
            "isRemoved",
            "canRemove",
        ] {
            assert!(product.get(key).is_some(), "{what}: {key}");
        }
        for r in records {
            assert_eq!(r["deliveryEstimateDays"], 7);
            assert_eq!(r["canRemove"], true);
            assert_eq!(r["isRemoved"], false);
            assert_eq!(r["shopId"], r["shop"]["id"]);
            assert_eq!(r["shopName"], r["shop"]["name"]);
            assert_eq!(r["followers"], r["shop"]["followerCount"]);
            assert!(r["shop"]["rating"].as_f64().unwrap() >= 1.0);
            assert!(r["skuList"][0]["skuId"].as_i64().unwrap() > 0);
            assert_ne!(r["shopId"], product["shopId"], "{what}: another shop");
        }
        let key = |r: &Value| (r["price"].as_f64().unwrap(), r["shop"]["rating"].as_f64().unwrap());
        assert!(records.windows(2).all(|w| key(&w[0]) <= key(&w[1])), "{what}: price, then rating");
        let second = app.get_ok(&uri.replace("current=1", "current=2"), what).await;
        assert_eq!(second["records"].as_array().unwrap().len(), 1);
        // Rating high first.
        let by_rating = app
            .get_ok(
                &format!("/comparison/matchProducts?productId={target}&size=20&columns=shop_rating&orders=desc"),
                what,
            )
            .await;
        let ratings: Vec<f64> =
            by_rating["records"].as_array().unwrap().iter().map(|r| r["shop"]["rating"].as_f64().unwrap()).collect();
        assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{what}: {ratings:?}");
        let by_price = app
            .get_ok(&format!("/comparison/matchProducts?productId={target}&size=20&columns=price&orders=desc"), what)
            .await;
        let prices: Vec<f64> =
            by_price["records"].as_array().unwrap().iter().map(|r| r["price"].as_f64().unwrap()).collect();
        assert!(prices.windows(2).all(|w| w[0] >= w[1]), "{what}: {prices:?}");
        // A product without offers answers itself and an empty page.
        let alone = app.get_ok("/comparison/matchProducts?productId=48", what).await;
        assert_eq!((alone["total"].as_i64(), alone["records"].as_array().map(Vec::len)), (Some(0), Some(0)));
        // Bad input.
        all_bad(
            app,
            &[
                "/comparison/matchProducts",
                "/comparison/matchProducts?productId=abc",
                "/comparison/matchProducts?productId=0",
                "/comparison/matchProducts?productId=99999999",
                &format!("/comparison/matchProducts?productId={target}&columns=colour"),
                &format!("/comparison/matchProducts?productId={target}&columns=price&orders=up"),
                &format!("/comparison/matchProducts?productId={target}&columns=price&orders=asc,desc"),
                &format!("/comparison/matchProducts?productId={target}&size=0"),
                &format!("/comparison/matchProducts?productId={target}&current=-1"),
                "/comparison/similarProducts?productId=99999999",
                &format!("/comparison/similarProducts?productId={target}&columns=price,price"),
            ],
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn similar_products_share_the_category_and_the_price_band_but_are_not_offers() {
    common::with_seeded_apps(async |app, what| {
        let offers = comparison::offers(TEST_PRODUCTS);
        let target = offers.iter().find(|o| o.article == 3).unwrap().prod_id;
        let own: BTreeSet<i64> = offers_of(app, target).await.into_iter().collect();
        let (leaf, price) = {
            let (leaf, price): (i64, i64) = sqlx::query_as("SELECT category_id, price FROM product WHERE prod_id = $1")
                .bind(target)
                .fetch_one(&app.state.db.pool)
                .await
                .unwrap();
            (leaf, price)
        };
        let page = app
            .get_ok(&format!("/comparison/similarProducts?current=1&size=10&productId={target}&orders=asc,asc&columns=price,shop_rating"), what)
            .await;
        let similar = ids(&page["records"]);
        assert!(!similar.is_empty(), "{what}: similar products exist");
        assert!(page["total"].as_i64().unwrap() <= 50);
        for id in &similar {
            assert!(!own.contains(id) && *id != target, "{what}: {id} is an offer, not a similar product");
            let (category, p, status): (i64, i64, i64) =
                sqlx::query_as("SELECT category_id, price, status FROM product WHERE prod_id = $1")
                    .bind(id)
                    .fetch_one(&app.state.db.pool)
                    .await
                    .unwrap();
            assert_eq!(category / 10, leaf / 10, "{what}: {id} is of the same second-level category");
            assert!(p * 2 >= price && p <= price * 2, "{what}: {id} costs {p} against {price}");
            assert_eq!(status, 1);
        }
        let prices: Vec<f64> = page["records"].as_array().unwrap().iter().map(|r| r["price"].as_f64().unwrap()).collect();
        assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{what}: by price");
        // The sibling of article 3 (same brand and model, other specification) is among the
        // most similar.
        let sibling: BTreeSet<i64> = offers.iter().filter(|o| o.article == 4).map(|o| o.prod_id).collect();
        let ranked = app.get_list(&format!("/product/compare/similar?productId={target}&size=10"), what).await;
        let ranked: Vec<i64> = ranked.iter().map(|r| r["prodId"].as_i64().unwrap()).collect();
        assert!(ranked.iter().take(sibling.len() + 2).any(|id| sibling.contains(id)), "{what}: {ranked:?}");
        // A keyword narrows to names holding it (the model code: only the sibling's listings).
        let model = comparison::articles(TEST_PRODUCTS)[3].model.clone();
        let named = app.get_list(&format!("/product/compare/similar?productId={target}&keyword={model}&size=50"), what).await;
        let named: BTreeSet<i64> = named.iter().map(|r| r["prodId"].as_i64().unwrap()).collect();
        assert!(!named.is_empty() && named.is_subset(&sibling), "{what}: {model}: {named:?} of {sibling:?}");
        let none = app.get_list(&format!("/product/compare/similar?productId={target}&keyword=zzzqqq"), what).await;
        assert!(none.is_empty(), "{what}");
        all_bad(
            app,
            &[
                "/product/compare/similar",
                &format!("/product/compare/similar?productId={target}&size=0"),
                &format!("/product/compare/similar?productId={target}&size=51"),
                &format!("/product/compare/similar?productId={target}&size=x"),
            ],
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn the_price_history_is_seeded_and_records_every_change() {
    common::with_seeded_apps(async |app, what| {
        let with_history = app.count("SELECT COUNT(DISTINCT prod_id) FROM price_history").await;
        let products = app.count("SELECT COUNT(*) FROM product").await;
        assert!(with_history * 3 > products * 2, "{what}: {with_history} of {products} products have a history");
        let id = app
            .count("SELECT prod_id FROM price_history GROUP BY prod_id HAVING COUNT(*) >= 4 ORDER BY prod_id LIMIT 1")
            .await;
        let year = app.get_ok(&format!("/product/price/history?productId={id}&period=year"), what).await;
        let points = year["points"].as_array().unwrap();
        assert!(points.len() >= 3, "{what}: {year}");
        let price = |v: &Value| v.as_f64().unwrap();
        let current = price(&year["currentPrice"]);
        let db_price = app.count(&format!("SELECT price FROM product WHERE prod_id = {id}")).await as f64 / 100.0;
        assert!((current - db_price).abs() < 1e-9, "{what}: ends at today's price");
        assert!(price(&year["lowestPrice"]) <= current && current <= price(&year["highestPrice"]));
        assert!(year["changes"].as_i64().unwrap() >= 1);
        assert_eq!(year["period"], "year");
        let times: Vec<i64> = points.iter().map(|p| p["time"].as_i64().unwrap()).collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(year["to"].as_i64().unwrap() - year["from"].as_i64().unwrap(), 365 * 86_400_000);
        let month = app.get_ok(&format!("/product/price/history?productId={id}"), what).await;
        assert_eq!(month["period"], "month", "{what}: month by default");
        for period in ["week", "quarter", "YEAR"] {
            app.get_ok(&format!("/product/price/history?productId={id}&period={period}"), what).await;
        }
        // A change of price is recorded (the same price, or another column, is not).
        let before = app.count(&format!("SELECT COUNT(*) FROM price_history WHERE prod_id = {id}")).await;
        exec(app, &format!("UPDATE product SET price = price + 123 WHERE prod_id = {id}")).await;
        exec(app, &format!("UPDATE product SET price = price WHERE prod_id = {id}")).await;
        exec(app, &format!("UPDATE product SET sold_num = sold_num + 1 WHERE prod_id = {id}")).await;
        let after = app.count(&format!("SELECT COUNT(*) FROM price_history WHERE prod_id = {id}")).await;
        assert_eq!(after, before + 1, "{what}");
        let week = app.get_ok(&format!("/product/price/history?productId={id}&period=week"), what).await;
        assert!((price(&week["currentPrice"]) - (db_price + 1.23)).abs() < 1e-6, "{what}: {week}");
        let points = week["points"].as_array().unwrap();
        assert!((price(&points[points.len() - 2]["price"]) - (db_price + 1.23)).abs() < 1e-6, "{what}: {week}");
        assert!(week["changes"].as_i64().unwrap() >= 1);
        all_bad(
            app,
            &[
                "/product/price/history",
                "/product/price/history?productId=0",
                "/product/price/history?productId=99999999",
                &format!("/product/price/history?productId={id}&period=decade"),
            ],
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn the_comparison_page_shows_the_offers_without_javascript() {
    let apps = common::apps().await;
    let app = &apps[0];
    let router = site(app);
    let offers = comparison::offers(TEST_PRODUCTS);
    let target = offers.iter().find(|o| o.article == 19).unwrap();
    let (status, _, html) = page(&router, &format!("/product-comparison?prodId={}", target.prod_id), &[]).await;
    assert_eq!(status, 200);
    assert!(html.contains("data-testid=\"comparison-page\""), "the page");
    assert!(html.contains("data-testid=\"comparison-offers\""), "the offers table");
    let rows = html.matches("data-testid=\"comparison-offer\"").count();
    assert_eq!(rows, comparison::MAX_OFFERS - 1, "every other shop's offer is in the HTML");
    for other in offers.iter().filter(|o| o.article == 19 && o.prod_id != target.prod_id) {
        let shop = common::text(app, &format!("SELECT shop_name FROM shop WHERE shop_id = {}", other.shop_id)).await;
        assert!(html.contains(&shop.replace('&', "&amp;")), "{shop}");
        assert!(html.contains(&format!("/detail?prodId={}", other.prod_id)));
    }
    assert!(html.contains("data-testid=\"price-history\""), "the price history");
    assert!(html.contains("<svg"), "its chart");
    assert!(html.contains("name=\"price-compare\""), "the widget takes over");
    for uri in ["/product-comparison", "/product-comparison?prodId=abc", "/product-comparison?prodId=99999999"] {
        let (status, _, _) = page(&router, uri, &[]).await;
        assert_eq!(status, 404, "{uri}");
    }
    for app in apps {
        app.finish().await;
    }
}

//! The shops' API against a real database: banners, hot shops, the shop header and following,
//! shop categories, shop cards of decorated blocks, decorated pages.

use crate::common;

use common::{all_bad, exec, keys, set, text, SHOP_CARD};
use serde_json::Value;

#[tokio::test]
async fn banners_are_shown_ones_in_seq_order() {
    common::with_seeded_apps(async |app, what| {
        let list = app.get_list("/indexImgs/0?imgType=1", what).await;
        assert_eq!(list.len(), 5, "{what}");
        for b in &list {
            assert_eq!(keys(b), set(&["id", "imgUrl", "title", "type", "relation"]), "{what}");
        }
        assert_eq!(list[0]["id"], 1);
        assert_eq!(list[0]["imgUrl"], "/media/banner/1.svg");
        assert_eq!(list[0]["type"], 1);
        assert!(list[0]["relation"].as_str().unwrap().parse::<i64>().unwrap() > 0);
        assert_eq!(list[0]["title"], "Mega Sale Week", "{what}");
        let titled =
            async |lang: &str| app.get_with("/indexImgs/0", &[("locale", lang)]).await.ok(what)[0]["title"].clone();
        assert_eq!(titled("zh_CN").await, "超级促销周", "{what}: titles follow the request language");
        assert!(titled("km").await.as_str().unwrap().chars().any(|c| ('\u{1780}'..='\u{17FF}').contains(&c)), "{what}");
        exec(app, "UPDATE index_img SET title_km = NULL WHERE id = 1").await;
        assert_eq!(titled("km").await, "Mega Sale Week", "{what}: no Khmer title falls back to the title");

        exec(app, "UPDATE index_img SET seq = 0 WHERE id = 4").await;
        exec(app, "UPDATE index_img SET status = 0 WHERE id = 2").await;
        let ids: Vec<i64> = app
            .get("/indexImgs/0")
            .await
            .ok(what)
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["id"].as_i64().unwrap())
            .collect();
        assert_eq!(ids, vec![4, 1, 3, 5], "{what}: hidden banners are left out, seq orders");
        assert_eq!(app.get("/indexImgs/3?imgType=1").await.ok(what), &Value::Array(vec![]), "{what}");

        all_bad(
            app,
            &["/indexImgs/-1?imgType=1", "/indexImgs/abc", "/indexImgs/0?imgType=x", "/indexImgs/99999999999999999999"],
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn hot_shops_are_online_best_sellers() {
    common::with_seeded_apps(async |app, what| {
        let list = app.get_list("/shop/hotShops", what).await;
        assert_eq!(list.len(), 10, "{what}");
        for s in &list {
            assert_eq!(keys(s), set(SHOP_CARD), "{what}");
            assert_eq!(s["shopStatus"], 1, "{what}");
        }
        let sold: Vec<i64> = list.iter().map(|s| s["soldNum"].as_i64().unwrap()).collect();
        assert!(sold.windows(2).all(|w| w[0] >= w[1]), "{what}: {sold:?}");
        let first = list[0]["shopId"].as_i64().unwrap();
        let rating = app.count(&format!("SELECT rating FROM shop WHERE shop_id = {first}")).await;
        assert_eq!(list[0]["rating"].as_f64().unwrap(), rating as f64 / 10.0);
        assert_eq!(list[0]["fansCount"], list[0]["shopFocusNumber"]);

        exec(app, &format!("UPDATE shop SET shop_status = 0 WHERE shop_id = {first}")).await;
        let list = app.get_list("/shop/hotShops", what).await;
        assert!(list.iter().all(|s| s["shopId"] != first), "{what}: offline shops are not hot");
    })
    .await;
}

#[tokio::test]
async fn shop_head_info_and_following() {
    common::with_seeded_apps(async |app, what| {
        let head = app.get_ok("/shop/headInfo?shopId=2", what).await;
        let mut expected = set(SHOP_CARD);
        expected.extend(set(&["mosChatSupportUrl", "contact", "collected"]));
        assert_eq!(keys(&head), expected, "{what}");
        assert_eq!(head["shopName"], "Angkor Digital");
        assert_eq!(head["type"], 1);
        assert_eq!(head["collected"], false);
        let fans = head["fansCount"].as_i64().unwrap();
        // The introduction in the request's language; the stored one where it has none.
        assert!(head["intro"].as_str().unwrap().contains("specialists"), "{what}: {head}");
        let zh = app.get_with("/shop/headInfo?shopId=2", &[("locale", "zh_CN")]).await.ok(what).clone();
        assert!(zh["intro"].as_str().unwrap().contains("专营店"), "{what}: {zh}");
        let km = app.get_with("/shop/headInfo?shopId=2", &[("locale", "km")]).await.ok(what).clone();
        assert!(km["intro"].as_str().unwrap().contains("កម្ពុជា"), "{what}: {km}");
        exec(app, "UPDATE shop SET intro_km = '' WHERE shop_id = 2").await;
        let km = app.get_with("/shop/headInfo?shopId=2", &[("locale", "km")]).await.ok(what).clone();
        assert_eq!(km["intro"], head["intro"], "{what}: falls back");

        // Guests cannot follow.
        let path = "/p/shop/collection/addOrCancel";
        app.post_json(path, r#"{"shopId":2}"#, &[]).await.failed("A00004", what);
        app.post_json(path, r#"{"shopId":2}"#, &[("authorization", "no-such-token")]).await.failed("A00004", what);
        assert_eq!(app.count("SELECT COUNT(*) FROM shop_collection").await, 0, "{what}");

        let (user, token) = app.signed_in_user("follower").await;
        let auth = [("authorization", token.as_str())];
        assert_eq!(app.post_json(path, r#"{"shopId":2}"#, &auth).await.ok(what), &Value::Bool(true));
        assert_eq!(
            app.count(&format!("SELECT COUNT(*) FROM shop_collection WHERE user_id = {user} AND shop_id = 2")).await,
            1
        );
        let head = app.get_with("/shop/headInfo?shopId=2", &auth).await.ok(what).clone();
        assert_eq!(head["collected"], true, "{what}");
        assert_eq!(head["fansCount"], fans + 1, "{what}");
        assert_eq!(app.get("/shop/headInfo?shopId=2").await.ok(what)["collected"], false, "{what}: guests see false");
        let other = app.signed_in_user("other").await.1;
        assert_eq!(
            app.get_with("/shop/headInfo?shopId=2", &[("authorization", &other)]).await.ok(what)["collected"],
            false
        );

        // A bare number body toggles it off again; the query form works too.
        assert_eq!(app.post_json(path, "2", &auth).await.ok(what), &Value::Bool(false));
        assert_eq!(app.count("SELECT COUNT(*) FROM shop_collection").await, 0, "{what}");
        assert_eq!(app.count("SELECT fans_count FROM shop WHERE shop_id = 2").await, fans, "{what}");
        assert_eq!(
            app.post_json("/p/shop/collection/addOrCancel?shopId=3", "", &auth).await.ok(what),
            &Value::Bool(true)
        );
        assert_eq!(app.count("SELECT COUNT(*) FROM shop_collection WHERE shop_id = 3").await, 1);

        // Bad ids, unknown and offline shops: A00001 and nothing changed.
        let offline = app.count("SELECT MIN(shop_id) FROM shop WHERE shop_status <> 1").await;
        let before = app.count("SELECT COUNT(*) FROM shop_collection").await;
        let fans_sum = app.count("SELECT CAST(SUM(fans_count) AS BIGINT) FROM shop").await;
        let offline_body = format!("{{\"shopId\":{offline}}}");
        for body in [
            "",
            "{}",
            r#"{"shopId":-1}"#,
            r#"{"shopId":0}"#,
            r#"{"shopId":"abc"}"#,
            r#"{"shopId":99999999999999999999}"#,
            r#"{"shopId":987654}"#,
            "-4",
            "abc",
            "\n",
            offline_body.as_str(),
        ] {
            let en = app.post_json(path, body.to_string(), &auth).await.bad(&format!("{what}: {body}"));
            let mut zh_headers = auth.to_vec();
            zh_headers.push(("locale", "zh_CN"));
            let zh = app.post_json(path, body.to_string(), &zh_headers).await.bad(&format!("{what}: {body}"));
            assert_ne!(en, zh, "{what}: {body}");
        }
        // A body that is not JSON (whitespace alone) is bad even beside a good query.
        for body in ["\n", " "] {
            app.post_json("/p/shop/collection/addOrCancel?shopId=2", body.to_string(), &auth).await.bad(what);
        }
        assert_eq!(app.count("SELECT COUNT(*) FROM shop_collection").await, before, "{what}");
        assert_eq!(app.count("SELECT CAST(SUM(fans_count) AS BIGINT) FROM shop").await, fans_sum, "{what}");

        // Offline shops are still shown in the header (as offline).
        let head = app.get_ok(&format!("/shop/headInfo?shopId={offline}"), what).await;
        assert_ne!(head["shopStatus"], 1);
        all_bad(
            app,
            &[
                "/shop/headInfo",
                "/shop/headInfo?shopId=0",
                "/shop/headInfo?shopId=-2",
                "/shop/headInfo?shopId=two",
                "/shop/headInfo?shopId=99999999999999999999",
                "/shop/headInfo?shopId=987654",
            ],
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn many_buyers_follow_and_unfollow_one_shop_at_once() {
    use tower::ServiceExt;
    common::with_seeded_apps(async |app, what| {
        const BUYERS: usize = 12;
        let fans = app.count("SELECT fans_count FROM shop WHERE shop_id = 2").await;
        let mut tokens = Vec::new();
        for i in 0..BUYERS {
            tokens.push(app.signed_in_user(&format!("fan{i}")).await.1);
        }
        for now_following in [true, false] {
            let tasks: Vec<_> = tokens
                .iter()
                .map(|token| {
                    let router = app.router();
                    let request = common::request(
                        "POST",
                        "/p/shop/collection/addOrCancel",
                        "application/json",
                        r#"{"shopId":2}"#.to_string(),
                        &[("authorization", token)],
                    );
                    tokio::spawn(async move {
                        let response = router.oneshot(request).await.expect("router answers");
                        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("body");
                        serde_json::from_slice::<Value>(&bytes).expect("JSON")
                    })
                })
                .collect();
            for task in tasks {
                let answer = task.await.expect("task");
                assert_eq!(answer["code"], "00000", "{what}: {answer}");
                assert_eq!(answer["data"], now_following, "{what}");
            }
            let followers = if now_following { BUYERS as i64 } else { 0 };
            assert_eq!(app.count("SELECT COUNT(*) FROM shop_collection WHERE shop_id = 2").await, followers, "{what}");
            assert_eq!(app.count("SELECT fans_count FROM shop WHERE shop_id = 2").await, fans + followers, "{what}");
        }
    })
    .await;
}

#[tokio::test]
async fn shop_categories_are_the_categories_of_its_products_and_filter_the_search() {
    common::with_seeded_apps(async |app, what| {
        let shop = 2;
        let on_shelf = format!("FROM product WHERE shop_id = {shop} AND status = 1");
        let groups = app.get_ok(&format!("/shop/shopCategory?shopId={shop}"), what).await;
        let groups = groups.as_array().expect("a list").clone();
        assert!(!groups.is_empty(), "{what}");
        let mut listed = 0;
        for group in &groups {
            let leaves = group["categories"].as_array().unwrap();
            assert!(!leaves.is_empty(), "{what}: a group lists its leaves");
            for leaf in leaves {
                let id = leaf["categoryId"].as_i64().unwrap();
                assert!(app.count(&format!("SELECT COUNT(*) {on_shelf} AND category_id = {id}")).await > 0, "{what}");
                listed += 1;
            }
        }
        assert_eq!(listed, app.count(&format!("SELECT COUNT(DISTINCT category_id) {on_shelf}")).await, "{what}");
        // Names in the request language.
        let zh =
            app.get_with(&format!("/shop/shopCategory?shopId={shop}"), &[("locale", "zh_CN")]).await.ok(what).clone();
        let id = groups[0]["categoryId"].as_i64().unwrap();
        assert_eq!(
            zh[0]["categoryName"],
            text(app, &format!("SELECT category_name_zh FROM category WHERE category_id = {id}")).await
        );

        // A shop category narrows the shop's products in the search, at either level.
        let leaf = groups[0]["categories"][0]["categoryId"].as_i64().unwrap();
        let page = app.get_ok(&format!("/search/page?shopId={shop}&shopCategoryId={leaf}&size=50"), what).await;
        assert_eq!(
            page["total"],
            app.count(&format!("SELECT COUNT(*) {on_shelf} AND category_id = {leaf}")).await,
            "{what}"
        );
        let group_page = app.get_ok(&format!("/search/page?shopId={shop}&shopCategoryId={id}&size=50"), what).await;
        assert!(group_page["total"].as_i64() >= page["total"].as_i64(), "{what}");

        all_bad(
            app,
            &[
                "/shop/shopCategory",
                "/shop/shopCategory?shopId=0",
                "/shop/shopCategory?shopId=x",
                "/shop/shopCategory?shopId=999999",
                "/search/page?shopCategoryId=-1",
            ],
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn renovation_shop_lists_keep_the_given_order() {
    common::with_seeded_apps(async |app, what| {
        let list = app.get_list("/shop/listRenovationShop?shopIds=5,2,36,987654,2", what).await;
        let ids: Vec<i64> = list.iter().map(|s| s["shopId"].as_i64().unwrap()).collect();
        assert_eq!(ids, vec![5, 2, 36], "{what}: given order, unknown skipped, repeats once");
        for s in &list {
            assert_eq!(keys(s), set(SHOP_CARD), "{what}");
        }
        assert_eq!(list[2]["shopStatus"], 0, "{what}: offline shops are listed as offline");
        let many = (1..=50).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
        assert_eq!(
            app.get(&format!("/shop/listRenovationShop?shopIds={many}")).await.ok(what).as_array().unwrap().len(),
            44
        );
        let too_many = (1..=51).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
        let too_many = format!("/shop/listRenovationShop?shopIds={too_many}");
        all_bad(
            app,
            &[
                "/shop/listRenovationShop",
                "/shop/listRenovationShop?shopIds=",
                "/shop/listRenovationShop?shopIds=1,-2",
                "/shop/listRenovationShop?shopIds=1,x",
                "/shop/listRenovationShop?shopIds=99999999999999999999",
                too_many.as_str(),
            ],
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn renovation_homepage_finds_active_homes_and_pages() {
    common::with_seeded_apps(async |app, what| {
        // The platform page exists but is not switched on: no decorated home.
        assert!(app.get("/shopRenovation/homepage?renovationType=1").await.ok(what).is_null(), "{what}");
        let shop = app.get_ok("/shopRenovation/homepage?renovationType=1&shopId=2", what).await;
        assert_eq!(keys(&shop), set(&["renovationId", "shopId", "name", "content"]), "{what}");
        assert_eq!(shop["shopId"], 2);
        let blocks: Value = serde_json::from_str(shop["content"].as_str().unwrap()).expect("content is JSON");
        assert!(!blocks.as_array().unwrap().is_empty(), "{what}");
        assert!(blocks[0].get("type").is_some(), "{what}");

        let page = app.get_ok("/shopRenovation/homepage?renovationType=1&renovationId=1", what).await;
        assert_eq!(page["renovationId"], 1);
        assert_eq!(page["shopId"], 0);
        assert_eq!(page["name"], "Mall festival home", "{what}");
        // Named in the request's language.
        for (locale, name) in [("zh_CN", "商城节日主页"), ("km", "ទំព័រដើមពិធីបុណ្យផ្សារ")]
        {
            let answer =
                app.get_with("/shopRenovation/homepage?renovationType=1&renovationId=1", &[("locale", locale)]).await;
            assert_eq!(answer.ok(what)["name"], name, "{what}");
        }
        let with_shop = app.get_ok("/shopRenovation/homepage?renovationType=1&renovationId=2&shopId=2", what).await;
        assert_eq!(with_shop["renovationId"], 2);

        exec(app, "UPDATE renovation SET is_home = 1 WHERE renovation_id = 1").await;
        assert_eq!(app.get("/shopRenovation/homepage?renovationType=1").await.ok(what)["renovationId"], 1, "{what}");

        let en = app.get("/shopRenovation/homepage?renovationType=1&renovationId=987654").await.bad(what);
        let km = app
            .get_with("/shopRenovation/homepage?renovationType=1&renovationId=987654", &[("locale", "km")])
            .await
            .bad(what);
        assert_ne!(en, km);
        all_bad(
            app,
            &[
                "/shopRenovation/homepage?renovationType=1&renovationId=2&shopId=3",
                "/shopRenovation/homepage?renovationType=1&renovationId=-1",
                "/shopRenovation/homepage?renovationType=1&renovationId=x",
                "/shopRenovation/homepage?renovationType=1&renovationId=0",
                "/shopRenovation/homepage?renovationType=x",
                "/shopRenovation/homepage?renovationType=1&shopId=-2",
                "/shopRenovation/homepage?renovationType=1&renovationId=99999999999999999999",
            ],
        )
        .await;
    })
    .await;
}

//! The address book as plain forms (`api::forms::ADDRESS_SAVE`, `ADDRESS_DELETE`,
//! `ADDRESS_DEFAULT`, record 0189), as a browser without scripts sends them: added, changed,
//! made the default and deleted, back to the page with the message; a refused field back to the
//! open form with the typed values and its message under the field, nothing stored; another
//! buyer's address untouched; at most 20 addresses under a parallel burst of form posts.

use crate::common;
use crate::forms::{cookie_pair, post};
use api::forms::{ADDRESS_DEFAULT, ADDRESS_DELETE, ADDRESS_PAGE, ADDRESS_SAVE};
use common::TestApp;

/// A save form's body.
fn save_form(addr_id: i64, receiver: &str, addr: &str, make_default: bool) -> String {
    let mut body = format!(
        "back={}&addrId={}&receiver={}&mobile={}&postCode=12000&addr={}",
        common::urlencode(ADDRESS_PAGE),
        if addr_id > 0 { addr_id.to_string() } else { String::new() },
        common::urlencode(receiver),
        common::urlencode("+855 12-345-678"),
        common::urlencode(addr),
    );
    if make_default {
        body.push_str("&commonAddr=1");
    }
    body
}

fn id_form(addr_id: i64, confirmed: bool) -> String {
    format!("back={}&addrId={addr_id}&confirmed={}", common::urlencode(ADDRESS_PAGE), if confirmed { "1" } else { "" })
}

/// Every stored address as (id, user, receiver, addr, common_addr).
async fn stored(app: &TestApp) -> Vec<(i64, i64, String, String, i64)> {
    sqlx::query_as("SELECT addr_id, user_id, receiver, addr, common_addr FROM user_addr ORDER BY addr_id")
        .fetch_all(&app.state.db.pool)
        .await
        .expect("addresses")
}

const STREET: &str = "No. 12, Street 240, Phnom Penh";

#[tokio::test]
async fn the_address_forms_add_change_choose_the_default_and_delete_and_come_back_saying_so() {
    common::with_empty_apps(async |app, what| {
        let router = common::site(app);
        // A guest signs in first and comes back to the address book.
        let (status, location, _) = post(&router, ADDRESS_SAVE, &save_form(0, "Guest", STREET, false), &[]).await;
        assert_eq!((status, location.as_str()), (303, "/login?redirect=%2Fuser-center%2Fuc-address"), "{what}");
        assert!(stored(app).await.is_empty(), "{what}");

        let (me, token) = app.signed_in_user("book-form").await;
        let session = common::session_cookie(&token);
        let cookie = [("cookie", session.as_str())];
        let (status, location, cookies) =
            post(&router, ADDRESS_SAVE, &save_form(0, " Sok Dara ", STREET, false), &cookie).await;
        assert_eq!((status, location.as_str()), (303, ADDRESS_PAGE), "{what}");
        assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~order-address-saved"), "{what}");
        app.state.db.clock.advance(1_000);
        post(&router, ADDRESS_SAVE, &save_form(0, "ស៊ុខា", "ផ្ទះ ១២ ផ្លូវ ២៤០", false), &cookie).await;
        let rows = stored(app).await;
        let (first, second) = (rows[0].0, rows[1].0);
        assert_eq!(
            rows,
            vec![
                (first, me, "Sok Dara".into(), STREET.into(), 1),
                (second, me, "ស៊ុខា".into(), "ផ្ទះ ១២ ផ្លូវ ២៤០".into(), 0)
            ],
            "{what}: stored trimmed, the first is the default"
        );

        // Changed and made the default in one form.
        let (status, location, cookies) =
            post(&router, ADDRESS_SAVE, &save_form(second, "Sokha", "No. 9, Street 51", true), &cookie).await;
        assert_eq!((status, location.as_str()), (303, ADDRESS_PAGE), "{what}");
        assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~uc-address-updated"), "{what}");
        let rows = stored(app).await;
        assert_eq!((rows[0].4, rows[1].2.as_str(), rows[1].4), (0, "Sokha", 1), "{what}");

        let (_, _, cookies) = post(&router, ADDRESS_DEFAULT, &id_form(first, false), &cookie).await;
        assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~uc-address-default-set"), "{what}");
        assert_eq!(stored(app).await.iter().map(|r| r.4).collect::<Vec<_>>(), vec![1, 0], "{what}");

        // Sent without the script's confirmation, the page asks first; nothing is deleted.
        let (status, location, cookies) = post(&router, ADDRESS_DELETE, &id_form(first, false), &cookie).await;
        assert_eq!((status, location.as_str()), (303, format!("{ADDRESS_PAGE}?delete={first}").as_str()), "{what}");
        assert_eq!(cookie_pair(&cookies, "flash"), None, "{what}");
        assert_eq!(stored(app).await.len(), 2, "{what}");
        let (status, _, html) = common::page(&router, &location, &cookie).await;
        assert_eq!(status, 200, "{what}");
        assert!(html.contains(r#"data-testid="uc-address-confirm""#), "{what}: the question");
        // Deleting the default hands it to the one remaining.
        let (status, location, cookies) = post(&router, ADDRESS_DELETE, &id_form(first, true), &cookie).await;
        assert_eq!((status, location.as_str()), (303, ADDRESS_PAGE), "{what}");
        assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some("flash=s~uc-address-deleted"), "{what}");
        assert_eq!(stored(app).await, vec![(second, me, "Sokha".into(), "No. 9, Street 51".into(), 1)], "{what}");

        // The page, in Khmer: plain forms, no island.
        let (status, _, html) = common::page(&router, "/user-center/uc-address?lang=km", &cookie).await;
        assert_eq!(status, 200, "{what}");
        assert!(html.contains(&format!(r#"action="{ADDRESS_DELETE}""#)), "{what}");
        assert!(html.contains(&i18n::t(i18n::Lang::Km, "uc-address-edit")), "{what}");
        assert!(!html.contains("SettingsIsland"), "{what}: the page needs no island");
    })
    .await;
}

#[tokio::test]
async fn a_refused_field_comes_back_under_its_field_with_the_typed_values_and_nothing_changes() {
    common::with_empty_apps(async |app, what| {
        let router = common::site(app);
        let (_, token) = app.signed_in_user("book-refused").await;
        let session = common::session_cookie(&token);
        let cookie = [("cookie", session.as_str())];
        post(&router, ADDRESS_SAVE, &save_form(0, "Dara", STREET, false), &cookie).await;
        let id = stored(app).await[0].0;
        let before = stored(app).await;

        for (addr_id, receiver, addr, flash, open) in [
            (0, "Dara", "abc", "flash=e~error-address-detail~min.5~max.50~at.addr", "add=1".to_string()),
            (0, "   ", STREET, "flash=e~error-address-receiver~max.20~at.receiver", "add=1".to_string()),
            (id, "Dara", "ផ្ទះ", "flash=e~error-address-detail~min.5~max.50~at.addr", format!("edit={id}")),
        ] {
            let (status, location, cookies) =
                post(&router, ADDRESS_SAVE, &save_form(addr_id, receiver, addr, true), &cookie).await;
            assert_eq!(status, 303, "{what}: {addr:?}");
            assert!(location.starts_with(&format!("{ADDRESS_PAGE}?{open}&receiver=")), "{what}: {location}");
            assert!(location.contains(&format!("&addr={}", api::url::encode(addr))), "{what}: {location}");
            assert!(location.ends_with("&commonAddr=1"), "{what}: {location}");
            assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some(flash), "{what}: {addr:?}");
            assert_eq!(stored(app).await, before, "{what}: nothing changed");
        }

        // The form comes back with the typed value, its message under the field, focused.
        let (status, location, _) = post(&router, ADDRESS_SAVE, &save_form(0, "ស៊ុខា", "abc", false), &cookie).await;
        assert_eq!(status, 303, "{what}");
        let flash = format!("flash=e~error-address-detail~min.5~max.50~at.addr; token={token}; lang=km");
        let (status, _, html) = common::page(&router, &location, &[("cookie", &flash)]).await;
        assert_eq!(status, 200, "{what}");
        assert!(html.contains(r#"value="ស៊ុខា""#) && html.contains(r#"value="abc""#), "{what}: the typed values");
        let message = i18n::t_args(i18n::Lang::Km, "error-address-detail", &[("min", "5"), ("max", "50")]);
        assert!(html.contains(&message), "{what}: the message in Khmer");
        assert!(
            html.contains(r#"aria-invalid="true" aria-describedby="address-new-addr-error""#),
            "{what}: the field is marked and tied to its message: {html}"
        );
        assert!(html.contains(r#"id="address-new-addr" name="addr""#), "{what}");
        assert!(!html.contains(r#"data-testid="flash-error""#), "{what}: not as a toast");
    })
    .await;
}

#[tokio::test]
async fn another_buyers_address_cannot_be_changed_chosen_or_deleted_by_a_form() {
    common::with_empty_apps(async |app, what| {
        let router = common::site(app);
        let (_, alice) = app.signed_in_user("alice-form").await;
        let (_, bob) = app.signed_in_user("bob-form").await;
        let alice = common::session_cookie(&alice);
        let bob = common::session_cookie(&bob);
        post(&router, ADDRESS_SAVE, &save_form(0, "Alice", STREET, false), &[("cookie", &alice)]).await;
        post(&router, ADDRESS_SAVE, &save_form(0, "Bob", STREET, false), &[("cookie", &bob)]).await;
        app.state.db.clock.advance(1_000);
        post(&router, ADDRESS_SAVE, &save_form(0, "Alice two", STREET, false), &[("cookie", &alice)]).await;
        let before = stored(app).await;
        let alices = before[0].0;
        for (path, body) in [
            (ADDRESS_SAVE, save_form(alices, "Bob was here", STREET, true)),
            (ADDRESS_DEFAULT, id_form(alices, false)),
            (ADDRESS_DELETE, id_form(alices, true)),
        ] {
            let (status, _, cookies) = post(&router, path, &body, &[("cookie", &bob)]).await;
            assert_eq!(status, 303, "{what}: {path}");
            let flash = cookie_pair(&cookies, "flash").unwrap_or_default();
            assert!(flash.starts_with("flash=e~error-address-not-found"), "{what}: {path}: {flash}");
            assert_eq!(stored(app).await, before, "{what}: {path} changed nothing");
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_parallel_burst_of_30_add_forms_leaves_exactly_20_addresses() {
    common::with_empty_apps(async |app, what| {
        let router = common::site(app);
        let (user, token) = app.signed_in_user("form-hoarder").await;
        let session = common::session_cookie(&token);
        let mut posts = tokio::task::JoinSet::new();
        for i in 0..30 {
            let (router, session) = (router.clone(), session.clone());
            posts.spawn(async move {
                let (_, _, cookies) = post(
                    &router,
                    ADDRESS_SAVE,
                    &save_form(0, &format!("Buyer {i}"), STREET, false),
                    &[("cookie", &session)],
                )
                .await;
                cookie_pair(&cookies, "flash").unwrap_or_default()
            });
        }
        let flashes = posts.join_all().await;
        assert_eq!(flashes.iter().filter(|f| *f == "flash=s~order-address-saved").count(), 20, "{what}: {flashes:?}");
        assert_eq!(flashes.iter().filter(|f| *f == "flash=e~error-address-limit~max.20").count(), 10, "{what}");
        assert_eq!(app.count(&format!("SELECT COUNT(*) FROM user_addr WHERE user_id = {user}")).await, 20, "{what}");
        assert_eq!(app.count("SELECT COUNT(*) FROM user_addr WHERE common_addr = 1").await, 1, "{what}: one default");
    })
    .await;
}

//! The account page's profile as a plain form (`api::forms::PROFILE_SAVE`, record 0187), as a
//! browser without scripts sends it: saved and back to the page with `?saved=1`; each refusal
//! back to the page with its message under the field (the nickname's) or as a toast (the
//! avatar's), nothing changed; a guest signs in first.

use super::*;
use crate::forms::{cookie_pair, post};
use api::forms::{PROFILE_PAGE, PROFILE_SAVE};

/// The nickname's message under the field: whether it is hidden, and its text.
fn nickname_message(html: &str) -> (bool, String) {
    let start = html.find(r#"<p id="uc-nickname-error""#).expect("the message's place");
    let element = &html[start..start + html[start..].find("</p>").unwrap()];
    let (tag, text) = element.split_once('>').unwrap();
    // Leptos marks an empty text with a comment.
    (tag.contains(" hidden"), text.replace("<!>", ""))
}

fn form(nick: &str, pic: &str) -> String {
    format!(
        "nickName={}&pic={}&back={}",
        common::urlencode(nick),
        common::urlencode(pic),
        common::urlencode(PROFILE_PAGE)
    )
}

#[tokio::test]
async fn the_profile_form_saves_the_nickname_and_the_avatar_and_comes_back_saying_so() {
    with_apps(async |app, what| {
        let router = common::site(app);
        let (status, location, cookies) = post(&router, PROFILE_SAVE, &form("Guest", ""), &[]).await;
        assert_eq!((status, location.as_str()), (303, "/login?redirect=%2Fuser-center%2Fuc-account"), "{what}");
        assert!(cookies.is_empty(), "{what}: {cookies:?}");

        let token = common::sign_up_by_mail(app, "form-nick@example.com").await;
        let session = common::session_cookie(&token);
        let me = user_id_of(app, "form-nick@example.com").await;
        let (status, location, cookies) =
            post(&router, PROFILE_SAVE, &form("  Sokha ", ""), &[("cookie", &session)]).await;
        assert_eq!((status, location.as_str()), (303, "/user-center/uc-account?saved=1"), "{what}");
        assert_eq!(cookie_pair(&cookies, "flash"), None, "{what}: the page's own notice says it");
        let (nick, pic, ..) = profile(app, me).await;
        assert_eq!((nick.as_str(), pic), ("Sokha", None), "{what}: stored trimmed, no avatar yet");

        // The avatar's path, as the frame's script copies it from the widget.
        let mine = pictures::avatar(app, &token, &pictures::png(32, 32, 7)).await;
        post(&router, PROFILE_SAVE, &form("Sokha", &mine), &[("cookie", &session)]).await;
        assert_eq!(profile(app, me).await.1.as_deref(), Some(mine.as_str()), "{what}");
        // An empty path (without script, or the picture removed) keeps it.
        post(&router, PROFILE_SAVE, &form("ស៊ុខា", ""), &[("cookie", &session)]).await;
        assert_eq!(
            profile(app, me).await,
            ("ស៊ុខា".to_string(), Some(mine.clone()), Some("form-nick@example.com".into()), None)
        );

        // The page it comes back to, in Khmer: the notice, the new nickname, a plain form.
        let (status, _, html) =
            common::page(&router, "/user-center/uc-account?saved=1&lang=km", &[("cookie", &session)]).await;
        assert_eq!(status, 200, "{what}");
        assert!(html.contains(r#"data-testid="uc-account-saved""#), "{what}: {html}");
        assert!(html.contains(&i18n::t(i18n::Lang::Km, "uc-account-saved")), "{what}");
        assert!(html.contains(&format!(r#"action="{PROFILE_SAVE}""#)) && html.contains(r#"value="ស៊ុខា""#), "{what}");
        assert!(html.contains(&format!(r#"name="pic" value="{mine}" data-images-of="pic""#)), "{what}: {html}");
        assert!(!html.contains("SettingsIsland"), "{what}: the form needs no island");
    })
    .await;
}

#[tokio::test]
async fn each_refusal_of_the_profile_form_comes_back_with_its_message_and_changes_nothing() {
    with_apps(async |app, what| {
        let router = common::site(app);
        let token = common::sign_up_by_mail(app, "form-refused@example.com").await;
        let session = common::session_cookie(&token);
        let me = user_id_of(app, "form-refused@example.com").await;
        post(&router, PROFILE_SAVE, &form("Dara", ""), &[("cookie", &session)]).await;
        let before = profile(app, me).await;
        let too_long = "x".repeat(16);
        for (nick, flash) in [
            ("", "flash=e~error-nickname-empty~at.nickName"),
            ("    ", "flash=e~error-nickname-empty~at.nickName"),
            (too_long.as_str(), "flash=e~error-nickname-too-long~max.15~at.nickName"),
            ("a\u{7}b", "flash=e~error-nickname-invalid~at.nickName"),
        ] {
            let (status, location, cookies) =
                post(&router, PROFILE_SAVE, &form(nick, ""), &[("cookie", &session)]).await;
            assert_eq!((status, location.as_str()), (303, PROFILE_PAGE), "{what}: {nick:?}");
            assert_eq!(cookie_pair(&cookies, "flash").as_deref(), Some(flash), "{what}: {nick:?}");
        }
        assert_eq!(profile(app, me).await, before, "{what}: nothing changed");

        // The page shows the nickname's message under the field, in its language, not as a toast.
        let flash = "flash=e~error-nickname-too-long~max.15~at.nickName";
        let cookie = format!("{session}; {flash}");
        let (_, _, html) = common::page(&router, "/user-center/uc-account?lang=km", &[("cookie", &cookie)]).await;
        let message = i18n::t_args(i18n::Lang::Km, "error-nickname-too-long", &[("max", "15")]);
        assert_eq!(nickname_message(&html), (false, message), "{what}");
        assert!(html.contains(r#"aria-invalid="true""#) && !html.contains(r#"data-testid="flash-error""#), "{what}");
        // Without one, the message's place is empty and hidden.
        let (_, _, html) = common::page(&router, "/user-center/uc-account?lang=km", &[("cookie", &session)]).await;
        assert_eq!(nickname_message(&html), (true, String::new()), "{what}");

        // Another's picture or any other path: the avatar's refusal, as a toast; nothing changed.
        let other = common::sign_up_by_mail(app, "form-other@example.com").await;
        let theirs = pictures::avatar(app, &other, &pictures::png(16, 16, 3)).await;
        for pic in [theirs.as_str(), "https://evil.example/a.png", "/media/prod/1.svg"] {
            let (status, location, cookies) =
                post(&router, PROFILE_SAVE, &form("Dara", pic), &[("cookie", &session)]).await;
            assert_eq!((status, location.as_str()), (303, PROFILE_PAGE), "{what}: {pic}");
            let flash = cookie_pair(&cookies, "flash");
            assert_eq!(flash.as_deref(), Some("flash=e~error-avatar-not-uploaded"), "{what}: {pic}");
        }
        let (_, _, html) = common::page(
            &router,
            "/user-center/uc-account?lang=en",
            &[("cookie", &format!("{session}; flash=e~error-avatar-not-uploaded"))],
        )
        .await;
        assert!(
            html.contains(r#"data-testid="flash-error""#) && html.contains(&en("error-avatar-not-uploaded")),
            "{what}"
        );
        assert_eq!(profile(app, me).await, before, "{what}: nothing changed");
    })
    .await;
}

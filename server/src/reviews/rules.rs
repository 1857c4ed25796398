//! The rules of a review's fields, without I/O: what is stored is trimmed and checked here,
//! once.

use api::reviews::{ProdCommParam, MAX_PICS, SCORE_MAX, SCORE_MIN, TEXT_MAX_CHARS};

/// A review's fields as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewFields {
    pub order_item_id: i64,
    pub score: i32,
    pub content: String,
    pub pics: Vec<String>,
    pub is_anonymous: bool,
}

/// Which rule a review broke (each has its own message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldError {
    Item,
    Score,
    /// No text, or only spaces (spec section 5: content must not be all spaces).
    Blank,
    Text,
    TextControl,
    PicCount,
    Pic,
    Anonymous,
}

/// Checks and normalizes a review: a positive item id, a score of 1 to 5, the text trimmed (1
/// to 150 characters: not all spaces, line breaks as `\n`, no other control characters), up to 9
/// pictures each a plain `/media/` path of this site (the same one chosen twice kept once), the
/// anonymous flag 0 or 1.
/// Whether each picture was uploaded by this buyer is checked against the database after.
pub fn check(param: &ProdCommParam) -> Result<ReviewFields, FieldError> {
    if param.order_item_id <= 0 {
        return Err(FieldError::Item);
    }
    if !(SCORE_MIN..=SCORE_MAX).contains(&param.score) {
        return Err(FieldError::Score);
    }
    let content = param.content.trim().replace("\r\n", "\n");
    if content.is_empty() {
        return Err(FieldError::Blank);
    }
    if content.chars().count() > TEXT_MAX_CHARS {
        return Err(FieldError::Text);
    }
    if content.chars().any(|c| c.is_control() && c != '\n') {
        return Err(FieldError::TextControl);
    }
    if param.pics.len() > MAX_PICS {
        return Err(FieldError::PicCount);
    }
    let mut pics: Vec<String> = Vec::with_capacity(param.pics.len());
    for pic in &param.pics {
        if !crate::shops::application::stored_picture(pic) {
            return Err(FieldError::Pic);
        }
        // Uploads are named by their content: the same picture chosen twice is kept once.
        if !pics.contains(pic) {
            pics.push(pic.clone());
        }
    }
    let is_anonymous = match param.is_anonymous {
        0 => false,
        1 => true,
        _ => return Err(FieldError::Anonymous),
    };
    Ok(ReviewFields { order_item_id: param.order_item_id, score: param.score, content, pics, is_anonymous })
}

/// A nickname as other buyers see an anonymous review: its first character and three stars.
pub fn masked(nick_name: &str) -> String {
    crate::orders::group_buy::masked_nick_name(nick_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> ProdCommParam {
        ProdCommParam {
            order_item_id: 7,
            score: 5,
            content: "  Soft and warm, fits well.  ".into(),
            pics: vec!["/media/ab12.png".into(), "/media/cd34.jpg".into()],
            is_anonymous: 0,
        }
    }

    #[test]
    fn a_good_review_is_trimmed() {
        let fields = check(&good()).unwrap();
        assert_eq!(fields.content, "Soft and warm, fits well.");
        assert_eq!(fields.pics.len(), 2);
        assert!(!fields.is_anonymous);
        assert_eq!(check(&ProdCommParam { content: "a\r\nb".into(), ..good() }).unwrap().content, "a\nb");
    }

    #[test]
    fn the_text_is_not_all_spaces() {
        for blank in ["", " ", "     ", "\n \t ", "\u{3000}\u{3000}"] {
            assert_eq!(check(&ProdCommParam { content: blank.into(), ..good() }), Err(FieldError::Blank), "{blank:?}");
        }
        assert_eq!(check(&ProdCommParam { content: "  ok  ".into(), ..good() }).unwrap().content, "ok");
    }

    #[test]
    fn the_score_is_1_to_5() {
        for ok in 1..=5 {
            assert!(check(&ProdCommParam { score: ok, ..good() }).is_ok());
        }
        for bad in [0, 6, -1] {
            assert_eq!(check(&ProdCommParam { score: bad, ..good() }), Err(FieldError::Score));
        }
    }

    #[test]
    fn the_text_has_at_most_150_characters_and_no_control_characters() {
        assert!(check(&ProdCommParam { content: "好".repeat(150), ..good() }).is_ok(), "characters, not bytes");
        assert!(check(&ProdCommParam { content: format!("  {}  ", "a".repeat(150)), ..good() }).is_ok());
        assert_eq!(check(&ProdCommParam { content: "a".repeat(151), ..good() }), Err(FieldError::Text));
        for bad in ["a\u{0}b", "a\u{7}b", "a\u{1b}[31m", "a\rb"] {
            assert_eq!(
                check(&ProdCommParam { content: bad.into(), ..good() }),
                Err(FieldError::TextControl),
                "{bad:?}"
            );
        }
        assert!(check(&ProdCommParam { content: "<script>alert(1)</script>".into(), ..good() }).is_ok(), "plain text");
    }

    #[test]
    fn at_most_9_pictures_of_this_sites_media() {
        let nine: Vec<String> = (0..9).map(|i| format!("/media/{i}.png")).collect();
        assert!(check(&ProdCommParam { pics: nine.clone(), ..good() }).is_ok());
        let mut ten = nine;
        ten.push("/media/9.png".into());
        assert_eq!(check(&ProdCommParam { pics: ten, ..good() }), Err(FieldError::PicCount));
        for bad in ["https://evil.example/x.png", "/media/../mall.db", "//evil/x.png", "/media/a.png?x", ""] {
            assert_eq!(check(&ProdCommParam { pics: vec![bad.into()], ..good() }), Err(FieldError::Pic), "{bad}");
        }
        let twice = vec!["/media/a.png".to_string(), "/media/a.png".to_string()];
        assert_eq!(check(&ProdCommParam { pics: twice, ..good() }).unwrap().pics, ["/media/a.png"], "kept once");
    }

    #[test]
    fn items_and_the_anonymous_flag() {
        assert_eq!(check(&ProdCommParam { order_item_id: 0, ..good() }), Err(FieldError::Item));
        assert!(check(&ProdCommParam { is_anonymous: 1, ..good() }).unwrap().is_anonymous);
        assert_eq!(check(&ProdCommParam { is_anonymous: 2, ..good() }), Err(FieldError::Anonymous));
        assert_eq!(masked("Sokha"), "S***");
    }
}

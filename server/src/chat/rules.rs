//! The chat's rules, without I/O: what a sent message may carry and how its text is cleaned.

use api::catalog::ProductDetail;
use api::chat::{ChatKind, ShareCard, CHAT_MAX_CLIENT_MSG_ID_CHARS, CHAT_MAX_TEXT_CHARS};

/// Longest share-card title and description, in characters.
pub const CARD_TITLE_MAX_CHARS: usize = 200;
pub const CARD_DESC_MAX_CHARS: usize = 500;
/// Longest URL of a picture or a card's link, in bytes.
pub const URL_MAX_BYTES: usize = 1024;

/// Why a message is refused; each has its own translated message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Empty,
    TooLong,
    ClientMsgId,
    Picture,
    Card,
}

impl Refusal {
    /// The Fluent key of the refusal, with its arguments.
    pub fn key(self) -> (&'static str, Vec<(&'static str, String)>) {
        match self {
            Refusal::Empty => ("error-chat-empty", vec![]),
            Refusal::TooLong => ("error-chat-too-long", vec![("max", CHAT_MAX_TEXT_CHARS.to_string())]),
            Refusal::ClientMsgId => {
                ("error-chat-client-msg-id", vec![("max", CHAT_MAX_CLIENT_MSG_ID_CHARS.to_string())])
            }
            Refusal::Picture => ("error-chat-picture", vec![]),
            Refusal::Card => ("error-chat-card", vec![]),
        }
    }
}

/// A message ready to store: its kind, cleaned content and card.
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    pub kind: ChatKind,
    pub content: String,
    pub card: Option<ShareCard>,
}

/// Text as stored: control characters removed (line breaks kept, at most two in a row; a
/// carriage return or tab becomes a space), bidirectional overrides removed, trimmed.
pub fn clean_text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut breaks = 0;
    for c in raw.chars() {
        let c = match c {
            '\r' | '\t' => ' ',
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => continue,
            c if c.is_control() && c != '\n' => continue,
            c => c,
        };
        if c == '\n' {
            breaks += 1;
            if breaks > 2 {
                continue;
            }
        } else if !c.is_whitespace() {
            breaks = 0;
        }
        out.push(c);
    }
    out.trim().to_string()
}

/// A one-line text field (a card's title or description): cleaned, breaks as spaces.
fn clean_line(raw: &str, max_chars: usize) -> Result<String, Refusal> {
    let text = clean_text(&raw.replace('\n', " "));
    if text.chars().count() > max_chars {
        return Err(Refusal::Card);
    }
    Ok(text)
}

/// A client message id: 1 to [`CHAT_MAX_CLIENT_MSG_ID_CHARS`] printable ASCII characters.
pub fn check_client_msg_id(id: &str) -> Result<(), Refusal> {
    let ok =
        !id.is_empty() && id.len() <= CHAT_MAX_CLIENT_MSG_ID_CHARS as usize && id.bytes().all(|b| b.is_ascii_graphic());
    if ok {
        Ok(())
    } else {
        Err(Refusal::ClientMsgId)
    }
}

/// A path of this site: starts with one `/` (never `//`, which leaves the site), no
/// backslash, no whitespace or control characters.
pub fn is_site_path(url: &str) -> bool {
    url.starts_with('/')
        && !url.starts_with("//")
        && url.len() <= URL_MAX_BYTES
        && !url.chars().any(|c| c == '\\' || c.is_whitespace() || c.is_control())
}

/// A picture's address: a path of this site, or an `https://` URL without spaces or quotes.
fn is_picture_url(url: &str) -> bool {
    is_site_path(url)
        || (url.starts_with("https://")
            && url.len() <= URL_MAX_BYTES
            && !url.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '\\')))
}

/// The stored name of an uploaded picture's path (`/media/<name>`), if it is one.
pub fn media_name(url: &str) -> Option<&str> {
    let name = url.strip_prefix("/media/")?;
    let ok = !name.is_empty() && name.len() <= 128 && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.');
    (ok && !name.starts_with('.')).then_some(name)
}

/// The product a sent card names: its link must be this site's page of one product,
/// `/detail?prodId=<id>`. Nothing else of a sent card is read: the card is built from the
/// catalogue ([`product_card`]), so a forged picture, price or name never reaches the other side.
pub fn card_product(card: Option<&ShareCard>) -> Result<i64, Refusal> {
    let link = card.ok_or(Refusal::Card)?.link_url.trim();
    let id = link.strip_prefix("/detail?prodId=").ok_or(Refusal::Card)?;
    if id.is_empty() || id.len() > 18 || !id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Refusal::Card);
    }
    id.parse().ok().filter(|id| *id > 0).ok_or(Refusal::Card)
}

/// A product's share card as the catalogue has it (spec section 3 "Share card", what the
/// detail page shows): the running activity's price if any, the original price as the line
/// price when higher, the product's own picture.
pub fn product_card(product: &ProductDetail) -> ShareCard {
    let card = &product.card;
    let price = card.activity_price.filter(|_| card.activity_in_progress).unwrap_or(card.price);
    ShareCard {
        is_msg_card: true,
        title: card.prod_name.clone(),
        desc: card.brief.clone(),
        cover: card.pic.clone(),
        link_url: format!("/detail?prodId={}", card.prod_id),
        price,
        line_price: Some(card.ori_price).filter(|p| p.0 > price.0),
    }
}

/// Checks and cleans what a `send` carries: text is cleaned and at most
/// [`CHAT_MAX_TEXT_CHARS`]; a picture is an uploaded picture's path (whose uploader the caller
/// checks); a card is the catalogue's card of `product`, the on-shelf product the sent card
/// names ([`card_product`], looked up by the caller), and its `content` is its title.
pub fn outgoing(kind: ChatKind, content: &str, product: Option<&ProductDetail>) -> Result<Outgoing, Refusal> {
    match kind {
        ChatKind::Text => {
            let text = clean_text(content);
            if text.is_empty() {
                return Err(Refusal::Empty);
            }
            if text.chars().count() > CHAT_MAX_TEXT_CHARS as usize {
                return Err(Refusal::TooLong);
            }
            Ok(Outgoing { kind, content: text, card: None })
        }
        ChatKind::Image => {
            let url = content.trim();
            if media_name(url).is_none() {
                return Err(Refusal::Picture);
            }
            Ok(Outgoing { kind, content: url.to_string(), card: None })
        }
        ChatKind::Card => {
            let card = product_card(product.ok_or(Refusal::Card)?);
            // The catalogue's texts, cleaned and cut to the card's lengths.
            let cut = |text: &str, max: usize| text.chars().take(max).collect::<String>();
            let title = clean_line(&cut(&card.title, CARD_TITLE_MAX_CHARS), CARD_TITLE_MAX_CHARS)?;
            let desc = clean_line(&cut(&card.desc, CARD_DESC_MAX_CHARS), CARD_DESC_MAX_CHARS)?;
            if title.is_empty() || !(card.cover.is_empty() || is_picture_url(&card.cover)) || card.price.0 < 0 {
                return Err(Refusal::Card);
            }
            let card = ShareCard { title: title.clone(), desc, ..card };
            Ok(Outgoing { kind, content: title, card: Some(card) })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::money::Price;

    fn card() -> ShareCard {
        ShareCard {
            is_msg_card: false,
            title: "Rice cooker".into(),
            desc: "1.8 L".into(),
            cover: "/media/shop/1.svg".into(),
            link_url: "/detail?prodId=1".into(),
            price: Price(1250),
            line_price: Some(Price(1500)),
        }
    }

    #[test]
    fn text_is_cleaned_and_limited() {
        assert_eq!(clean_text("  hi\u{0007} there\r\n\n\n\nok\u{202E} "), "hi there \n\nok");
        assert_eq!(outgoing(ChatKind::Text, " \u{0000} ", None), Err(Refusal::Empty));
        let long = "字".repeat(CHAT_MAX_TEXT_CHARS as usize);
        assert!(outgoing(ChatKind::Text, &long, None).is_ok());
        assert_eq!(outgoing(ChatKind::Text, &format!("{long}x"), None), Err(Refusal::TooLong));
        // Markup stays text: the UI never renders it as HTML.
        assert_eq!(outgoing(ChatKind::Text, "<b>x</b>", None).unwrap().content, "<b>x</b>");
    }

    #[test]
    fn pictures_are_uploaded_paths() {
        assert_eq!(media_name("/media/ab12.png"), Some("ab12.png"));
        assert!(outgoing(ChatKind::Image, "/media/ab12.png", None).is_ok());
        for bad in ["https://evil.test/x.png", "/media/../x", "/media/", "javascript:alert(1)", "/media/a/b.png"] {
            assert_eq!(outgoing(ChatKind::Image, bad, None), Err(Refusal::Picture), "{bad}");
        }
    }

    fn product() -> ProductDetail {
        let mut product = ProductDetail::default();
        product.card.prod_id = 9;
        product.card.prod_name = "Rice cooker\u{0000}".into();
        product.card.brief = "1.8 L".into();
        product.card.pic = "/media/shop/1.svg".into();
        product.card.price = Price(1250);
        product.card.ori_price = Price(1500);
        product
    }

    #[test]
    fn a_card_names_one_product_page_and_nothing_else_of_it_is_read() {
        assert_eq!(card_product(Some(&card())), Ok(1));
        for link in [
            "javascript:alert(1)",
            "//evil.test/",
            "https://evil.test/detail?prodId=1",
            "/a b",
            "/detail?prodId=",
            "/detail?prodId=0",
            "/detail?prodId=-1",
            "/detail?prodId=1&x=2",
            "/detail?prodId=99999999999999999999",
        ] {
            let bad = ShareCard { link_url: link.into(), ..card() };
            assert_eq!(card_product(Some(&bad)), Err(Refusal::Card), "{link}");
        }
        assert_eq!(card_product(None), Err(Refusal::Card));
    }

    #[test]
    fn a_cards_picture_price_and_name_come_from_the_catalogue() {
        let sent = outgoing(ChatKind::Card, "", Some(&product())).unwrap();
        let card = sent.card.unwrap();
        assert!(card.is_msg_card);
        assert_eq!(sent.content, "Rice cooker");
        assert_eq!(card.title, "Rice cooker");
        assert_eq!(card.cover, "/media/shop/1.svg");
        assert_eq!(card.link_url, "/detail?prodId=9");
        assert_eq!((card.price, card.line_price), (Price(1250), Some(Price(1500))));
        let mut running = product();
        running.card.activity_in_progress = true;
        running.card.activity_price = Some(Price(999));
        let card = outgoing(ChatKind::Card, "", Some(&running)).unwrap().card.unwrap();
        assert_eq!((card.price, card.line_price), (Price(999), Some(Price(1500))), "the running activity's price");
        assert_eq!(outgoing(ChatKind::Card, "", None), Err(Refusal::Card), "no product, no card");
    }

    #[test]
    fn client_message_ids() {
        assert!(check_client_msg_id("0b6c6f0e-7c1a-4f59-9d43-1c2b0f5e8a11").is_ok());
        assert!(check_client_msg_id("").is_err());
        assert!(check_client_msg_id("a b").is_err());
        assert!(check_client_msg_id(&"x".repeat(65)).is_err());
    }
}

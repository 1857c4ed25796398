//! The rules of an application's fields (spec section 5), without I/O: what is stored is
//! trimmed and checked here, once. Limits that need the order (units and amounts left) are
//! checked after, against what the database holds (`amounts`), and again by the conditional
//! updates that hold them.

use api::refunds::{
    apply_type, refund_reason, OrderRefundParam, RefundExpressParam, RefundInterventionParam, CARRIER_MAX_CHARS,
    MAX_INTERVENTION_VOUCHERS, MAX_VOUCHERS, MOBILE_DIGITS, NOTE_MAX_CHARS, TRACKING_MAX_CHARS,
};

/// An application's fields as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApplyFields {
    pub order_number: String,
    pub order_item_id: i64,
    pub apply_type: i32,
    pub buyer_reason: i32,
    pub goods_num: i64,
    /// Cents.
    pub amount: i64,
    pub buyer_msg: String,
    pub photo_files: Vec<String>,
}

/// Which rule an input broke (each has its own message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldError {
    Order,
    Item,
    ApplyType,
    Reason,
    GoodsNum,
    AmountMin,
    Note,
    NoteControl,
    VoucherCount,
    Voucher,
    RefundSn,
    Carrier,
    Tracking,
    Mobile,
    InterventionReason,
    InterventionVoucherCount,
}

/// An order number as the buyer's pages send it: 1 to 32 digits.
pub fn order_number(raw: &str) -> Option<String> {
    let n = raw.trim();
    (!n.is_empty() && n.len() <= 32 && n.bytes().all(|b| b.is_ascii_digit())).then(|| n.to_string())
}

/// An application's number: 1 to 40 letters and digits.
pub fn refund_sn(raw: &str) -> Option<String> {
    let n = raw.trim();
    (!n.is_empty() && n.len() <= 40 && n.bytes().all(|b| b.is_ascii_alphanumeric())).then(|| n.to_string())
}

/// A note: trimmed, line breaks as `\n`, no other control characters, at most
/// [`NOTE_MAX_CHARS`] characters.
fn note(raw: &str, too_long: FieldError) -> Result<String, FieldError> {
    let text = raw.trim().replace("\r\n", "\n");
    if text.chars().count() > NOTE_MAX_CHARS {
        return Err(too_long);
    }
    if text.chars().any(|c| c.is_control() && c != '\n') {
        return Err(FieldError::NoteControl);
    }
    Ok(text)
}

/// Pictures: at most `max`, each a plain `/media/` path of this site; the same picture chosen
/// twice (uploads are named by their content) is kept once. Whether each was uploaded by this
/// buyer is checked against the database after.
fn pictures(raw: &[String], max: usize, too_many: FieldError) -> Result<Vec<String>, FieldError> {
    if raw.len() > max {
        return Err(too_many);
    }
    let mut pics: Vec<String> = Vec::with_capacity(raw.len());
    for pic in raw {
        if !crate::shops::application::stored_picture(pic) {
            return Err(FieldError::Voucher);
        }
        if !pics.contains(pic) {
            pics.push(pic.clone());
        }
    }
    Ok(pics)
}

/// Checks and normalizes an application.
pub fn check_apply(param: &OrderRefundParam) -> Result<ApplyFields, FieldError> {
    let order_number = order_number(&param.order_number).ok_or(FieldError::Order)?;
    if param.order_item_id < 0 {
        return Err(FieldError::Item);
    }
    if ![apply_type::REFUND_ONLY, apply_type::RETURN_AND_REFUND].contains(&param.apply_type) {
        return Err(FieldError::ApplyType);
    }
    if !(refund_reason::NOT_WANTED..=refund_reason::OTHER).contains(&param.buyer_reason) {
        return Err(FieldError::Reason);
    }
    if param.goods_num < 1 {
        return Err(FieldError::GoodsNum);
    }
    if param.refund_amount.0 < 1 {
        return Err(FieldError::AmountMin);
    }
    let buyer_msg = note(&param.buyer_msg, FieldError::Note)?;
    let photo_files = pictures(&param.photo_files, MAX_VOUCHERS, FieldError::VoucherCount)?;
    Ok(ApplyFields {
        order_number,
        order_item_id: param.order_item_id,
        apply_type: param.apply_type,
        buyer_reason: param.buyer_reason,
        goods_num: param.goods_num,
        amount: param.refund_amount.0,
        buyer_msg,
        photo_files,
    })
}

/// A return shipment as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpressFields {
    pub refund_sn: String,
    pub express_name: String,
    pub express_no: String,
    pub mobile: String,
}

/// Checks a return shipment: a carrier of 1 to 30 characters on one line, a tracking number
/// of 1 to 30 letters, digits or dashes, a mobile number of exactly 11 digits.
pub fn check_express(param: &RefundExpressParam) -> Result<ExpressFields, FieldError> {
    let refund_sn = refund_sn(&param.refund_sn).ok_or(FieldError::RefundSn)?;
    let express_name = param.express_name.trim().to_string();
    let chars = express_name.chars().count();
    if chars == 0 || chars > CARRIER_MAX_CHARS || express_name.chars().any(char::is_control) {
        return Err(FieldError::Carrier);
    }
    let express_no = param.express_no.trim().to_string();
    if express_no.is_empty()
        || express_no.len() > TRACKING_MAX_CHARS
        || !express_no.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    {
        return Err(FieldError::Tracking);
    }
    let mobile = param.mobile.trim().to_string();
    if mobile.len() != MOBILE_DIGITS || !mobile.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FieldError::Mobile);
    }
    Ok(ExpressFields { refund_sn, express_name, express_no, mobile })
}

/// A platform-intervention request as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InterventionFields {
    pub refund_sn: String,
    pub reason: String,
    pub photo_files: Vec<String>,
}

/// Checks a platform-intervention request: a reason of 1 to 200 characters, up to 3 pictures.
pub fn check_intervention(param: &RefundInterventionParam) -> Result<InterventionFields, FieldError> {
    let refund_sn = refund_sn(&param.refund_sn).ok_or(FieldError::RefundSn)?;
    let reason = note(&param.reason, FieldError::InterventionReason)?;
    if reason.is_empty() {
        return Err(FieldError::InterventionReason);
    }
    let photo_files = pictures(&param.photo_files, MAX_INTERVENTION_VOUCHERS, FieldError::InterventionVoucherCount)?;
    Ok(InterventionFields { refund_sn, reason, photo_files })
}

/// A new application's number: `R`, the time and six random digits.
pub fn new_refund_sn(now: i64) -> String {
    format!("R{now}{:06}", rand::random_range(0..1_000_000u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::money::Price;

    fn good() -> OrderRefundParam {
        OrderRefundParam {
            order_number: " 2026112400001 ".into(),
            order_item_id: 7,
            apply_type: apply_type::REFUND_ONLY,
            buyer_reason: refund_reason::QUALITY,
            goods_num: 1,
            refund_amount: Price(1),
            buyer_msg: "  The seam is torn.  ".into(),
            photo_files: vec!["/media/ab12.png".into()],
        }
    }

    #[test]
    fn a_good_application_is_trimmed() {
        let f = check_apply(&good()).unwrap();
        assert_eq!(
            (f.order_number.as_str(), f.buyer_msg.as_str(), f.amount),
            ("2026112400001", "The seam is torn.", 1)
        );
        assert!(check_apply(&OrderRefundParam { order_item_id: 0, ..good() }).is_ok(), "the whole order");
    }

    #[test]
    fn quantity_amount_type_and_reason() {
        assert_eq!(check_apply(&OrderRefundParam { goods_num: 0, ..good() }), Err(FieldError::GoodsNum));
        assert_eq!(check_apply(&OrderRefundParam { refund_amount: Price(0), ..good() }), Err(FieldError::AmountMin));
        assert_eq!(check_apply(&OrderRefundParam { refund_amount: Price(-5), ..good() }), Err(FieldError::AmountMin));
        assert_eq!(check_apply(&OrderRefundParam { apply_type: 3, ..good() }), Err(FieldError::ApplyType));
        assert_eq!(check_apply(&OrderRefundParam { buyer_reason: 0, ..good() }), Err(FieldError::Reason));
        assert_eq!(check_apply(&OrderRefundParam { order_item_id: -1, ..good() }), Err(FieldError::Item));
        assert_eq!(check_apply(&OrderRefundParam { order_number: "12a".into(), ..good() }), Err(FieldError::Order));
    }

    #[test]
    fn the_note_has_at_most_200_characters() {
        assert!(check_apply(&OrderRefundParam { buyer_msg: "退".repeat(200), ..good() }).is_ok());
        assert_eq!(check_apply(&OrderRefundParam { buyer_msg: "a".repeat(201), ..good() }), Err(FieldError::Note));
        assert_eq!(
            check_apply(&OrderRefundParam { buyer_msg: "a\u{7}".into(), ..good() }),
            Err(FieldError::NoteControl)
        );
    }

    #[test]
    fn at_most_5_vouchers_of_this_sites_media() {
        let five: Vec<String> = (0..5).map(|i| format!("/media/{i}.png")).collect();
        assert!(check_apply(&OrderRefundParam { photo_files: five.clone(), ..good() }).is_ok());
        let mut six = five;
        six.push("/media/5.png".into());
        assert_eq!(check_apply(&OrderRefundParam { photo_files: six, ..good() }), Err(FieldError::VoucherCount));
        for bad in ["https://evil.example/x.png", "/media/../mall.db", ""] {
            assert_eq!(
                check_apply(&OrderRefundParam { photo_files: vec![bad.into()], ..good() }),
                Err(FieldError::Voucher)
            );
        }
    }

    #[test]
    fn the_same_picture_chosen_twice_is_kept_once() {
        let twice = vec!["/media/a.png".to_string(), "/media/b.png".into(), "/media/a.png".into()];
        let f = check_apply(&OrderRefundParam { photo_files: twice.clone(), ..good() }).unwrap();
        assert_eq!(f.photo_files, ["/media/a.png", "/media/b.png"]);
        let param = RefundInterventionParam { refund_sn: "R1".into(), reason: "Please".into(), photo_files: twice };
        assert_eq!(check_intervention(&param).unwrap().photo_files, ["/media/a.png", "/media/b.png"]);
    }

    #[test]
    fn a_return_shipment_needs_carrier_tracking_and_11_digits() {
        let good = RefundExpressParam {
            refund_sn: "R1".into(),
            express_name: " SF Express ".into(),
            express_no: "SF-123".into(),
            mobile: "13812345678".into(),
        };
        assert_eq!(check_express(&good).unwrap().express_name, "SF Express");
        for mobile in ["1381234567", "138123456789", "1381234567a", ""] {
            let p = RefundExpressParam { mobile: mobile.into(), ..good.clone() };
            assert_eq!(check_express(&p), Err(FieldError::Mobile), "{mobile}");
        }
        assert_eq!(
            check_express(&RefundExpressParam { express_name: " ".into(), ..good.clone() }),
            Err(FieldError::Carrier)
        );
        assert_eq!(
            check_express(&RefundExpressParam { express_no: "a b".into(), ..good.clone() }),
            Err(FieldError::Tracking)
        );
        assert_eq!(check_express(&RefundExpressParam { refund_sn: "R-1".into(), ..good }), Err(FieldError::RefundSn));
    }

    #[test]
    fn an_intervention_needs_a_reason_and_at_most_3_vouchers() {
        let good = RefundInterventionParam {
            refund_sn: "R1".into(),
            reason: "The shop refused without reason.".into(),
            photo_files: (0..3).map(|i| format!("/media/{i}.png")).collect(),
        };
        assert!(check_intervention(&good).is_ok());
        let four = RefundInterventionParam {
            photo_files: (0..4).map(|i| format!("/media/{i}.png")).collect(),
            ..good.clone()
        };
        assert_eq!(check_intervention(&four), Err(FieldError::InterventionVoucherCount));
        assert_eq!(
            check_intervention(&RefundInterventionParam { reason: "  ".into(), ..good.clone() }),
            Err(FieldError::InterventionReason)
        );
        assert_eq!(
            check_intervention(&RefundInterventionParam { reason: "a".repeat(201), ..good }),
            Err(FieldError::InterventionReason)
        );
    }
}

//! Notices: the platform's (pinned, published, scheduled and unpublished ones) and a few of
//! shops' own, in the three languages.

use super::data::{shop_by_id, texts, Tr, DAY};
use super::sql::{row, Table};
use crate::db::DbResult;
use sqlx::AnyConnection;

const NOTICE: Table = Table {
    name: "notice",
    columns: "id, shop_id, title_en, title_zh, title_km, content_en, content_zh, content_km, is_top, status, \
              publish_time",
};

/// The body of a notice: its title, then the same thanks and pointer to customer service.
fn notice_content(title: &[String; 3]) -> [String; 3] {
    [
        format!(
            "{}.\n\nThank you for shopping with us. If you have any questions, contact customer service with the chat button on any page.",
            title[0]
        ),
        format!("{}。\n\n感谢您的支持。如有任何疑问，请点击任意页面的客服按钮联系我们。", title[1]),
        format!(
            "{}។\n\nសូមអរគុណដែលបានទិញទំនិញជាមួយយើង។ ប្រសិនបើមានសំណួរ សូមទាក់ទងផ្នែកបម្រើអតិថិជនតាមប៊ូតុងជជែកនៅលើទំព័រណាមួយ។",
            title[2]
        ),
    ]
}

/// Writes the platform's notices and two of each of shops 2 to 7; `now` dates them (one is
/// scheduled, one is unpublished).
pub async fn seed(conn: &mut AnyConnection, now: i64) -> DbResult<usize> {
    // (title, pinned, status, publish offset from now)
    let platform: [(Tr, i64, i64, i64); 10] = [
        (("Welcome to Mekong Mall", "欢迎来到湄公商城", "សូមស្វាគមន៍មកកាន់ Mekong Mall"), 1, 1, -30 * DAY),
        (
            (
                "Shipping schedule during the Khmer New Year holiday",
                "柬埔寨新年假期发货安排",
                "កាលវិភាគដឹកជញ្ជូនក្នុងឱកាសបុណ្យចូលឆ្នាំខ្មែរ",
            ),
            1,
            1,
            -2 * DAY,
        ),
        (
            ("Now accepting ABA and card payments", "现已支持ABA及银行卡支付", "ឥឡូវនេះទទួលយកការទូទាត់តាម ABA និងកាត"),
            0,
            1,
            -20 * DAY,
        ),
        (("Beware of phishing messages", "谨防钓鱼信息诈骗", "សូមប្រុងប្រយ័ត្នចំពោះសារបោកប្រាស់"), 0, 1, -15 * DAY),
        (("Mega Sale Week starts on Friday", "超级促销周本周五开启", "សប្ដាហ៍លក់ធំចាប់ផ្ដើមនៅថ្ងៃសុក្រ"), 0, 1, -DAY),
        (
            ("Our privacy policy has been updated", "隐私政策已更新", "គោលការណ៍ឯកជនភាពរបស់យើងត្រូវបានធ្វើបច្ចុប្បន្នភាព"),
            0,
            1,
            -10 * DAY,
        ),
        (
            ("New preferred stores have joined the mall", "新的优选店铺入驻商城", "ហាងពេញនិយមថ្មីៗបានចូលរួមក្នុងផ្សារ"),
            0,
            1,
            -5 * DAY,
        ),
        (
            (
                "Customer service hours extended to 10 pm",
                "客服服务时间延长至晚上10点",
                "ម៉ោងបម្រើអតិថិជនត្រូវបានពន្យារដល់ម៉ោង ១០ យប់",
            ),
            0,
            1,
            -3 * DAY,
        ),
        (("Scheduled maintenance on Sunday night", "周日晚间系统维护通知", "ការថែទាំប្រព័ន្ធនៅយប់ថ្ងៃអាទិត្យ"), 0, 0, -4 * DAY),
        (("Holiday opening hours", "节假日营业时间", "ម៉ោងបើកក្នុងថ្ងៃឈប់សម្រាក"), 0, 1, 3 * DAY),
    ];
    let mut rows = Vec::new();
    let mut id = 0i64;
    let mut push = |shop_id: i64, title: [String; 3], top: i64, status: i64, at: i64| {
        id += 1;
        let [content_en, content_zh, content_km] = notice_content(&title);
        let [en, zh, km] = title;
        rows.push(row![id, shop_id, en, zh, km, content_en, content_zh, content_km, top, status, at]);
    };
    for (title, top, status, offset) in platform {
        push(0, texts(title), top, status, now + offset);
    }
    for shop_id in 2..=7i64 {
        let name = shop_by_id(shop_id).name;
        push(
            shop_id,
            [
                format!("{name} is open: welcome!"),
                format!("{name}开业啦，欢迎光临！"),
                format!("{name} បានបើកហើយ សូមស្វាគមន៍!"),
            ],
            1,
            1,
            now - (40 + shop_id) * DAY,
        );
        push(
            shop_id,
            [
                format!("Free gift with orders over $30 at {name}"),
                format!("{name}满$30赠送礼品"),
                format!("ទទួលបានកាដូឥតគិតថ្លៃពេលទិញលើស $30 នៅ {name}"),
            ],
            0,
            1,
            now - shop_id * DAY,
        );
    }
    NOTICE.insert(conn, rows).await
}

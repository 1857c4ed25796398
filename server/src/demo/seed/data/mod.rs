//! The fixed word lists and names the demo seed is built from, in English, Simplified Chinese
//! and Khmer. Everything here is plain data or a pure function of an id, so that the seed and
//! the generated media pictures agree without touching the database.

mod categories;

pub use categories::*;

/// A text in the three interface languages: (en, zh-CN, km).
pub type Tr = (&'static str, &'static str, &'static str);

/// The three texts of a [`Tr`] as owned strings, in the order (en, zh-CN, km).
pub fn texts(t: Tr) -> [String; 3] {
    [t.0.to_string(), t.1.to_string(), t.2.to_string()]
}

/// An hour, in milliseconds (the unit of every time column).
pub const HOUR: i64 = 3_600_000;
/// A day, in milliseconds.
pub const DAY: i64 = 24 * HOUR;

/// Brand words put in front of product names (proper nouns, the same in every language).
pub const BRANDS: &[&str] =
    &["Aurora", "Mekong", "Lotus", "Nova", "Angkor", "Zenith", "Kiri", "Sora", "Vego", "Orchid", "Tonle", "Bayon"];

/// Short selling points used as product briefs.
pub const BRIEFS: &[Tr] = &[
    ("Genuine product, fast delivery", "正品保障，极速发货", "ផលិតផលពិត ដឹកជញ្ជូនរហ័ស"),
    ("7-day hassle-free returns", "七天无理由退货", "ប្ដូរវិញដោយសេរីក្នុងរយៈពេល ៧ ថ្ងៃ"),
    ("Best seller this month", "本月热销", "លក់ដាច់បំផុតប្រចាំខែ"),
    ("Quality checked before shipping", "发货前严格质检", "ត្រួតពិនិត្យគុណភាពមុនដឹកជញ្ជូន"),
    ("Free shipping over $20", "满$20包邮", "ដឹកជញ្ជូនឥតគិតថ្លៃ សម្រាប់ការទិញលើសពី $20"),
    ("New arrival", "新品上市", "ទំនិញមកដល់ថ្មី"),
    ("Great value for money", "超高性价比", "តម្លៃសមរម្យ គុណភាពល្អ"),
    ("Loved by local buyers", "本地买家好评如潮", "អតិថិជនក្នុងស្រុកពេញចិត្តខ្លាំង"),
];

/// SKU colours.
pub const COLOURS: &[Tr] = &[
    ("Black", "黑色", "ខ្មៅ"),
    ("White", "白色", "ស"),
    ("Red", "红色", "ក្រហម"),
    ("Blue", "蓝色", "ខៀវ"),
    ("Green", "绿色", "បៃតង"),
    ("Pink", "粉色", "ផ្កាឈូក"),
    ("Grey", "灰色", "ប្រផេះ"),
    ("Gold", "金色", "មាស"),
];

/// SKU property names.
pub const PROP_COLOUR: Tr = ("Colour", "颜色", "ពណ៌");
pub const PROP_SIZE: Tr = ("Size", "尺码", "ទំហំ");
pub const PROP_EDITION: Tr = ("Edition", "规格", "ប្រភេទ");

pub const CLOTHES_SIZES: &[&str] = &["S", "M", "L", "XL"];
pub const SHOE_SIZES: &[&str] = &["38", "39", "40", "41", "42", "43"];
pub const EDITIONS: &[Tr] =
    &[("Standard", "标准版", "ស្តង់ដារ"), ("Large", "大号", "ធំ"), ("Value Pack", "超值装", "កញ្ចប់សន្សំ")];

/// A demo shop: name, type (0 general, 1 preferred), status (1 online) and the index in
/// [`TOPS`] it sells (`None` for the self-operated shop and the general stores, which sell
/// everything).
pub struct ShopDef {
    pub name: &'static str,
    pub shop_type: i64,
    pub status: i64,
    pub specialty: Option<usize>,
}

const fn shop(name: &'static str, shop_type: i64, specialty: usize) -> ShopDef {
    ShopDef { name, shop_type, status: 1, specialty: Some(specialty) }
}

const fn general_store(name: &'static str) -> ShopDef {
    ShopDef { name, shop_type: 0, status: 1, specialty: None }
}

/// The demo shops; shop id = index + 1. Shop 1 is the platform's self-operated shop, shop
/// [`OFFLINE_SHOP`] is offline, and the general stores come last: the generated catalog's
/// products are spread over the first [`CATALOG_SHOPS`]; the general stores carry articles of
/// every trade, so that an article can be compared across twelve shops that all sell its kind.
pub const SHOPS: &[ShopDef] = &[
    ShopDef { name: "Mekong Mall Self-Operated", shop_type: 1, status: 1, specialty: None },
    shop("Angkor Digital", 1, 0),
    shop("Lotus Fashion House", 1, 1),
    shop("Jasmine Beauty", 1, 2),
    shop("Tonle Home Living", 1, 3),
    shop("Kampot Fine Foods", 1, 4),
    shop("Phnom Sports Club", 1, 5),
    shop("Riverside Gadgets", 0, 0),
    shop("Golden Orchid Boutique", 0, 1),
    shop("Sunrise Kids World", 0, 6),
    shop("Apsara Books", 0, 7),
    shop("Royal Palm Kitchen", 0, 3),
    shop("Blue Lagoon Outdoor", 0, 5),
    shop("Coconut Grove Snacks", 0, 4),
    shop("Silk Petal Skincare", 0, 2),
    shop("Urban Step Shoes", 0, 1),
    shop("Metro Bags & Co", 0, 1),
    shop("Bright Star Electronics", 0, 0),
    shop("Happy Panda Toys", 0, 6),
    shop("Silk Road Textiles", 0, 3),
    shop("Green Leaf Organics", 0, 4),
    shop("Pepper & Salt Pantry", 0, 4),
    shop("Pixel Computer Store", 0, 0),
    shop("Moonlight Apparel", 0, 1),
    shop("Lucky Seven Mart", 0, 3),
    shop("Cloud Nine Bedding", 0, 3),
    shop("Emerald Tea House", 0, 4),
    shop("Velocity Cycles", 0, 5),
    shop("Little Sprout Baby", 0, 6),
    shop("Inkwell Stationery", 0, 7),
    shop("Harbor Audio", 0, 0),
    shop("Crimson Cosmetics", 0, 2),
    shop("Palm Beach Swimwear", 0, 1),
    shop("Summit Fitness", 0, 5),
    shop("Paper Crane Art Supplies", 0, 7),
    ShopDef { name: "Old Market Bazaar", shop_type: 0, status: 0, specialty: Some(3) },
    general_store("Bayon Department Store"),
    general_store("Sokha Supermarket"),
    general_store("Capital City Mart"),
    general_store("Daily Needs Store"),
    general_store("Family Corner Shop"),
    general_store("Central Market Traders"),
    general_store("Wat Phnom General Store"),
    general_store("Kep Discount Center"),
];

/// The offline demo shop.
pub const OFFLINE_SHOP: i64 = 36;

/// The shops the generated catalog spreads its ungrouped products over (ids 1 to this).
pub const CATALOG_SHOPS: i64 = 36;

/// The online shops (ids from 2, the self-operated shop aside) that sell goods of top-level
/// category `top`: its specialists and the general stores.
pub fn merchants_of(top: usize) -> impl Iterator<Item = i64> {
    SHOPS
        .iter()
        .enumerate()
        .skip(1)
        .filter(move |(_, s)| s.status == 1 && s.specialty.is_none_or(|t| t == top))
        .map(|(i, _)| i as i64 + 1)
}

/// The demo shop with id `shop_id` (1..=[`SHOPS`]`.len()`).
pub fn shop_by_id(shop_id: i64) -> &'static ShopDef {
    &SHOPS[(shop_id - 1) as usize]
}

/// The name of a demo shop, or a generic name for ids beyond the list.
pub fn shop_name(shop_id: i64) -> String {
    usize::try_from(shop_id - 1)
        .ok()
        .and_then(|i| SHOPS.get(i))
        .map(|s| s.name.to_string())
        .unwrap_or_else(|| format!("Shop {shop_id}"))
}

/// Headlines and sub-lines of the generated banner pictures (`/media/banner/{n}.svg`, n from 1).
pub const BANNERS: &[(Tr, Tr)] = &[
    (
        ("Mega Sale Week", "超级促销周", "សប្ដាហ៍លក់ធំ"),
        ("Up to 50% off across the mall", "全场低至五折", "បញ្ចុះតម្លៃរហូតដល់ ៥០% ទូទាំងផ្សារ"),
    ),
    (
        ("New Season Fashion", "当季时尚上新", "ម៉ូដរដូវកាលថ្មី"),
        ("Fresh looks from our preferred stores", "优选好店，焕新穿搭", "ស្ទីលថ្មីៗ ពីហាងពេញនិយមរបស់យើង"),
    ),
    (
        ("Smart Gadgets", "智能数码好物", "ឧបករណ៍ឆ្លាតវៃ"),
        ("Earbuds, watches and more for every day", "耳机、手表等，日常必备", "កាសត្រចៀក នាឡិកា និងច្រើនទៀត សម្រាប់ប្រចាំថ្ងៃ"),
    ),
    (
        ("Taste of Cambodia", "柬埔寨风味", "រសជាតិកម្ពុជា"),
        ("Kampot pepper, palm sugar and jasmine rice", "贡布胡椒、棕榈糖和茉莉香米", "ម្រេចកំពត ស្ករត្នោត និងអង្ករផ្កាម្លិះ"),
    ),
    (
        ("Back to School", "开学季", "រដូវចូលរៀន"),
        ("Notebooks, pens and backpacks", "笔记本、中性笔和书包", "សៀវភៅកត់ត្រា ប៊ិច និងកាបូបស្ពាយ"),
    ),
    (
        ("Summer Splash Sale", "夏日清凉特卖", "លក់ពិសេសរដូវក្ដៅ"),
        ("Cool deals for hot days", "炎炎夏日，清凉好价", "តម្លៃពិសេសត្រជាក់ចិត្ត សម្រាប់ថ្ងៃក្ដៅ"),
    ),
    (
        ("Home Makeover", "家居焕新", "តុបតែងផ្ទះថ្មី"),
        ("Kitchen and living essentials", "厨房与居家必备好物", "របស់ចាំបាច់សម្រាប់ផ្ទះបាយ និងការរស់នៅ"),
    ),
    (
        ("Beauty Week", "美妆周", "សប្ដាហ៍សម្រស់"),
        ("Skincare and makeup favourites", "人气护肤彩妆精选", "ផលិតផលថែស្បែក និងគ្រឿងសម្អាងពេញនិយម"),
    ),
    (
        ("Weekend Flash Deals", "周末限时抢购", "ការលក់ពិសេសរហ័សចុងសប្ដាហ៍"),
        ("Limited stock, limited time", "限量供应，限时特惠", "ចំនួនមានកំណត់ ពេលវេលាមានកំណត់"),
    ),
    (
        ("Family Day", "家庭欢乐日", "ទិវាគ្រួសារ"),
        ("Toys and baby care for the little ones", "宝贝玩具与母婴好物", "ប្រដាប់ក្មេងលេង និងរបស់ថែទាំទារក សម្រាប់កូនតូចៗ"),
    ),
    (
        ("Outdoor Adventures", "户外探险", "ដំណើរផ្សងព្រេងក្រៅផ្ទះ"),
        ("Tents, bikes and bottles", "帐篷、自行车和水壶", "តង់ កង់ និងដបទឹក"),
    ),
    (("Book Fair", "书展", "ពិព័រណ៍សៀវភៅ"), ("Stories for every age", "老少皆宜的好故事", "រឿងល្អៗសម្រាប់គ្រប់វ័យ")),
];

/// The button drawn on every banner picture.
pub const BANNER_BUTTON: Tr = ("Shop now", "立即选购", "ទិញឥឡូវនេះ");

/// The (top, child) category each banner of [`BANNERS`] advertises: its picture's colour and
/// picture, and the category of the product the home banner links (`shops::banner_product`).
pub const BANNER_ART: &[(usize, usize)] =
    &[(1, 1), (1, 0), (0, 3), (4, 2), (7, 1), (5, 2), (3, 2), (2, 1), (0, 1), (6, 1), (5, 1), (7, 0)];

/// The headline and sub-line of banner picture `n` (wrapping around the list).
pub fn banner_text(n: i64) -> (Tr, Tr) {
    let len = BANNERS.len() as i64;
    BANNERS[((n - 1).rem_euclid(len)) as usize]
}

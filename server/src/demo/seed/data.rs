//! The fixed word lists and names the demo seed is built from, in English, Simplified Chinese
//! and Khmer. Everything here is plain data or a pure function of an id, so that the seed and
//! the generated media pictures agree without touching the database.

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

/// How the SKUs of a second-level category differ besides colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeKind {
    /// S, M, L, XL.
    Clothes,
    /// EU shoe sizes.
    Shoes,
    /// Standard / large / value pack.
    Edition,
}

/// The picture drawn for products of a second-level category.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Phone,
    Headphones,
    Laptop,
    Watch,
    Shirt,
    Dress,
    Shoe,
    Bag,
    Bottle,
    Lipstick,
    Pot,
    Pillow,
    Lamp,
    Cup,
    Snack,
    Jar,
    Dumbbell,
    Bicycle,
    Tent,
    Ball,
    Bear,
    Blocks,
    Book,
    Pencil,
    Brush,
}

/// A second-level category and its third-level (leaf) categories, which are product nouns.
pub struct Child {
    pub name: Tr,
    pub size: SizeKind,
    pub shape: Shape,
    pub leaves: &'static [Tr],
}

/// A top-level category.
pub struct Top {
    pub name: Tr,
    /// Hue (0-360) of its pictures.
    pub hue: u16,
    /// Base price range in cents for its products.
    pub price: (i64, i64),
    pub adjectives: &'static [Tr],
    pub children: &'static [Child],
}

/// The three-level category tree: 8 tops, 3-4 children each, 3-4 leaves each.
pub const TOPS: &[Top] = &[
    Top {
        name: ("Electronics", "数码电子", "គ្រឿងអេឡិចត្រូនិច"),
        hue: 212,
        price: (900, 89_900),
        adjectives: &[
            ("Premium", "高端", "លំដាប់ខ្ពស់"),
            ("Portable", "便携", "ងាយស្រួលយួរ"),
            ("Smart", "智能", "ឆ្លាតវៃ"),
            ("Compact", "小巧", "តូចល្មម"),
            ("Professional", "专业", "កម្រិតអាជីព"),
            ("Latest", "新款", "ម៉ូដថ្មី"),
        ],
        children: &[
            Child {
                name: ("Phones & Accessories", "手机与配件", "ទូរស័ព្ទ និងគ្រឿងបន្លាស់"),
                size: SizeKind::Edition,
                shape: Shape::Phone,
                leaves: &[
                    ("Smartphone", "智能手机", "ស្មាតហ្វូន"),
                    ("Phone Case", "手机壳", "ស្រោមទូរស័ព្ទ"),
                    ("Fast Charger", "快速充电器", "ឆ្នាំងសាកលឿន"),
                    ("Power Bank", "充电宝", "ថ្មបម្រុង"),
                ],
            },
            Child {
                name: ("Audio", "影音", "សំឡេង"),
                size: SizeKind::Edition,
                shape: Shape::Headphones,
                leaves: &[
                    ("Wireless Earbuds", "无线耳机", "កាសឥតខ្សែ"),
                    ("Headphones", "头戴式耳机", "កាសពាក់ក្បាល"),
                    ("Bluetooth Speaker", "蓝牙音箱", "ឧបករណ៍បំពងសំឡេងប៊្លូធូស"),
                    ("Microphone", "麦克风", "មីក្រូហ្វូន"),
                ],
            },
            Child {
                name: ("Computers", "电脑办公", "កុំព្យូទ័រ"),
                size: SizeKind::Edition,
                shape: Shape::Laptop,
                leaves: &[
                    ("Laptop", "笔记本电脑", "កុំព្យូទ័រយួរដៃ"),
                    ("Keyboard", "键盘", "ក្ដារចុច"),
                    ("Computer Mouse", "鼠标", "កណ្ដុរកុំព្យូទ័រ"),
                    ("Monitor", "显示器", "អេក្រង់កុំព្យូទ័រ"),
                ],
            },
            Child {
                name: ("Smart Devices", "智能设备", "ឧបករណ៍ឆ្លាតវៃ"),
                size: SizeKind::Edition,
                shape: Shape::Watch,
                leaves: &[
                    ("Smart Watch", "智能手表", "នាឡិកាឆ្លាតវៃ"),
                    ("Camera", "相机", "កាមេរ៉ា"),
                    ("Tablet", "平板电脑", "ថេប្លេត"),
                ],
            },
        ],
    },
    Top {
        name: ("Fashion", "服饰鞋包", "ម៉ូដសម្លៀកបំពាក់"),
        hue: 336,
        price: (500, 12_000),
        adjectives: &[
            ("Classic", "经典", "បុរាណ"),
            ("Stylish", "时尚", "ទាន់សម័យ"),
            ("Casual", "休闲", "បែបធម្មតា"),
            ("Breathable", "透气", "ស្រួលខ្យល់ចេញចូល"),
            ("Slim-Fit", "修身", "ដេរសមខ្លួន"),
            ("Summer", "夏季", "រដូវក្ដៅ"),
        ],
        children: &[
            Child {
                name: ("Women's Clothing", "女装", "សម្លៀកបំពាក់នារី"),
                size: SizeKind::Clothes,
                shape: Shape::Dress,
                leaves: &[
                    ("Dress", "连衣裙", "រ៉ូប"),
                    ("Blouse", "女士衬衫", "អាវនារី"),
                    ("Skirt", "半身裙", "សំពត់"),
                    ("Jacket", "外套", "អាវក្រៅ"),
                ],
            },
            Child {
                name: ("Men's Clothing", "男装", "សម្លៀកបំពាក់បុរស"),
                size: SizeKind::Clothes,
                shape: Shape::Shirt,
                leaves: &[
                    ("T-Shirt", "T恤", "អាវយឺត"),
                    ("Shirt", "衬衫", "អាវសឺមី"),
                    ("Jeans", "牛仔裤", "ខោខូវប៊យ"),
                    ("Shorts", "短裤", "ខោខ្លី"),
                ],
            },
            Child {
                name: ("Shoes", "鞋靴", "ស្បែកជើង"),
                size: SizeKind::Shoes,
                shape: Shape::Shoe,
                leaves: &[
                    ("Sneakers", "运动鞋", "ស្បែកជើងប៉ាតា"),
                    ("Sandals", "凉鞋", "ស្បែកជើងសង្រែក"),
                    ("Leather Shoes", "皮鞋", "ស្បែកជើងស្បែក"),
                ],
            },
            Child {
                name: ("Bags", "箱包", "កាបូប"),
                size: SizeKind::Edition,
                shape: Shape::Bag,
                leaves: &[
                    ("Backpack", "双肩包", "កាបូបស្ពាយ"),
                    ("Handbag", "手提包", "កាបូបយួរដៃ"),
                    ("Wallet", "钱包", "កាបូបលុយ"),
                    ("Suitcase", "行李箱", "វ៉ាលី"),
                ],
            },
        ],
    },
    Top {
        name: ("Beauty & Care", "美妆个护", "សម្រស់ និងថែទាំ"),
        hue: 292,
        price: (300, 8_000),
        adjectives: &[
            ("Natural", "天然", "ធម្មជាតិ"),
            ("Gentle", "温和", "ទន់ភ្លន់"),
            ("Moisturising", "保湿", "ផ្ដល់សំណើម"),
            ("Long-Lasting", "持久", "ជាប់បានយូរ"),
            ("Organic", "有机", "សរីរាង្គ"),
            ("Fragrant", "清香", "ក្លិនក្រអូប"),
        ],
        children: &[
            Child {
                name: ("Skincare", "护肤", "ថែរក្សាស្បែក"),
                size: SizeKind::Edition,
                shape: Shape::Bottle,
                leaves: &[
                    ("Face Cream", "面霜", "ក្រែមលាបមុខ"),
                    ("Sunscreen", "防晒霜", "ឡេការពារកម្ដៅថ្ងៃ"),
                    ("Facial Cleanser", "洗面奶", "សាប៊ូលាងមុខ"),
                    ("Face Mask", "面膜", "ម៉ាសមុខ"),
                ],
            },
            Child {
                name: ("Makeup", "彩妆", "គ្រឿងសំអាង"),
                size: SizeKind::Edition,
                shape: Shape::Lipstick,
                leaves: &[
                    ("Lipstick", "口红", "ក្រែមលាបមាត់"),
                    ("Foundation", "粉底液", "ក្រែមផាត់មុខ"),
                    ("Eyeliner", "眼线笔", "ខ្មៅគូសភ្នែក"),
                ],
            },
            Child {
                name: ("Personal Care", "个人护理", "ថែទាំខ្លួន"),
                size: SizeKind::Edition,
                shape: Shape::Bottle,
                leaves: &[
                    ("Shampoo", "洗发水", "សាប៊ូកក់សក់"),
                    ("Body Wash", "沐浴露", "សាប៊ូងូតទឹក"),
                    ("Toothpaste", "牙膏", "ថ្នាំដុសធ្មេញ"),
                    ("Perfume", "香水", "ទឹកអប់"),
                ],
            },
        ],
    },
    Top {
        name: ("Home & Kitchen", "家居厨房", "ផ្ទះ និងផ្ទះបាយ"),
        hue: 28,
        price: (400, 25_000),
        adjectives: &[
            ("Durable", "耐用", "ធន់ប្រើបានយូរ"),
            ("Eco-Friendly", "环保", "មិនប៉ះពាល់បរិស្ថាន"),
            ("Compact", "小巧", "តូចល្មម"),
            ("Deluxe", "豪华", "ពិសេស"),
            ("Modern", "现代", "ទំនើប"),
            ("Family-Size", "家庭装", "ទំហំគ្រួសារ"),
        ],
        children: &[
            Child {
                name: ("Kitchenware", "厨具", "ប្រដាប់ផ្ទះបាយ"),
                size: SizeKind::Edition,
                shape: Shape::Pot,
                leaves: &[
                    ("Rice Cooker", "电饭煲", "ឆ្នាំងដាំបាយ"),
                    ("Electric Kettle", "电热水壶", "កំសៀវអគ្គិសនី"),
                    ("Blender", "搅拌机", "ម៉ាស៊ីនក្រឡុក"),
                    ("Frying Pan", "平底锅", "ខ្ទះ"),
                ],
            },
            Child {
                name: ("Home Textiles", "家纺", "វាយនភណ្ឌក្នុងផ្ទះ"),
                size: SizeKind::Edition,
                shape: Shape::Pillow,
                leaves: &[("Pillow", "枕头", "ខ្នើយ"), ("Blanket", "毛毯", "ភួយ"), ("Bath Towel", "浴巾", "កន្សែងងូតទឹក")],
            },
            Child {
                name: ("Furniture & Lighting", "家具灯饰", "គ្រឿងសង្ហារិម និងភ្លើង"),
                size: SizeKind::Edition,
                shape: Shape::Lamp,
                leaves: &[
                    ("Desk Lamp", "台灯", "ចង្កៀងតុ"),
                    ("Office Chair", "办公椅", "កៅអីការិយាល័យ"),
                    ("Storage Box", "收纳箱", "ប្រអប់ទុកដាក់"),
                    ("Electric Fan", "电风扇", "កង្ហារអគ្គិសនី"),
                ],
            },
        ],
    },
    Top {
        name: ("Food & Drinks", "食品饮料", "អាហារ និងភេសជ្ជៈ"),
        hue: 96,
        price: (100, 4_000),
        adjectives: &[
            ("Organic", "有机", "សរីរាង្គ"),
            ("Fresh", "新鲜", "ស្រស់"),
            ("Premium", "特级", "ពិសេស"),
            ("Local", "本地", "ផលិតក្នុងស្រុក"),
            ("Family-Pack", "家庭装", "កញ្ចប់គ្រួសារ"),
            ("Handmade", "手工", "ធ្វើដោយដៃ"),
        ],
        children: &[
            Child {
                name: ("Coffee & Tea", "咖啡茶饮", "កាហ្វេ និងតែ"),
                size: SizeKind::Edition,
                shape: Shape::Cup,
                leaves: &[
                    ("Ground Coffee", "咖啡粉", "ម្សៅកាហ្វេ"),
                    ("Green Tea", "绿茶", "តែបៃតង"),
                    ("Coffee Beans", "咖啡豆", "គ្រាប់កាហ្វេ"),
                ],
            },
            Child {
                name: ("Snacks", "零食", "នំចំណី"),
                size: SizeKind::Edition,
                shape: Shape::Snack,
                leaves: &[
                    ("Dried Mango", "芒果干", "ស្វាយក្រៀម"),
                    ("Cashew Nuts", "腰果", "គ្រាប់ស្វាយចន្ទី"),
                    ("Cookies", "饼干", "នំខូឃី"),
                    ("Chocolate", "巧克力", "សូកូឡា"),
                ],
            },
            Child {
                name: ("Pantry", "粮油调味", "គ្រឿងទេស និងស្បៀង"),
                size: SizeKind::Edition,
                shape: Shape::Jar,
                leaves: &[
                    ("Jasmine Rice", "茉莉香米", "អង្ករម្លិះ"),
                    ("Kampot Pepper", "贡布胡椒", "ម្រេចកំពត"),
                    ("Palm Sugar", "棕榈糖", "ស្ករត្នោត"),
                    ("Fish Sauce", "鱼露", "ទឹកត្រី"),
                ],
            },
        ],
    },
    Top {
        name: ("Sports & Outdoors", "运动户外", "កីឡា និងក្រៅផ្ទះ"),
        hue: 168,
        price: (500, 40_000),
        adjectives: &[
            ("Lightweight", "轻量", "ស្រាល"),
            ("Professional", "专业", "កម្រិតអាជីព"),
            ("Durable", "耐用", "ធន់ប្រើបានយូរ"),
            ("Anti-Slip", "防滑", "ការពាររអិល"),
            ("Outdoor", "户外", "សម្រាប់ក្រៅផ្ទះ"),
            ("Training", "训练", "សម្រាប់ហ្វឹកហាត់"),
        ],
        children: &[
            Child {
                name: ("Fitness", "健身", "ហាត់ប្រាណ"),
                size: SizeKind::Edition,
                shape: Shape::Dumbbell,
                leaves: &[
                    ("Yoga Mat", "瑜伽垫", "កម្រាលយូហ្គា"),
                    ("Dumbbells", "哑铃", "ដុំដែកហាត់ប្រាណ"),
                    ("Jump Rope", "跳绳", "ខ្សែលោត"),
                ],
            },
            Child {
                name: ("Cycling", "骑行", "ជិះកង់"),
                size: SizeKind::Edition,
                shape: Shape::Bicycle,
                leaves: &[
                    ("Mountain Bike", "山地自行车", "កង់ភ្នំ"),
                    ("Bike Helmet", "骑行头盔", "មួកសុវត្ថិភាពជិះកង់"),
                    ("Bike Light", "自行车灯", "ភ្លើងកង់"),
                ],
            },
            Child {
                name: ("Outdoor", "户外", "ក្រៅផ្ទះ"),
                size: SizeKind::Edition,
                shape: Shape::Tent,
                leaves: &[
                    ("Camping Tent", "帐篷", "តង់បោះជំរំ"),
                    ("Water Bottle", "运动水壶", "ដបទឹក"),
                    ("Hiking Backpack", "登山包", "កាបូបឡើងភ្នំ"),
                ],
            },
            Child {
                name: ("Ball Sports", "球类运动", "កីឡាបាល់"),
                size: SizeKind::Edition,
                shape: Shape::Ball,
                leaves: &[
                    ("Football", "足球", "បាល់ទាត់"),
                    ("Badminton Racket", "羽毛球拍", "រ៉ាកែតវាយសី"),
                    ("Basketball", "篮球", "បាល់បោះ"),
                ],
            },
        ],
    },
    Top {
        name: ("Mother & Baby", "母婴玩具", "ម្ដាយ និងទារក"),
        hue: 46,
        price: (300, 15_000),
        adjectives: &[
            ("Soft", "柔软", "ទន់"),
            ("Safe", "安全", "សុវត្ថិភាព"),
            ("Gentle", "温和", "ទន់ភ្លន់"),
            ("Colourful", "多彩", "ចម្រុះពណ៌"),
            ("Educational", "益智", "អប់រំ"),
            ("Cute", "可爱", "គួរឱ្យស្រឡាញ់"),
        ],
        children: &[
            Child {
                name: ("Baby Care", "婴儿护理", "ថែទាំទារក"),
                size: SizeKind::Edition,
                shape: Shape::Bottle,
                leaves: &[
                    ("Diapers", "纸尿裤", "កន្ទបទារក"),
                    ("Baby Wipes", "婴儿湿巾", "ក្រដាសសើមទារក"),
                    ("Baby Bottle", "奶瓶", "ដបទឹកដោះទារក"),
                ],
            },
            Child {
                name: ("Toys", "玩具", "ប្រដាប់ក្មេងលេង"),
                size: SizeKind::Edition,
                shape: Shape::Blocks,
                leaves: &[
                    ("Building Blocks", "积木", "ប្លុកតម្រៀប"),
                    ("Toy Car", "玩具车", "ឡានលេង"),
                    ("Plush Doll", "毛绒娃娃", "តុក្កតារោម"),
                    ("Jigsaw Puzzle", "拼图", "ល្បែងផ្គុំរូប"),
                ],
            },
            Child {
                name: ("Kids' Clothing", "童装", "សម្លៀកបំពាក់កុមារ"),
                size: SizeKind::Clothes,
                shape: Shape::Bear,
                leaves: &[
                    ("Kids T-Shirt", "儿童T恤", "អាវយឺតកុមារ"),
                    ("Kids Pyjamas", "儿童睡衣", "ខោអាវគេងកុមារ"),
                    ("Kids Shoes", "童鞋", "ស្បែកជើងកុមារ"),
                ],
            },
        ],
    },
    Top {
        name: ("Books & Stationery", "图书文具", "សៀវភៅ និងសម្ភារៈសិក្សា"),
        hue: 354,
        price: (100, 5_000),
        adjectives: &[
            ("Illustrated", "图解", "មានរូបភាព"),
            ("Bestselling", "畅销", "លក់ដាច់បំផុត"),
            ("Classic", "经典", "បុរាណ"),
            ("Colourful", "多彩", "ចម្រុះពណ៌"),
            ("Student", "学生", "សម្រាប់សិស្ស"),
            ("Hardcover", "精装", "ក្របរឹង"),
        ],
        children: &[
            Child {
                name: ("Books", "图书", "សៀវភៅ"),
                size: SizeKind::Edition,
                shape: Shape::Book,
                leaves: &[
                    ("Novel", "小说", "ប្រលោមលោក"),
                    ("Cookbook", "菜谱", "សៀវភៅធ្វើម្ហូប"),
                    ("Children's Book", "童书", "សៀវភៅកុមារ"),
                ],
            },
            Child {
                name: ("Stationery", "文具", "សម្ភារៈសិក្សា"),
                size: SizeKind::Edition,
                shape: Shape::Pencil,
                leaves: &[
                    ("Notebook", "笔记本", "សៀវភៅកត់ត្រា"),
                    ("Gel Pen", "中性笔", "ប៊ិចទឹក"),
                    ("Colour Pencils", "彩色铅笔", "ខ្មៅដៃពណ៌"),
                    ("Desk Organiser", "桌面收纳盒", "ប្រអប់រៀបចំតុ"),
                ],
            },
            Child {
                name: ("Art Supplies", "美术用品", "សម្ភារៈគំនូរ"),
                size: SizeKind::Edition,
                shape: Shape::Brush,
                leaves: &[
                    ("Watercolour Set", "水彩颜料套装", "ឈុតពណ៌ទឹក"),
                    ("Sketchbook", "素描本", "សៀវភៅគូររូប"),
                    ("Paint Brushes", "画笔", "ជក់គូររូប"),
                ],
            },
        ],
    },
];

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

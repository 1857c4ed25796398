-- Storefront schema, SQLite flavour. The PostgreSQL migration of the same number has the same
-- tables and columns; only the column types differ (INTEGER here, BIGINT there).
--
-- Conventions shared by both backends (so that one set of sqlx::Any queries serves both):
--   * every integer column is a 64-bit integer, decoded as i64;
--   * money is integer cents (USD minor units);
--   * times are Unix milliseconds;
--   * booleans and small enumerations are integers (0/1 or the codes named per column);
--   * translated texts have one column per language: *_en, *_zh (Simplified Chinese), *_km.

-- Currencies offered by the storefront (spec section 9: USD and KHR).
CREATE TABLE currency (
    currency_id      INTEGER PRIMARY KEY,
    currency_code    TEXT    NOT NULL UNIQUE,      -- 'USD', 'KHR'
    currency_name    TEXT    NOT NULL,
    symbol           TEXT    NOT NULL,
    exchange_rate    TEXT    NOT NULL,             -- decimal string: units per 1 USD
    status           INTEGER NOT NULL DEFAULT 1,   -- 1 enabled, 0 disabled
    default_currency INTEGER NOT NULL DEFAULT 0,   -- 1 = the default currency
    seq              INTEGER NOT NULL DEFAULT 0
);

-- PC web configuration as key/value pairs (pcLogoImg, pcCopyright, ...; spec section 3).
CREATE TABLE web_config (
    config_key   TEXT PRIMARY KEY,
    config_value TEXT NOT NULL
);

-- Interface languages (spec section 9: en default, zh_CN, km).
CREATE TABLE language (
    language   TEXT    PRIMARY KEY,                -- code used in ?lang= ('en', 'zh_CN', 'km')
    name       TEXT    NOT NULL,                   -- the language's own name
    lang       TEXT    NOT NULL,                   -- BCP 47 tag ('en', 'zh-CN', 'km')
    hide       INTEGER NOT NULL DEFAULT 0,         -- 1 = hidden from the switcher
    is_default INTEGER NOT NULL DEFAULT 0,
    seq        INTEGER NOT NULL DEFAULT 0
);

-- Payment method switches (codes of spec section 9: SCOREPAY 0, BALANCEPAY 9, PAYPAL 10, ...).
CREATE TABLE pay_switch (
    pay_type INTEGER PRIMARY KEY,
    pay_name TEXT    NOT NULL,
    enabled  INTEGER NOT NULL DEFAULT 1,
    seq      INTEGER NOT NULL DEFAULT 0
);

-- Buyers. Passwords are Argon2id hashes; NULL until the user sets one (code-only sign-in).
CREATE TABLE users (
    user_id       INTEGER PRIMARY KEY,
    nick_name     TEXT    NOT NULL DEFAULT '',
    pic           TEXT,
    user_mail     TEXT UNIQUE,
    user_mobile   TEXT UNIQUE,
    password_hash TEXT,
    created_at    INTEGER NOT NULL
);

-- Sign-in sessions. Only the SHA-256 (hex) of the token is stored, never the token itself.
-- expires_at slides forward on use (30 minutes idle, spec section 9).
CREATE TABLE sessions (
    token_hash   TEXT    PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_expires ON sessions(expires_at);

-- Shops. shop_id 1 is the platform's self-operated shop (shown with a badge).
CREATE TABLE shop (
    shop_id              INTEGER PRIMARY KEY,
    shop_name            TEXT    NOT NULL,
    shop_logo            TEXT,
    intro                TEXT    NOT NULL DEFAULT '',
    type                 INTEGER NOT NULL DEFAULT 0,   -- 0 general shop, 1 preferred shop
    shop_status          INTEGER NOT NULL DEFAULT 1,   -- 1 online, 0 offline, -1 closed/rejected, 2 under review
    rating               INTEGER NOT NULL DEFAULT 50,  -- tenths of a star: 48 = 4.8
    fans_count           INTEGER NOT NULL DEFAULT 0,   -- followers
    sold_num             INTEGER NOT NULL DEFAULT 0,
    contact              TEXT,
    mos_chat_support_url TEXT,
    created_at           INTEGER NOT NULL
);
CREATE INDEX shop_status_type ON shop(shop_status, type);

-- Three-level product category tree (grade 1 top, 3 leaf; parent_id 0 for the top level).
CREATE TABLE category (
    category_id      INTEGER PRIMARY KEY,
    parent_id        INTEGER NOT NULL DEFAULT 0,
    grade            INTEGER NOT NULL,
    category_name_en TEXT    NOT NULL,
    category_name_zh TEXT    NOT NULL,
    category_name_km TEXT    NOT NULL,
    icon             TEXT,
    pic              TEXT,
    seq              INTEGER NOT NULL DEFAULT 0,
    status           INTEGER NOT NULL DEFAULT 1       -- 1 shown, 0 hidden
);
CREATE INDEX category_parent ON category(parent_id, seq);

-- Products. category_id is a third-level category. Products sharing comparison_group are the
-- same article offered by different shops (price comparison, spec section 2).
CREATE TABLE product (
    prod_id          INTEGER PRIMARY KEY,
    shop_id          INTEGER NOT NULL REFERENCES shop(shop_id),
    category_id      INTEGER NOT NULL REFERENCES category(category_id),
    prod_name_en     TEXT    NOT NULL,
    prod_name_zh     TEXT    NOT NULL,
    prod_name_km     TEXT    NOT NULL,
    brief_en         TEXT    NOT NULL DEFAULT '',
    brief_zh         TEXT    NOT NULL DEFAULT '',
    brief_km         TEXT    NOT NULL DEFAULT '',
    content_en       TEXT    NOT NULL DEFAULT '',     -- description (may hold sanitized HTML)
    content_zh       TEXT    NOT NULL DEFAULT '',
    content_km       TEXT    NOT NULL DEFAULT '',
    price            INTEGER NOT NULL,                -- cents
    ori_price        INTEGER NOT NULL,                -- cents, the struck-through price
    pic              TEXT,
    imgs             TEXT    NOT NULL DEFAULT '',     -- comma-separated picture paths
    status           INTEGER NOT NULL DEFAULT 1,      -- 1 on shelf, 0 off shelf
    prod_type        INTEGER NOT NULL DEFAULT 0,      -- 0 normal, 1 flash sale, 2 group buy
    sold_num         INTEGER NOT NULL DEFAULT 0,
    total_stocks     INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    comparison_group INTEGER
);
CREATE INDEX product_category ON product(category_id, status);
CREATE INDEX product_shop ON product(shop_id, status);
CREATE INDEX product_status_sold ON product(status, sold_num);
CREATE INDEX product_status_created ON product(status, created_at);
CREATE INDEX product_type ON product(prod_type, status);
CREATE INDEX product_comparison ON product(comparison_group);

-- Stock keeping units: one per colour/size combination of a product.
CREATE TABLE sku (
    sku_id        INTEGER PRIMARY KEY,
    prod_id       INTEGER NOT NULL REFERENCES product(prod_id) ON DELETE CASCADE,
    properties_en TEXT    NOT NULL DEFAULT '',        -- e.g. 'Colour:Black;Size:M'
    properties_zh TEXT    NOT NULL DEFAULT '',
    properties_km TEXT    NOT NULL DEFAULT '',
    price         INTEGER NOT NULL,                   -- cents
    ori_price     INTEGER NOT NULL,                   -- cents
    stocks        INTEGER NOT NULL DEFAULT 0 CHECK (stocks >= 0),
    pic           TEXT,
    status        INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX sku_prod ON sku(prod_id);

-- Banners of the home carousel (GET /indexImgs/{shopId}); img_type 1 = PC.
CREATE TABLE index_img (
    id       INTEGER PRIMARY KEY,
    shop_id  INTEGER NOT NULL DEFAULT 0,              -- 0 = platform
    img_url  TEXT    NOT NULL,
    title    TEXT    NOT NULL DEFAULT '',
    type     INTEGER NOT NULL DEFAULT 0,              -- link type: 0 none, 1 product, 3 shop, ...
    relation TEXT,                                    -- the linked id or path
    seq      INTEGER NOT NULL DEFAULT 0,
    img_type INTEGER NOT NULL DEFAULT 1,              -- 1 PC
    status   INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX index_img_shop ON index_img(shop_id, img_type, status, seq);

-- Notices (announcements). shop_id 0 = platform notice.
CREATE TABLE notice (
    id           INTEGER PRIMARY KEY,
    shop_id      INTEGER NOT NULL DEFAULT 0,
    title_en     TEXT    NOT NULL,
    title_zh     TEXT    NOT NULL,
    title_km     TEXT    NOT NULL,
    content_en   TEXT    NOT NULL DEFAULT '',
    content_zh   TEXT    NOT NULL DEFAULT '',
    content_km   TEXT    NOT NULL DEFAULT '',
    is_top       INTEGER NOT NULL DEFAULT 0,          -- 1 = pinned to the top
    status       INTEGER NOT NULL DEFAULT 1,          -- 1 published, 0 draft
    publish_time INTEGER NOT NULL
);
CREATE INDEX notice_shop ON notice(shop_id, status, is_top, publish_time);

-- Hot search words (type 1 product, 2 shop). content is the keyword searched on click.
CREATE TABLE hot_search (
    hot_search_id INTEGER PRIMARY KEY,
    shop_id       INTEGER NOT NULL DEFAULT 0,
    type          INTEGER NOT NULL,
    title_en      TEXT    NOT NULL,
    title_zh      TEXT    NOT NULL,
    title_km      TEXT    NOT NULL,
    content_en    TEXT    NOT NULL,
    content_zh    TEXT    NOT NULL,
    content_km    TEXT    NOT NULL,
    seq           INTEGER NOT NULL DEFAULT 0,
    status        INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX hot_search_type ON hot_search(shop_id, type, status, seq);

-- Page-visit records of POST /flowAnalysisLog (spec sections 4 and 7).
CREATE TABLE flow_analysis_log (
    log_id       INTEGER PRIMARY KEY,
    page_id      INTEGER NOT NULL,
    biz_data     TEXT,
    biz_type     INTEGER NOT NULL DEFAULT 0,          -- 0 normal, 1 group, 2 flash
    step         INTEGER NOT NULL,
    system_type  INTEGER,
    uuid         TEXT    NOT NULL,
    uuid_session TEXT    NOT NULL,
    visit_type   INTEGER NOT NULL,
    prev_page_id INTEGER,
    nums         INTEGER,
    user_id      INTEGER,                             -- NULL for guests
    created_at   INTEGER NOT NULL
);
CREATE INDEX flow_analysis_log_created ON flow_analysis_log(created_at);

-- Flash sales (seckill): a product sold at seckill_price between start_time and end_time.
CREATE TABLE seckill (
    seckill_id    INTEGER PRIMARY KEY,
    prod_id       INTEGER NOT NULL REFERENCES product(prod_id),
    shop_id       INTEGER NOT NULL,
    seckill_price INTEGER NOT NULL,                   -- cents
    start_time    INTEGER NOT NULL,
    end_time      INTEGER NOT NULL,
    status        INTEGER NOT NULL DEFAULT 1          -- 1 active, 0 disabled
);
CREATE INDEX seckill_time ON seckill(status, end_time);
CREATE INDEX seckill_prod ON seckill(prod_id);

-- Group buys: a product at group_price once group_number buyers join.
CREATE TABLE group_activity (
    group_activity_id INTEGER PRIMARY KEY,
    prod_id           INTEGER NOT NULL REFERENCES product(prod_id),
    shop_id           INTEGER NOT NULL,
    group_number      INTEGER NOT NULL,
    group_price       INTEGER NOT NULL,               -- cents
    start_time        INTEGER NOT NULL,
    end_time          INTEGER NOT NULL,
    status            INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX group_activity_time ON group_activity(status, end_time);
CREATE INDEX group_activity_prod ON group_activity(prod_id);

-- Shop discounts ("special discount"): decrease_type 1 = amount off (decrease_value in cents)
-- once the order reaches condition_amount, 2 = percent (decrease_value in tenths: 85 = 8.5 折).
CREATE TABLE discount (
    discount_id      INTEGER PRIMARY KEY,
    shop_id          INTEGER NOT NULL,
    discount_name_en TEXT    NOT NULL,
    discount_name_zh TEXT    NOT NULL,
    discount_name_km TEXT    NOT NULL,
    pc_pic           TEXT,
    start_time       INTEGER NOT NULL,
    end_time         INTEGER NOT NULL,
    decrease_type    INTEGER NOT NULL DEFAULT 1,
    decrease_value   INTEGER NOT NULL,
    condition_amount INTEGER NOT NULL DEFAULT 0,      -- cents
    status           INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX discount_time ON discount(status, end_time);

-- Coupons. coupon_type 1 cash (reduce_amount cents off once cash_condition is reached),
-- 2 percent (coupon_discount in tenths: 85 = 8.5). valid_time_type 1 fixed end date,
-- 2 valid for valid_days starting after_receive_days after receiving.
CREATE TABLE coupon (
    coupon_id          INTEGER PRIMARY KEY,
    shop_id            INTEGER NOT NULL,
    coupon_name_en     TEXT    NOT NULL,
    coupon_name_zh     TEXT    NOT NULL,
    coupon_name_km     TEXT    NOT NULL,
    coupon_type        INTEGER NOT NULL,
    cash_condition     INTEGER NOT NULL DEFAULT 0,
    reduce_amount      INTEGER NOT NULL DEFAULT 0,
    coupon_discount    INTEGER NOT NULL DEFAULT 0,
    start_time         INTEGER NOT NULL,
    end_time           INTEGER NOT NULL,
    valid_time_type    INTEGER NOT NULL DEFAULT 1,
    valid_days         INTEGER NOT NULL DEFAULT 0,
    after_receive_days INTEGER NOT NULL DEFAULT 0,
    stocks             INTEGER NOT NULL DEFAULT 0 CHECK (stocks >= 0),
    status             INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX coupon_time ON coupon(status, end_time);

-- Decorated pages ("renovation"). content is a JSON list of blocks {type, dataField}.
-- shop_id 0 = platform; renovation_type 1 = PC home page; is_home 1 = the active home page.
CREATE TABLE renovation (
    renovation_id   INTEGER PRIMARY KEY,
    shop_id         INTEGER NOT NULL DEFAULT 0,
    renovation_type INTEGER NOT NULL DEFAULT 1,
    name            TEXT    NOT NULL,
    content         TEXT    NOT NULL,
    is_home         INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
);
CREATE INDEX renovation_shop ON renovation(shop_id, renovation_type, is_home);

-- Shops a user follows.
CREATE TABLE shop_collection (
    user_id    INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    shop_id    INTEGER NOT NULL REFERENCES shop(shop_id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, shop_id)
);
CREATE INDEX shop_collection_shop ON shop_collection(shop_id);

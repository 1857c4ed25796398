-- Cart, addresses, order confirmations, orders and points (the cart and orders domain).
-- The PostgreSQL migration of the same number has the same tables and columns (BIGINT there).
-- Money is in cents, times in Unix milliseconds.

-- What a buyer holds: points (spent at checkout, 1 point = 1 cent) and a balance in cents.
ALTER TABLE users ADD COLUMN points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0);
ALTER TABLE users ADD COLUMN balance INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0);

-- Cart lines: one per buyer and SKU.
CREATE TABLE basket (
    basket_id  INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    shop_id    INTEGER NOT NULL,
    prod_id    INTEGER NOT NULL REFERENCES product(prod_id),
    sku_id     INTEGER NOT NULL REFERENCES sku(sku_id),
    prod_count INTEGER NOT NULL CHECK (prod_count > 0),
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, sku_id)
);
CREATE INDEX basket_user ON basket(user_id, created_at);

-- Delivery addresses; common_addr 1 marks the buyer's default.
CREATE TABLE user_addr (
    addr_id     INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    receiver    TEXT    NOT NULL,
    mobile      TEXT    NOT NULL,
    post_code   TEXT    NOT NULL DEFAULT '',
    addr        TEXT    NOT NULL,
    common_addr INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL
);
CREATE INDEX user_addr_user ON user_addr(user_id, common_addr);

-- What /p/order/confirm computed (content: JSON of the lines and choices), kept until
-- expires_at for one submission; submitted_at and order_numbers are set by that submission.
CREATE TABLE order_confirmation (
    order_token   TEXT    PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    content       TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    submitted_at  INTEGER,
    order_numbers TEXT
);
CREATE INDEX order_confirmation_expiry ON order_confirmation(expires_at);

-- Orders: one per shop of a submission. status: 1 unpaid, 2 paid, 3 shipped, 4 received,
-- 5 completed, 6 canceled, 7 grouping. order_type: 0 normal, 1 group buy, 2 flash sale.
-- The address is copied in as it was; the coupons consumed are named so a cancel returns them.
CREATE TABLE orders (
    order_id                INTEGER PRIMARY KEY,
    order_number            TEXT    NOT NULL UNIQUE,
    user_id                 INTEGER NOT NULL REFERENCES users(user_id),
    shop_id                 INTEGER NOT NULL,
    order_token             TEXT    NOT NULL,
    order_type              INTEGER NOT NULL DEFAULT 0,
    status                  INTEGER NOT NULL,
    total                   INTEGER NOT NULL,
    total_count             INTEGER NOT NULL,
    transfee                INTEGER NOT NULL DEFAULT 0,
    coupon_reduce           INTEGER NOT NULL DEFAULT 0,
    member_reduce           INTEGER NOT NULL DEFAULT 0,
    points_reduce           INTEGER NOT NULL DEFAULT 0,
    use_points              INTEGER NOT NULL DEFAULT 0,
    actual_total            INTEGER NOT NULL,
    remarks                 TEXT    NOT NULL DEFAULT '',
    receiver                TEXT    NOT NULL,
    mobile                  TEXT    NOT NULL,
    post_code               TEXT    NOT NULL DEFAULT '',
    addr                    TEXT    NOT NULL,
    shop_user_coupon_id     INTEGER,
    platform_user_coupon_id INTEGER,
    seckill_id              INTEGER,
    group_activity_id       INTEGER,
    group_team_id           INTEGER,
    create_time             INTEGER NOT NULL,
    expire_time             INTEGER,
    pay_time                INTEGER,
    dvy_time                INTEGER,
    finally_time            INTEGER,
    cancel_time             INTEGER
);
CREATE INDEX orders_user ON orders(user_id, status, create_time);
CREATE INDEX orders_unpaid ON orders(status, expire_time);
CREATE INDEX orders_token ON orders(order_token);
CREATE INDEX orders_seckill_user ON orders(seckill_id, user_id);

-- The lines of an order, with the names, pictures and prices as they were.
CREATE TABLE order_item (
    order_item_id        INTEGER PRIMARY KEY,
    order_id             INTEGER NOT NULL REFERENCES orders(order_id) ON DELETE CASCADE,
    prod_id              INTEGER NOT NULL,
    sku_id               INTEGER NOT NULL,
    prod_name            TEXT    NOT NULL,
    sku_name             TEXT    NOT NULL DEFAULT '',
    pic                  TEXT    NOT NULL DEFAULT '',
    price                INTEGER NOT NULL,
    prod_count           INTEGER NOT NULL,
    product_total_amount INTEGER NOT NULL
);
CREATE INDEX order_item_order ON order_item(order_id);

-- Every change of a buyer's points: reason 1 spent on an order, 2 returned by a cancel,
-- 3 granted (the demo, sign-in rewards).
CREATE TABLE points_record (
    record_id    INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    delta        INTEGER NOT NULL,
    reason       INTEGER NOT NULL,
    order_number TEXT,
    created_at   INTEGER NOT NULL
);
CREATE INDEX points_record_user ON points_record(user_id, created_at);

-- A coupon consumed by an order is marked used with the order's number.
ALTER TABLE user_coupon ADD COLUMN order_number TEXT;

-- Flash sales sell their own stock (seckill_stocks, taken apart from the SKU's), at most
-- max_num units per buyer.
ALTER TABLE seckill ADD COLUMN seckill_stocks INTEGER NOT NULL DEFAULT 0 CHECK (seckill_stocks >= 0);
ALTER TABLE seckill ADD COLUMN max_num INTEGER NOT NULL DEFAULT 1;

-- Group-buy teams: opened by a buyer, filled when group_number buyers have paid; status
-- 0 waiting for the opener's payment, 1 open, 2 filled, 3 failed (the deadline passed).
CREATE TABLE group_team (
    group_team_id     INTEGER PRIMARY KEY,
    group_activity_id INTEGER NOT NULL REFERENCES group_activity(group_activity_id),
    leader_user_id    INTEGER NOT NULL REFERENCES users(user_id),
    group_number      INTEGER NOT NULL,
    paid_count        INTEGER NOT NULL DEFAULT 0,
    status            INTEGER NOT NULL DEFAULT 0,
    created_at        INTEGER NOT NULL,
    end_time          INTEGER NOT NULL
);
CREATE INDEX group_team_activity ON group_team(group_activity_id, status);
CREATE INDEX group_team_deadline ON group_team(status, end_time);

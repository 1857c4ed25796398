-- Member levels (the user centre: overview and orders; the member centre builds on them): a
-- buyer's growth, earned when an order's receipt is confirmed (one per whole dollar paid),
-- places them on the ladder of member_level. The SQLite migration of the same number has
-- the same tables and columns (INTEGER there).

-- The ladder: level 1 from growth 0, each level's name in the three languages. The member
-- centre adds each level's benefits (discount, free shipping) to these rows.
CREATE TABLE member_level (
    level         BIGINT  PRIMARY KEY CHECK (level >= 1),
    need_growth   BIGINT  NOT NULL UNIQUE CHECK (need_growth >= 0),
    level_name_en TEXT    NOT NULL,
    level_name_zh TEXT    NOT NULL,
    level_name_km TEXT    NOT NULL
);
INSERT INTO member_level (level, need_growth, level_name_en, level_name_zh, level_name_km) VALUES
    (1, 0, 'Member', '普通会员', 'សមាជិកធម្មតា'),
    (2, 500, 'Silver Member', '白银会员', 'សមាជិកប្រាក់'),
    (3, 2000, 'Gold Member', '黄金会员', 'សមាជិកមាស'),
    (4, 10000, 'Diamond Member', '钻石会员', 'សមាជិកពេជ្រ');

-- The buyer's growth, the sum of their growth_record rows.
ALTER TABLE users ADD COLUMN growth BIGINT NOT NULL DEFAULT 0 CHECK (growth >= 0);

-- Every change of a buyer's growth: reason 1 an order received (its number; once per order,
-- whatever races), 2 granted (the demo).
CREATE TABLE growth_record (
    record_id    BIGSERIAL PRIMARY KEY,
    user_id      BIGINT  NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    delta        BIGINT  NOT NULL,
    reason       BIGINT  NOT NULL,
    order_number TEXT,
    created_at   BIGINT  NOT NULL
);
CREATE INDEX growth_record_user ON growth_record(user_id, created_at);
CREATE UNIQUE INDEX growth_record_order ON growth_record(order_number) WHERE reason = 1;

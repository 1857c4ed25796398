-- The member centre (the members domain, `server/src/members`): what each level gives at
-- checkout, the buyer's paid membership and its purchases. The PostgreSQL migration of the
-- same number has the same tables and columns (BIGINT there). Money is in cents, times in
-- Unix milliseconds.

-- Each level's benefits: percent off goods (0 to 50) and free shipping (1) or not (0).
ALTER TABLE member_level ADD COLUMN discount_percent INTEGER NOT NULL DEFAULT 0
    CHECK (discount_percent >= 0 AND discount_percent <= 50);
ALTER TABLE member_level ADD COLUMN free_shipping INTEGER NOT NULL DEFAULT 0 CHECK (free_shipping IN (0, 1));
UPDATE member_level SET discount_percent = 2 WHERE level = 2;
UPDATE member_level SET discount_percent = 5, free_shipping = 1 WHERE level = 3;
UPDATE member_level SET discount_percent = 8, free_shipping = 1 WHERE level = 4;

-- When the buyer's paid membership ends; NULL when never bought.
ALTER TABLE users ADD COLUMN member_end_time INTEGER;

-- One purchase of a paid membership per pay attempt: the plan, its days and price; status
-- 0 waiting for its payment, 1 paid (the period it added: start_time to end_time). It moves
-- to paid once, in the transaction that settles its attempt.
CREATE TABLE member_purchase (
    pay_no     TEXT    PRIMARY KEY REFERENCES pay_attempt(pay_no),
    user_id    INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    plan_id    INTEGER NOT NULL,
    days       INTEGER NOT NULL CHECK (days > 0),
    amount     INTEGER NOT NULL CHECK (amount > 0),
    status     INTEGER NOT NULL DEFAULT 0,
    start_time INTEGER,
    end_time   INTEGER,
    created_at INTEGER NOT NULL,
    paid_at    INTEGER
);
CREATE INDEX member_purchase_user ON member_purchase(user_id, created_at);

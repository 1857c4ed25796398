-- Refunds and returns after a purchase (the refunds domain, `server/src/refunds`). The SQLite
-- migration of the same number has the same tables and columns (INTEGER there).
-- Money is in cents, times in Unix milliseconds.

-- What open and completed applications hold of an order and of each item: an application
-- takes its amount and units by a conditional update (never past what was paid and ordered),
-- a withdrawn, refused or closed one gives them back.
ALTER TABLE orders ADD COLUMN refund_held BIGINT  NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN refund_goods_held BIGINT  NOT NULL DEFAULT 0;
ALTER TABLE order_item ADD COLUMN refund_held BIGINT  NOT NULL DEFAULT 0;
ALTER TABLE order_item ADD COLUMN refund_goods_held BIGINT  NOT NULL DEFAULT 0;

-- One application. order_item_id 0 is the whole order. apply_type 1 refund only, 2 return and
-- refund. status 1 applied, 2 accepted (return expected), 3 shipped back, 4 refunded,
-- 5 withdrawn, 6 refused, 7 platform intervention, 8 closed. shipped 1 when the order had left
-- the shop at the application. reply_deadline is when the merchant must have answered (NULL
-- while nobody but the buyer is expected to act); the automatic refund claims an application
-- by moving its status conditionally. photo_files and intervention_files are `/media/` paths
-- separated by commas.
CREATE TABLE order_refund (
    refund_id          BIGSERIAL PRIMARY KEY,
    refund_sn          TEXT    NOT NULL UNIQUE,
    user_id            BIGINT  NOT NULL REFERENCES users(user_id),
    shop_id            BIGINT  NOT NULL,
    order_id           BIGINT  NOT NULL REFERENCES orders(order_id),
    order_number       TEXT    NOT NULL,
    order_item_id      BIGINT  NOT NULL DEFAULT 0,
    apply_type         BIGINT  NOT NULL,
    buyer_reason       BIGINT  NOT NULL,
    goods_num          BIGINT  NOT NULL CHECK (goods_num > 0),
    refund_amount      BIGINT  NOT NULL CHECK (refund_amount > 0),
    buyer_msg          TEXT    NOT NULL DEFAULT '',
    photo_files        TEXT    NOT NULL DEFAULT '',
    status             BIGINT  NOT NULL,
    shipped            BIGINT  NOT NULL DEFAULT 0,
    apply_time         BIGINT  NOT NULL,
    reply_deadline     BIGINT,
    express_name       TEXT    NOT NULL DEFAULT '',
    express_no         TEXT    NOT NULL DEFAULT '',
    express_mobile     TEXT    NOT NULL DEFAULT '',
    intervention_msg   TEXT    NOT NULL DEFAULT '',
    intervention_files TEXT    NOT NULL DEFAULT '',
    auto_refunded      BIGINT  NOT NULL DEFAULT 0,
    refund_time        BIGINT
);
CREATE INDEX order_refund_user ON order_refund(user_id, apply_time);
CREATE INDEX order_refund_order ON order_refund(order_id);
CREATE INDEX order_refund_due ON order_refund(status, reply_deadline);

-- Each step of an application as it happened (spec section 4): 1 buyer applies, 2 seller
-- accepts, 3 buyer ships, 4 seller receives, 5 refund success, 6 buyer withdraws, 7 merchant
-- refuses, 8 refund closed, 9 platform intervention; note is what was said with it.
CREATE TABLE order_refund_step (
    step_id   BIGSERIAL PRIMARY KEY,
    refund_id BIGINT  NOT NULL REFERENCES order_refund(refund_id) ON DELETE CASCADE,
    step      BIGINT  NOT NULL,
    at        BIGINT  NOT NULL,
    note      TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX order_refund_step_refund ON order_refund_step(refund_id, step_id);

-- A gateway refund of an application: one per application, besides the one per attempt and
-- order of a cancel or a late payment.
ALTER TABLE pay_refund ADD COLUMN refund_sn TEXT;
DROP INDEX pay_refund_once;
CREATE UNIQUE INDEX pay_refund_once ON pay_refund(pay_no, COALESCE(order_id, 0), COALESCE(refund_sn, ''));

-- Payments (the payments domain): the payment password, pay attempts with the orders they pay,
-- the gateways' notifications acted on, refunds through a gateway, and the balance ledger.
-- The PostgreSQL migration of the same number has the same tables and columns (BIGINT there).
-- Money is in cents, times in Unix milliseconds.

-- The payment password (Argon2id, exactly 6 digits before hashing); NULL until set.
ALTER TABLE users ADD COLUMN pay_password_hash TEXT;

-- How an order was paid: its pay type and attempt; order_score is what a points-mall order
-- costs in points (paid with SCOREPAY), 0 for every other order.
ALTER TABLE orders ADD COLUMN pay_type INTEGER;
ALTER TABLE orders ADD COLUMN pay_no TEXT;
ALTER TABLE orders ADD COLUMN order_score INTEGER NOT NULL DEFAULT 0;

-- One attempt to pay orders (pay_kind 1) or to top the balance up (2), with one method. pay_no
-- is the mall's reference at the gateway and the idempotency key of its settlement. status:
-- 0 pending, 1 paid, 2 failed, 3 expired, 4 refunded (paid too late). amount in cents; the
-- charge in the charged currency's unit (cents, whole riel).
CREATE TABLE pay_attempt (
    pay_no          TEXT    PRIMARY KEY,
    user_id         INTEGER NOT NULL REFERENCES users(user_id),
    pay_type        INTEGER NOT NULL,
    pay_kind        INTEGER NOT NULL,
    amount          INTEGER NOT NULL CHECK (amount >= 0),
    score           INTEGER NOT NULL DEFAULT 0,
    charge_currency TEXT    NOT NULL,
    charge_minor    INTEGER NOT NULL,
    status          INTEGER NOT NULL DEFAULT 0,
    gateway_ref     TEXT,
    transaction_id  TEXT,
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL,
    paid_at         INTEGER,
    checked_at      INTEGER
);
CREATE INDEX pay_attempt_user ON pay_attempt(user_id, created_at);
CREATE INDEX pay_attempt_pending ON pay_attempt(status, expires_at);

-- The orders an attempt pays, with each order's share of its amount.
CREATE TABLE pay_attempt_order (
    pay_no   TEXT    NOT NULL REFERENCES pay_attempt(pay_no),
    order_id INTEGER NOT NULL REFERENCES orders(order_id),
    amount   INTEGER NOT NULL,
    PRIMARY KEY (pay_no, order_id)
);
CREATE INDEX pay_attempt_order_order ON pay_attempt_order(order_id);

-- Every gateway fact acted on, by its idempotency key (the gateway's event id, or the attempt
-- and the status a query found): a replayed or concurrent notification finds its key taken.
CREATE TABLE pay_event (
    event_key   TEXT    PRIMARY KEY,
    pay_no      TEXT    NOT NULL,
    pay_type    INTEGER NOT NULL,
    outcome     TEXT    NOT NULL,
    received_at INTEGER NOT NULL
);

-- Money given back through the gateway that took it. reason: 1 paid after its orders were
-- cancelled or expired (or paid twice), 2 a paid order cancelled (a failed group). status:
-- 0 to send, 1 refunded, 2 accepted by the gateway and pending there, 3 given up (see logs).
CREATE TABLE pay_refund (
    refund_no         TEXT    PRIMARY KEY,
    pay_no            TEXT    NOT NULL REFERENCES pay_attempt(pay_no),
    order_id          INTEGER,
    amount            INTEGER NOT NULL,
    charge_minor      INTEGER NOT NULL,
    reason            INTEGER NOT NULL,
    status            INTEGER NOT NULL DEFAULT 0,
    attempts          INTEGER NOT NULL DEFAULT 0,
    next_try_at       INTEGER NOT NULL,
    gateway_refund_id TEXT,
    created_at        INTEGER NOT NULL,
    done_at           INTEGER
);
CREATE UNIQUE INDEX pay_refund_once ON pay_refund(pay_no, COALESCE(order_id, 0));
CREATE INDEX pay_refund_due ON pay_refund(status, next_try_at);

-- Every change of a buyer's balance, so the records always add up to the balance: reason
-- 1 paid orders, 2 refunded, 3 topped up, 4 granted (the demo).
CREATE TABLE balance_record (
    record_id    INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    delta        INTEGER NOT NULL,
    reason       INTEGER NOT NULL,
    pay_no       TEXT,
    order_number TEXT,
    created_at   INTEGER NOT NULL
);
CREATE INDEX balance_record_user ON balance_record(user_id, created_at);

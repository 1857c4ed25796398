-- Coupons a buyer has claimed. One claim per buyer and coupon; claiming takes one unit of the
-- coupon's stock in the same transaction. valid_from / valid_until are fixed at claim time
-- (the coupon's own window for validTimeType 1, or afterReceiveDays / validDays from the claim
-- for validTimeType 2). status: 0 not used, 1 used (expired is judged from valid_until).
CREATE TABLE user_coupon (
    user_coupon_id INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users(user_id),
    coupon_id      INTEGER NOT NULL REFERENCES coupon(coupon_id),
    received_at    INTEGER NOT NULL,
    valid_from     INTEGER NOT NULL,
    valid_until    INTEGER NOT NULL,
    status         INTEGER NOT NULL DEFAULT 0,
    UNIQUE (user_id, coupon_id)
);
CREATE INDEX user_coupon_user ON user_coupon(user_id, status, valid_until);

-- Opening a shop from the buyer centre (the shops domain, `shops/application.rs`). The
-- SQLite migration of the same number has the same table and columns (INTEGER there).
-- Times are Unix milliseconds.

-- A buyer's application to open a shop. status: 0 under review, 1 approved, -1 rejected
-- (remarks holds the reviewer's reason). A rejected buyer applies again with a new row, so the
-- history stays; the partial unique index allows one application under review or approved per
-- buyer, which a parallel burst of submissions cannot get around. On approval the shop is a new
-- row of `shop` owned by the applicant (shop.owner_user_id), recorded in shop_id without a
-- foreign key (re-seeding the demo mall empties the shop table). category_id names a
-- top-level category, also without a foreign key for the same reason. qualifications is a
-- JSON array of the uploaded pictures' paths. The store account signs in to the sellers'
-- centre: store_account as typed, store_account_key lower-cased and unique, the password as an
-- Argon2id hash; all three NULL until the buyer sets them, once, after approval.
CREATE TABLE shop_apply (
    apply_id            BIGSERIAL PRIMARY KEY,
    user_id             BIGINT  NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    shop_name           TEXT    NOT NULL,
    intro               TEXT    NOT NULL,
    shop_address        TEXT    NOT NULL,
    tel                 TEXT    NOT NULL,
    category_id         BIGINT  NOT NULL,
    qualifications      TEXT    NOT NULL,
    status              BIGINT  NOT NULL DEFAULT 0,
    remarks             TEXT,
    shop_id             BIGINT,
    store_account       TEXT,
    store_account_key   TEXT,
    store_password_hash TEXT,
    created_at          BIGINT  NOT NULL,
    reviewed_at         BIGINT
);
CREATE INDEX shop_apply_user ON shop_apply(user_id, apply_id);
CREATE UNIQUE INDEX shop_apply_one_open ON shop_apply(user_id) WHERE status IN (0, 1);
CREATE UNIQUE INDEX shop_apply_store_account ON shop_apply(store_account_key);

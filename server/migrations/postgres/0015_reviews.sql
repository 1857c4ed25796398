-- Product reviews by buyers (the reviews domain, `server/src/reviews`). The SQLite
-- migration of the same number has the same table and columns (INTEGER there). Times are Unix
-- milliseconds.

-- One review per order item: order_item_id is unique, so a parallel burst of reviews of one
-- item stores exactly one. It is NULL only for the demo mall's seeded reviews. prod_id and
-- shop_id are copied from the order item and its order (no foreign key: re-seeding the demo
-- mall empties the product and shop tables). score 1 to 5; content is the trimmed plain text
-- as written (escaped wherever it is shown); pics the uploaded pictures' `/media/` paths
-- separated by commas (empty for none); is_anonymous 1 shows a masked nickname. status 1
-- shown, 0 hidden (by the platform).
CREATE TABLE prod_comm (
    prod_comm_id  BIGSERIAL PRIMARY KEY,
    order_item_id BIGINT  UNIQUE,
    user_id       BIGINT  NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    prod_id       BIGINT  NOT NULL,
    shop_id       BIGINT  NOT NULL,
    score         BIGINT  NOT NULL CHECK (score BETWEEN 1 AND 5),
    content       TEXT    NOT NULL DEFAULT '',
    pics          TEXT    NOT NULL DEFAULT '',
    is_anonymous  BIGINT  NOT NULL DEFAULT 0,
    status        BIGINT  NOT NULL DEFAULT 1,
    created_at    BIGINT  NOT NULL
);
CREATE INDEX prod_comm_prod ON prod_comm(prod_id, status, created_at);
CREATE INDEX prod_comm_user ON prod_comm(user_id, created_at);

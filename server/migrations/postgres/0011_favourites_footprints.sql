-- Products a buyer has collected (favourites): one row per buyer and product, so a burst of
-- parallel "collect" calls can never make two.
CREATE TABLE user_collection (
    id         BIGSERIAL PRIMARY KEY,
    user_id    BIGINT  NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    prod_id    BIGINT  NOT NULL REFERENCES product(prod_id) ON DELETE CASCADE,
    created_at BIGINT  NOT NULL,
    UNIQUE (user_id, prod_id)
);
CREATE INDEX user_collection_user ON user_collection(user_id, created_at);

-- Footprints: the products a buyer viewed, one row per buyer, product and day (days since
-- 1970-01-01 in the mall's time zone, UTC+7); browse_time is the latest view of that day.
-- At most api::favourites::MAX_FOOTPRINTS rows per buyer (the oldest are dropped on insert).
CREATE TABLE user_footprint (
    id          BIGSERIAL PRIMARY KEY,
    user_id     BIGINT  NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    prod_id     BIGINT  NOT NULL REFERENCES product(prod_id) ON DELETE CASCADE,
    day         BIGINT  NOT NULL,
    browse_time BIGINT  NOT NULL,
    UNIQUE (user_id, prod_id, day)
);
CREATE INDEX user_footprint_user ON user_footprint(user_id, browse_time);

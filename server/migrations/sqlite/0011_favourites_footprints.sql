-- Products a buyer has collected (favourites): one row per buyer and product, so a burst of
-- parallel "collect" calls can never make two.
CREATE TABLE user_collection (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    prod_id    INTEGER NOT NULL REFERENCES product(prod_id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, prod_id)
);
CREATE INDEX user_collection_user ON user_collection(user_id, created_at);

-- Footprints: the products a buyer viewed, one row per buyer, product and day (days since
-- 1970-01-01 in the mall's time zone, UTC+7); browse_time is the latest view of that day.
-- At most api::favourites::MAX_FOOTPRINTS rows per buyer (the oldest are dropped on insert).
-- Ids are never reused, so a stale id cannot name a newer entry.
CREATE TABLE user_footprint (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    prod_id     INTEGER NOT NULL REFERENCES product(prod_id) ON DELETE CASCADE,
    day         INTEGER NOT NULL,
    browse_time INTEGER NOT NULL,
    UNIQUE (user_id, prod_id, day)
);
CREATE INDEX user_footprint_user ON user_footprint(user_id, browse_time);

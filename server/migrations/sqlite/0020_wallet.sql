-- The wallet's points (the wallet domain, `server/src/wallet`): the daily sign-in and the points
-- expiry passes. The PostgreSQL migration of the same number has the same tables and columns
-- (BIGINT there). Times are Unix milliseconds; a day is the mall's day (days since 1970-01-01
-- in UTC+7). Every change of points itself is a `points_record` row (reason 6 sign-in, 7 earned
-- by an order, 8 earned by a review, 9 expired).

-- One sign-in per buyer and day: the primary key makes a second one of the same day (even in
-- a concurrent burst) find its row taken. streak counts the consecutive days up to this one
-- (1 after a missed day); points is what it gave.
CREATE TABLE sign_in (
    user_id    INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    day        INTEGER NOT NULL,
    streak     INTEGER NOT NULL,
    points     INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, day)
);

-- One expiry per buyer and day: the pass claims its row first, so two passes at once (or a
-- pass run twice) expire a buyer's old points once.
CREATE TABLE points_expiry (
    user_id    INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    day        INTEGER NOT NULL,
    points     INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, day)
);

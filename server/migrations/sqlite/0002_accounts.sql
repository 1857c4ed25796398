-- Accounts: one-time codes, the notification outbox, rate-limit counters, OAuth2 sign-in
-- state, third-party identities and pending third-party bindings.
-- Times are Unix milliseconds; e-mail addresses are stored lower-case, phones as digits.

-- One-time codes (6 digits) for code sign-in and sign-up ('login'), binding an e-mail to a
-- third-party sign-in ('bind') and password recovery ('reset'). Only a salted SHA-256 of the
-- code is kept ("salt$hash"); a code is single use, expires, and dies after 5 wrong tries.
CREATE TABLE one_time_codes (
    code_id     INTEGER PRIMARY KEY,
    identifier  TEXT    NOT NULL,
    purpose     TEXT    NOT NULL,
    code_hash   TEXT    NOT NULL,
    expires_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    used_at     INTEGER,
    created_at  INTEGER NOT NULL,
    client_addr TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX one_time_codes_lookup ON one_time_codes(identifier, purpose, created_at);
CREATE INDEX one_time_codes_addr ON one_time_codes(client_addr, created_at);

-- Messages waiting for (or done with) delivery: channel 'mail' or 'sms'. Without SMTP the
-- rows themselves are the development mailbox.
CREATE TABLE outbox (
    message_id    INTEGER PRIMARY KEY,
    channel       TEXT    NOT NULL,
    recipient     TEXT    NOT NULL,
    subject       TEXT    NOT NULL DEFAULT '',
    body          TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    sent_at       INTEGER,
    attempts      INTEGER NOT NULL DEFAULT 0,
    claimed_until INTEGER,
    error         TEXT
);
CREATE INDEX outbox_pending ON outbox(sent_at, message_id);
CREATE INDEX outbox_recipient ON outbox(recipient, message_id);

-- Fixed-window counters ("kind:subject" -> hits since window_start).
CREATE TABLE rate_limits (
    bucket       TEXT    PRIMARY KEY,
    window_start INTEGER NOT NULL,
    hits         INTEGER NOT NULL
);

-- OAuth2 authorization requests in flight: state (random, single use) and PKCE verifier.
CREATE TABLE oauth_states (
    state         TEXT    PRIMARY KEY,
    pkce_verifier TEXT    NOT NULL,
    social_type   INTEGER NOT NULL,
    callback_url  TEXT    NOT NULL,
    created_at    INTEGER NOT NULL
);

-- A provider account (GOOGLE 3, FACEBOOK 4) bound to a buyer.
CREATE TABLE user_identities (
    social_type INTEGER NOT NULL,
    subject     TEXT    NOT NULL,
    user_id     INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    email       TEXT,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (social_type, subject)
);
CREATE INDEX user_identities_user ON user_identities(user_id);

-- A provider account not yet bound: the loginKey handed to the bind-email dialog (hashed).
CREATE TABLE third_login_keys (
    key_hash    TEXT    PRIMARY KEY,
    social_type INTEGER NOT NULL,
    subject     TEXT    NOT NULL,
    email       TEXT,
    nick_name   TEXT    NOT NULL DEFAULT '',
    pic         TEXT,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER
);

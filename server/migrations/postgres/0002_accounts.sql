-- Accounts: one-time codes, the notification outbox, rate-limit counters, OAuth2 sign-in
-- state, third-party identities and pending third-party bindings.
-- Times are Unix milliseconds; e-mail addresses are stored lower-case, phones as digits.

-- One-time codes (6 digits) for code sign-in and sign-up ('login'), binding an e-mail to a
-- third-party sign-in ('bind') and password recovery ('reset'). Only a salted SHA-256 of the
-- code is kept ("salt$hash"); a code is single use, expires, and dies after 5 wrong tries.
CREATE TABLE one_time_codes (
    code_id     BIGSERIAL PRIMARY KEY,
    identifier  TEXT    NOT NULL,
    purpose     TEXT    NOT NULL,
    code_hash   TEXT    NOT NULL,
    expires_at  BIGINT  NOT NULL,
    attempts    BIGINT  NOT NULL DEFAULT 0,
    used_at     BIGINT,
    created_at  BIGINT  NOT NULL,
    client_addr TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX one_time_codes_lookup ON one_time_codes(identifier, purpose, created_at);
CREATE INDEX one_time_codes_addr ON one_time_codes(client_addr, created_at);

-- Messages waiting for (or done with) delivery: channel 'mail' or 'sms'. Without SMTP the
-- rows themselves are the development mailbox.
CREATE TABLE outbox (
    message_id    BIGSERIAL PRIMARY KEY,
    channel       TEXT    NOT NULL,
    recipient     TEXT    NOT NULL,
    subject       TEXT    NOT NULL DEFAULT '',
    body          TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL,
    sent_at       BIGINT,
    attempts      BIGINT  NOT NULL DEFAULT 0,
    claimed_until BIGINT,
    error         TEXT
);
CREATE INDEX outbox_pending ON outbox(sent_at, message_id);
CREATE INDEX outbox_recipient ON outbox(recipient, message_id);

-- Fixed-window counters ("kind:subject" -> hits since window_start).
CREATE TABLE rate_limits (
    bucket       TEXT    PRIMARY KEY,
    window_start BIGINT  NOT NULL,
    hits         BIGINT  NOT NULL
);

-- OAuth2 authorization requests in flight: state (random, single use) and PKCE verifier.
CREATE TABLE oauth_states (
    state         TEXT    PRIMARY KEY,
    pkce_verifier TEXT    NOT NULL,
    social_type   BIGINT  NOT NULL,
    callback_url  TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL
);

-- A provider account (GOOGLE 3, FACEBOOK 4) bound to a buyer.
CREATE TABLE user_identities (
    social_type BIGINT  NOT NULL,
    subject     TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    email       TEXT,
    created_at  BIGINT  NOT NULL,
    PRIMARY KEY (social_type, subject)
);
CREATE INDEX user_identities_user ON user_identities(user_id);

-- A provider account not yet bound: the loginKey handed to the bind-email dialog (hashed).
CREATE TABLE third_login_keys (
    key_hash    TEXT    PRIMARY KEY,
    social_type BIGINT  NOT NULL,
    subject     TEXT    NOT NULL,
    email       TEXT,
    nick_name   TEXT    NOT NULL DEFAULT '',
    pic         TEXT,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL,
    used_at     BIGINT
);

-- The user centre's profile, passwords and binding: uploaded pictures (the media domain) and
-- third-party sign-ins started to bind an account rather than to sign in.
-- The PostgreSQL migration of the same number has the same tables and columns (BIGINT there).
-- Times are Unix milliseconds.

-- A stored picture, once per content: `name` is the SHA-256 of its bytes in hex plus the
-- extension of its true format (`<64 hex>.png`), the file's name in the media folder and the
-- last part of its path `/media/<name>`. Kept only after its content was checked.
CREATE TABLE media_file (
    name         TEXT    PRIMARY KEY,
    content_type TEXT    NOT NULL,
    width        INTEGER NOT NULL CHECK (width > 0),
    height       INTEGER NOT NULL CHECK (height > 0),
    byte_size    INTEGER NOT NULL CHECK (byte_size > 0),
    created_at   INTEGER NOT NULL
);

-- Who uploaded a picture, as what kind ('avatar' or 'image'): a buyer may only put on their
-- profile a picture they uploaded themselves.
CREATE TABLE media_upload (
    name       TEXT    NOT NULL REFERENCES media_file(name),
    user_id    INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (name, user_id, kind)
);
CREATE INDEX media_upload_user ON media_upload(user_id, created_at);

-- A third-party sign-in started from the user centre's bind page by this buyer: its return
-- binds the provider account to them instead of signing anybody in.
ALTER TABLE oauth_states ADD COLUMN bind_user_id INTEGER;

-- Chat (the chat domain, `server/src/chat`): conversations between a buyer and a shop or the
-- platform's customer service (shop_id 0), their messages, and the agents who answer for a
-- shop. The SQLite migration of the same number has the same tables and columns (INTEGER
-- there). Times are Unix milliseconds.

-- A user who answers a shop's chat (shop_id 0: the platform's customer service). Every agent
-- of a shop sees every conversation of that shop.
CREATE TABLE chat_agent (
    user_id    BIGINT PRIMARY KEY REFERENCES users(user_id) ON DELETE CASCADE,
    shop_id    BIGINT  NOT NULL,
    created_at BIGINT  NOT NULL
);
CREATE INDEX chat_agent_shop ON chat_agent(shop_id);

-- One conversation per buyer and counterpart. last_seq is the seq of the newest message: a
-- message takes last_seq + 1 by a conditional update in the transaction that stores it, so
-- seqs are gap-free and ordered. The read marks are the seq each side has read up to.
CREATE TABLE chat_conversation (
    conversation_id BIGSERIAL PRIMARY KEY,
    buyer_id        BIGINT  NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    shop_id         BIGINT  NOT NULL,
    buyer_read_seq  BIGINT  NOT NULL DEFAULT 0,
    agent_read_seq  BIGINT  NOT NULL DEFAULT 0,
    last_seq        BIGINT  NOT NULL DEFAULT 0,
    created_at      BIGINT  NOT NULL,
    updated_at      BIGINT  NOT NULL,
    UNIQUE (buyer_id, shop_id)
);
CREATE INDEX chat_conversation_buyer ON chat_conversation(buyer_id, updated_at);
CREATE INDEX chat_conversation_shop ON chat_conversation(shop_id, updated_at);

-- A message. kind 'text' | 'image' | 'card'; card is the share card's JSON. A sender's
-- client_msg_id is unique in a conversation, so a repeated send is stored once.
CREATE TABLE chat_message (
    message_id      BIGSERIAL PRIMARY KEY,
    conversation_id BIGINT  NOT NULL REFERENCES chat_conversation(conversation_id) ON DELETE CASCADE,
    seq             BIGINT  NOT NULL,
    from_agent      BIGINT  NOT NULL,
    sender_id       BIGINT  NOT NULL,
    kind            TEXT    NOT NULL,
    content         TEXT    NOT NULL,
    card            TEXT,
    client_msg_id   TEXT    NOT NULL,
    created_at      BIGINT  NOT NULL,
    UNIQUE (conversation_id, seq),
    UNIQUE (conversation_id, sender_id, client_msg_id)
);

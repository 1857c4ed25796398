-- Invoices of orders (the invoices domain, `server/src/invoices`). The SQLite migration of
-- the same number has the same table and columns (INTEGER there). Times are Unix milliseconds.

-- One invoice per order: order_id is unique, so a parallel burst of requests for one order
-- stores exactly one. user_id and shop_id are copied from the order. header_type 1 unit,
-- 2 personal; header_name the title as written (trimmed); tax_number the unit's taxpayer ID
-- (capitals, no spaces; empty for a person). invoice_state 1 application, 2 invoiced, 3 fail
-- (with fail_reason). applied_at is the latest request; issued_at when it was issued.
CREATE TABLE order_invoice (
    order_invoice_id BIGSERIAL PRIMARY KEY,
    order_id         BIGINT  NOT NULL UNIQUE REFERENCES orders(order_id) ON DELETE CASCADE,
    user_id          BIGINT  NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    shop_id          BIGINT  NOT NULL,
    header_type      BIGINT  NOT NULL CHECK (header_type IN (1, 2)),
    header_name      TEXT    NOT NULL,
    tax_number       TEXT    NOT NULL DEFAULT '',
    invoice_state    BIGINT  NOT NULL DEFAULT 1 CHECK (invoice_state IN (1, 2, 3)),
    fail_reason      TEXT    NOT NULL DEFAULT '',
    applied_at       BIGINT  NOT NULL,
    issued_at        BIGINT
);
CREATE INDEX order_invoice_user ON order_invoice(user_id, applied_at);

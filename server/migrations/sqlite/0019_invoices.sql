-- Invoices of orders (the invoices domain, `server/src/invoices`). The PostgreSQL migration of
-- the same number has the same table and columns (BIGINT there). Times are Unix milliseconds.

-- One invoice per order: order_id is unique, so a parallel burst of requests for one order
-- stores exactly one. user_id and shop_id are copied from the order. header_type 1 unit,
-- 2 personal; header_name the title as written (trimmed); tax_number the unit's taxpayer ID
-- (capitals, no spaces; empty for a person). invoice_state 1 application, 2 invoiced, 3 fail
-- (with fail_reason). applied_at is the latest request; issued_at when it was issued.
CREATE TABLE order_invoice (
    order_invoice_id INTEGER PRIMARY KEY,
    order_id         INTEGER NOT NULL UNIQUE REFERENCES orders(order_id) ON DELETE CASCADE,
    user_id          INTEGER NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    shop_id          INTEGER NOT NULL,
    header_type      INTEGER NOT NULL CHECK (header_type IN (1, 2)),
    header_name      TEXT    NOT NULL,
    tax_number       TEXT    NOT NULL DEFAULT '',
    invoice_state    INTEGER NOT NULL DEFAULT 1 CHECK (invoice_state IN (1, 2, 3)),
    fail_reason      TEXT    NOT NULL DEFAULT '',
    applied_at       INTEGER NOT NULL,
    issued_at        INTEGER
);
CREATE INDEX order_invoice_user ON order_invoice(user_id, applied_at);

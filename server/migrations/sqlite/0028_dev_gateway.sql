-- The development payment gateway's payments (MALL_DEV=1 only), shared by the nodes of a
-- cluster: the buyer's checkout page, the mall's calls and the notifications may each reach
-- another node than the one the payment was made on. Kept a day; production never reads or
-- writes these tables.
CREATE TABLE dev_gateway_payment (
    page_id TEXT PRIMARY KEY,
    -- The payment as JSON (`demo::dev_gateway::DevPayment`).
    data TEXT NOT NULL,
    -- When it was made, Unix milliseconds of the real time (not the development clock).
    born_ms BIGINT NOT NULL,
    version BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX dev_gateway_payment_born ON dev_gateway_payment (born_ms);

-- The names a payment is found by: its page id and the vendor's keys (`stripe:session:cs_…`).
CREATE TABLE dev_gateway_key (
    lookup TEXT PRIMARY KEY,
    page_id TEXT NOT NULL
);
CREATE INDEX dev_gateway_key_page ON dev_gateway_key (page_id);

-- PayPal access tokens issued, until they expire (the development clock).
CREATE TABLE dev_gateway_token (
    token TEXT PRIMARY KEY,
    expires_ms BIGINT NOT NULL
);

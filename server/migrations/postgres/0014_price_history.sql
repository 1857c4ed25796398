-- Price comparison (spec sections 2 and 7, `/product/price/history`): every change of a
-- product's price, so the comparison sidebar can chart it. The trigger notes a change whatever
-- writes it (the sellers' centre, an import, a console): the storefront itself never changes
-- prices. Times are Unix milliseconds of the database's clock, like `search_change`. The seed
-- writes a believable past directly.
CREATE TABLE price_history (
    id          BIGSERIAL PRIMARY KEY,
    prod_id     BIGINT NOT NULL REFERENCES product(prod_id) ON DELETE CASCADE,
    old_price   BIGINT NOT NULL,                   -- cents, before the change
    price       BIGINT NOT NULL,                   -- cents, from changed_at on
    changed_at  BIGINT NOT NULL                    -- Unix milliseconds
);
CREATE INDEX price_history_product ON price_history(prod_id, changed_at);

CREATE FUNCTION price_history_note() RETURNS trigger AS $$
BEGIN
    INSERT INTO price_history(prod_id, old_price, price, changed_at)
    VALUES (NEW.prod_id, OLD.price, NEW.price, (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER product_price_history AFTER UPDATE OF price ON product
    FOR EACH ROW WHEN (NEW.price IS DISTINCT FROM OLD.price) EXECUTE FUNCTION price_history_note();

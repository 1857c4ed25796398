-- Price comparison (spec sections 2 and 7, `/product/price/history`): every change of a
-- product's price, so the comparison sidebar can chart it. The trigger notes a change whatever
-- writes it (the sellers' centre, an import, a console): the storefront itself never changes
-- prices. Times are Unix milliseconds of the database's clock, like `search_change`. The seed
-- writes a believable past directly.
CREATE TABLE price_history (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    prod_id     INTEGER NOT NULL REFERENCES product(prod_id) ON DELETE CASCADE,
    old_price   INTEGER NOT NULL,                  -- cents, before the change
    price       INTEGER NOT NULL,                  -- cents, from changed_at on
    changed_at  INTEGER NOT NULL                   -- Unix milliseconds
);
CREATE INDEX price_history_product ON price_history(prod_id, changed_at);

CREATE TRIGGER product_price_history AFTER UPDATE OF price ON product
WHEN NEW.price <> OLD.price BEGIN
    INSERT INTO price_history(prod_id, old_price, price, changed_at)
    VALUES (NEW.prod_id, OLD.price, NEW.price, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;

-- The points mall (the points-mall domain, `server/src/points_mall`): SKUs of the catalogue
-- offered for points. The SQLite migration of the same number has the same table and
-- columns (INTEGER there). Times are Unix milliseconds.

-- An item of the points mall: one SKU, its price in points (a positive multiple of 10, spec
-- section 5) and the units set aside for the points mall (taken by a redemption with a
-- conditional update, never below zero; the SKU's own stock is the shop's). status 1 on
-- offer, 0 withdrawn; seq orders the grid. Its name and pictures are the product's.
CREATE TABLE score_prod (
    score_prod_id BIGSERIAL PRIMARY KEY,
    prod_id       BIGINT  NOT NULL REFERENCES product(prod_id) ON DELETE CASCADE,
    sku_id        BIGINT  NOT NULL REFERENCES sku(sku_id) ON DELETE CASCADE,
    score_price   BIGINT  NOT NULL CHECK (score_price > 0 AND score_price % 10 = 0),
    stocks        BIGINT  NOT NULL DEFAULT 0 CHECK (stocks >= 0),
    sold_num      BIGINT  NOT NULL DEFAULT 0 CHECK (sold_num >= 0),
    seq           BIGINT  NOT NULL DEFAULT 0,
    status        BIGINT  NOT NULL DEFAULT 1,
    created_at    BIGINT  NOT NULL
);
CREATE INDEX score_prod_status ON score_prod(status, seq);

-- Change feed of the search index. Triggers note every insert, update and delete of products,
-- shops and product activities; every server node polls rows after the last one it applied and
-- re-indexes those products and shops, so that all nodes converge (lag: one poll interval).
-- kind 1 = product (entity_id = prod_id), 2 = shop (entity_id = shop_id). Old rows are pruned.
CREATE TABLE search_change (
    change_id  INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       INTEGER NOT NULL,
    entity_id  INTEGER NOT NULL,
    changed_at INTEGER NOT NULL                        -- Unix milliseconds
);
CREATE INDEX search_change_time ON search_change(changed_at);

CREATE TRIGGER product_search_insert AFTER INSERT ON product BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (1, NEW.prod_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER product_search_update AFTER UPDATE ON product BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (1, NEW.prod_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER product_search_delete AFTER DELETE ON product BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (1, OLD.prod_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;

CREATE TRIGGER shop_search_insert AFTER INSERT ON shop BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (2, NEW.shop_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER shop_search_update AFTER UPDATE ON shop BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (2, NEW.shop_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER shop_search_delete AFTER DELETE ON shop BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (2, OLD.shop_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;

CREATE TRIGGER seckill_search_insert AFTER INSERT ON seckill BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (1, NEW.prod_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER seckill_search_update AFTER UPDATE ON seckill BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (1, NEW.prod_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER seckill_search_delete AFTER DELETE ON seckill BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (1, OLD.prod_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;

CREATE TRIGGER group_activity_search_insert AFTER INSERT ON group_activity BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (1, NEW.prod_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER group_activity_search_update AFTER UPDATE ON group_activity BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (1, NEW.prod_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER group_activity_search_delete AFTER DELETE ON group_activity BEGIN
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (1, OLD.prod_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;

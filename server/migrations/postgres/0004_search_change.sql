-- Change feed of the search index. Triggers note every insert, update and delete of products,
-- shops and product activities; every server node polls rows after the last one it applied and
-- re-indexes those products and shops, so that all nodes converge (lag: one poll interval).
-- kind 1 = product (entity_id = prod_id), 2 = shop (entity_id = shop_id). Old rows are pruned.
CREATE TABLE search_change (
    change_id  BIGSERIAL PRIMARY KEY,
    kind       BIGINT NOT NULL,
    entity_id  BIGINT NOT NULL,
    changed_at BIGINT NOT NULL                         -- Unix milliseconds
);
CREATE INDEX search_change_time ON search_change(changed_at);

-- Trigger arguments: the change kind and the column holding the entity id.
CREATE FUNCTION search_change_note() RETURNS trigger AS $$
DECLARE
    entity BIGINT;
BEGIN
    IF TG_OP = 'DELETE' THEN
        entity := (to_jsonb(OLD) ->> TG_ARGV[1])::BIGINT;
    ELSE
        entity := (to_jsonb(NEW) ->> TG_ARGV[1])::BIGINT;
    END IF;
    INSERT INTO search_change(kind, entity_id, changed_at)
    VALUES (TG_ARGV[0]::BIGINT, entity, (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER product_search_change AFTER INSERT OR UPDATE OR DELETE ON product
    FOR EACH ROW EXECUTE FUNCTION search_change_note('1', 'prod_id');
CREATE TRIGGER shop_search_change AFTER INSERT OR UPDATE OR DELETE ON shop
    FOR EACH ROW EXECUTE FUNCTION search_change_note('2', 'shop_id');
CREATE TRIGGER seckill_search_change AFTER INSERT OR UPDATE OR DELETE ON seckill
    FOR EACH ROW EXECUTE FUNCTION search_change_note('1', 'prod_id');
CREATE TRIGGER group_activity_search_change AFTER INSERT OR UPDATE OR DELETE ON group_activity
    FOR EACH ROW EXECUTE FUNCTION search_change_note('1', 'prod_id');

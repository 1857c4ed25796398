-- The development clock's offset shared by the nodes of a cluster (MALL_DEV=1 only): `POST
-- /api/dev/clock` on one node adds to it, and every node follows it within a second, so the
-- jobs of every node see the same moved time. One row; production never reads or writes it.
CREATE TABLE dev_clock (
    id INTEGER PRIMARY KEY,
    offset_ms BIGINT NOT NULL
);
INSERT INTO dev_clock (id, offset_ms) VALUES (1, 0);

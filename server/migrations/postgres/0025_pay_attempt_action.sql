-- What the browser does to pay a started gateway attempt (`PayAction` as JSON), kept so that
-- the same top-up or payment asked for again while it is open answers the same attempt
-- instead of opening another checkout session at the gateway (issue 47, item 22). The
-- buyer's open attempts are counted by `pay_attempt_user_status`.
ALTER TABLE pay_attempt ADD COLUMN action TEXT;
CREATE INDEX pay_attempt_user_status ON pay_attempt(user_id, status, expires_at);

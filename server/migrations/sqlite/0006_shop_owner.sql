-- The buyer account that runs a shop (a merchant opens a store from the buyer centre; the
-- sellers' centre manages it). NULL for platform-run shops and shops without an account here.
ALTER TABLE shop ADD COLUMN owner_user_id INTEGER REFERENCES users(user_id);
CREATE INDEX shop_owner ON shop(owner_user_id);

-- A decorated page's name (its page title) in Simplified Chinese and Khmer beside `name`.
-- An empty translation falls back to `name`.
ALTER TABLE renovation ADD COLUMN name_zh TEXT NOT NULL DEFAULT '';
ALTER TABLE renovation ADD COLUMN name_km TEXT NOT NULL DEFAULT '';

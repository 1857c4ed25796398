-- A shop's introduction in Simplified Chinese and Khmer beside `intro` (English, or the one
-- language its owner wrote it in). An empty translation falls back to `intro`.
ALTER TABLE shop ADD COLUMN intro_zh TEXT NOT NULL DEFAULT '';
ALTER TABLE shop ADD COLUMN intro_km TEXT NOT NULL DEFAULT '';

-- Banner titles in Chinese and Khmer beside `title` (English): the title is the banner's
-- accessible name, read in the visitor's language. NULL falls back to `title`.
ALTER TABLE index_img ADD COLUMN title_zh TEXT;
ALTER TABLE index_img ADD COLUMN title_km TEXT;

-- Demo shops were seeded with an external chat address on a host that does not exist
-- (`chat.mekongmall.example`, a reserved name), so their "Contact service" opened a browser
-- error. A shop without a real external chat uses the storefront's own chat (`/chat?shopId=`),
-- which the page offers when `mos_chat_support_url` is empty; the seed no longer writes these
-- addresses, and databases seeded before are cleared here. Real addresses are untouched.
UPDATE shop SET mos_chat_support_url = NULL
WHERE mos_chat_support_url LIKE 'https://chat.mekongmall.example/%';

//! Translated texts handed to an island ([`Texts`]): the server looks the keys up in the page's
//! language and the island fills in the placeables, so no Fluent bundle ships to the browser.

#[cfg(feature = "ssr")]
use crate::context::PageCtx;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The suffix of the key under which [`Texts`] keeps a text's form for the count 1.
const ONE_FORM: &str = "#one";

/// Translated texts handed to an island, by Fluent key (a `{name}` stays for the island to
/// fill in).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Texts(pub BTreeMap<String, String>);

impl Texts {
    /// The texts of `keys` in the page's language; `(key, name)` keeps the placeable `{name}`.
    #[cfg(feature = "ssr")]
    pub fn of(ctx: &PageCtx, keys: &[&str], with_slot: &[(&str, &str)]) -> Self {
        let mut texts: BTreeMap<String, String> = keys.iter().map(|k| (k.to_string(), ctx.t(k))).collect();
        for (key, name) in with_slot {
            let counted = crate::i18n::count_text(ctx.lang(), key, name);
            if let Some(one) = counted.one {
                texts.insert(format!("{key}{ONE_FORM}"), one);
            }
            texts.insert(key.to_string(), counted.other);
        }
        Texts(texts)
    }

    /// The text of `key` (the key itself if it was not handed over).
    pub fn get(&self, key: &str) -> String {
        self.0.get(key).cloned().unwrap_or_else(|| key.to_string())
    }

    /// The text of `key` with `{name}` filled in.
    pub fn fill(&self, key: &str, name: &str, value: &str) -> String {
        self.get(key).replace(&format!("{{{name}}}"), value)
    }

    /// The text of `key` with the count `{name}` filled in, in the form the count takes
    /// (`1 day in a row`, `2 days in a row`; see [`i18n::CountText`]).
    pub fn fill_count(&self, key: &str, name: &str, count: i64) -> String {
        let one = self.0.get(&format!("{key}{ONE_FORM}")).cloned();
        i18n::CountText { other: self.get(key), one, zero: None }.fill(name, count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_keep_their_placeables_for_the_island() {
        let mut texts = Texts::default();
        texts.0.insert("k".into(), "At most {max} characters".into());
        assert_eq!(texts.fill("k", "max", "15"), "At most 15 characters");
        assert_eq!(texts.get("missing"), "missing");
    }
}

//! The one time-to-live cache for public, slow-to-compute things: guest pages and page frames,
//! the category tree, search suggestion answers. Entries expire after a few seconds, so a change in the catalog shows up
//! almost at once, and nothing that belongs to one signed-in buyer is ever stored.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::RwLock;
use std::time::{Duration, Instant};

/// A bounded map whose entries expire `ttl` after they were stored.
pub struct TtlCache<K, V> {
    entries: RwLock<HashMap<K, (Instant, V)>>,
    ttl: Duration,
    capacity: usize,
}

impl<K: Eq + Hash + Clone, V: Clone> TtlCache<K, V> {
    pub fn new(ttl: Duration, capacity: usize) -> Self {
        Self { entries: RwLock::new(HashMap::new()), ttl, capacity }
    }

    /// The value stored for `key`, unless it expired.
    pub fn get(&self, key: &K) -> Option<V> {
        let entries = self.entries.read().ok()?;
        let (stored, value) = entries.get(key)?;
        (stored.elapsed() < self.ttl).then(|| value.clone())
    }

    /// Stores `value`; when full, expired entries go first, then everything (a cheap bound).
    pub fn insert(&self, key: K, value: V) {
        let Ok(mut entries) = self.entries.write() else { return };
        if entries.len() >= self.capacity && !entries.contains_key(&key) {
            let ttl = self.ttl;
            entries.retain(|_, (stored, _)| stored.elapsed() < ttl);
            if entries.len() >= self.capacity {
                entries.clear();
            }
        }
        entries.insert(key, (Instant::now(), value));
    }

    /// Forgets everything (the data behind the entries changed).
    pub fn clear(&self) {
        if let Ok(mut entries) = self.entries.write() {
            entries.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_expire_and_the_size_is_bounded() {
        let cache = TtlCache::new(Duration::from_millis(30), 2);
        cache.insert("a", 1);
        assert_eq!(cache.get(&"a"), Some(1));
        cache.insert("b", 2);
        cache.insert("c", 3);
        assert!(cache.entries.read().unwrap().len() <= 2);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(cache.get(&"c"), None);
    }
}

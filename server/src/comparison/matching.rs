//! Which listings are the same product, without I/O.
//!
//! Two listings of one third-level category are one product when they carry the same
//! identity (`comparison_group`), or when their titles agree on it: the same brand, the same
//! specification (every token holding a digit: the model code and the capacity, volume,
//! weight or pack size), and names close enough in at least one language. Titles are read in
//! all three languages after normalization:
//!
//! - full-width letters and digits (`ＡＸ３１０`) and Khmer digits (`១២៨`) become ASCII, and
//!   everything is lower case;
//! - a hyphen between letters or digits joins them (`AX-310` = `AX310`, `2-Pack` = `2pack`);
//! - a number followed by a unit is one token (`128 GB` = `128gb`), with Chinese and Khmer
//!   units read as their Latin ones after a number (`500克` = `500g`, `២ កញ្ចប់` = `2pack`);
//! - promotional words (`Official`, `Genuine`, `【正品】`, `ថ្មី` ...) are left out.
//!
//! The brand is the Latin words at least two of the three titles share (Chinese and Khmer
//! titles keep the brand in Latin letters); the names are close when their English words
//! (Jaccard), Chinese character pairs or Khmer character triples (Dice) overlap by at least
//! [`NAME_SIMILARITY`]. A title without any digit-bearing token says too little to be matched
//! by title: such a listing is matched by its identity only.

use std::collections::{BTreeSet, HashMap};

/// Least overlap of two names in one language for their listings to be one product.
pub const NAME_SIMILARITY: f64 = 0.5;

/// Latin words that say nothing about the product.
const NOISE_LATIN: [&str; 18] = [
    "official",
    "genuine",
    "original",
    "authentic",
    "new",
    "hot",
    "sale",
    "free",
    "shipping",
    "the",
    "for",
    "with",
    "and",
    "of",
    "by",
    "store",
    "shop",
    "edition",
];
/// Chinese promotional words.
const NOISE_CJK: [&str; 7] = ["正品", "官方", "新款", "包邮", "热卖", "旗舰店", "特价"];
/// Khmer promotional words (new, official, genuine).
const NOISE_KHMER: [&str; 3] = ["ថ្មី", "ផ្លូវការ", "ពិតប្រាកដ"];

/// Units read as one token with the number before them.
const UNITS: [&str; 19] = [
    "gb", "tb", "mb", "ml", "l", "g", "kg", "w", "mah", "pack", "pcs", "pc", "piece", "pieces", "in", "inch", "cm",
    "mm", "oz",
];
/// Chinese and Khmer units after a number, and their Latin unit (longest first).
const NATIVE_UNITS: [(&str, &str); 12] = [
    ("千克", "kg"),
    ("公斤", "kg"),
    ("毫升", "ml"),
    ("件装", "pack"),
    ("件套", "pack"),
    ("英寸", "in"),
    ("克", "g"),
    ("升", "l"),
    ("គីឡូក្រាម", "kg"),
    ("មីលីលីត្រ", "ml"),
    ("ក្រាម", "g"),
    ("កញ្ចប់", "pack"),
];

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}')
}

fn is_khmer(c: char) -> bool {
    matches!(c, '\u{1780}'..='\u{17ff}' | '\u{19e0}'..='\u{19ff}')
}

/// Full-width ASCII and Khmer digits to ASCII, lower case, and Chinese or Khmer units after a
/// number to their Latin unit.
pub fn normalize(text: &str) -> String {
    let folded: String = text
        .chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '\u{3000}' => ' ',
            '\u{17e0}'..='\u{17e9}' => char::from_u32(c as u32 - 0x17e0 + '0' as u32).unwrap_or(c),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .collect();
    let mut out = String::with_capacity(folded.len());
    let mut rest = folded.as_str();
    'outer: while let Some(c) = rest.chars().next() {
        let after_number = out.trim_end().ends_with(|d: char| d.is_ascii_digit());
        if after_number {
            for (native, latin) in NATIVE_UNITS {
                if let Some(tail) = rest.strip_prefix(native) {
                    out.push(' ');
                    out.push_str(latin);
                    out.push(' ');
                    rest = tail;
                    continue 'outer;
                }
            }
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The Latin tokens (letters and digits; `.` inside a number; a hyphen between two joins
/// them) of a normalized text, with a number and the unit after it made one token.
pub fn latin_tokens(normalized: &str) -> Vec<String> {
    let chars: Vec<char> = normalized.chars().collect();
    let mut tokens: Vec<String> = Vec::new();
    let mut current = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|j| chars[j]);
        let next = chars.get(i + 1).copied();
        let alnum = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
        let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
        if c.is_ascii_alphanumeric() {
            current.push(c);
        } else if (c == '-' && alnum(prev) && alnum(next)) || (c == '.' && digit(prev) && digit(next)) {
            if c == '.' {
                current.push(c);
            }
        } else if !current.is_empty() {
            tokens.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        tokens.push(current);
    }
    // `128 gb` → `128gb`.
    let mut merged: Vec<String> = Vec::with_capacity(tokens.len());
    for token in tokens {
        let number = merged.last().is_some_and(|last| last.chars().all(|c| c.is_ascii_digit() || c == '.'));
        if number && UNITS.contains(&token.as_str()) {
            if let Some(last) = merged.last_mut() {
                last.push_str(&token);
            }
        } else {
            merged.push(token);
        }
    }
    merged
}

/// The characters of one script in a normalized text, promotional words left out.
fn script_text(normalized: &str, keep: fn(char) -> bool, noise: &[&str]) -> String {
    let mut text: String = normalized.chars().map(|c| if keep(c) { c } else { ' ' }).collect();
    for word in noise {
        text = text.replace(word, " ");
    }
    text.chars().filter(|c| keep(*c)).collect()
}

/// What a listing's titles (en, zh-CN, km) say about the product.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Signature {
    /// Latin words at least two titles hold (the brand).
    pub brands: BTreeSet<String>,
    /// Every token holding a digit, over the three titles (model code, specification).
    pub specs: BTreeSet<String>,
    /// The English title's other words.
    pub words: BTreeSet<String>,
    /// The Chinese title's Chinese characters.
    pub cjk: Vec<char>,
    /// The Khmer title's Khmer characters.
    pub khmer: Vec<char>,
}

impl Signature {
    /// The signature of the titles `[en, zh, km]` (a blank title is left out).
    pub fn of(titles: [&str; 3]) -> Self {
        let normalized: Vec<String> = titles.iter().map(|t| normalize(t)).collect();
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut specs = BTreeSet::new();
        let mut words = BTreeSet::new();
        let mut titled = 0;
        for (i, text) in normalized.iter().enumerate() {
            if text.trim().is_empty() {
                continue;
            }
            titled += 1;
            let mut alpha = BTreeSet::new();
            for token in latin_tokens(text) {
                if token.chars().any(|c| c.is_ascii_digit()) {
                    specs.insert(token);
                } else if !NOISE_LATIN.contains(&token.as_str()) {
                    alpha.insert(token);
                }
            }
            if i == 0 {
                words.clone_from(&alpha);
            }
            for token in alpha {
                *seen.entry(token).or_default() += 1;
            }
        }
        // The brand is written in Latin letters whatever the language: the Latin words of at
        // least two titles (of the only one when there is one).
        let least = titled.min(2);
        let brands: BTreeSet<String> = seen.into_iter().filter(|(_, n)| *n >= least).map(|(w, _)| w).collect();
        words.retain(|w| !brands.contains(w));
        Signature {
            brands,
            specs,
            words,
            cjk: script_text(&normalized[1], is_cjk, &NOISE_CJK).chars().collect(),
            khmer: script_text(&normalized[2], is_khmer, &NOISE_KHMER).chars().collect(),
        }
    }

    /// Whether the titles say enough to be matched by title: a brand and a digit-bearing token.
    pub fn is_specific(&self) -> bool {
        !self.specs.is_empty() && !self.brands.is_empty()
    }

    /// How close the names are: the best overlap over the three languages.
    pub fn name_similarity(&self, other: &Signature) -> f64 {
        let words = jaccard(&self.words, &other.words);
        let cjk = dice(&grams(&self.cjk, 2), &grams(&other.cjk, 2));
        let khmer = dice(&grams(&self.khmer, 3), &grams(&other.khmer, 3));
        words.max(cjk).max(khmer)
    }

    /// Whether two listings' titles name the same product.
    pub fn same_product(&self, other: &Signature) -> bool {
        self.is_specific()
            && self.specs == other.specs
            && !self.brands.is_disjoint(&other.brands)
            && self.name_similarity(other) >= NAME_SIMILARITY
    }
}

fn jaccard(a: &BTreeSet<String>, b: &BTreeSet<String>) -> f64 {
    let union = a.union(b).count();
    if union == 0 {
        return 0.0;
    }
    a.intersection(b).count() as f64 / union as f64
}

/// The character n-grams of a text (the whole text when shorter).
fn grams(chars: &[char], n: usize) -> BTreeSet<String> {
    if chars.is_empty() {
        return BTreeSet::new();
    }
    if chars.len() <= n {
        return BTreeSet::from([chars.iter().collect()]);
    }
    chars.windows(n).map(|w| w.iter().collect()).collect()
}

fn dice(a: &BTreeSet<String>, b: &BTreeSet<String>) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    2.0 * a.intersection(b).count() as f64 / (a.len() + b.len()) as f64
}

/// A listing as the matcher sees it.
#[derive(Debug, Clone)]
pub struct Listing {
    pub prod_id: i64,
    /// The shared identity, when the listing carries one.
    pub group: Option<i64>,
    pub signature: Signature,
}

/// The listings that are the same product as `target` (itself included), among `listings`
/// (which must hold `target`): joined through shared identities and matching titles, so a
/// listing without identity whose title matches one member of a group joins the whole group.
pub fn same_product(target: i64, listings: &[Listing]) -> BTreeSet<i64> {
    let n = listings.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    fn union(parent: &mut [usize], a: usize, b: usize) {
        let (ra, rb) = (root(parent, a), root(parent, b));
        if ra != rb {
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let mut by_group: HashMap<i64, usize> = HashMap::new();
    for (i, listing) in listings.iter().enumerate() {
        if let Some(group) = listing.group {
            match by_group.get(&group) {
                Some(&first) => union(&mut parent, first, i),
                None => {
                    by_group.insert(group, i);
                }
            }
        }
    }
    // Titles are compared only among listings specific enough, bucketed by specification.
    let mut by_specs: HashMap<&BTreeSet<String>, Vec<usize>> = HashMap::new();
    for (i, listing) in listings.iter().enumerate() {
        if listing.signature.is_specific() {
            by_specs.entry(&listing.signature.specs).or_default().push(i);
        }
    }
    for members in by_specs.values() {
        for (k, &a) in members.iter().enumerate() {
            for &b in &members[k + 1..] {
                if listings[a].signature.same_product(&listings[b].signature) {
                    union(&mut parent, a, b);
                }
            }
        }
    }
    let Some(t) = listings.iter().position(|l| l.prod_id == target) else {
        return BTreeSet::new();
    };
    let target_root = root(&mut parent, t);
    (0..n).filter(|&i| root(&mut parent, i) == target_root).map(|i| listings[i].prod_id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sig(en: &str, zh: &str, km: &str) -> Signature {
        Signature::of([en, zh, km])
    }

    #[test]
    fn normalization_folds_widths_digits_case_and_units() {
        assert_eq!(normalize("ＡＸ３１０ Aurora"), "ax310 aurora");
        assert_eq!(normalize("១២៨GB"), "128gb");
        assert_eq!(normalize("500克"), "500 g ");
        assert_eq!(normalize("巧克力"), "巧克力", "a unit only after a number");
        assert_eq!(normalize("២ កញ្ចប់").split_whitespace().collect::<Vec<_>>(), ["2", "pack"]);
        assert_eq!(
            latin_tokens("ax-310 (128 gb) 2-pack 1.5 l - premium"),
            ["ax310", "128gb", "2pack", "1.5l", "premium"]
        );
    }

    #[test]
    fn differently_titled_listings_of_one_product_match() {
        let a = sig(
            "Aurora Premium Smartphone AX-310 128GB",
            "Aurora 高端智能手机 AX-310 128GB",
            "ស្មាតហ្វូនលំដាប់ខ្ពស់ Aurora AX-310 128GB",
        );
        let b = sig(
            "[Official] AURORA Premium Smartphone AX310 (128 GB) Genuine",
            "Aurora高端智能手机 ＡＸ３１０ 128GB",
            "ស្មាតហ្វូន Aurora AX-310 128GB ថ្មី",
        );
        let c = sig("Aurora AX-310 Smartphone, 128GB", "Aurora AX-310 智能手机（128GB）", "Aurora ស្មាតហ្វូន AX-310 ១២៨GB");
        assert_eq!(a.brands, BTreeSet::from(["aurora".to_string()]));
        assert_eq!(a.specs, BTreeSet::from(["128gb".to_string(), "ax310".to_string()]));
        assert!(a.same_product(&b) && b.same_product(&c) && a.same_product(&c));
    }

    #[test]
    fn another_specification_brand_or_product_does_not_match() {
        let a = sig("Aurora Smartphone AX-310 128GB", "Aurora 智能手机 AX-310 128GB", "ស្មាតហ្វូន Aurora AX-310 128GB");
        let bigger = sig("Aurora Smartphone AX-310 256GB", "Aurora 智能手机 AX-310 256GB", "ស្មាតហ្វូន Aurora AX-310 256GB");
        let other_brand = sig("Nova Smartphone AX-310 128GB", "Nova 智能手机 AX-310 128GB", "ស្មាតហ្វូន Nova AX-310 128GB");
        let other_thing =
            sig("Aurora Power Bank AX-310 128GB", "Aurora 充电宝 AX-310 128GB", "ថ្មបម្រុង Aurora AX-310 128GB");
        assert!(!a.same_product(&bigger));
        assert!(!a.same_product(&other_brand));
        assert!(!a.same_product(&other_thing));
        // A title without a model or specification is matched by identity only.
        let vague = sig("Aurora Premium Smartphone", "Aurora 高端智能手机", "ស្មាតហ្វូនលំដាប់ខ្ពស់ Aurora");
        assert!(!vague.is_specific() && !vague.same_product(&vague.clone()));
    }

    #[test]
    fn food_and_packs_read_their_units_in_every_language() {
        let a = sig("Kiri Ground Coffee QT-112 500g", "Kiri 研磨咖啡 QT-112 500克", "កាហ្វេកិន Kiri QT-112 ៥០០ ក្រាម");
        let b = sig("Ground Coffee Kiri QT-112 500 g - Rich", "Kiri 咖啡 QT-112 500g", "Kiri កាហ្វេកិន QT-112 500g");
        assert_eq!(a.specs, b.specs);
        assert!(a.same_product(&b));
        let pack = sig("Sora Pillow BC-220 2-Pack", "Sora 枕头 BC-220 2件装", "ខ្នើយ Sora BC-220 ២ កញ្ចប់");
        assert_eq!(pack.specs, BTreeSet::from(["2pack".to_string(), "bc220".to_string()]));
    }

    #[test]
    fn identities_and_titles_join_into_one_product() {
        let listing = |prod_id, group, en: &str| Listing {
            prod_id,
            group,
            signature: sig(en, &format!("{en} 手机"), &format!("{en} ទូរស័ព្ទ")),
        };
        let listings = vec![
            listing(1, Some(7), "Aurora Phone AX-310 128GB"),
            listing(2, Some(7), "Aurora Best Phone"),
            listing(3, None, "Phone Aurora AX310 128 GB"),
            listing(4, None, "Aurora Phone AX-310 256GB"),
            listing(5, Some(8), "Aurora Phone"),
        ];
        assert_eq!(same_product(3, &listings), BTreeSet::from([1, 2, 3]));
        assert_eq!(same_product(2, &listings), BTreeSet::from([1, 2, 3]));
        assert_eq!(same_product(4, &listings), BTreeSet::from([4]));
        assert_eq!(same_product(5, &listings), BTreeSet::from([5]));
        assert_eq!(same_product(9, &listings), BTreeSet::new());
    }
}

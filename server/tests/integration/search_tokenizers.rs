//! The search tokenizers: Latin words folded and lower-cased, Chinese unigrams and bigrams,
//! Khmer unigrams, bigrams and trigrams with ZERO WIDTH SPACE as a separator, and query helpers.

use server::search::tokenize::{is_cjk, is_khmer, query_runs, raw_tokens, terms, Script};
use server::search::{popularity, typo_distance};

#[test]
fn latin_words_are_lowercased_and_folded() {
    assert_eq!(terms("Nova Premium Wireless Earbuds", Script::Latin), ["nova", "premium", "wireless", "earbuds"]);
    assert_eq!(terms("Café CRÈME brûlée", Script::Latin), ["cafe", "creme", "brulee"]);
    assert_eq!(terms("T-Shirt 2-pack", Script::Latin), ["t", "shirt", "2", "pack"]);
    // Chinese and Khmer letters are not Latin words; Latin inside them is.
    assert_eq!(terms("Nova 高端无线耳机", Script::Latin), ["nova"]);
    assert_eq!(terms("កាសឥតខ្សែ Nova", Script::Latin), ["nova"]);
    assert!(terms("", Script::Latin).is_empty());
    assert!(terms("!!! ???", Script::Latin).is_empty());
}

#[test]
fn latin_words_are_indexed_with_their_prefixes() {
    assert_eq!(terms("Nova Café", Script::LatinPrefix), ["n", "no", "nov", "nova", "c", "ca", "caf", "cafe"]);
    // Long words keep their first MAX_PREFIX_CHARS characters' prefixes only.
    let long = "a".repeat(30);
    assert_eq!(terms(&long, Script::LatinPrefix).len(), server::search::tokenize::MAX_PREFIX_CHARS);
    assert_eq!(terms("Nova 耳机 កាស", Script::LatinPrefix), ["n", "no", "nov", "nova"]);
}

#[test]
fn chinese_is_cut_into_unigrams_and_bigrams() {
    assert_eq!(terms("无线耳机", Script::Cjk), ["无", "无线", "线", "线耳", "耳", "耳机", "机"]);
    // Runs are separated by anything that is not CJK; Latin is skipped.
    assert_eq!(terms("Nova 耳机", Script::Cjk), ["耳", "耳机", "机"]);
    assert_eq!(terms("耳，机", Script::Cjk), ["耳", "机"]);
    assert!(terms("Nova", Script::Cjk).is_empty());
}

#[test]
fn khmer_is_cut_into_grams_of_one_to_three_characters_at_zero_width_spaces() {
    // កាស = ក ា ស (three code points).
    assert_eq!(terms("កាស", Script::Khmer), ["ក", "កា", "កាស", "ា", "ាស", "ស"]);
    // ZERO WIDTH SPACE separates words: no gram spans it.
    let with_zwsp = terms("កាស\u{200B}ឥត", Script::Khmer);
    assert!(with_zwsp.iter().all(|t| !t.contains('\u{200B}')));
    assert!(!with_zwsp.iter().any(|t| t.contains('ស') && t.contains('ឥ')), "{with_zwsp:?}");
    // "កាស" gives six grams, "ឥត" (two code points) three.
    assert_eq!(with_zwsp.len(), 9);
    // A lone character is kept.
    assert_eq!(terms("ក Nova", Script::Khmer), ["ក"]);
    assert!(terms("Nova 耳机", Script::Khmer).is_empty());
}

#[test]
fn token_offsets_point_into_the_text() {
    let text = "Nova 高端无线耳机";
    for token in raw_tokens(text, Script::Cjk) {
        assert_eq!(&text[token.offset_from..token.offset_to], token.text);
    }
    let text = "ម្រេចកំពត\u{200B}ស្រស់";
    for token in raw_tokens(text, Script::Khmer) {
        assert_eq!(&text[token.offset_from..token.offset_to], token.text);
    }
}

#[test]
fn scripts_and_query_runs() {
    assert!(is_cjk('耳') && !is_cjk('a') && !is_cjk('ក'));
    assert!(is_khmer('ក') && is_khmer('\u{17D2}') && !is_khmer('\u{200B}') && !is_khmer('a'));
    assert_eq!(query_runs("Nova 高端 无线", Script::Cjk), ["高端", "无线"]);
    assert_eq!(query_runs("ឥតខ្សែ\u{200B}Nova", Script::Khmer), ["ឥតខ្សែ"]);
    assert_eq!(query_runs("Wireless", Script::Latin), ["wireless"]);
}

#[test]
fn typo_distance_grows_with_word_length() {
    assert_eq!(typo_distance(3), 0);
    assert_eq!(typo_distance(4), 1);
    assert_eq!(typo_distance(7), 1);
    assert_eq!(typo_distance(8), 2);
}

#[test]
fn popularity_rises_with_sales_and_rating() {
    assert!(popularity(1000, 45) > popularity(10, 45));
    assert!(popularity(1000, 50) > popularity(1000, 40));
    assert!((popularity(0, 50) - 1.0).abs() < 1e-9);
    // Bounded: the best seller of the best shop is less than twice as strong as an unsold item.
    assert!(popularity(1_000_000, 50) / popularity(0, 50) < 2.0);
}

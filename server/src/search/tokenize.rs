//! Tokenizers of the search index, one per script, so that each language is cut the way its
//! readers expect:
//!
//! - **Latin** (`mall_latin`): runs of letters and digits that are neither CJK nor Khmer, then
//!   lower-cased and ASCII-folded (`Café` → `cafe`). Prefixes and typos are handled at query time
//!   (Levenshtein automata over these whole words).
//! - **Latin prefixes** (`mall_latin_prefix`): the same words cut into their edge n-grams (the
//!   first 1, 2, ... [`MAX_PREFIX_CHARS`] characters), so that a word being typed matches with a
//!   single term lookup.
//! - **CJK** (`mall_cjk`): Chinese is written without spaces, so every run of CJK characters
//!   yields its character unigrams and bigrams; a query of two or more characters must contain
//!   all its bigrams, which finds any substring.
//! - **Khmer** (`mall_khmer`): Khmer is written without spaces between words either; runs of
//!   characters of the Khmer blocks (ZERO WIDTH SPACE U+200B and every other character end a run)
//!   yield character bigrams and trigrams for substring matching, and unigrams, so that the
//!   first keystroke of a Khmer query is one term lookup rather than a prefix walk.

use tantivy::tokenizer::{AsciiFoldingFilter, LowerCaser, TextAnalyzer, Token, TokenStream, Tokenizer};

/// Name of the Latin analyzer in the index's tokenizer manager.
pub const LATIN: &str = "mall_latin";
/// Name of the Latin edge n-gram analyzer.
pub const LATIN_PREFIX: &str = "mall_latin_prefix";
/// Longest indexed prefix; longer typed words fall back to a prefix automaton.
pub const MAX_PREFIX_CHARS: usize = 20;
/// Name of the CJK analyzer.
pub const CJK: &str = "mall_cjk";
/// Name of the Khmer analyzer.
pub const KHMER: &str = "mall_khmer";

/// CJK n-gram sizes.
pub const CJK_GRAMS: (usize, usize) = (1, 2);
/// Khmer n-gram sizes.
pub const KHMER_GRAMS: (usize, usize) = (1, 3);

/// Which characters a tokenizer keeps and how it cuts their runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    /// Whole words of letters and digits outside the CJK and Khmer blocks.
    Latin,
    /// The prefixes (edge n-grams) of the Latin words.
    LatinPrefix,
    /// Unigrams and bigrams of CJK runs.
    Cjk,
    /// Unigrams, bigrams and trigrams of Khmer runs.
    Khmer,
}

/// Whether `c` is a CJK ideograph (or kana / hangul, which are cut the same way).
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF        // Hiragana, Katakana
        | 0x3400..=0x4DBF      // CJK Extension A
        | 0x4E00..=0x9FFF      // CJK Unified Ideographs
        | 0xAC00..=0xD7AF      // Hangul syllables
        | 0xF900..=0xFAFF      // CJK Compatibility Ideographs
        | 0x20000..=0x2FA1F) // Extensions B-F, compatibility supplement
}

/// Whether `c` belongs to the Khmer blocks (U+1780-U+17FF, Khmer symbols U+19E0-U+19FF).
/// ZERO WIDTH SPACE (U+200B), which Khmer text uses between words, is not.
pub fn is_khmer(c: char) -> bool {
    matches!(c as u32, 0x1780..=0x17FF | 0x19E0..=0x19FF)
}

/// Whether `c` is part of a Latin-analyzer word.
pub fn is_latin_word_char(c: char) -> bool {
    c.is_alphanumeric() && !is_cjk(c) && !is_khmer(c)
}

impl Script {
    fn keeps(self, c: char) -> bool {
        match self {
            Script::Latin | Script::LatinPrefix => is_latin_word_char(c),
            Script::Cjk => is_cjk(c),
            Script::Khmer => is_khmer(c),
        }
    }

    fn grams(self) -> Option<(usize, usize)> {
        match self {
            Script::Latin | Script::LatinPrefix => None,
            Script::Cjk => Some(CJK_GRAMS),
            Script::Khmer => Some(KHMER_GRAMS),
        }
    }
}

/// The runs of `text` that `script` keeps, as (byte offset, characters with their offsets).
fn runs(text: &str, script: Script) -> Vec<Vec<(usize, char)>> {
    let mut out = Vec::new();
    let mut current: Vec<(usize, char)> = Vec::new();
    for (offset, c) in text.char_indices() {
        if script.keeps(c) {
            current.push((offset, c));
        } else if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// The raw tokens (before lower-casing and folding) `script` cuts from `text`.
pub fn raw_tokens(text: &str, script: Script) -> Vec<Token> {
    let mut tokens = Vec::new();
    let end_of = |run: &[(usize, char)], i: usize| {
        run.get(i).map(|(o, _)| *o).unwrap_or_else(|| {
            let (o, c) = run[run.len() - 1];
            o + c.len_utf8()
        })
    };
    for run in runs(text, script) {
        if script == Script::LatinPrefix {
            for n in 1..=run.len().min(MAX_PREFIX_CHARS) {
                let position = tokens.len();
                tokens.push(token(&run, 0, n, end_of(&run, n), position));
            }
            continue;
        }
        match script.grams() {
            None => tokens.push(token(&run, 0, run.len(), end_of(&run, run.len()), tokens.len())),
            Some((min, max)) => {
                if run.len() < min {
                    tokens.push(token(&run, 0, run.len(), end_of(&run, run.len()), tokens.len()));
                    continue;
                }
                for start in 0..run.len() {
                    for n in min..=max {
                        if start + n > run.len() {
                            break;
                        }
                        let position = tokens.len();
                        tokens.push(token(&run, start, start + n, end_of(&run, start + n), position));
                    }
                }
            }
        }
    }
    tokens
}

fn token(run: &[(usize, char)], from: usize, to: usize, offset_to: usize, position: usize) -> Token {
    Token {
        offset_from: run[from].0,
        offset_to,
        position,
        text: run[from..to].iter().map(|(_, c)| *c).collect(),
        position_length: 1,
    }
}

/// A tokenizer for one [`Script`].
#[derive(Debug, Clone, Copy)]
pub struct ScriptTokenizer(pub Script);

/// The tokens of one text, produced up front (names and briefs are short).
pub struct ScriptTokenStream {
    tokens: Vec<Token>,
    index: usize,
}

impl Tokenizer for ScriptTokenizer {
    type TokenStream<'a> = ScriptTokenStream;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        ScriptTokenStream { tokens: raw_tokens(text, self.0), index: 0 }
    }
}

impl TokenStream for ScriptTokenStream {
    fn advance(&mut self) -> bool {
        if self.index < self.tokens.len() {
            self.index += 1;
            true
        } else {
            false
        }
    }

    fn token(&self) -> &Token {
        &self.tokens[self.index - 1]
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.index - 1]
    }
}

/// The analyzer of `script`: its tokenizer, lower-casing and (Latin) ASCII folding.
pub fn analyzer(script: Script) -> TextAnalyzer {
    match script {
        Script::Latin | Script::LatinPrefix => {
            TextAnalyzer::builder(ScriptTokenizer(script)).filter(LowerCaser).filter(AsciiFoldingFilter).build()
        }
        _ => TextAnalyzer::builder(ScriptTokenizer(script)).filter(LowerCaser).build(),
    }
}

/// The final terms `script`'s analyzer makes of `text` (what the index stores and queries use).
pub fn terms(text: &str, script: Script) -> Vec<String> {
    let mut analyzer = analyzer(script);
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while let Some(token) = stream.next() {
        out.push(token.text.clone());
    }
    out
}

/// The runs of `text` that `script` keeps, as strings (lower-cased): what a query is made of.
pub fn query_runs(text: &str, script: Script) -> Vec<String> {
    runs(text, script)
        .into_iter()
        .map(|run| run.into_iter().map(|(_, c)| c).collect::<String>().to_lowercase())
        .collect()
}

//! Cue: the words of boilerplate. Calls to action ("get started", "sign
//! up", "learn more"), consent and legal lines, sharing and navigation
//! labels use a small vocabulary that running text rarely does. Built on
//! seed 003's first step (§2.3–2.4: the text split into tokens and counted):
//! each leaf's lower-cased words and word pairs are hashed into
//! [`BUCKETS`] buckets, and a linear model learned by `tools/lab` (logistic
//! regression, on folds it is not evaluated on) weighs them. The score is
//! the weights' sum over the square root of the token count: positive for
//! the words of content, negative for those of boilerplate. Hashing keeps
//! the shipped model small (one byte per bucket) and language-neutral;
//! nothing of any page is stored, only bucket weights.

use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};
use crate::text;

/// Hash buckets (a power of two). 4,096 one-byte weights: 4 KB of model.
pub const BUCKETS: usize = 4096;

/// A weight of 1 in the shipped table is this much log-odds.
pub const WEIGHT_UNIT: f32 = 1.0 / 32.0;

/// Tokens a leaf contributes at most (a long paragraph's first ones say
/// enough; the score stays cheap).
pub const MAX_TOKENS: usize = 64;

pub const COLUMNS: &[ColumnSpec] = &[ColumnSpec {
    key: "vocabulary.score",
    signal: "vocabulary",
    label: "vocabulary",
    source: "seed 003 §2.3 tokens; learned bucket weights (tools/lab)",
    description: "Learned log-odds of the leaf's words and word pairs being content (negative: words of calls to action, consent, navigation).",
}];

/// FNV-1a's 64-bit offset basis and prime (Fowler, Noll, Vo).
pub(crate) const FNV_OFFSET: u64 = 0xcbf29ce484222325;
const FNV_PRIME: u64 = 0x100000001b3;

/// FNV-1a of `bytes`, continued from `h` (the page-words cue hashes with it too).
pub(crate) fn fnv(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(FNV_PRIME))
}

/// [`fnv`] of `c` lower-cased ([`text::lower_char`]), as UTF-8: one step
/// for an ASCII character (most of most texts), no encoding. The shape
/// cue's text keys hash with it too.
#[inline]
pub(crate) fn fnv_lower(h: u64, c: char) -> u64 {
    if c.is_ascii() {
        return (h ^ u64::from(c.to_ascii_lowercase() as u8)).wrapping_mul(FNV_PRIME);
    }
    let mut buf = [0u8; 4];
    fnv(h, text::lower_char(c).encode_utf8(&mut buf).as_bytes())
}

/// Calls `f` with the hash of each of a text's first [`MAX_TOKENS`]
/// tokens, in order: lower-cased words (runs of word characters; each
/// character of a script without spaces is a word).
fn each_word(text_: &str, mut f: impl FnMut(u64)) {
    let mut words = 0;
    let mut cur: Option<u64> = None;
    for c in text_.chars() {
        if words >= MAX_TOKENS {
            return;
        }
        if text::is_word_char(c) {
            let h = fnv_lower(cur.unwrap_or(FNV_OFFSET), c);
            if text::is_unspaced(c) {
                if let Some(w) = cur.take() {
                    words += 1;
                    f(w);
                }
                // Both, even where the first reaches the limit.
                words += 1;
                f(h);
            } else {
                cur = Some(h);
            }
        } else if let Some(w) = cur.take() {
            words += 1;
            f(w);
        }
    }
    if let Some(w) = cur {
        if words < MAX_TOKENS {
            f(w);
        }
    }
}

/// The bucket of the pair of consecutive words hashed `a`, `b`.
fn pair_bucket(a: u64, b: u64) -> u16 {
    let h = fnv(a.rotate_left(17) ^ 0x9E3779B97F4A7C15, &b.to_le_bytes());
    (h & (BUCKETS - 1) as u64) as u16
}

/// The buckets of a text's first [`MAX_TOKENS`] tokens ([`each_word`])
/// and of each pair of consecutive words: the words' first, then the
/// pairs'.
pub fn buckets(text_: &str) -> Vec<u16> {
    let mut words: Vec<u64> = Vec::new();
    each_word(text_, |w| words.push(w));
    let mask = (BUCKETS - 1) as u64;
    let mut out: Vec<u16> = words.iter().map(|&w| (w & mask) as u16).collect();
    for pair in words.windows(2) {
        out.push(pair_bucket(pair[0], pair[1]));
    }
    out
}

/// The score of a text under `weights`: [`weighed`] of its [`buckets`],
/// summed as they are found, without their vectors (two a leaf: 4.5 % of
/// the core's allocations, DHAT over `pith-lab profile`, session 15). The
/// sum is of integers: the order does not change it.
pub fn text_score(text: &str, weights: &[i8]) -> f32 {
    if weights.len() < BUCKETS {
        return f32::NAN;
    }
    let mask = (BUCKETS - 1) as u64;
    let (mut sum, mut n, mut prev) = (0i32, 0usize, None);
    each_word(text, |w| {
        sum += i32::from(weights[(w & mask) as usize]);
        n += 1;
        if let Some(p) = prev {
            sum += i32::from(weights[usize::from(pair_bucket(p, w))]);
            n += 1;
        }
        prev = Some(w);
    });
    if n == 0 {
        return f32::NAN;
    }
    sum as f32 * WEIGHT_UNIT / (n as f32).sqrt()
}

/// The score of buckets `b` under `weights` (a table of `buckets`):
/// their sum in [`WEIGHT_UNIT`]s over the square root of their number, NaN
/// without buckets or weights. The names cue scores with it too.
pub(crate) fn weighed(b: &[u16], weights: &[i8], buckets: usize) -> f32 {
    if b.is_empty() || weights.len() < buckets {
        return f32::NAN;
    }
    let sum: i32 = b.iter().map(|&i| i32::from(weights[i as usize])).sum();
    sum as f32 * WEIGHT_UNIT / (b.len() as f32).sqrt()
}

/// Writes [`COLUMNS`] on leaf rows.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let c = table.add_all(COLUMNS);
    for leaf in &cx.seg.leaves {
        table.set(c[0], leaf.id, text_score(leaf.text(cx.page), cx.vocabulary));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_pairs_in_buckets() {
        let b = buckets("Sign up, sign UP!");
        // Four words and three pairs; case does not matter.
        assert_eq!(b.len(), 7);
        assert_eq!(b[0], b[2]);
        assert_eq!(b[1], b[3]);
        assert_eq!(b[4], b[6]);
        assert_eq!(buckets("信息").len(), 3, "two characters and their pair");
        let mut w = vec![0i8; BUCKETS];
        w[b[0] as usize] = -64;
        // Two "sign" of 7 tokens at -64/32 = -2 each.
        assert!((text_score("Sign up, sign UP!", &w) + 4.0 / 7f32.sqrt()).abs() < 1e-6);
        assert!(text_score("", &w).is_nan());
        assert!(text_score("Sign up", &w[..10]).is_nan());
        // Summed as found, the score of the buckets: to the bit, past the
        // token limit and with unspaced characters too.
        let w: Vec<i8> = (0..BUCKETS).map(|i| (i * 37 % 255) as i8).collect();
        let long = "word ".repeat(MAX_TOKENS + 5) + "信息";
        for t in ["Sign up, sign UP!", "a", "信息抽取 and more", "x 信", long.as_str(), &"信".repeat(MAX_TOKENS + 3)] {
            assert_eq!(text_score(t, &w).to_bits(), weighed(&buckets(t), &w, BUCKETS).to_bits(), "{t}");
        }
    }
}

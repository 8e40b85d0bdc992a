//! Cue: the words a page is named and written with, weighed per page type.
//! A product page's address says `product` or `p`, its title `buy`, its
//! text `cart` and `reviews`; a service page's `services`, `consulting`,
//! `contact us`; a forum's `reply` and `joined`. The hand-picked word
//! families of [`super::schema`] name a few such words; this cue learns
//! them all (seed 001's content-type identification, from the words
//! where its structure does not decide).
//!
//! The page's words are hashed into buckets, in two spaces:
//! - its address and title: the path's segments and the host's labels
//!   split at `-`, `_`, `.`, `+`, `%`, and the title's words;
//! - its visible text: every word of two characters or more of the
//!   visible leaves, and a heading's words a second time in a space of
//!   their own.
//!
//! Words of digits alone are left out of both.
//!
//! Each bucket is counted once per page (the page has the word or not).
//! Per page type, `tools/lab` learns one weight per bucket: a logistic
//! regression of that type against the others over the page's buckets
//! (each 0 or 1), L2-regularised (`tools/lab/src/train.rs`, `PageWords`),
//! trained on wcxb-dev's labelled page types on folds split by domain and
//! reported on folds it did not see. The cue writes, per type, the sum of
//! the page's address-and-title weights, and the sum of its text weights
//! over the square root of its text buckets: the address is a handful of
//! strong words, the text many weak ones, and where a page's words say
//! little (words of a language the regression never saw fall in buckets
//! weighted for others) their sum spreads as the square root of their
//! number, so the forests' thresholds hold for a page of fifty words and
//! one of five thousand (the regression itself is fit on the plain sum of
//! all the page's weights; the split and the root are the features the
//! forests measured best, below). Nothing of any page is stored, only
//! bucket weights; hashing keeps the model language-neutral.
//!
//! The regression replaced a Bernoulli naive Bayes (its log-odds summed
//! over the address, averaged over the text), 2026-11-27. Held out
//! (`pith-lab types`, type seeds 1–5), pages of the 1,497 typed right:
//! naive Bayes 1,312 / 1,315 / 1,303 / 1,307 / 1,308; the regression with
//! the text's plain sum 1,321 / 1,319 / 1,317 / 1,319 / 1,319, with its
//! mean 1,329 / 1,317 / 1,310 (seeds 1–3), with this sum over the square
//! root 1,333 / 1,322 / 1,318 / 1,329 / 1,323, and with the words of fewer
//! than ten training pages given no weight (`tools/lab`,
//! `WORDS_MIN_PAGES`, shipped) 1,323 / 1,325 / 1,325 / 1,319 / 1,321
//! (`tests/eval/EVAL.md`).

use crate::page_type::KINDS;
use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};
use crate::text;

use super::vocabulary::{fnv, fnv_lower, FNV_OFFSET};

/// Buckets of the address-and-title space (a power of two).
///
/// 4,096 and 4,096 text buckets: on wcxb-dev's held-out folds (5, by
/// domain; `pith-lab types`, 2026-11-23, prototype) 2,048 + 4,096 gave
/// 0.868 page type accuracy, 4,096 + 2,048 0.859, 4,096 + 4,096 0.872;
/// collisions between words of different types cost accuracy below.
pub const ADDRESS_BUCKETS: usize = 4096;

/// Buckets of the visible-text space (a power of two).
pub const TEXT_BUCKETS: usize = 4096;

/// Buckets per page type: the address space, then the text space.
pub const BUCKETS: usize = ADDRESS_BUCKETS + TEXT_BUCKETS;

/// A weight of 1 in the shipped table is this much log-odds. The
/// regression's weights stay within ±0.66 on wcxb-dev's folds (its L2
/// penalty, `tools/lab`), so at 1/128 they fit an `i8` (±0.99) with room;
/// 1/64 typed about as many pages right (`pith-lab types`, type seeds
/// 1–5: 6,601 in all against 6,595, 2026-11-27, all buckets weighed).
pub const WEIGHT_UNIT: f32 = 1.0 / 128.0;

/// Words shorter than this many characters are not counted in the text
/// space (single letters and digits say nothing of the page's kind).
pub const MIN_TEXT_WORD_CHARS: usize = 2;

/// Namespace bytes, hashed before a word: the same word in the address,
/// the text and a heading falls in different buckets.
const ADDRESS: u8 = b'u';
const TEXT: u8 = b'x';
const HEADING: u8 = b'h';

/// Columns on the root row, per page type ([`KINDS`] order): the address
/// and title sum, then the text's ([`features`]).
pub const COLUMNS: &[ColumnSpec] = &[
    column("words.address.article", "address and title words: article"),
    column("words.address.service", "address and title words: service"),
    column("words.address.product", "address and title words: product"),
    column("words.address.collection", "address and title words: collection"),
    column("words.address.forum", "address and title words: forum"),
    column("words.address.listing", "address and title words: listing"),
    column("words.address.documentation", "address and title words: documentation"),
    column("words.text.article", "text words: article"),
    column("words.text.service", "text words: service"),
    column("words.text.product", "text words: product"),
    column("words.text.collection", "text words: collection"),
    column("words.text.forum", "text words: forum"),
    column("words.text.listing", "text words: listing"),
    column("words.text.documentation", "text words: documentation"),
];

const fn column(key: &'static str, label: &'static str) -> ColumnSpec {
    ColumnSpec {
        key,
        signal: "words",
        label,
        source: "learned bucket weights per page type (tools/lab), seed 001's content-type identification",
        description: "Learned logistic-regression log-odds of the page being of this type, from the words of its address and title (the sum of their weights), or of its visible text (their sum over the square root of their number). Not a number without a model.",
    }
}

/// A page's word buckets, each once, sorted: `address` in
/// `0..ADDRESS_BUCKETS`, `text` in `ADDRESS_BUCKETS..BUCKETS`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tokens {
    pub address: Vec<u16>,
    pub text: Vec<u16>,
}

/// Calls `each(hash, chars)` for every word of `s` (runs of word
/// characters, lower-cased; [`text::is_word_char`]) that is not digits
/// alone (numbers, ids and years say nothing of the page's kind), hashed
/// after `space`.
fn words(s: &str, space: u8, mut each: impl FnMut(u64, usize)) {
    let start = fnv(FNV_OFFSET, &[space]);
    let (mut h, mut n, mut digits) = (start, 0usize, true);
    // Each character, the last word ended after the loop (`chars()`
    // chained with a final space took 13 % more of the tokens'
    // instructions; callgrind, session 26).
    for c in s.chars() {
        if text::is_word_char(c) {
            // The same hash as of the lower-cased character's UTF-8, one
            // step for ASCII (callgrind over `pith-lab profile`, session 15).
            h = fnv_lower(h, c);
            n += 1;
            digits &= c.is_ascii_digit();
        } else if n > 0 {
            if !digits {
                each(h, n);
            }
            (h, n, digits) = (start, 0, true);
        }
    }
    if n > 0 && !digits {
        each(h, n);
    }
}

/// The address's words: the host's labels before the last two (but `www`)
/// and the path's segments ([`super::schema`]'s), split at `-`, `_`, `.`,
/// `+` and `%`.
fn address_words(url: &str) -> Vec<String> {
    let mut out = super::schema::host_labels(url);
    for segment in super::schema::path_segments(url) {
        out.extend(segment.split(['-', '_', '.', '+', '%']).filter(|w| !w.is_empty()).map(String::from));
    }
    out
}

/// The page's buckets.
pub fn tokens(cx: &Context) -> Tokens {
    let page = cx.page;
    let address_mask = (ADDRESS_BUCKETS - 1) as u64;
    let text_mask = (TEXT_BUCKETS - 1) as u64;
    let mut address = Vec::new();
    for w in address_words(&page.url) {
        words(&w, ADDRESS, |h, _| address.push((h & address_mask) as u16));
    }
    let title = page.meta_content(&["og:title"]).unwrap_or(&page.doc_title);
    words(title, ADDRESS, |h, _| address.push((h & address_mask) as u16));
    let mut text_ = Vec::new();
    let mut push = |h: u64, n: usize| {
        if n >= MIN_TEXT_WORD_CHARS {
            text_.push((ADDRESS_BUCKETS as u64 + (h & text_mask)) as u16);
        }
    };
    for leaf in cx.seg.leaves.iter().filter(|l| !l.hidden) {
        words(leaf.text(page), TEXT, &mut push);
        if page.tag(leaf.holder()).and_then(|t| t.heading_level()).is_some() {
            words(leaf.text(page), HEADING, &mut push);
        }
    }
    for v in [&mut address, &mut text_] {
        v.sort_unstable();
        v.dedup();
    }
    Tokens { address, text: text_ }
}

/// The page's feature per column of [`COLUMNS`] under `weights` (per
/// type [`BUCKETS`] weights, [`KINDS`] order): the sum of the address
/// space's weights, and the text space's sum over the square root of its
/// buckets; not a number where `weights` is not a full table (no model)
/// or the page has no text.
pub fn features(tokens: &Tokens, weights: &[i8]) -> [f32; 2 * KINDS.len()] {
    let mut out = [f32::NAN; 2 * KINDS.len()];
    if weights.len() != KINDS.len() * BUCKETS {
        return out;
    }
    for k in 0..KINDS.len() {
        let w = &weights[k * BUCKETS..(k + 1) * BUCKETS];
        let sum = |b: &[u16]| b.iter().map(|&i| i32::from(w[i as usize])).sum::<i32>() as f32 * WEIGHT_UNIT;
        out[k] = sum(&tokens.address);
        if !tokens.text.is_empty() {
            out[KINDS.len() + k] = sum(&tokens.text) / (tokens.text.len() as f32).sqrt();
        }
    }
    out
}

/// Writes [`COLUMNS`] on row 0 from the context's learned weights.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let c = table.add_all(COLUMNS);
    if cx.page.nodes.is_empty() {
        return;
    }
    let x = features(&tokens(cx), cx.page_words);
    for (col, v) in c.iter().zip(x) {
        table.set(*col, 0, v);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::html::parse_document;

    fn tokens_of(html: &str, url: &str) -> Tokens {
        let page = parse_document(html, url).unwrap();
        let seg = crate::segment::segment(&page);
        tokens(&Context::new(&page, &seg))
    }

    #[test]
    fn address_words_are_labels_and_split_segments() {
        assert_eq!(
            address_words("https://shop.example.co.uk/en/products/blue-widget_2024.html?x=1"),
            ["shop", "example", "en", "products", "blue", "widget", "2024", "html"],
            "labels before the last two, segments split at - _ ."
        );
        assert!(address_words("about:blank").is_empty());
    }

    #[test]
    fn each_word_counts_once_in_its_space() {
        let t = tokens_of(
            "<html><head><title>Blue widget</title></head><body><h1>Widget</h1>\
             <p>Widget, widget: a widget, 2024.</p><div hidden><p>secret words</p></div></body></html>",
            "https://example.test/widget",
        );
        // Address and title: "widget" (path and title, one bucket), "blue".
        assert_eq!(t.address.len(), 2);
        // Text: "widget" in text space and again as a heading word; "a" is
        // too short, "2024" digits alone; the hidden words are left out.
        assert_eq!(t.text.len(), 2);
        assert!(t.text.iter().all(|&b| usize::from(b) >= ADDRESS_BUCKETS && usize::from(b) < BUCKETS));
        assert!(t.address.iter().all(|&b| usize::from(b) < ADDRESS_BUCKETS));
        // Case does not matter.
        let upper = tokens_of("<html><body><h1>WIDGET</h1><p>WIDGET</p></body></html>", "https://example.test/WIDGET");
        assert_eq!(upper.text, t.text);
        assert_eq!(upper.address.len(), 1);
    }

    #[test]
    fn features_sum_each_space() {
        let t = Tokens { address: vec![1, 2], text: vec![ADDRESS_BUCKETS as u16, ADDRESS_BUCKETS as u16 + 5] };
        let mut w = vec![0i8; KINDS.len() * BUCKETS];
        // Service (kind 1): address buckets 1 and 2 at 16 and 32 units,
        // the text buckets at -64 and 32; a bucket the page lacks at 100.
        w[BUCKETS + 1] = 16;
        w[BUCKETS + 2] = 32;
        w[BUCKETS + ADDRESS_BUCKETS] = -64;
        w[BUCKETS + ADDRESS_BUCKETS + 5] = 32;
        w[BUCKETS + ADDRESS_BUCKETS + 6] = 100;
        let x = features(&t, &w);
        assert_eq!(x[1], 48.0 / 128.0, "(16 + 32) units");
        assert_eq!(x[KINDS.len() + 1], -32.0 / 128.0 / 2f32.sqrt(), "(-64 + 32) units over √2 buckets");
        assert_eq!(x[0], 0.0);
        assert!(features(&t, &[]).iter().all(|v| v.is_nan()), "no model, no figure");
        assert!(features(&Tokens::default(), &w)[KINDS.len()].is_nan(), "no text, no figure");
    }
}

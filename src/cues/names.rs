//! Cue: the words of a leaf's class and id names, learned. The markup cue
//! ([`super::markup`]) knows a few dozen name words by hand (Readability.js's
//! patterns and their kin); sites name their blocks with many more ("hero",
//! "team", "card", "cta", "insights", "spec", "faq", …) and which of them
//! mark content is a matter of counts, not of a list. Built like the
//! vocabulary cue ([`super::vocabulary`]): the name words of the leaf's own
//! element and of its [`LEVELS`] nearest ancestors are hashed into
//! [`BUCKETS`] buckets (a word near the leaf apart from the same word
//! farther up, [`NEAR_LEVELS`]), each bucket once, and a linear model learned by
//! `tools/lab` (logistic regression, on folds it is not evaluated on) weighs
//! them. The score is the weights' sum over the square root of the word
//! count. Only bucket weights ship, nothing of any page. Of hashed names
//! (CSS-in-JS builds) only the readable prefix counts (`css` of
//! `css-1q2w3e`), so such a page gives its leaves much the same score
//! (`tests/eval/EVAL.md`, session 13, measures what that costs); a leaf
//! without names scores NaN.

use crate::model::{NodeId, Page};
use crate::papers::Context;
use crate::segment::Segmentation;
use crate::table::{ColumnSpec, ScoreTable};
use crate::text::each_name_token;

use super::vocabulary::{fnv, FNV_OFFSET};

/// Hash buckets (a power of two). 4,096 one-byte weights: 4 KB of model,
/// as the vocabulary cue's.
pub const BUCKETS: usize = 4096;

/// Ancestors above the leaf's own element whose names count. Measured
/// held out (`pith-lab train`, trainer seed 1, words not yet hashed by
/// level): 3 levels gave wcxb-dev 0.876, 6 gave 0.878, 10 gave 0.877
/// (`tests/eval/EVAL.md`, session 13).
pub const LEVELS: usize = 6;

/// Levels (the leaf's own element and its parent) whose words are hashed
/// apart from the farther ones': a word on the leaf's own block says more
/// than one on a wrapper. Held out over trainer seeds 1–3, wcxb-dev 0.878
/// at 2 (0.877 at 3; 0.877 at 1, seed 1 alone; 0.877 without the split),
/// against 0.876 without the cue (`tests/eval/EVAL.md`, session 13).
pub const NEAR_LEVELS: usize = 2;

/// Name words longer than this are not words (hashes, encoded state).
pub const MAX_WORD_LEN: usize = 24;

/// Words a leaf contributes at most.
pub const MAX_WORDS: usize = 48;

pub const COLUMNS: &[ColumnSpec] = &[ColumnSpec {
    key: "names.score",
    signal: "names",
    label: "names",
    source: "learned bucket weights of class and id words (tools/lab); the markup cue's idea, counted instead of listed",
    description: "Learned log-odds of the leaf's and its ancestors' class and id words marking content (negative: the names of page furniture).",
}];

/// Whether a name token reads as a word: letters only, 2 to
/// [`MAX_WORD_LEN`] of them.
fn is_word(t: &str) -> bool {
    (2..=MAX_WORD_LEN).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_alphabetic())
}

/// The buckets of element `id`'s class and id words, hashed as near the
/// leaf (into `near`) and as farther up (into `far`).
fn element_words(page: &Page, id: NodeId, near: &mut Vec<u16>, far: &mut Vec<u16>) {
    let Some(e) = page.element(id) else { return };
    if e.class.is_empty() && e.id().is_empty() {
        return;
    }
    let mask = (BUCKETS - 1) as u64;
    let (seed_near, seed_far) = (fnv(FNV_OFFSET, &[0]), fnv(FNV_OFFSET, &[1]));
    each_name_token(&e.class, e.id(), |t| {
        if is_word(t) {
            near.push((fnv(seed_near, t.as_bytes()) & mask) as u16);
            far.push((fnv(seed_far, t.as_bytes()) & mask) as u16);
        }
    });
}

/// Each element's word buckets, found once however many leaves sit below
/// it (a leaf reads [`LEVELS`] + 1 elements, mostly shared with its
/// neighbours).
struct Words {
    /// Per node: where its buckets start in `near` / `far`, or `u32::MAX`
    /// while not yet found.
    start: Vec<u32>,
    /// Per node: how many.
    len: Vec<u16>,
    near: Vec<u16>,
    far: Vec<u16>,
}

impl Words {
    fn new(nodes: usize) -> Words {
        Words {
            start: vec![u32::MAX; nodes],
            len: vec![0; nodes],
            near: Vec::new(),
            far: Vec::new(),
        }
    }

    /// Element `id`'s buckets in the band of `level` (levels below
    /// [`NEAR_LEVELS`] near).
    fn of(&mut self, page: &Page, id: NodeId, level: usize) -> &[u16] {
        if self.start[id] == u32::MAX {
            let at = self.near.len();
            element_words(page, id, &mut self.near, &mut self.far);
            self.start[id] = at as u32;
            self.len[id] = (self.near.len() - at).min(usize::from(u16::MAX)) as u16;
        }
        let (s, n) = (self.start[id] as usize, self.len[id] as usize);
        if level < NEAR_LEVELS {
            &self.near[s..s + n]
        } else {
            &self.far[s..s + n]
        }
    }
}

/// The buckets of `holder`'s and its ancestors' words (see [`buckets`]).
fn leaf_buckets(page: &Page, holder: NodeId, words: &mut Words, out: &mut Vec<u16>) {
    out.clear();
    let mut at = Some(holder);
    for level in 0..=LEVELS {
        let Some(id) = at else { break };
        out.extend_from_slice(words.of(page, id, level));
        at = page.nodes.get(id).and_then(|n| n.parent());
    }
    out.sort_unstable();
    out.dedup();
    out.truncate(MAX_WORDS);
}

/// Per leaf of `seg`, the buckets of the name words of its element (an
/// anonymous leaf's: its parent's) and of its [`LEVELS`] nearest ancestors
/// (those of the first [`NEAR_LEVELS`] hashed apart), each bucket once, at
/// most [`MAX_WORDS`]: what [`score`] weighs (`tools/lab` learns from it).
pub fn buckets(page: &Page, seg: &Segmentation) -> Vec<Vec<u16>> {
    let mut words = Words::new(page.nodes.len());
    seg.leaves
        .iter()
        .map(|l| {
            let mut b = Vec::new();
            leaf_buckets(page, l.holder(), &mut words, &mut b);
            b
        })
        .collect()
}

/// The score of `buckets` under `weights`: NaN without words.
pub fn buckets_score(b: &[u16], weights: &[i8]) -> f32 {
    super::vocabulary::weighed(b, weights, BUCKETS)
}

/// Writes [`COLUMNS`] on leaf rows.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let c = table.add_all(COLUMNS);
    let mut words = Words::new(cx.page.nodes.len());
    let mut b = Vec::new();
    for leaf in &cx.seg.leaves {
        leaf_buckets(cx.page, leaf.holder(), &mut words, &mut b);
        table.set(c[0], leaf.id, buckets_score(&b, cx.names));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_the_leaf_and_its_ancestors_once_near_apart_from_far() {
        let html = r#"<html><body><div class="site-footer" id="footer"><div class="Footer-links">
            <p class="x1y2z3 a">Links here</p></div></div>
            <div class="top"><div><div><div><div><div><div class="far"><p class="near">Deep</p></div></div></div></div></div></div></div>
            <p>Unnamed</p></body></html>"#;
        let page = crate::html::parse_document(html, "u").unwrap();
        let seg = crate::segment::segment(&page);
        let all = buckets(&page, &seg);
        let leaf = |t: &str| all[seg.leaves.iter().position(|l| l.text(&page) == t).unwrap()].clone();
        let mask = (BUCKETS - 1) as u64;
        let b = |w: &str, band: u8| (fnv(fnv(FNV_OFFSET, &[band]), w.as_bytes()) & mask) as u16;
        let sorted = |mut v: Vec<u16>| {
            v.sort_unstable();
            v
        };
        // The parent's "footer", "links" near; the grandparent's "site",
        // "footer" (class and id: once) far; not "x1y2z3" (digits) nor "a"
        // (one letter).
        assert_eq!(
            leaf("Links here"),
            sorted(vec![
                b("footer", 0),
                b("links", 0),
                b("site", 1),
                b("footer", 1)
            ])
        );
        // "top" is 7 levels up: beyond LEVELS.
        assert_eq!(leaf("Deep"), sorted(vec![b("near", 0), b("far", 0)]));
        assert!(leaf("Unnamed").is_empty());

        let mut w = vec![0i8; BUCKETS];
        w[b("footer", 0) as usize] = -96;
        // −96/32 = −3 over √4 words.
        let s = buckets_score(&leaf("Links here"), &w);
        assert!((s + 3.0 / 2.0).abs() < 1e-6);
        assert!(buckets_score(&[], &w).is_nan());
    }
}

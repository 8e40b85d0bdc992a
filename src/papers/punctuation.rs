//! Seed 002: Wang Nan & Xiao Chun, "A Method Based on Statistics for
//! Extracting Text from Web Pages" (§II.C).
//!
//! Text carries punctuation; navigation, adverts and buttons do not (§II,
//! Table I). Each leaf gets a vector over the 7 "dots" of Table I:
//!
//! 1. formula (1): `F_i = (Σ_j b_j f_ij) log(H / n_i)`, where `f_ij` counts
//!    mark `i` in leaf `j`, `H` is the number of leaves and `n_i` the
//!    number of leaves holding mark `i` (a tf–idf weight);
//! 2. formula (2): `w_i = F_i / (Σ_j F_j²)^½`;
//! 3. Definition 1: two leaves are similar when the cosine of their
//!    vectors exceeds ε = 0.8;
//! 4. Definition 2: a leaf's weight is `I = log(1 / (N + 1))`, `N` the
//!    number of other leaves similar to it; leaves with `I > θ = −2.5` are
//!    the text. A leaf like many others (menu items, footer links) weighs
//!    little.
//!
//! ## How Pith reads the paper where it is unclear
//! * Formula (1) as printed sums over all leaves, which gives one vector
//!   for the page, yet §II.C gives every leaf its vector. Pith drops the
//!   sum: `F_ij = b_j f_ij log(H / n_i)` for leaf `j`, with `b_j = 1`
//!   ([`LEAF_WEIGHT_B`]). Any per-leaf `b_j` scales the whole vector and
//!   cancels in formula (2), so the choice changes nothing downstream.
//! * The logarithms are natural: θ = −2.5 then means `N ≤ 11` (ln(1/12) =
//!   −2.48, ln(1/13) = −2.56); the base of formula (1)'s logarithm cancels
//!   in formula (2).
//! * Marks: the Western marks and the CJK full-width ones are one class
//!   each ([`mark_class`]). A Western mark directly followed by an ASCII
//!   letter or digit is not punctuation (`3.14`, `1,000`, `10:30`,
//!   `example.com`, `?q=`) and is not counted.
//! * `H` and the leaf set `S` are all of the page's leaves, hidden ones
//!   included (the paper reads the markup, not the rendering).
//! * Zero vectors (no punctuation, or only marks every leaf holds, whose
//!   weight `log(H/H)` is 0): the cosine is undefined. Two zero vectors are
//!   identical and count as similar (similarity 1); a zero vector against a
//!   non-zero one, 0 ([`cosine`]).
//! * No pairwise step over leaves: zero vectors are one group, counted
//!   directly; non-zero leaves are grouped by direction (proportional
//!   counts give equal vectors), and distinct directions are compared
//!   pairwise only while there are at most [`PAIRWISE_CAP`]; beyond, see
//!   [`BUCKET_STEPS`].

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::Context;
use crate::model::Page;
use crate::papers::keywords::Fnv1a;
use crate::segment::Segmentation;
use crate::table::{ColumnSpec, ScoreTable};

/// Table I's "dots": full stop, comma, interrogation, caesura sign,
/// semicolon, colon, exclamation mark.
pub const CLASSES: usize = 7;

/// Definition 1 and Fig. 1: leaves are similar when their cosine exceeds
/// this (§II.C: "when ε = 0.8, θ = −2.5 best").
pub const EPSILON: f64 = 0.8;

/// Definition 2 and Fig. 1: a leaf is text when its weight exceeds this.
pub const THETA: f64 = -2.5;

/// Formula (1)'s `b_j`, the weight of leaf `j`: the paper does not define
/// it; Pith takes 1 (it cancels in formula (2) anyway).
pub const LEAF_WEIGHT_B: f64 = 1.0;

/// Pith's choice: distinct non-zero directions are compared pairwise up to
/// this many (2,048² / 2 ≈ 2.1 million dot products of 7 terms).
/// Real pages have far fewer: most leaves hold a handful of marks.
pub const PAIRWISE_CAP: usize = 2048;

/// Pith's approximation beyond [`PAIRWISE_CAP`] directions: directions are
/// bucketed by rounding each component to a multiple of 1/5. Two unit
/// vectors in one bucket differ by at most 0.2 per component, so their
/// cosine is at least 1 − 7·0.2²/2 = 0.86 > ε: a bucket's members are
/// similar to each other. Buckets are then compared by their mean
/// direction (pairwise again if there are at most [`PAIRWISE_CAP`] of
/// them, else only within a bucket).
pub const BUCKET_STEPS: f64 = 5.0;

/// The dot class of a character (Table I order), Western and CJK
/// (full-width, half-width) forms alike; Pith adds the Arabic comma,
/// semicolon and question mark and the Devanagari danda, so that the
/// method also reads those scripts.
pub fn mark_class(c: char) -> Option<usize> {
    Some(match c {
        '.' | '。' | '．' | '｡' | '।' | '۔' => 0,
        ',' | '，' | '،' => 1,
        '?' | '？' | '؟' => 2,
        '、' | '､' => 3,
        ';' | '；' | '؛' => 4,
        ':' | '：' => 5,
        '!' | '！' => 6,
        _ => return None,
    })
}

/// Counts the dots of `text` per class (the `f_ij` of formula (1)). An
/// ASCII mark followed directly by an ASCII letter or digit is not
/// punctuation (numbers, times, addresses).
pub fn count_marks(text: &str) -> [u32; CLASSES] {
    let mut f = [0u32; CLASSES];
    // Byte by byte: an ASCII byte is its character (and the next byte is
    // ASCII exactly when the next character is); every other mark starts
    // at a lead byte (0xC0 and above). Decoding every character was 1.9 %
    // of the core's instructions (callgrind over `pith-lab profile
    // wcxb-dev --limit 100`, session 18).
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b.is_ascii() {
            let Some(k) = mark_class(char::from(b)) else { continue };
            if bytes.get(i + 1).is_some_and(|n| n.is_ascii_alphanumeric()) {
                continue;
            }
            f[k] += 1;
        } else if b >= 0xC0 {
            if let Some(k) = text[i..].chars().next().and_then(mark_class) {
                f[k] += 1;
            }
        }
    }
    f
}

/// `log(H / n_i)` per class: 0 for a class no leaf holds.
pub fn idf(h: usize, n: &[u32; CLASSES]) -> [f64; CLASSES] {
    n.map(|n_i| if n_i == 0 { 0.0 } else { (h as f64 / f64::from(n_i)).ln() })
}

/// Formula (1) for one leaf: `F_i = b f_i log(H / n_i)`.
pub fn feature_vector(f: &[u32; CLASSES], b: f64, idf: &[f64; CLASSES]) -> [f64; CLASSES] {
    std::array::from_fn(|i| b * f64::from(f[i]) * idf[i])
}

/// Formula (2): the vector scaled to unit length; a zero vector stays zero.
pub fn normalize(v: &[f64; CLASSES]) -> [f64; CLASSES] {
    let len = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    if len == 0.0 {
        *v
    } else {
        v.map(|x| x / len)
    }
}

/// Definition 1's similarity: the cosine; two zero vectors are identical
/// (1), a zero vector and a non-zero one are not alike (0).
pub fn cosine(a: &[f64; CLASSES], b: &[f64; CLASSES]) -> f64 {
    let dot: f64 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let la = a.iter().map(|x| x * x).sum::<f64>().sqrt();
    let lb = b.iter().map(|x| x * x).sum::<f64>().sqrt();
    match (la == 0.0, lb == 0.0) {
        (true, true) => 1.0,
        (true, false) | (false, true) => 0.0,
        _ => dot / (la * lb),
    }
}

/// Definition 1: similar when the similarity exceeds [`EPSILON`].
pub fn is_similar(similarity: f64) -> bool {
    is_similar_at(similarity, EPSILON)
}

/// Definition 1 with ε given (a tuned parameter, [`crate::params`]).
pub fn is_similar_at(similarity: f64, epsilon: f64) -> bool {
    similarity > epsilon
}

/// Definition 2: `I = log(1 / (N + 1))`.
pub fn leaf_weight(similar: u32) -> f64 {
    (1.0 / (f64::from(similar) + 1.0)).ln()
}

/// Definition 2: kept as text when `I > θ`.
pub fn is_kept(weight: f64) -> bool {
    is_kept_at(weight, THETA)
}

/// Definition 2 with θ given (a tuned parameter, [`crate::params`]).
pub fn is_kept_at(weight: f64, theta: f64) -> bool {
    weight > theta
}

/// For each leaf's mark counts, `N`: how many other leaves are similar to
/// it, without comparing leaves pairwise (see the module notes);
/// `cap` is [`PAIRWISE_CAP`] outside tests.
pub fn similar_counts(counts: &[[u32; CLASSES]], cap: usize) -> Vec<u32> {
    similar_counts_at(counts, cap, EPSILON)
}

/// [`similar_counts`] with ε given.
pub fn similar_counts_at(counts: &[[u32; CLASSES]], cap: usize, epsilon: f64) -> Vec<u32> {
    let counts = Distinct::of(counts.iter().copied());
    similar_counts_distinct(&counts, cap, epsilon)
}

/// Leaves' mark counts as the distinct counts and one index a leaf: most
/// leaves share a handful of counts (none at all, one full stop…). A
/// count array a leaf was 28 bytes, 14 MB on the 1,000,000-element bench
/// page and the method's peak, where an index is 4 (`tests/eval/SPEED.md`,
/// 2026-11-30).
pub struct Distinct {
    /// The distinct counts, in the order leaves first have them.
    pub counts: Vec<[u32; CLASSES]>,
    /// Per leaf: its counts' index in `counts`.
    pub of_leaf: Vec<u32>,
}

impl Distinct {
    /// Each leaf's counts, in order.
    pub fn of(leaves: impl Iterator<Item = [u32; CLASSES]>) -> Distinct {
        // FNV-1a, not std's SipHash: a hash a leaf (callgrind over `pith-lab
        // profile`, 2026-11-30).
        let mut index: HashMap<[u32; CLASSES], u32, BuildHasherDefault<Fnv1a>> = HashMap::default();
        let mut counts = Vec::new();
        let of_leaf = leaves
            .map(|c| {
                *index.entry(c).or_insert_with(|| {
                    counts.push(c);
                    (counts.len() - 1) as u32
                })
            })
            .collect();
        Distinct { counts, of_leaf }
    }
}

/// [`similar_counts_at`] over the leaves' distinct counts: the same `N`
/// per leaf, each distinct count worked out once.
pub fn similar_counts_distinct(d: &Distinct, cap: usize, epsilon: f64) -> Vec<u32> {
    // Leaves per distinct count.
    let mut leaves = vec![0u32; d.counts.len()];
    for &i in &d.of_leaf {
        leaves[i as usize] += 1;
    }
    let mut n = [0u32; CLASSES];
    for (f, &m) in d.counts.iter().zip(&leaves) {
        for (n_i, &f_i) in n.iter_mut().zip(f) {
            *n_i += if f_i > 0 { m } else { 0 };
        }
    }
    let idf = idf(d.of_leaf.len(), &n);
    // Non-zero leaves grouped by their reduced counts: equal directions.
    // Groups come in the order leaves first have them, as distinct counts do.
    let mut by_key: HashMap<[u32; CLASSES], usize> = HashMap::new();
    let mut groups: Vec<([f64; CLASSES], u32)> = Vec::new();
    let mut zeros = 0u32;
    let group_of: Vec<Option<usize>> = d
        .counts
        .iter()
        .zip(&leaves)
        .map(|(f, &m)| {
            let mut key: [u32; CLASSES] = std::array::from_fn(|i| if idf[i] > 0.0 { f[i] } else { 0 });
            let g = key.iter().fold(0, |a, &b| gcd(a, b));
            if g == 0 {
                zeros += m;
                return None;
            }
            key.iter_mut().for_each(|k| *k /= g);
            let next = groups.len();
            let i = *by_key.entry(key).or_insert(next);
            if i == next {
                groups.push((normalize(&feature_vector(&key, LEAF_WEIGHT_B, &idf)), 0));
            }
            groups[i].1 += m;
            Some(i)
        })
        .collect();
    let (group_of, groups) = if groups.len() > cap { bucket(group_of, &groups) } else { (group_of, groups) };
    // Per group: its members, and the members of the groups similar to it.
    // Group directions are unit vectors: the cosine is their dot product.
    let mut near: Vec<u32> = groups.iter().map(|g| g.1).collect();
    if groups.len() <= cap {
        for a in 0..groups.len() {
            for b in a + 1..groups.len() {
                let dot: f64 = groups[a].0.iter().zip(&groups[b].0).map(|(x, y)| x * y).sum();
                if is_similar_at(dot, epsilon) {
                    near[a] += groups[b].1;
                    near[b] += groups[a].1;
                }
            }
        }
    }
    d.of_leaf.iter().map(|&i| group_of[i as usize].map_or(zeros, |g| near[g]) - 1).collect()
}

/// The fallback beyond the cap: groups merged into buckets of rounded
/// direction ([`BUCKET_STEPS`]), each represented by its mean direction.
#[allow(clippy::type_complexity)]
fn bucket(
    group_of: Vec<Option<usize>>,
    groups: &[([f64; CLASSES], u32)],
) -> (Vec<Option<usize>>, Vec<([f64; CLASSES], u32)>) {
    let mut by_key: HashMap<[u8; CLASSES], usize> = HashMap::new();
    let mut buckets: Vec<([f64; CLASSES], u32)> = Vec::new();
    let mut bucket_of = Vec::with_capacity(groups.len());
    for (dir, count) in groups {
        let key = dir.map(|x| (x * BUCKET_STEPS).round() as u8);
        let next = buckets.len();
        let b = *by_key.entry(key).or_insert(next);
        if b == next {
            buckets.push(([0.0; CLASSES], 0));
        }
        for (s, x) in buckets[b].0.iter_mut().zip(dir) {
            *s += x * f64::from(*count);
        }
        buckets[b].1 += count;
        bucket_of.push(b);
    }
    for b in &mut buckets {
        b.0 = normalize(&b.0);
    }
    (group_of.into_iter().map(|g| g.map(|g| bucket_of[g])).collect(), buckets)
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The method's result for one leaf.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LeafPunctuation {
    /// Dots of Table I in the leaf.
    pub marks: u32,
    /// Dots per 100 visible characters.
    pub per_100: f64,
    /// `N`: other leaves similar to it.
    pub similar: u32,
    /// `I`.
    pub weight: f64,
    pub kept: bool,
}

/// Runs the method over every leaf (in the segmentation's order).
pub fn analyse(page: &Page, seg: &Segmentation) -> Vec<LeafPunctuation> {
    analyse_at(page, seg, EPSILON, THETA)
}

/// [`analyse`] with ε and θ given (tuned parameters, [`crate::params`]).
pub fn analyse_at(page: &Page, seg: &Segmentation, epsilon: f64, theta: f64) -> Vec<LeafPunctuation> {
    let mut out = Vec::with_capacity(seg.leaves.len());
    analyse_each(page, seg, epsilon, theta, |p| out.push(p));
    out
}

/// [`analyse_at`], each leaf's result handed to `f` in order rather than
/// collected: the 1,000,000-element bench page's 490,000 results were
/// 16 MB of wasm memory beside the mark counts at this method's peak
/// (`tests/eval/SPEED.md`, 2026-11-30).
pub fn analyse_each(page: &Page, seg: &Segmentation, epsilon: f64, theta: f64, mut f: impl FnMut(LeafPunctuation)) {
    let counts = Distinct::of(seg.leaves.iter().map(|l| count_marks(l.text(page))));
    let similar = similar_counts_distinct(&counts, PAIRWISE_CAP, epsilon);
    for ((&c, leaf), n) in counts.of_leaf.iter().zip(&seg.leaves).zip(similar) {
        let marks: u32 = counts.counts[c as usize].iter().sum();
        let weight = leaf_weight(n);
        f(LeafPunctuation {
            marks,
            per_100: 100.0 * f64::from(marks) / f64::from(leaf.chars.max(1)),
            similar: n,
            weight,
            kept: is_kept_at(weight, theta),
        });
    }
}

const fn col(name: &'static str, label: &'static str, source: &'static str, description: &'static str) -> ColumnSpec {
    ColumnSpec { key: name, signal: "punctuation", label, source, description }
}

/// The module's columns in the score table.
pub const COLUMNS: &[ColumnSpec] = &[
    col("punctuation.marks", "f", "seed 002 §II.C, Table I",
        "Dots of Table I in a leaf (full stop, comma, question mark, 、, semicolon, colon, exclamation; Western and CJK)."),
    col("punctuation.per100", "marks/100", "seed 002 §II; Pith's measure",
        "Dots per 100 visible characters of a leaf."),
    col("punctuation.similar", "N", "seed 002 §II.C, Definitions 1–2",
        "Other leaves whose punctuation vector has a cosine above ε = 0.8 with this leaf's."),
    col("punctuation.weight", "I", "seed 002 §II.C, Definition 2",
        "A leaf's weight log(1 / (N + 1))."),
    col("punctuation.kept", "kept", "seed 002 §II.C, step 4",
        "1 where the leaf's weight exceeds θ = −2.5 (N ≤ 11): the paper's text."),
];

/// Writes [`COLUMNS`] on every leaf's row.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let c = table.add_all(COLUMNS);
    let (epsilon, theta) = (cx.params.get(crate::params::EPSILON), cx.params.get(crate::params::THETA));
    let mut leaves = cx.seg.leaves.iter();
    analyse_each(cx.page, cx.seg, epsilon, theta, |p| {
        let Some(leaf) = leaves.next() else { return };
        let values = [
            f64::from(p.marks),
            p.per_100,
            f64::from(p.similar),
            p.weight,
            if p.kept { 1.0 } else { 0.0 },
        ];
        for (col, v) in c.iter().zip(values) {
            table.set(*col, leaf.id, v as f32);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn western_and_cjk_marks_are_one_class() {
        assert_eq!(count_marks("Yes, no. Why? Stop! a; b: c"), [1, 1, 1, 0, 1, 1, 1]);
        assert_eq!(count_marks("是的，不。为什么？停！甲；乙：丙、丁"), [1, 1, 1, 1, 1, 1, 1]);
        assert_eq!(count_marks("全角．，？；：！"), [1, 1, 1, 0, 1, 1, 1]);
        // Numbers, times and addresses are not punctuation…
        assert_eq!(count_marks("3.14 and 1,000 at 10:30 on example.com?q=1"), [0; CLASSES]);
        // …but a mark before a space, a quote or the end is.
        assert_eq!(count_marks("Done. \"Really?\""), [1, 0, 1, 0, 0, 0, 0]);
        assert_eq!(count_marks("Home  About  Contact"), [0; CLASSES]);
        // Marks beyond ASCII (Arabic, Devanagari, half-width), and an ASCII
        // mark before a letter beyond ASCII, which counts.
        assert_eq!(count_marks("لماذا؟ نعم، لا؛ हाँ। ｡､ fin.Été"), [3, 1, 1, 1, 1, 0, 0]);
    }

    /// Formulas (1) and (2) by hand: H = 4 leaves; full stops in 2 of them,
    /// commas in all 4. A leaf with 2 full stops and 1 comma has
    /// F = (2 ln 2, 1 · ln 1, 0…) = (1.386, 0, …) and w = (1, 0, …): the comma,
    /// in every leaf, tells nothing. With full stops in 2 and question marks
    /// in 1: F = (2 ln 2, 0, 1 ln 4) = (1.386, 0, 1.386), w = (0.7071, 0, 0.7071).
    #[test]
    fn formulas_by_hand() {
        let idf1 = idf(4, &[2, 4, 0, 0, 0, 0, 0]);
        assert!(close(idf1[0], 2f64.ln()) && idf1[1] == 0.0 && idf1[2] == 0.0);
        let f = feature_vector(&[2, 1, 0, 0, 0, 0, 0], LEAF_WEIGHT_B, &idf1);
        assert!(close(f[0], 2.0 * 2f64.ln()) && f[1] == 0.0);
        assert_eq!(normalize(&f), [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);

        let idf2 = idf(4, &[2, 0, 1, 0, 0, 0, 0]);
        let f = feature_vector(&[2, 0, 1, 0, 0, 0, 0], LEAF_WEIGHT_B, &idf2);
        assert!(close(f[0], 1.3862943611198906) && close(f[2], 1.3862943611198906));
        let w = normalize(&f);
        assert!(close(w[0], 0.5f64.sqrt()) && close(w[2], 0.5f64.sqrt()));
        // b_j cancels in formula (2).
        let f3 = feature_vector(&[2, 0, 1, 0, 0, 0, 0], 3.0, &idf2);
        assert!(normalize(&f3).iter().zip(&w).all(|(a, b)| close(*a, *b)));
    }

    #[test]
    fn cosine_and_the_zero_vector_rule() {
        let z = [0.0; CLASSES];
        let a = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
        let b = [1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0];
        assert_eq!(cosine(&z, &z), 1.0);
        assert_eq!(cosine(&z, &a), 0.0);
        assert!(close(cosine(&a, &b), 0.5f64.sqrt()));
        assert!(!is_similar(cosine(&a, &b)));
        assert!(is_similar(cosine(&a, &a)));
        assert!(!is_similar(EPSILON));
    }

    /// θ = −2.5 keeps a leaf with up to 11 similar leaves.
    #[test]
    fn thresholds() {
        assert_eq!(leaf_weight(0), 0.0);
        assert!(close(leaf_weight(11), (1.0f64 / 12.0).ln()));
        for n in 0..=11 {
            assert!(is_kept(leaf_weight(n)), "N = {n}");
        }
        for n in 12..40 {
            assert!(!is_kept(leaf_weight(n)), "N = {n}");
        }
    }

    /// The grouped count equals the pairwise definition.
    fn pairwise(counts: &[[u32; CLASSES]]) -> Vec<u32> {
        let mut n = [0u32; CLASSES];
        for f in counts {
            for i in 0..CLASSES {
                n[i] += u32::from(f[i] > 0);
            }
        }
        let idf = idf(counts.len(), &n);
        let v: Vec<_> = counts.iter().map(|f| normalize(&feature_vector(f, 1.0, &idf))).collect();
        (0..v.len())
            .map(|i| (0..v.len()).filter(|&j| j != i && is_similar(cosine(&v[i], &v[j]))).count() as u32)
            .collect()
    }

    fn spread(len: usize) -> Vec<[u32; CLASSES]> {
        let mut x: u64 = 11;
        (0..len)
            .map(|_| {
                std::array::from_fn(|_| {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let v = (x >> 58) as u32;
                    if v < 40 { 0 } else { v % 5 }
                })
            })
            .collect()
    }

    #[test]
    fn grouped_counts_equal_pairwise() {
        let mut counts = spread(400);
        counts.extend([[0; CLASSES]; 5]);
        counts.push([2, 4, 0, 0, 0, 0, 0]);
        counts.push([1, 2, 0, 0, 0, 0, 0]);
        assert_eq!(similar_counts(&counts, PAIRWISE_CAP), pairwise(&counts));
    }

    /// Beyond the cap, directions are bucketed and buckets compared: on
    /// prose-like leaves (full stops and commas in every ratio, a few other
    /// marks) the counts stay within 10% of the exact ones.
    #[test]
    fn fallback_buckets() {
        let mut x: u64 = 11;
        let mut next = || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 33) as u32
        };
        let counts: Vec<[u32; CLASSES]> = (0..1500)
            .map(|_| {
                let q = next() % 8;
                let other = |k: u32, v: u32| u32::from(q == k) * v;
                [next() % 30, next() % 40, other(0, next() % 3), 0, other(1, 1), other(2, next() % 4), other(3, 1)]
            })
            .collect();
        let exact = similar_counts(&counts, PAIRWISE_CAP);
        let approx = similar_counts(&counts, 100);
        assert_ne!(exact, approx, "the fallback ran");
        let err: f64 = exact.iter().zip(&approx).map(|(&a, &b)| (f64::from(a) - f64::from(b)).abs()).sum::<f64>()
            / exact.iter().map(|&a| f64::from(a)).sum::<f64>();
        assert!(err < 0.1, "relative error {err}");
        // Zero vectors are counted directly, whatever the cap.
        let mut z = vec![[0; CLASSES]; 3];
        z.push([1, 0, 0, 0, 0, 0, 0]);
        z.push([0, 1, 0, 0, 0, 0, 0]);
        assert_eq!(similar_counts(&z, 0), [2, 2, 2, 0, 0]);
        assert_eq!(similar_counts(&z, PAIRWISE_CAP), [2, 2, 2, 0, 0]);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod page_tests {
    use super::*;
    use crate::html::parse_document;
    use crate::segment::segment;

    /// A menu of 15 items without punctuation: each has 14 similar leaves,
    /// I = ln(1/15) = −2.71 < θ. The article's paragraphs are kept.
    #[test]
    fn menu_dropped_paragraphs_kept() {
        let mut html = String::from("<html><body><ul>");
        for i in 0..15 {
            html.push_str(&format!("<li><a href='/{i}'>Section {i}</a></li>"));
        }
        html.push_str("</ul><div><p>It rained, they said. Did it? Yes!</p><p>Next: the sun came out.</p>\
                       <p>他说：明天见。</p></div></body></html>");
        let page = parse_document(&html, "u").unwrap();
        let seg = segment(&page);
        let p = analyse(&page, &seg);
        assert_eq!(p.len(), 18);
        assert!(p[..15].iter().all(|l| l.similar == 14 && !l.kept && l.marks == 0));
        assert!(p[15..].iter().all(|l| l.kept));
        assert_eq!((p[15].marks, seg.leaves[15].chars), (4, 28));
        assert!((p[15].per_100 - 400.0 / 28.0).abs() < 1e-9);

        let cx = Context::new(&page, &seg);
        let mut table = ScoreTable::new(page.nodes.len());
        score(&cx, &mut table);
        let kept = table.expect("punctuation.kept");
        assert_eq!(table.get(kept, seg.leaves[15].id), 1.0);
        assert_eq!(table.get(kept, seg.leaves[0].id), 0.0);
        assert!(table.get(kept, 0).is_nan());
    }
}

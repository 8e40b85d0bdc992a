//! A forest of regression trees (gradient boosting, logistic loss), stored
//! as plain constants and walked without allocation or branches on the
//! tree's shape. `tools/lab` trains forests and writes them as Rust source
//! ([`crate::decision::model`]).
//!
//! Layout: every tree of a forest is a complete binary tree of the forest's
//! `depth`: `2^depth − 1` splits in breadth-first (heap) order, then
//! `2^depth` leaf values, left to right. Split `i`'s children are splits
//! `2i + 1` (a value below the threshold) and `2i + 2` (any other value,
//! NaN included: "missing" goes right). A branch the trainer stopped
//! early is stored whole, its one value repeated in every leaf below it,
//! so no node needs an offset or a leaf mark: three bytes a split and two
//! a leaf, against five a node in the depth-first layout this replaced
//! (the trainer's trees are nearly full: 30 of 31 nodes at depth 4).
//!
//! Thresholds and leaf values are stored as IEEE 754 half-precision bits
//! (binary16: 11 significant bits, about three decimal digits): the
//! shipped wasm has a size budget. The trainer rounds its forests the same
//! way before measuring them, so the figures it reports are those of the
//! stored model.

/// A forest, borrowed from constants.
#[derive(Debug, Clone, Copy)]
pub struct Forest {
    /// Names of the features, in the order `feature` indexes them.
    pub features: &'static [&'static str],
    /// Every tree's depth (0: a tree is one leaf).
    pub depth: u8,
    /// Per tree, `2^depth − 1` splits' features, in heap order.
    pub feature: &'static [u8],
    /// The splits' thresholds, half-precision bits ([`f16_to_f32`]).
    pub threshold: &'static [u16],
    /// Per tree, `2^depth` leaf values, half-precision bits.
    pub leaf: &'static [u16],
    /// Added to the trees' sum (the prior log-odds).
    pub bias: f32,
}

impl Forest {
    /// Number of splits in each tree.
    pub fn splits(&self) -> usize {
        (1usize << self.depth) - 1
    }

    /// Number of trees.
    pub fn trees(&self) -> usize {
        self.leaf.len() >> self.depth
    }

    /// The raw score (log-odds) of one row; `x[k]` is feature `k`. For
    /// many rows, [`Forest::decode`] once and walk the decoded forest.
    pub fn margin(&self, x: &[f32]) -> f32 {
        self.walk(x, |i| f16_to_f32(self.threshold[i]), |i| f16_to_f32(self.leaf[i]))
    }

    /// The probability of one row.
    pub fn probability(&self, x: &[f32]) -> f32 {
        logistic(self.margin(x))
    }

    /// The forest with its thresholds and leaf values decoded to `f32`
    /// (a few KB per forest): the decision walks one forest over every
    /// leaf of a page, and decoding half-precision bits at every node
    /// visited was a fifth of its time on the 200,000-element page of
    /// `tests/eval/large-page.mjs` (`perf record`, 2026-11-22). This
    /// replaced a shared table of all 65,536 half values (256 KB of the
    /// wasm's memory, filled on first use): the decision's time on that
    /// page went from 210 to 188 ms (`pith-lab signals`, 2026-11-23).
    pub fn decode(&self) -> Decoded<'_> {
        self.decode_at(|k| k)
    }

    /// [`Forest::decode`], feature `k` read from `x[slot(k)]`: the
    /// decision walks the forest on its feature row as built, not on a
    /// copy of the forest's features in the forest's order.
    pub fn decode_at(&self, slot: impl Fn(usize) -> usize) -> Decoded<'_> {
        let (trees, per_tree) = (self.trees(), self.splits());
        // Slot 0 of each tree is unused (the walk starts at 1).
        let unused = Split { threshold: f32::NAN, feature: 0 };
        let mut splits = Vec::with_capacity(trees << self.depth);
        let mut fits = true;
        for t in 0..trees {
            splits.push(unused);
            for i in t * per_tree..(t + 1) * per_tree {
                let at = slot(usize::from(self.feature[i]));
                fits &= at < ROW_SLOTS;
                splits.push(Split { threshold: f16_to_f32(self.threshold[i]), feature: at as u32 });
            }
        }
        Decoded {
            forest: self,
            splits,
            leaf: self.leaf.iter().map(|&h| f16_to_f32(h)).collect(),
            fits,
        }
    }

    fn walk(&self, x: &[f32], threshold: impl Fn(usize) -> f32, leaf: impl Fn(usize) -> f32) -> f32 {
        let splits = self.splits();
        let leaves = splits + 1;
        let mut sum = self.bias;
        for t in 0..self.trees() {
            let base = t * splits;
            let mut i = 0;
            for _ in 0..self.depth {
                let right = !(x[self.feature[base + i] as usize] < threshold(base + i));
                i = 2 * i + 1 + usize::from(right);
            }
            sum += leaf(t * leaves + i - splits);
        }
        sum
    }
}

/// Slots of the feature row [`Decoded::margin_row`] reads: one per value
/// of a `u8`, so a split's feature indexes it with no bounds check.
pub const ROW_SLOTS: usize = 256;

/// A feature row of [`ROW_SLOTS`] values.
pub type Row = [f32; ROW_SLOTS];

/// A split of a [`Decoded`] forest: go right unless `x[feature] <
/// threshold`.
#[derive(Debug, Clone, Copy)]
struct Split {
    threshold: f32,
    feature: u32,
}

/// A [`Forest`] with its half-precision values decoded ([`Forest::decode`]);
/// it scores exactly as the forest does: the same comparisons, and the
/// trees' values added in the same order.
///
/// Layout: per tree `2^depth` splits (slot 0 unused, split `i` of the
/// heap order at slot `i + 1`, so slot `s`'s children are `2s` and
/// `2s + 1`) and `2^depth` leaf values, a threshold beside its feature.
/// At depth 4 (the leaf forests) a tree is walked on fixed-size arrays
/// with no bounds checks ([`Decoded::margin_row`]).
pub struct Decoded<'a> {
    forest: &'a Forest,
    splits: Vec<Split>,
    leaf: Vec<f32>,
    /// Whether every split's feature slot is below [`ROW_SLOTS`].
    fits: bool,
}

/// The depth walked unrolled on fixed-size arrays ([`Decoded::margin_row`]):
/// that of both leaf forests. Against the walk of [`Forest::margin`] on
/// decoded values (thresholds and leaves apart from the features, every
/// index checked, a loop per level), the decision's forest walks took
/// 1,929,628,400 → 964,814,200 Ir (callgrind over `pith-lab profile`,
/// wcxb-dev first 150 pages: 189,700 leaves × 120 trees, 42 Ir a tree),
/// then with each level's splits an array of its own 690,128,600 Ir (30
/// a tree: the heap index `2s + right` on one array compiled to shifts
/// and ors of the branches taken, a level's splits indexed by the path
/// so far to one `lea` a level).
const FAST_DEPTH: u8 = 4;
/// Splits (and leaves) per tree at [`FAST_DEPTH`].
const FAST_SLOTS: usize = 1 << FAST_DEPTH;

impl Decoded<'_> {
    /// The raw score (log-odds) of one row, as [`Forest::margin`]
    /// (`x` as [`Forest::decode_at`] placed the features).
    pub fn margin(&self, x: &[f32]) -> f32 {
        let depth = self.forest.depth;
        let slots = 1usize << depth;
        let mut sum = self.forest.bias;
        for (splits, leaves) in self.splits.chunks_exact(slots).zip(self.leaf.chunks_exact(slots)) {
            let mut s = 1;
            for _ in 0..depth {
                let split = splits[s];
                s = 2 * s + usize::from(!(x[split.feature as usize] < split.threshold));
            }
            sum += leaves[s - slots];
        }
        sum
    }

    /// [`Decoded::margin`] on a full row, every feature's slot below
    /// [`ROW_SLOTS`]. The decision's walk: at depth 4 each level is a
    /// load of the split, one of the value and a comparison.
    pub fn margin_row(&self, x: &Row) -> f32 {
        if self.forest.depth != FAST_DEPTH || !self.fits {
            return self.margin(x);
        }
        let mut sum = self.forest.bias;
        let (splits, _) = self.splits.as_chunks::<FAST_SLOTS>();
        let (leaves, _) = self.leaf.as_chunks::<FAST_SLOTS>();
        // Each level's splits as an array of its own, indexed by the path
        // so far (`b`, the branches taken as bits): one `2b + right` a
        // level.
        let right = |split: &Split| usize::from(!(x[usize::from(split.feature as u8)] < split.threshold));
        for (splits, leaves) in splits.iter().zip(leaves) {
            let (level1, rest) = splits[1..].split_first_chunk::<1>().expect("depth 4");
            let (level2, rest) = rest.split_first_chunk::<2>().expect("depth 4");
            let (level3, level4) = rest.split_first_chunk::<4>().expect("depth 4");
            let level4: &[Split; 8] = level4.try_into().expect("depth 4");
            let mut b = right(&level1[0]);
            b = 2 * b + right(&level2[b % 2]);
            b = 2 * b + right(&level3[b % 4]);
            b = 2 * b + right(&level4[b % 8]);
            sum += leaves[b % FAST_SLOTS];
        }
        sum
    }

    /// The probability of one row, as [`Forest::probability`].
    pub fn probability(&self, x: &[f32]) -> f32 {
        logistic(self.margin(x))
    }

    /// The probability of a full row ([`Decoded::margin_row`]).
    pub fn probability_row(&self, x: &Row) -> f32 {
        logistic(self.margin_row(x))
    }
}

fn logistic(margin: f32) -> f32 {
    1.0 / (1.0 + (-margin).exp())
}

/// Half-precision bits to `f32` (exact).
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let mant = u32::from(h & 0x3ff);
    let bits = match (exp, mant) {
        (0, 0) => sign,
        (0, m) => {
            // Subnormal: normalise.
            let shift = m.leading_zeros() - 21;
            sign | ((113 - shift) << 23) | ((m << (shift + 13)) & 0x7f_ffff)
        }
        (0x1f, m) => sign | 0x7f80_0000 | (m << 13),
        (e, m) => sign | ((e + 112) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}

/// `f32` to half-precision bits, rounding to nearest (ties to even);
/// beyond the half range, infinity.
pub fn f32_to_f16(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut h = m >> shift;
        if rest > half || (rest == half && h & 1 == 1) {
            h += 1;
        }
        return sign | h as u16;
    }
    let mut h = ((e as u32) << 10) | (mant >> 13);
    let rest = mant & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && h & 1 == 1) {
        h += 1;
    }
    sign | h as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// x0 < 0.5 ? (x1 < 2 ? -1 : 1) : 2, then a stump x1 < 5 ? 0 : 0.5,
    /// stored at depth 2: the second tree's right branch and the first
    /// tree's right leaf are repeated below a split that decides nothing.
    static FOREST: Forest = Forest {
        features: &["a", "b"],
        depth: 2,
        feature: &[0, 1, 0, 1, 1, 1],
        // 0.5, 2, (any), 5, (any), (any) as half-precision bits.
        threshold: &[0x3800, 0x4000, 0x0000, 0x4500, 0x0000, 0x0000],
        // -1, 1, 2, 2 and 0, 0, 0.5, 0.5.
        leaf: &[0xbc00, 0x3c00, 0x4000, 0x4000, 0x0000, 0x0000, 0x3800, 0x3800],
        bias: 0.25,
    };

    #[test]
    fn walks_complete_trees_with_missing_right() {
        assert_eq!(FOREST.margin(&[0.0, 1.0]), 0.25 - 1.0);
        assert_eq!(FOREST.margin(&[0.0, 3.0]), 0.25 + 1.0);
        assert_eq!(FOREST.margin(&[1.0, 6.0]), 0.25 + 2.0 + 0.5);
        assert_eq!(FOREST.margin(&[f32::NAN, f32::NAN]), 0.25 + 2.0 + 0.5);
        assert!((FOREST.probability(&[0.0, 1.0]) - 1.0 / (1.0 + 0.75f32.exp())).abs() < 1e-6);
        let decoded = FOREST.decode();
        for x in [[0.0, 1.0], [0.0, 3.0], [1.0, 6.0], [f32::NAN, f32::NAN], [0.5, 2.0]] {
            assert_eq!(decoded.margin(&x), FOREST.margin(&x), "{x:?}");
        }
    }

    #[test]
    fn a_decoded_row_walks_as_the_forest() {
        // The shipped leaf forest (depth 4, walked unrolled) on rows whose
        // values sit on, below and above its thresholds, and missing.
        let forest = &crate::decision::model::LEAF_FOREST;
        let decoded = forest.decode();
        let at = forest.features.len();
        // Features read from slots in reverse order, as from a row.
        let reversed = forest.decode_at(|k| at - 1 - k);
        for r in 0..64usize {
            let mut x = [f32::NAN; ROW_SLOTS];
            for (k, v) in x[..at].iter_mut().enumerate() {
                let t = forest.threshold[(k * 7 + r * 13) % forest.threshold.len()];
                *v = match (k + r) % 4 {
                    0 => f16_to_f32(t),
                    1 => f16_to_f32(t) * 0.999,
                    2 => f16_to_f32(t) + 1.0,
                    _ => f32::NAN,
                };
            }
            let margin = forest.margin(&x[..at]);
            assert_eq!(decoded.margin(&x[..at]).to_bits(), margin.to_bits());
            assert_eq!(decoded.margin_row(&x).to_bits(), margin.to_bits());
            let mut y = [f32::NAN; ROW_SLOTS];
            for k in 0..at {
                y[at - 1 - k] = x[k];
            }
            assert_eq!(reversed.margin_row(&y).to_bits(), margin.to_bits());
        }
    }

    #[test]
    fn half_precision_round_trips() {
        for x in [0.0f32, -0.0, 1.0, -2.5, 0.1, 65504.0, 6.1e-5, 3.0e-7, 1234.5678] {
            let back = f16_to_f32(f32_to_f16(x));
            let tol = (x.abs() * 1e-3).max(6e-8);
            assert!((back - x).abs() <= tol, "{x} → {back}");
        }
        assert_eq!(f16_to_f32(f32_to_f16(1e9)), f32::INFINITY);
        assert!(f16_to_f32(f32_to_f16(f32::NAN)).is_nan());
        assert_eq!(f32_to_f16(0.5), 0x3800);
        // Subnormals: 2^-24 and the largest, 1023 × 2^-24.
        assert_eq!(f16_to_f32(1), 5.960_464_5e-8);
        assert_eq!(f16_to_f32(0x3ff), 6.097_555e-5);
        // Every half value survives the round trip exactly.
        for h in (0u16..0x7c00).step_by(7) {
            assert_eq!(f32_to_f16(f16_to_f32(h)), h);
        }
    }
}

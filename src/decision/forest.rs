//! A forest of regression trees (gradient boosting, logistic loss), stored
//! as plain constants and walked without allocation. `tools/lab` trains
//! forests and writes them as Rust source ([`crate::decision::model`]).
//!
//! Layout: each tree is a run of nodes in depth-first order. A split node
//! sends a value below its threshold to the next node and any other value
//! (NaN included: "missing" goes right) to `right[i]` nodes further on. A
//! leaf node has feature [`LEAF`] and its value in `threshold`.
//!
//! Thresholds and leaf values are stored as IEEE 754 half-precision bits
//! (binary16: 11 significant bits, about three decimal digits), five bytes
//! a node in all: the shipped wasm has a size budget. The trainer rounds
//! its forests the same way before measuring them, so the figures it
//! reports are those of the stored model.

/// The feature index that marks a leaf.
pub const LEAF: u8 = u8::MAX;

/// A forest, borrowed from constants.
#[derive(Debug, Clone, Copy)]
pub struct Forest {
    /// Names of the features, in the order `feature` indexes them.
    pub features: &'static [&'static str],
    /// Where each tree starts in the node arrays.
    pub roots: &'static [u32],
    pub feature: &'static [u8],
    /// Half-precision bits ([`f16_to_f32`]).
    pub threshold: &'static [u16],
    /// Offset from a split node to its right child.
    pub right: &'static [u16],
    /// Added to the trees' sum (the prior log-odds).
    pub bias: f32,
}

impl Forest {
    /// The raw score (log-odds) of one row; `x[k]` is feature `k`.
    pub fn margin(&self, x: &[f32]) -> f32 {
        let halves = half_table();
        let mut sum = self.bias;
        for &root in self.roots {
            let mut i = root as usize;
            loop {
                let f = self.feature[i];
                let t = halves[self.threshold[i] as usize];
                if f == LEAF {
                    sum += t;
                    break;
                }
                if x[f as usize] < t {
                    i += 1;
                } else {
                    i += self.right[i] as usize;
                }
            }
        }
        sum
    }

    /// The probability of one row.
    pub fn probability(&self, x: &[f32]) -> f32 {
        1.0 / (1.0 + (-self.margin(x)).exp())
    }
}

/// Every half-precision value decoded (256 KB, built on first use): the
/// walk reads one threshold per node it visits, and decoding each in place
/// was a fifth of the decision's time on the 200,000-element page of
/// `tests/eval/large-page.mjs` (`perf record` of `pith-cli facts`,
/// 2026-11-22).
fn half_table() -> &'static [f32] {
    static TABLE: std::sync::OnceLock<Box<[f32]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| (0..=u16::MAX).map(f16_to_f32).collect())
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

    /// x0 < 0.5 ? (x1 < 2 ? -1 : 1) : 2, then a stump x1 < 5 ? 0 : 0.5.
    static FOREST: Forest = Forest {
        features: &["a", "b"],
        roots: &[0, 5],
        feature: &[0, 1, LEAF, LEAF, LEAF, 1, LEAF, LEAF],
        // 0.5, 2, -1, 1, 2, 5, 0, 0.5 as half-precision bits.
        threshold: &[0x3800, 0x4000, 0xbc00, 0x3c00, 0x4000, 0x4500, 0x0000, 0x3800],
        right: &[4, 2, 0, 0, 0, 2, 0, 0],
        bias: 0.25,
    };

    #[test]
    fn walks_depth_first_with_missing_right() {
        assert_eq!(FOREST.margin(&[0.0, 1.0]), 0.25 - 1.0);
        assert_eq!(FOREST.margin(&[0.0, 3.0]), 0.25 + 1.0);
        assert_eq!(FOREST.margin(&[1.0, 6.0]), 0.25 + 2.0 + 0.5);
        assert_eq!(FOREST.margin(&[f32::NAN, f32::NAN]), 0.25 + 2.0 + 0.5);
        assert!((FOREST.probability(&[0.0, 1.0]) - 1.0 / (1.0 + 0.75f32.exp())).abs() < 1e-6);
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

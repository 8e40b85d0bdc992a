//! A forest of regression trees (gradient boosting, logistic loss), stored
//! as plain constants and walked without allocation. `tools/lab` trains
//! forests and writes them as Rust source ([`crate::decision::model`]).
//!
//! Layout: each tree is a run of nodes in depth-first order. A split node
//! sends a value below its threshold to the next node and any other value
//! (NaN included: "missing" goes right) to `right[i]` nodes further on. A
//! leaf node has feature [`LEAF`] and its value in `threshold`.

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
    pub threshold: &'static [f32],
    /// Offset from a split node to its right child.
    pub right: &'static [u16],
    /// Added to the trees' sum (the prior log-odds).
    pub bias: f32,
}

impl Forest {
    /// The raw score (log-odds) of one row; `x[k]` is feature `k`.
    pub fn margin(&self, x: &[f32]) -> f32 {
        let mut sum = self.bias;
        for &root in self.roots {
            let mut i = root as usize;
            loop {
                let f = self.feature[i];
                if f == LEAF {
                    sum += self.threshold[i];
                    break;
                }
                if x[f as usize] < self.threshold[i] {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// x0 < 0.5 ? (x1 < 2 ? -1 : 1) : 2, then a stump x1 < 5 ? 0 : 0.5.
    static FOREST: Forest = Forest {
        features: &["a", "b"],
        roots: &[0, 5],
        feature: &[0, 1, LEAF, LEAF, LEAF, 1, LEAF, LEAF],
        threshold: &[0.5, 2.0, -1.0, 1.0, 2.0, 5.0, 0.0, 0.5],
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
}

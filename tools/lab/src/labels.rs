//! Training labels: which leaves of a page are its main content, by aligning
//! the page's tokens (all leaves, in document order) with the truth's
//! tokens. A leaf is content when most of its tokens align.
//!
//! The alignment is an order-preserving matching (a longest common
//! subsequence) found without a quadratic table: unique 4-gram anchors
//! chained by a longest increasing subsequence, extended to maximal equal
//! runs, and the gaps between them filled by exact LCS where small.

use std::collections::HashMap;

use crate::score::tokens;

/// A k-gram seen more often than this in either text is too common to
/// anchor on.
const MAX_KGRAM_REPEATS: usize = 4;

/// Gaps up to this many cells (page tokens × truth tokens) are aligned by
/// exact LCS; larger gaps are aligned by anchors of shorter n-grams.
const MAX_GAP_CELLS: usize = 2_000_000;

/// For each token of `page`, whether it aligns with a token of `truth`.
pub fn align(page: &[u32], truth: &[u32]) -> Vec<bool> {
    let mut matched = vec![false; page.len()];
    align_range(page, truth, 0, page.len(), 0, truth.len(), 4, &mut matched);
    matched
}

#[allow(clippy::too_many_arguments)]
fn align_range(
    p: &[u32],
    t: &[u32],
    p0: usize,
    p1: usize,
    t0: usize,
    t1: usize,
    k: usize,
    matched: &mut [bool],
) {
    if p0 >= p1 || t0 >= t1 {
        return;
    }
    if (p1 - p0) * (t1 - t0) <= MAX_GAP_CELLS {
        lcs(p, t, p0, p1, t0, t1, matched);
        return;
    }
    if k == 0 {
        return;
    }
    // Rare k-grams (at most MAX_KGRAM_REPEATS times in each range) pair up
    // as candidate anchors; a page repeating its content (a copy in a
    // hidden template) still aligns once.
    let key = |s: &[u32]| s.iter().fold(0xcbf29ce484222325u64, |h, &x| (h ^ u64::from(x)).wrapping_mul(0x100000001b3));
    let mut pc: HashMap<u64, Vec<usize>> = HashMap::new();
    if p1 - p0 >= k {
        for i in p0..=p1 - k {
            pc.entry(key(&p[i..i + k])).or_default().push(i);
        }
    }
    let mut tc: HashMap<u64, Vec<usize>> = HashMap::new();
    if t1 - t0 >= k {
        for j in t0..=t1 - k {
            tc.entry(key(&t[j..j + k])).or_default().push(j);
        }
    }
    let mut anchors: Vec<(usize, usize)> = Vec::new();
    for (h, js) in &tc {
        if js.len() > MAX_KGRAM_REPEATS {
            continue;
        }
        if let Some(is) = pc.get(h).filter(|is| is.len() <= MAX_KGRAM_REPEATS) {
            for &i in is {
                for &j in js {
                    anchors.push((i, j));
                }
            }
        }
    }
    // By page position, and for one page position the later truth
    // position first, so that the chain takes one pair per position.
    anchors.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    // Longest increasing subsequence on the truth position.
    let chain = lis(&anchors);
    let (mut pi, mut tj) = (p0, t0);
    for (i, j) in chain {
        if i < pi || j < tj {
            continue;
        }
        // Extend the anchor backwards and forwards to a maximal equal run.
        let (mut a, mut b) = (i, j);
        while a > pi && b > tj && p[a - 1] == t[b - 1] {
            a -= 1;
            b -= 1;
        }
        let (mut c, mut d) = (i, j);
        while c < p1 && d < t1 && p[c] == t[d] {
            c += 1;
            d += 1;
        }
        align_range(p, t, pi, a, tj, b, k - 1, matched);
        for m in matched.iter_mut().take(c).skip(a) {
            *m = true;
        }
        pi = c;
        tj = d;
    }
    align_range(p, t, pi, p1, tj, t1, k - 1, matched);
}

fn lis(pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut tails: Vec<usize> = Vec::new(); // indices into pairs
    let mut prev: Vec<Option<usize>> = vec![None; pairs.len()];
    for (idx, &(_, j)) in pairs.iter().enumerate() {
        let pos = tails.partition_point(|&t| pairs[t].1 < j);
        if pos > 0 {
            prev[idx] = Some(tails[pos - 1]);
        }
        if pos == tails.len() {
            tails.push(idx);
        } else {
            tails[pos] = idx;
        }
    }
    let mut out = Vec::new();
    let mut cur = tails.last().copied();
    while let Some(c) = cur {
        out.push(pairs[c]);
        cur = prev[c];
    }
    out.reverse();
    out
}

fn lcs(p: &[u32], t: &[u32], p0: usize, p1: usize, t0: usize, t1: usize, matched: &mut [bool]) {
    let (n, m) = (p1 - p0, t1 - t0);
    let w = m + 1;
    let mut dp = vec![0u32; (n + 1) * w];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            dp[i * w + j] = if p[p0 + i] == t[t0 + j] {
                dp[(i + 1) * w + j + 1] + 1
            } else {
                dp[(i + 1) * w + j].max(dp[i * w + j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        if p[p0 + i] == t[t0 + j] {
            matched[p0 + i] = true;
            i += 1;
            j += 1;
        } else if dp[(i + 1) * w + j] >= dp[i * w + j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
}

/// Interns lower-cased tokens.
#[derive(Default)]
pub struct Vocab(HashMap<String, u32>);

impl Vocab {
    pub fn ids(&mut self, text: &str) -> Vec<u32> {
        let lower = text.to_lowercase();
        tokens(&lower)
            .into_iter()
            .map(|w| {
                let n = self.0.len() as u32;
                *self.0.entry(w.to_string()).or_insert(n)
            })
            .collect()
    }
}

/// Per leaf text: the share of its tokens that align with the truth (NaN
/// for a leaf without tokens).
pub fn leaf_shares(leaf_texts: &[&str], truth: &str) -> Vec<f32> {
    let mut vocab = Vocab::default();
    let t = vocab.ids(truth);
    let mut stream = Vec::new();
    let mut spans = Vec::new();
    for text in leaf_texts {
        let ids = vocab.ids(text);
        spans.push((stream.len(), ids.len()));
        stream.extend(ids);
    }
    let matched = align(&stream, &t);
    spans
        .into_iter()
        .map(|(s, n)| {
            if n == 0 {
                f32::NAN
            } else {
                matched[s..s + n].iter().filter(|&&m| m).count() as f32 / n as f32
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_in_order() {
        let shares = leaf_shares(&["Home News", "The river rose.", "Home", "It fell again."], "The river rose.\nIt fell again.");
        assert_eq!(shares, vec![0.0, 1.0, 0.0, 1.0]);
    }
}

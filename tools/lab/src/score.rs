//! The two scoring methods of ../shared/datasets/README.md, as the harness
//! (tests/eval/score.mjs) computes them, so that lab figures match
//! `./build.sh eval`.

use std::collections::HashMap;

/// `\w+` tokens (letters, digits, underscore), case kept.
pub fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let w = c.is_alphanumeric() || c == '_';
        match (w, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push(&text[s..i]);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(&text[s..]);
    }
    out
}

/// Word scores of one page (WCXB): per-page precision, recall, F1 over
/// lower-cased token multisets.
#[derive(Debug, Clone, Copy, Default)]
pub struct WordScore {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
}

pub fn word_score(truth: &str, prediction: &str) -> WordScore {
    let t = truth.to_lowercase();
    let p = prediction.to_lowercase();
    let tt = tokens(&t);
    let pt = tokens(&p);
    if tt.is_empty() {
        let s = if pt.is_empty() { 1.0 } else { 0.0 };
        return WordScore { precision: s, recall: s, f1: s };
    }
    if pt.is_empty() {
        return WordScore::default();
    }
    let mut counts: HashMap<&str, i64> = HashMap::new();
    for w in &tt {
        *counts.entry(w).or_default() += 1;
    }
    let mut overlap = 0i64;
    for w in &pt {
        if let Some(c) = counts.get_mut(w) {
            if *c > 0 {
                *c -= 1;
                overlap += 1;
            }
        }
    }
    let precision = overlap as f64 / pt.len() as f64;
    let recall = overlap as f64 / tt.len() as f64;
    let f1 = if precision + recall > 0.0 { 2.0 * precision * recall / (precision + recall) } else { 0.0 };
    WordScore { precision, recall, f1 }
}

/// Shingle counts of one page (normalised tp, fp, fn).
#[derive(Debug, Clone, Copy, Default)]
pub struct ShingleCounts {
    pub tp: f64,
    pub fp: f64,
    pub fn_: f64,
}

pub fn shingle_counts(truth: &str, prediction: &str) -> ShingleCounts {
    fn shingles(text: &str) -> HashMap<String, i64> {
        let t = tokens(text);
        let mut m = HashMap::new();
        if t.is_empty() {
            return m;
        }
        if t.len() < 4 {
            *m.entry(t.join(" ")).or_default() += 1;
            return m;
        }
        for w in t.windows(4) {
            *m.entry(w.join(" ")).or_default() += 1;
        }
        m
    }
    let a = shingles(truth);
    let b = shingles(prediction);
    let (mut tp, mut fp, mut fn_) = (0i64, 0i64, 0i64);
    for (k, &x) in &a {
        let y = b.get(k).copied().unwrap_or(0);
        tp += x.min(y);
        fn_ += (x - y).max(0);
    }
    for (k, &y) in &b {
        let x = a.get(k).copied().unwrap_or(0);
        fp += (y - x).max(0);
    }
    let sum = (tp + fp + fn_) as f64;
    if sum == 0.0 {
        return ShingleCounts::default();
    }
    ShingleCounts { tp: tp as f64 / sum, fp: fp as f64 / sum, fn_: fn_ as f64 / sum }
}

/// The shingle method's set score: harmonic mean of mean precision and
/// mean recall.
pub fn shingle_f1(pages: &[ShingleCounts]) -> (f64, f64, f64) {
    let mut ps = Vec::new();
    let mut rs = Vec::new();
    for c in pages {
        if c.fp == 0.0 && c.fn_ == 0.0 {
            ps.push(1.0);
            rs.push(1.0);
            continue;
        }
        if c.tp + c.fp > 0.0 {
            ps.push(c.tp / (c.tp + c.fp));
        }
        if c.tp + c.fn_ > 0.0 {
            rs.push(c.tp / (c.tp + c.fn_));
        }
    }
    let mean = |v: &[f64]| if v.is_empty() { 0.0 } else { v.iter().sum::<f64>() / v.len() as f64 };
    let (p, r) = (mean(&ps), mean(&rs));
    (p, r, if p + r > 0.0 { 2.0 * p * r / (p + r) } else { 0.0 })
}

/// Share of `snippets` found in the prediction (whitespace collapsed,
/// lower-cased); None without snippets.
pub fn snippet_rate(snippets: &[String], prediction: &str) -> Option<f64> {
    if snippets.is_empty() {
        return None;
    }
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    let p = norm(prediction);
    let hits = snippets.iter().filter(|s| p.contains(&norm(s))).count();
    Some(hits as f64 / snippets.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_scores() {
        let s = word_score("The cat sat", "the cat");
        assert!((s.precision - 1.0).abs() < 1e-9 && (s.recall - 2.0 / 3.0).abs() < 1e-9);
        assert_eq!(word_score("", "").f1, 1.0);
        assert_eq!(word_score("a", "").f1, 0.0);
    }

    #[test]
    fn shingles() {
        let c = shingle_counts("a b c d e", "a b c d e");
        assert_eq!((c.tp, c.fp, c.fn_), (1.0, 0.0, 0.0));
        assert_eq!(shingle_f1(&[c]).2, 1.0);
    }
}

//! Seed 004: Zhang et al., "Exploiting Multi-Category Characteristics and
//! Unified Framework to Extract Web Content" (§4.2–4.4, §5.2), the text
//! content method the paper calls VSSE.
//!
//! 1. §4.2, formula (1): each leaf's visual value of text characteristics,
//!    `vvtc = (text_length / nodes_num) · (punc_num / nodes_num)`.
//! 2. §5.2: the leaves with `vvtc / MaxVVTC ≥ T1` ([`T1`] = 0.8) are the seeds.
//! 3. §4.3.1, formula (2): the seeds' tag paths are aggregated by `pcs`, a
//!    longest-common-subsequence length; the content area is "the area
//!    covered by the resulted tag path, constructed by the first
//!    pcs(X, i, Y, j) tags of X".
//! 4. §4.4, formula (4): SimHash (Charikar) of TF-IDF keyword weights,
//!    `weight(k) = TF_k · [log(N / N_k) + L]`, for each leaf and for the
//!    page's title and description; a leaf whose Hamming distance to the
//!    title's fingerprint is at most [`T2`] = 3 (§5.2) is relevant.
//!
//! ## How Pith reads the paper where it is silent
//! * `text_length` is the leaf's visible characters; `punc_num` counts
//!   seed 002's seven "dots" (`. , ? 、 ; : !`) with their CJK full-width
//!   and half-width forms, as [`super::punctuation::count_marks`] counts
//!   them (one set for both papers; an ASCII mark inside a number is none).
//!   The paper itself names only `:` (§4.3.2), already among them.
//!   `nodes_num` is every leaf of the page.
//! * Seeds and `MaxVVTC` are taken over visible leaves: the value is a
//!   *visual* one, and a hidden leaf shows nothing.
//! * Several seeds: the top seed's path (highest vvtc, first in document
//!   order on ties) is folded against every other seed's path, `P ←` the
//!   first `pcs(P, Y)` tags of `P`, in order of decreasing vvtc.
//! * "The area covered by" a tag path `P` (tag names from the walk's root,
//!   `<body>`): every node whose own tag path starts with `P`, with its
//!   subtree. The paper defines a page as ⟨tag path, content⟩ pairs (§3);
//!   the area is so a set of subtrees, not always one. Read node by node
//!   instead, `pcs` of two sibling paragraphs would be the whole of `X` and
//!   the area the top seed alone. When all seeds share one path (the
//!   paragraphs of one container), the area is every node of exactly that
//!   path: their sibling headings and lists are outside it.
//! * Paths are cut to their first [`MAX_PATH_TAGS`] tags, so the fold costs
//!   at most O(seeds · cap + cap³) on any nesting depth: `pcs` is computed
//!   only when `P` is not a subsequence of `Y`, and then `P` shrinks.
//! * Keywords are [`super::keywords`] terms (stems, stop words removed; CJK
//!   bigrams) in place of the paper's NLPIR segmenter. `TF_k` counts `k` in
//!   the text being hashed (a leaf, or the title and description); `N` and
//!   `N_k` count the leaves of the content area (every leaf when there is no
//!   area), `N_k` at least 1 for a term the area lacks; `log` is natural;
//!   [`IDF_L`] is `L`. Each term is hashed with FNV-1a 64 ([`fnv1a64`]) over
//!   its UTF-8 bytes.
//! * The page's text to compare with: `og:title` (else `twitter:title`,
//!   else `document.title`, which often carries the site's name) and the
//!   description (`<meta name=description>`, else `og:description`, else
//!   `twitter:description`), joined by a space.
//! * Hamming distance and relevance are written for every leaf with a
//!   term, in the area or not; combining them with the area is the
//!   decision's choice.
//! * With 64-bit SimHash a distance ≤ 3 is rare for a paragraph: the
//!   expected distance is 64·α/π for an angle α between the weight vectors
//!   (Charikar), so ≤ 3 asks for α ≲ 8°, a cosine ≳ 0.99, about a leaf that
//!   repeats the title. The softer `vsse.cosine` is the cosine of the same
//!   TF-IDF weight vectors, which SimHash approximates.

use super::keywords::{order_desc, page_lang, Analyzer, PageTerms};
use super::Context;
use crate::model::{NodeId, Page};
use crate::table::{ColumnSpec, ScoreTable};

/// §5.2: a leaf is a seed when `vvtc / MaxVVTC ≥ T1` ("T1 will be fixed at 0.8").
pub const T1: f64 = 0.8;

/// §5.2: a leaf is relevant when its Hamming distance to the title and
/// description is at most T2 ("T2 at 3").
pub const T2: u32 = 3;

/// Formula (4)'s empirical constant `L`, not given by the paper. Pith's
/// choice: 1, the usual smoothing of IDF, so that a term found in every
/// paragraph of the area still weighs its TF.
pub const IDF_L: f64 = 1.0;

/// Tags of a path that the aggregation reads, from the root. Pith's
/// choice: article markup nests a few dozen levels; the cap bounds `pcs`
/// on pages nested thousands deep.
pub const MAX_PATH_TAGS: usize = 128;

/// `<meta>` keys of the page's title, in order of preference.
pub const TITLE_KEYS: &[&str] = &["og:title", "twitter:title"];

/// `<meta>` keys of the page's description, in order of preference.
pub const DESCRIPTION_KEYS: &[&str] = &["description", "og:description", "twitter:description"];

/// `punc_num`: seed 002's dots in `text`, all classes.
pub fn punc_num(text: &str) -> u32 {
    super::punctuation::count_marks(text).iter().sum()
}

/// Formula (1).
pub fn vvtc(text_length: u32, punc_num: u32, nodes_num: usize) -> f64 {
    if nodes_num == 0 {
        return 0.0;
    }
    let n = nodes_num as f64;
    (f64::from(text_length) / n) * (f64::from(punc_num) / n)
}

/// Formula (2): `pcs(X, |X|, Y, |Y|)`, the length of the longest common
/// subsequence of `x` and `y`, by its recurrence (row by row).
pub fn pcs<T: PartialEq>(x: &[T], y: &[T]) -> usize {
    let mut prev = vec![0usize; y.len() + 1];
    let mut row = vec![0usize; y.len() + 1];
    for xi in x {
        for (j, yj) in y.iter().enumerate() {
            row[j + 1] = if xi == yj { prev[j] + 1 } else { row[j].max(prev[j + 1]) };
        }
        std::mem::swap(&mut prev, &mut row);
    }
    prev[y.len()]
}

/// Whether `x` is a subsequence of `y` (then `pcs(x, y) = |x|`).
pub fn is_subsequence<T: PartialEq>(x: &[T], y: &[T]) -> bool {
    let mut it = y.iter();
    x.iter().all(|a| it.any(|b| a == b))
}

/// The seeds' paths aggregated: the first path, cut to its first
/// `pcs(P, Y)` tags for each next path `Y`.
pub fn aggregate<T: PartialEq + Clone>(mut paths: impl Iterator<Item = Vec<T>>) -> Vec<T> {
    let mut p = paths.next().unwrap_or_default();
    for y in paths {
        if !is_subsequence(&p, &y) {
            let keep = pcs(&p, &y);
            p.truncate(keep);
        }
    }
    p
}

/// FNV-1a, 64 bits: the hash of each keyword.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = super::keywords::Fnv1a::default();
    h.write(bytes);
    h.finish()
}

/// Formula (4)'s IDF: `log(N / N_k) + L`, `N_k` at least 1.
pub fn idf(n: usize, n_k: usize) -> f64 {
    (n.max(1) as f64 / n_k.max(1) as f64).ln() + IDF_L
}

/// SimHash (Charikar) of weighted hashes: per bit, add the weight where it
/// is 1 and subtract it where it is 0; bits of positive sums are set.
pub fn simhash(features: impl IntoIterator<Item = (u64, f64)>) -> u64 {
    let mut v = [0f64; 64];
    for (h, w) in features {
        // +w where the bit is set, −w where not, without a branch: a
        // term's hash bits are as good as random, so a branch per bit
        // was mispredicted half the time (session 33). w·±1 is exactly
        // ±w, so the sums are the branching loop's.
        for (bit, s) in v.iter_mut().enumerate() {
            *s += w * ((h >> bit & 1) as f64 * 2.0 - 1.0);
        }
    }
    v.iter().enumerate().filter(|(_, &s)| s > 0.0).fold(0u64, |f, (bit, _)| f | 1 << bit)
}

/// Bits that differ.
pub fn hamming(a: u64, b: u64) -> u32 {
    (a ^ b).count_ones()
}

/// Cosine of a sparse vector `a` (term id, weight) and a dense vector `b`
/// (weight per term id) of norm `b_norm`.
pub fn cosine(a: &[(u32, f64)], b: &[f64], b_norm: f64) -> f64 {
    let a_norm = a.iter().map(|x| x.1 * x.1).sum::<f64>().sqrt();
    if a_norm == 0.0 || b_norm == 0.0 {
        return 0.0;
    }
    a.iter().map(|&(t, w)| w * b[t as usize]).sum::<f64>() / (a_norm * b_norm)
}

/// TF-IDF weights (formula 4) of a text's term ids: its distinct terms in
/// first-seen order, `TF · idf[term]`. `tf` is scratch, all 0, kept so.
fn weights(ids: &[u32], idf: &[f64], tf: &mut [u32]) -> Vec<(u32, f64)> {
    let mut w = Vec::new();
    weights_into(ids, idf, tf, &mut w);
    w
}

/// [`weights`] into `w` (cleared first): a leaf's weights need no
/// vector of their own (DHAT over `pith-lab profile`, session 15).
fn weights_into(ids: &[u32], idf: &[f64], tf: &mut [u32], w: &mut Vec<(u32, f64)>) {
    w.clear();
    for &t in ids {
        if tf[t as usize] == 0 {
            w.push((t, 0.0));
        }
        tf[t as usize] += 1;
    }
    for x in w.iter_mut() {
        x.1 = f64::from(tf[x.0 as usize]) * idf[x.0 as usize];
    }
    for &t in ids {
        tf[t as usize] = 0;
    }
}

/// The page's title and description, joined (see the module's notes).
pub fn title_and_description(page: &Page) -> String {
    let title = page.meta_content(TITLE_KEYS).unwrap_or(page.doc_title.as_str());
    let description = page.meta_content(DESCRIPTION_KEYS).unwrap_or("");
    format!("{title} {description}").trim().to_string()
}

/// The tag path from the root to `cut`, a node's ancestor-or-self at most
/// `MAX_PATH_TAGS − 1` deep: the node's path cut to [`MAX_PATH_TAGS`] tags.
fn tag_path(page: &Page, cut: NodeId) -> Vec<&str> {
    let mut path = Vec::new();
    let mut n = Some(cut);
    while let Some(m) = n {
        path.push(page.element(m).map_or("", |e| e.name()));
        n = page.nodes[m].parent();
    }
    path.reverse();
    path
}

/// The module's columns in the score table.
pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "vsse.vvtc",
        signal: "vsse",
        label: "vvtc",
        source: "seed 004 §4.2, formula (1)",
        description: "A leaf's (text_length / nodes_num) · (punc_num / nodes_num), nodes_num the page's leaves.",
    },
    ColumnSpec {
        key: "vsse.vvtcRatio",
        signal: "vsse",
        label: "vvtc / MaxVVTC",
        source: "seed 004 §5.2",
        description: "A leaf's vvtc over the highest vvtc of the page's visible leaves (0 when that is 0).",
    },
    ColumnSpec {
        key: "vsse.seed",
        signal: "vsse",
        label: "seed",
        source: "seed 004 §4.2, §5.2 (T1 = 0.8)",
        description: "1 on visible leaves with vvtc / MaxVVTC ≥ T1: the paths the content area is aggregated from.",
    },
    ColumnSpec {
        key: "vsse.area",
        signal: "vsse",
        label: "content area",
        source: "seed 004 §4.3.1, formula (2)",
        description: "1 on every node whose tag path starts with the seeds' aggregated path (pcs), 0 on other nodes.",
    },
    ColumnSpec {
        key: "vsse.hamming",
        signal: "vsse",
        label: "Hamming distance",
        source: "seed 004 §4.4, formula (4)",
        description: "Bits between a leaf's 64-bit SimHash of TF-IDF keyword weights and the title + description's.",
    },
    ColumnSpec {
        key: "vsse.relevant",
        signal: "vsse",
        label: "relevant",
        source: "seed 004 §4.4, §5.2 (T2 = 3)",
        description: "1 on leaves whose Hamming distance to the title + description is at most T2 = 3.",
    },
    ColumnSpec {
        key: "vsse.cosine",
        signal: "vsse",
        label: "cosine",
        source: "seed 004 §4.4 (Pith: the measure SimHash approximates)",
        description: "Cosine between a leaf's TF-IDF keyword weights and the title + description's.",
    },
];

/// Writes [`COLUMNS`].
pub fn score(cx: &Context, table: &mut ScoreTable, pt: &mut PageTerms) {
    let c = table.add_all(COLUMNS);
    let (page, seg) = (cx.page, cx.seg);
    let n = page.nodes.len();
    let leaves = &seg.leaves;

    // §4.2: vvtc, MaxVVTC over visible leaves, seeds.
    let values: Vec<f64> = leaves.iter().map(|l| vvtc(l.chars, punc_num(l.text(page)), leaves.len())).collect();
    let max = leaves.iter().zip(&values).filter(|(l, _)| !l.hidden).map(|(_, &v)| v).fold(0.0, f64::max);
    let (t1, t2) = (cx.params.get(crate::params::T1), cx.params.get(crate::params::T2));
    let mut seeds: Vec<usize> = Vec::new();
    for (i, (l, &v)) in leaves.iter().zip(&values).enumerate() {
        let ratio = if max > 0.0 { v / max } else { 0.0 };
        let seed = !l.hidden && v > 0.0 && ratio >= t1;
        if seed {
            seeds.push(i);
        }
        table.set(c[0], l.id, v as f32);
        table.set(c[1], l.id, ratio as f32);
        table.set(c[2], l.id, f32::from(u8::from(seed)));
    }
    // Highest vvtc first, document order on ties.
    let seeds: Vec<usize> = order_desc(seeds.iter().map(|&i| values[i].to_bits()))
        .into_iter()
        .map(|k| seeds[k as usize])
        .collect();
    // Each per-leaf or per-node vector is dropped once read: on the
    // 1,000,000-element bench page they are 4–6 MB each.
    drop(values);

    // §4.3.1: aggregate the seeds' tag paths. The walk over the arena
    // (pre-order) keeps the open path, the node walked and its ancestors:
    // a node's depth below the walk's root and its ancestor at any depth,
    // without a vector over the nodes (two of them, depth and the path's
    // cut, were 12 MB on the 1,000,000-element bench page and this
    // method's peak; `tests/eval/SPEED.md`, 2026-11-30).
    // The seeds' holders in document order (`order`: by holder, stable).
    let holder_ids: Vec<u64> = seeds.iter().map(|&i| leaves[i].holder() as u64).collect();
    let holders = crate::sort::order(&holder_ids);
    let mut cut = vec![0; seeds.len()];
    let mut open: Vec<NodeId> = Vec::new();
    let mut next = 0;
    for id in 0..n {
        if next == holders.len() {
            break;
        }
        // The open path: `id`'s ancestors, then `id`.
        match page.nodes[id].parent() {
            Some(p) => {
                while open.last().is_some_and(|&top| top != p) {
                    open.pop();
                }
            }
            None => open.clear(),
        }
        open.push(id);
        while next < holders.len() && holder_ids[holders[next] as usize] == id as u64 {
            cut[holders[next] as usize] = open[open.len().min(MAX_PATH_TAGS) - 1];
            next += 1;
        }
    }
    let path = aggregate(cut.iter().map(|&id| tag_path(page, id)));
    drop((cut, holders, holder_ids, seeds));
    // The area: nodes whose tag path is `path`, and their subtrees. Found
    // going down from the root (the model's one node without a parent)
    // only into nodes whose path so far is a prefix of `path`: the
    // subtrees, in document order, disjoint.
    let mut area: Vec<std::ops::Range<NodeId>> = Vec::new();
    let mut down: Vec<(NodeId, usize)> = if n > 0 && !path.is_empty() { vec![(0, 0)] } else { Vec::new() };
    while let Some((id, d)) = down.pop() {
        if page.element(id).is_none_or(|e| e.name() != path[d]) {
            continue;
        }
        if d + 1 == path.len() {
            area.push(page.subtree(id));
        } else {
            down.extend(page.children(id).iter().rev().map(|&c| (c, d + 1)));
        }
    }
    let in_area = |id: NodeId| area.get(area.partition_point(|r| r.end <= id)).is_some_and(|r| r.contains(&id));
    let mut next = 0;
    for id in 0..n {
        while area.get(next).is_some_and(|r| r.end <= id) {
            next += 1;
        }
        let inside = area.get(next).is_some_and(|r| r.contains(&id));
        table.set(c[3], id, f32::from(u8::from(inside)));
    }
    let leaf_area: Vec<bool> = leaves.iter().map(|l| in_area(l.id)).collect();

    // §4.4: TF-IDF weights over the area's leaves (every leaf without one).
    // Seed 003's terms of every leaf (`pt`), as the keywords signal analysed them.
    let analyzer = Analyzer::new(page_lang(page));
    let title_ids: Vec<u32> = analyzer.terms(&title_and_description(page)).iter().map(|t| pt.id(t)).collect();
    let v = pt.vocab.len();
    let any_area = leaf_area.contains(&true);
    let (mut df, mut last) = (vec![0usize; v], vec![usize::MAX; v]);
    let mut n_docs = 0;
    for (i, (_, ids)) in leaves.iter().zip(pt.leaves()).enumerate() {
        if any_area && !leaf_area[i] {
            continue;
        }
        n_docs += 1;
        for &t in ids {
            if last[t as usize] != i {
                last[t as usize] = i;
                df[t as usize] += 1;
            }
        }
    }
    let idf: Vec<f64> = df.iter().map(|&d| idf(n_docs, d)).collect();
    let hashes: Vec<u64> = pt.vocab.iter().map(|t| fnv1a64(t.as_bytes())).collect();
    let fingerprint = |w: &[(u32, f64)]| simhash(w.iter().map(|&(t, x)| (hashes[t as usize], x)));
    let mut tf = vec![0u32; v];
    let title_w = weights(&title_ids, &idf, &mut tf);
    if title_w.is_empty() {
        return;
    }
    let title_fp = fingerprint(&title_w);
    let mut title_dense = vec![0.0; v];
    for &(t, w) in &title_w {
        title_dense[t as usize] = w;
    }
    let title_norm = title_w.iter().map(|x| x.1 * x.1).sum::<f64>().sqrt();
    let mut w = Vec::new();
    for (l, ids) in leaves.iter().zip(pt.leaves()) {
        if ids.is_empty() {
            continue;
        }
        weights_into(ids, &idf, &mut tf, &mut w);
        let d = hamming(fingerprint(&w), title_fp);
        table.set(c[4], l.id, d as f32);
        table.set(c[5], l.id, f32::from(u8::from(f64::from(d) <= t2)));
        table.set(c[6], l.id, cosine(&w, &title_dense, title_norm) as f32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's worked values for Fig. 3's nodes (1)–(8), 1.25, 1.59,
    /// 1.56, 0, 0, 0, 0, 0.17, cannot be recomputed: the figure (its texts
    /// and the page's leaf count) is missing from the text. Formula (1) on
    /// a constructed page of 4 leaves: a paragraph of 100 characters with
    /// 5 marks gives (100/4)·(5/4) = 31.25; a link list without marks, 0.
    #[test]
    fn vvtc_by_hand() {
        assert_eq!(vvtc(100, 5, 4), 31.25);
        assert_eq!(vvtc(40, 0, 4), 0.0);
        assert_eq!(vvtc(10, 1, 0), 0.0);
        assert_eq!(punc_num("Yes, it works: really. 是的，它有效。Ok! 3.14"), 6);
    }

    /// Formula (2) on small tag paths.
    #[test]
    fn pcs_on_tag_paths() {
        let x = ["body", "div", "div", "p"];
        assert_eq!(pcs(&x, &["body", "div", "div", "p"]), 4);
        assert_eq!(pcs(&x, &["body", "div", "ul", "li"]), 2);
        assert_eq!(pcs(&x, &["body", "section", "div", "p"]), 3);
        assert_eq!(pcs(&x, &[]), 0);
        assert_eq!(pcs(&["a", "b", "c", "b", "d", "a", "b"], &["b", "d", "c", "a", "b", "a"]), 4);
        assert!(is_subsequence(&["body", "p"], &x) && !is_subsequence(&["p", "div"], &x));
    }

    #[test]
    fn aggregation_folds_over_the_seeds() {
        let paths = [
            vec!["body", "div", "article", "p"],
            vec!["body", "div", "article", "p"],
            vec!["body", "div", "article", "ul", "li"],
        ];
        assert_eq!(aggregate(paths.into_iter()), ["body", "div", "article"]);
        assert!(aggregate(std::iter::empty::<Vec<&str>>()).is_empty());
    }

    #[test]
    fn fnv1a64_reference_values() {
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }

    #[test]
    fn idf_by_hand() {
        assert!((idf(10, 1) - (10f64.ln() + IDF_L)).abs() < 1e-12);
        assert_eq!(idf(10, 10), IDF_L);
        assert_eq!(idf(10, 0), idf(10, 1));
    }

    fn fp(text: &str) -> u64 {
        let mut pt = PageTerms::default();
        let ids: Vec<u32> = super::super::keywords::terms(text, Some("en")).iter().map(|t| pt.id(t)).collect();
        let idf = vec![1.0; pt.vocab.len()];
        let w = weights(&ids, &idf, &mut vec![0; pt.vocab.len()]);
        simhash(w.into_iter().map(|(t, x)| (fnv1a64(pt.vocab[t as usize].as_bytes()), x)))
    }

    #[test]
    fn simhash_distances() {
        let a = "The city council approved the new budget for public schools on Tuesday, \
                 raising teacher salaries and funding repairs to school buildings across the district \
                 after months of debate among council members, parents and teachers.";
        let b = a.replace("Tuesday", "Wednesday");
        let z = "Astronomers observed a distant galaxy whose light left it billions of years ago, \
                 using the space telescope's infrared camera to measure stellar masses and dust.";
        assert_eq!(hamming(fp(a), fp(a)), 0);
        let small = hamming(fp(a), fp(&b));
        let large = hamming(fp(a), fp(z));
        assert!(small <= 8, "small change: {small}");
        assert!(large >= 20, "unrelated: {large}");
    }

    #[test]
    fn weights_and_cosine_by_hand() {
        // Terms 0, 2, 0: TF 2 and 1, times IDF 1.5 and 1.
        let w = weights(&[0, 2, 0], &[1.5, 9.0, 1.0], &mut [0; 3]);
        assert_eq!(w, [(0, 3.0), (2, 1.0)]);
        let a = [(0, 1.0), (2, 1.0)];
        assert!((cosine(&a, &[1.0, 0.0, 0.0], 1.0) - 1.0 / 2f64.sqrt()).abs() < 1e-12);
        assert_eq!(cosine(&a, &[0.0, 3.0, 0.0], 3.0), 0.0);
        assert_eq!(cosine(&[], &[1.0], 1.0), 0.0);
    }

    /// Nesting far past MAX_PATH_TAGS: paths are cut to the cap, and the
    /// area (every `div` chain of that prefix) holds both deep seeds.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn deep_nesting_is_bounded() {
        let para = "<p>Deep text, with marks: yes. Again!</p>";
        let html = format!(
            "<html><body>{}{para}{}{para}{}</body></html>",
            "<div>".repeat(1_000),
            "<div>".repeat(1_000),
            "</div>".repeat(2_000)
        );
        let page = crate::html::parse_document(&html, "u").unwrap();
        let seg = crate::segment::segment(&page);
        let mut table = ScoreTable::new(page.nodes.len());
        { let cx = Context::new(&page, &seg); score(&cx, &mut table, &mut PageTerms::of(&cx)); }
        let (seed, area) = (table.expect("vsse.seed"), table.expect("vsse.area"));
        assert_eq!(seg.leaves.len(), 2);
        for l in &seg.leaves {
            assert_eq!((table.get(seed, l.id), table.get(area, l.id)), (1.0, 1.0));
        }
        assert_eq!(table.get(area, 0), 0.0);
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn signal_on_a_parsed_page() {
        use crate::html::parse_document;
        let para = "Budget talks, long and hard, ended: the council voted yes. Schools gain.";
        let page = parse_document(
            &format!(
                "<html><head><title>Council passes school budget</title></head><body>\
                 <nav><a href='/'>Home</a> <a href='/n'>News</a></nav>\
                 <div><article><h1>Council passes school budget</h1><p>{para}</p><p>{para}</p>\
                 <ul><li>No marks here</li></ul></article><aside><p>Ads, ads.</p></aside></div></body></html>"
            ),
            "u",
        )
        .unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        let mut table = ScoreTable::new(page.nodes.len());
        score(&cx, &mut table, &mut PageTerms::of(&cx));
        let get = |key: &str, id: NodeId| table.get(table.expect(key), id);
        let div = page.children(0)[1];
        let article = page.children(div)[0];
        let aside = page.children(div)[1];
        let ch = page.children(article);
        let (h1, p1, p2, ul) = (ch[0], ch[1], ch[2], ch[3]);
        assert_eq!((get("vsse.seed", p1), get("vsse.seed", p2), get("vsse.seed", h1)), (1.0, 1.0, 0.0));
        assert_eq!(get("vsse.vvtcRatio", p1), 1.0);
        // Two seeds of path body/div/article/p: the area is every such <p>.
        assert_eq!((get("vsse.area", p1), get("vsse.area", p2)), (1.0, 1.0));
        assert_eq!((get("vsse.area", ul), get("vsse.area", aside), get("vsse.area", article)), (0.0, 0.0, 0.0));
        // The heading repeats the title: distance 0, relevant, cosine 1.
        assert_eq!((get("vsse.hamming", h1), get("vsse.relevant", h1)), (0.0, 1.0));
        assert!((get("vsse.cosine", h1) - 1.0).abs() < 1e-6);
        assert!(get("vsse.cosine", p1) > 0.0 && get("vsse.cosine", page.children(0)[0]) == 0.0);
    }
}

//! Seed 003: Sarada Devi et al., "Content Extraction Model Using DOM and
//! NLP" (§2.2): text density δ(b) and hyperlink density θ(b) of a block b.
//!
//! * Formula (1), as printed garbled; Pith reads it as
//!   `δ(b) = T'(b) / ((L(b) − 1) · maxLen)` when `L(b) > 1`, and
//!   `δ(b) = T(b) / maxLen` when `L(b) ≤ 1`: how full the block's lines are.
//!   `T` is the block's characters, `T'` those without its last line, `L`
//!   its lines, `maxLen` the page's longest line in characters.
//! * Formula (2): `θ(b) = Ta(b) / T(b)`, `Ta` the characters inside links.
//!
//! ## How Pith reads the paper where it is silent
//! * Characters are visible (non-whitespace) characters, as the
//!   segmentation counts them ([`crate::segment::Leaf::chars`]).
//! * *Leaves* where the page was rendered: `L` is the leaf element's
//!   rendered line count ([`crate::model::Visual::lines`]). Its last line is
//!   not measured, so it is taken as [`LAST_LINE_FILL`] of a full line:
//!   `T = c·(L − 1 + f)` gives the characters per full line `c` and
//!   `T' = c·(L − 1)`.
//! * *Leaves* without a line count (parsed HTML, hidden leaves, anonymous
//!   runs of text, whose box is their parent's): lines are estimated at
//!   `line` characters each, `L = ⌈T / line⌉`, every line full but the last,
//!   so `T' = (L − 1)·line`. `line` is the median characters per full line
//!   of the page's measured leaves, or [`ESTIMATED_LINE_CHARS`] when none
//!   is measured. Without rendering, δ is then `min(T, line)/maxLen` in
//!   effect: a measure of length more than of layout.
//! * `maxLen`: the [`MAX_LEN_QUANTILE`] quantile of the characters per full
//!   line `c` over visible leaves with at least 2 measured lines (a leaf of
//!   one line says nothing of the width available, and one mis-measured
//!   box, such as a clamped or overflowing one, must not set it alone);
//!   [`ESTIMATED_LINE_CHARS`] where no leaf is measured. δ may so exceed 1
//!   for the widest leaves.
//! * *Containers* (elements holding leaves, not inside one): `T`, `Ta` are
//!   their subtree sums, `L` the sum of their leaves' lines (margins,
//!   images and empty boxes have no text lines), and `T'` is `T` less the
//!   last line of their last leaf: the container read as one block of text.
//!   Hidden leaves count, as in the segmentation's sums.

use super::Context;
use crate::segment::Leaf;
use crate::table::{ColumnSpec, ScoreTable};

/// Characters of a line where no line was measured: 80 columns (WCAG 2
/// SC 1.4.8 sets 80 characters as the longest readable line) of which one
/// in six is a space in English text, so 66 visible characters; also
/// Bringhurst's ideal measure of 66 characters. Pith's choice.
pub const ESTIMATED_LINE_CHARS: f64 = 66.0;

/// The unmeasured last line of a rendered block, as a share of a full line:
/// the mean of a fill uniform over 0..1. Pith's choice.
pub const LAST_LINE_FILL: f64 = 0.5;

/// The quantile of characters per line taken as `maxLen`: the longest
/// lines but for the top tenth of leaves. Pith's choice (robustness).
pub const MAX_LEN_QUANTILE: f64 = 0.9;

/// Formula (1): text density from `T`, `T'`, `L` and `maxLen`.
pub fn text_density(t: f64, t_prime: f64, lines: f64, max_len: f64) -> f64 {
    if max_len <= 0.0 {
        return 0.0;
    }
    if lines > 1.0 {
        t_prime / ((lines - 1.0) * max_len)
    } else {
        t / max_len
    }
}

/// Formula (2): hyperlink density `Ta / T` (0 without text).
pub fn link_density(ta: f64, t: f64) -> f64 {
    if t <= 0.0 {
        0.0
    } else {
        ta / t
    }
}

/// Characters per full line of a block of `t` characters on `lines`
/// measured lines, its last line [`LAST_LINE_FILL`] full (lines ≥ 2).
pub fn chars_per_line(t: f64, lines: f64) -> f64 {
    t / (lines - 1.0 + LAST_LINE_FILL)
}

/// A leaf's lines: measured or estimated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lines {
    /// L(b).
    pub lines: f64,
    /// Characters of the last line (`T − T'`).
    pub last: f64,
}

impl Lines {
    /// Measured: `lines` rendered lines for `t` characters.
    pub fn measured(t: f64, lines: f64) -> Lines {
        let last = if lines > 1.0 { t - chars_per_line(t, lines) * (lines - 1.0) } else { t };
        Lines { lines, last }
    }

    /// Estimated at `line` characters a line, all full but the last.
    pub fn estimated(t: f64, line: f64) -> Lines {
        let lines = (t / line).ceil().max(1.0);
        Lines { lines, last: t - (lines - 1.0) * line }
    }
}

/// `q`-quantile (nearest rank) of non-negative `v`; None when empty.
fn quantile(v: &[f64], q: f64) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    let desc = super::keywords::order_desc(v.iter().map(|x| x.to_bits()));
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    Some(v[desc[v.len() - rank] as usize])
}

/// The rendered line count of a leaf, if measured.
fn measured_lines(cx: &Context, leaf: &Leaf) -> Option<u32> {
    if !leaf.element || leaf.hidden {
        return None;
    }
    let lines = cx.page.element(leaf.id)?.visual.as_ref()?.lines;
    (lines > 0).then_some(lines)
}

/// The module's columns in the score table.
pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "density.textDensity",
        signal: "density",
        label: "δ(b)",
        source: "seed 003 §2.2, formula (1)",
        description: "Text density of a leaf or container: characters of its lines but the last over (L − 1)·maxLen; T/maxLen for one line.",
    },
    ColumnSpec {
        key: "density.linkDensity",
        signal: "density",
        label: "θ(b)",
        source: "seed 003 §2.2, formula (2)",
        description: "Hyperlink density of a leaf or container: characters inside links over all its characters.",
    },
    ColumnSpec {
        key: "density.lines",
        signal: "density",
        label: "L(b)",
        source: "seed 003 §2.2; rendered line counts, else estimated",
        description: "Lines of a leaf (rendered, or estimated from its characters) or of a container (sum over its leaves).",
    },
];

/// Writes [`COLUMNS`] for every leaf and every element holding leaves.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let c = table.add_all(COLUMNS);
    let seg = cx.seg;
    let per_line: Vec<f64> = seg
        .leaves
        .iter()
        .filter_map(|l| measured_lines(cx, l).filter(|&m| m >= 2).map(|m| chars_per_line(f64::from(l.chars), f64::from(m))))
        .collect();
    let max_len = quantile(&per_line, MAX_LEN_QUANTILE).unwrap_or(ESTIMATED_LINE_CHARS);
    let line = quantile(&per_line, 0.5).unwrap_or(ESTIMATED_LINE_CHARS);
    drop(per_line);

    // Per block (a leaf's holder and its ancestors are blocks: one cell
    // each, not one per node), the lines summed and 1 + the index of its
    // last leaf, 0 for none; per leaf the characters on its last line. On
    // the 1,000,000-element bench page (1,487,941 nodes, 500,000 blocks)
    // 18 MB of wasm memory less than per node, with each leaf's measured
    // lines read again rather than kept (`tests/eval/SPEED.md`,
    // 2026-11-30).
    let mut lines_sum = vec![0.0f64; seg.blocks()];
    let mut last_leaf: Vec<u32> = vec![0; seg.blocks()];
    let mut leaf_last = Vec::with_capacity(seg.leaves.len());
    for (i, leaf) in seg.leaves.iter().enumerate() {
        let t = f64::from(leaf.chars);
        let ll = match measured_lines(cx, leaf) {
            Some(m) => Lines::measured(t, f64::from(m)),
            None => Lines::estimated(t, line),
        };
        leaf_last.push(ll.last);
        if let Some(b) = seg.block(leaf.holder()) {
            lines_sum[b] += ll.lines;
            last_leaf[b] = i as u32 + 1;
        }
        table.set(c[0], leaf.id, text_density(t, t - ll.last, ll.lines, max_len) as f32);
        table.set(c[1], leaf.id, leaf.link_density());
        table.set(c[2], leaf.id, ll.lines as f32);
    }
    // Up the tree: children come after their parent in the arena.
    let n = cx.page.nodes.len();
    for (b, p) in seg.blocks_up() {
        lines_sum[p] += lines_sum[b];
        last_leaf[p] = last_leaf[p].max(last_leaf[b]);
    }
    for id in 0..n {
        let sums = seg.sums(id);
        if seg.leaf_of(id).is_some() || sums.leaves == 0 || cx.page.element(id).is_none() {
            continue;
        }
        // Leaves under it: a block.
        let Some(b) = seg.block(id) else { continue };
        let t = f64::from(sums.chars);
        let last = match last_leaf[b] {
            0 => t,
            i => leaf_last[i as usize - 1],
        };
        let lines = lines_sum[b];
        table.set(c[0], id, text_density(t, t - last, lines, max_len) as f32);
        table.set(c[1], id, link_density(f64::from(sums.link_chars), t) as f32);
        table.set(c[2], id, lines as f32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// Formula (1) by hand: 3 lines, 150 characters of which 30 on the last,
    /// maxLen 80: δ = 120 / (2 · 80) = 0.75. One line of 40: δ = 0.5.
    #[test]
    fn text_density_by_hand() {
        assert!(close(text_density(150.0, 120.0, 3.0, 80.0), 0.75));
        assert!(close(text_density(40.0, 0.0, 1.0, 80.0), 0.5));
        assert_eq!(text_density(40.0, 0.0, 1.0, 0.0), 0.0);
    }

    /// Formula (2) by hand: 25 of 100 characters in links.
    #[test]
    fn link_density_by_hand() {
        assert!(close(link_density(25.0, 100.0), 0.25));
        assert_eq!(link_density(0.0, 0.0), 0.0);
    }

    /// 5 measured lines of 225 characters: 4.5 full lines of 50, the last
    /// holds 25, T' = 200, δ against maxLen 50 = 200 / (4 · 50) = 1.
    #[test]
    fn measured_lines_estimate_the_last_line() {
        assert!(close(chars_per_line(225.0, 5.0), 50.0));
        let l = Lines::measured(225.0, 5.0);
        assert!(close(l.last, 25.0) && close(l.lines, 5.0));
        assert!(close(text_density(225.0, 225.0 - l.last, l.lines, 50.0), 1.0));
        assert_eq!(Lines::measured(30.0, 1.0).last, 30.0);
    }

    /// 150 characters at 66 a line: 3 lines, the last of 18.
    #[test]
    fn estimated_lines_fill_all_but_the_last() {
        let l = Lines::estimated(150.0, ESTIMATED_LINE_CHARS);
        assert!(close(l.lines, 3.0) && close(l.last, 18.0));
        assert!(close(Lines::estimated(10.0, 66.0).lines, 1.0));
    }

    #[test]
    fn quantile_is_nearest_rank() {
        let v: Vec<f64> = [3, 10, 1, 7, 5, 2, 9, 4, 8, 6].into_iter().map(f64::from).collect();
        assert_eq!(quantile(&v, 0.9), Some(9.0));
        assert_eq!(quantile(&v, 0.5), Some(5.0));
        assert_eq!(quantile(&v, 1.0), Some(10.0));
        assert_eq!(quantile(&[], 0.5), None);
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn leaves_and_containers_of_a_parsed_page() {
        use crate::html::parse_document;
        let long = "word ".repeat(30); // 120 visible characters
        let page = parse_document(
            &format!("<html><body><div><p>{long}</p><p>Short <a href='/x'>link</a></p></div></body></html>"),
            "u",
        )
        .unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        let mut table = ScoreTable::new(page.nodes.len());
        score(&cx, &mut table);
        let (d, th, l) = (table.expect("density.textDensity"), table.expect("density.linkDensity"), table.expect("density.lines"));
        let div = page.children(0)[0];
        let (p1, p2) = (page.children(div)[0], page.children(div)[1]);
        // p1: 120 characters = 2 estimated lines (66 + 54): δ = 66 / 66 = 1.
        assert_eq!((table.get(l, p1), table.get(d, p1)), (2.0, 1.0));
        // p2: 9 characters, one line: δ = 9 / 66; θ = 4 / 9.
        assert!((table.get(d, p2) - 9.0 / 66.0).abs() < 1e-6);
        assert!((table.get(th, p2) - 4.0 / 9.0).abs() < 1e-6);
        // The div: 3 lines, 129 characters less the last line (p2's 9).
        assert_eq!(table.get(l, div), 3.0);
        assert!((table.get(d, div) - 120.0 / (2.0 * 66.0)).abs() < 1e-6);
        assert!((table.get(th, div) - 4.0 / 129.0).abs() < 1e-6);

        // Rendered: p1 on 3 lines (48 characters a full line, the page's
        // maxLen), p2 on 1.
        let mut page = page;
        for (id, lines) in [(p1, 3), (p2, 1)] {
            if let Some(e) = page.element_mut(id) {
                e.visual = Some(crate::model::Visual::new(
                    Default::default(),
                    crate::model::Display::Block,
                    crate::model::Position::Static,
                    None,
                    lines,
                ));
            }
        }
        let cx = Context::new(&page, &seg);
        let mut table = ScoreTable::new(page.nodes.len());
        score(&cx, &mut table);
        // p1: T' = 2 · 48 = 96, δ = 96 / (2 · 48) = 1.
        assert_eq!((table.get(l, p1), table.get(d, p1)), (3.0, 1.0));
        assert!((table.get(d, p2) - 9.0 / 48.0).abs() < 1e-6);
        // The div: 4 lines, T' = 129 − 9: δ = 120 / (3 · 48).
        assert_eq!(table.get(l, div), 4.0);
        assert!((table.get(d, div) - 120.0 / 144.0).abs() < 1e-6);
    }
}

//! Visual cue: type. The page's body text size is the size most of its
//! characters are set in; headings and bylines stand out from it by size
//! and weight, small print (footers, captions, legal text) by being smaller.

use crate::model::{Font, Page};
use crate::papers::Context;
use crate::segment::Leaf;
use crate::table::{ColumnSpec, ScoreTable};

/// CSS `font-weight` from which text reads as bold (CSS Fonts 4 §2.2: 600
/// is "Semi Bold", the first weight browsers render visibly bolder).
pub const BOLD_WEIGHT: u16 = 600;

pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "typography.fontRatio",
        signal: "typography",
        label: "size / body",
        source: "computed font-size",
        description: "A leaf's font size over the page's body text size (the size most characters are set in).",
    },
    ColumnSpec {
        key: "typography.bold",
        signal: "typography",
        label: "bold",
        source: "computed font-weight ≥ 600",
        description: "1 where a leaf's text is bold.",
    },
    ColumnSpec {
        key: "typography.lines",
        signal: "typography",
        label: "lines",
        source: "box height / line-height",
        description: "A leaf's rendered line count.",
    },
];

/// The first font read inside a leaf (fonts are read on elements holding
/// text directly).
pub fn leaf_font(page: &Page, leaf: &Leaf) -> Option<(Font, u32)> {
    let holder = leaf.holder();
    let own = page.element(holder).and_then(|e| e.visual.as_ref()).and_then(|v| v.font.map(|f| (f, v.lines)));
    own.or_else(|| {
        leaf.nodes.iter().find_map(|&top| {
            page.subtree(top).find_map(|m| {
                page.element(m).and_then(|e| e.visual.as_ref()).and_then(|v| v.font.map(|f| (f, v.lines)))
            })
        })
    })
}

/// The size (CSS px) most visible characters are set in.
pub fn body_font_size(page: &Page, leaves: &[Leaf]) -> Option<f32> {
    let mut by_size: Vec<(f32, u32)> = Vec::new();
    for l in leaves.iter().filter(|l| !l.hidden) {
        if let Some((f, _)) = leaf_font(page, l) {
            match by_size.iter_mut().find(|(s, _)| (*s - f.size).abs() < 0.5) {
                Some(e) => e.1 += l.chars,
                None => by_size.push((f.size, l.chars)),
            }
        }
    }
    by_size.into_iter().max_by_key(|&(_, c)| c).map(|(s, _)| s)
}

/// Writes [`COLUMNS`] on leaf rows where fonts were read.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let page = cx.page;
    let c = table.add_all(COLUMNS);
    if page.viewport.is_none() {
        return;
    }
    let Some(body) = body_font_size(page, &cx.seg.leaves) else { return };
    for leaf in &cx.seg.leaves {
        if let Some((f, lines)) = leaf_font(page, leaf) {
            table.set(c[0], leaf.id, f.size / body.max(1.0));
            table.set(c[1], leaf.id, if f.weight >= BOLD_WEIGHT { 1.0 } else { 0.0 });
            table.set(c[2], leaf.id, lines as f32);
        }
    }
}

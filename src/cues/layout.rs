//! Visual cue: where a block sits. The main content is one column; side
//! rails, link columns and footers sit beside or below it. Where the page
//! rendered without its styles every block spans the page, and these
//! columns say nothing (every leaf is in the one column).

use crate::model::{Page, Rect};
use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};

pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "layout.x",
        signal: "layout",
        label: "x",
        source: "rendered box",
        description: "Horizontal centre of a leaf's box as a share of the viewport width.",
    },
    ColumnSpec {
        key: "layout.y",
        signal: "layout",
        label: "y",
        source: "rendered box",
        description: "Top of a leaf's box as a share of the document's height.",
    },
    ColumnSpec {
        key: "layout.mainColumn",
        signal: "layout",
        label: "main column",
        source: "rendered boxes, weighted by characters",
        description: "1 where a leaf's box spans the page's text axis (the character-weighted median of leaf centres): it sits in the column that holds most of the text.",
    },
];

/// A leaf's box: its holder's, or for an anonymous leaf the union of its
/// inline elements' boxes, else its parent's.
fn leaf_rect(page: &Page, holder: usize) -> Option<Rect> {
    page.element(holder).and_then(|e| e.visual.as_ref()).map(|v| v.rect).filter(|r| r.w > 0.0 && r.h > 0.0)
}

/// Writes [`COLUMNS`] on leaf rows of a rendered page.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let page = cx.page;
    let c = table.add_all(COLUMNS);
    let Some(vp) = page.viewport else { return };
    let rects: Vec<Option<Rect>> = cx.seg.leaves.iter().map(|l| leaf_rect(page, l.holder())).collect();
    let doc_height = rects.iter().flatten().map(|r| r.y + r.h).fold(vp.height, f32::max).max(1.0);
    // The text axis: character-weighted median of visible leaf centres.
    let centres: Vec<(f32, u32)> = cx
        .seg
        .leaves
        .iter()
        .zip(&rects)
        .filter(|(l, _)| !l.hidden)
        .filter_map(|(l, r)| r.map(|r| (r.x + r.w / 2.0, l.chars)))
        .collect();
    let keys: Vec<u64> = centres.iter().map(|c| crate::sort::f32_key(c.0)).collect();
    let centres: Vec<(f32, u32)> = crate::sort::order(&keys).into_iter().map(|i| centres[i as usize]).collect();
    let total: u64 = centres.iter().map(|c| u64::from(c.1)).sum();
    let mut acc = 0u64;
    let axis = centres.iter().find(|c| {
        acc += u64::from(c.1);
        acc * 2 >= total
    });
    for (leaf, r) in cx.seg.leaves.iter().zip(&rects) {
        let Some(r) = r else { continue };
        table.set(c[0], leaf.id, ((r.x + r.w / 2.0) / vp.width.max(1.0)).clamp(-1.0, 2.0));
        table.set(c[1], leaf.id, (r.y / doc_height).clamp(0.0, 1.0));
        if let Some(&(a, _)) = axis {
            table.set(c[2], leaf.id, if r.x <= a && a <= r.x + r.w { 1.0 } else { 0.0 });
        }
    }
}

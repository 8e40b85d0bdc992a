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

/// A leaf's box: its holder's (for an inline holder, whose own box is not
/// read, the box of the block it sits in: see `reads_box` in the model).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PageFacts;

    /// A main column (centre x = 400) with most of the characters, two
    /// short links in a side rail (centre x = 850), and a hidden panel
    /// in the rail (`visibility: hidden` keeps its box) holding enough
    /// characters to move the axis if it counted.
    const FACTS: &str = r##"{"viewportWidth": 1000, "viewportHeight": 500, "nodes": [
        {"parent": -1, "tag": "body", "visual": {"w": 1000, "h": 1000, "display": "block"}},
        {"parent": 0, "tag": "p", "visual": {"x": 100, "y": 100, "w": 600, "h": 900, "display": "block"}},
        {"parent": 1, "tag": "#text", "text": "Main column text that holds most of the characters"},
        {"parent": 0, "tag": "p", "visual": {"x": 750, "y": 100, "w": 200, "h": 20, "display": "block"}},
        {"parent": 3, "tag": "#text", "text": "Link one"},
        {"parent": 0, "tag": "p", "visual": {"x": 750, "y": 130, "w": 200, "h": 20, "display": "block"}},
        {"parent": 5, "tag": "#text", "text": "Link two"},
        {"parent": 0, "tag": "p", "hidden": true,
            "visual": {"x": 750, "y": 200, "w": 200, "h": 100, "display": "block"}},
        {"parent": 7, "tag": "#text", "text": "Hidden panel text with many characters here"}
    ]}"##;

    #[test]
    fn position_and_the_character_weighted_axis() {
        let page = Page::from_facts(PageFacts::from_json(FACTS).unwrap()).unwrap();
        let seg = crate::segment::segment(&page);
        assert_eq!(seg.leaves.iter().map(|l| (l.id, l.chars, l.hidden)).collect::<Vec<_>>(),
            [(1, 42, false), (3, 7, false), (5, 7, false), (7, 37, true)]);
        let mut t = ScoreTable::new(page.nodes.len());
        score(&Context::new(&page, &seg), &mut t);
        let (x, y, main) = (t.expect("layout.x"), t.expect("layout.y"), t.expect("layout.mainColumn"));
        // Centre over the viewport width; top over the document's height
        // (the lowest leaf bottom, 1000, not the viewport's 500).
        assert_eq!((t.get(x, 1), t.get(y, 1)), (0.4, 0.1));
        assert_eq!((t.get(x, 5), t.get(y, 5)), (0.85, 0.13));
        // Two of the three visible leaves sit in the rail, but the main
        // column holds most characters (42 of 56); the hidden panel's 37
        // would tip the median to the rail.
        let in_main: Vec<f32> = [1, 3, 5, 7].iter().map(|&id| t.get(main, id)).collect();
        assert_eq!(in_main, [1.0, 0.0, 0.0, 0.0]);
    }
}

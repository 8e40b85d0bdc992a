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
        description: "A leaf's rendered line count (of its block's box where the leaf is an inline element, whose own box is not read).",
    },
];

/// The first font read inside a leaf (fonts are read on elements holding
/// text directly).
pub fn leaf_font(page: &Page, leaf: &Leaf) -> Option<(Font, u32)> {
    let holder = leaf.holder();
    let own = page.element(holder).and_then(|e| e.visual.as_ref()).and_then(|v| v.font().map(|f| (f, v.lines)));
    own.or_else(|| {
        leaf.nodes(page).iter().find_map(|&top| {
            page.subtree(top).find_map(|m| {
                page.element(m).and_then(|e| e.visual.as_ref()).and_then(|v| v.font().map(|f| (f, v.lines)))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PageFacts;

    /// A 32px heading of 26 characters; body text of 19 characters at 16px
    /// and 17 at 16.3px (one size: within half a pixel, so 36 characters
    /// outweigh the heading's 26); small print whose font is read on its
    /// inline span, not on the paragraph.
    const FACTS: &str = r##"{"viewportWidth": 1000, "viewportHeight": 800, "nodes": [
        {"parent": -1, "tag": "body", "visual": {"w": 1000, "h": 800, "display": "block"}},
        {"parent": 0, "tag": "h1", "visual": {"w": 1000, "h": 80, "display": "block",
            "fontSize": "32px", "fontWeight": "700", "lineHeight": "40px"}},
        {"parent": 1, "tag": "#text", "text": "Headline words set large here 1"},
        {"parent": 0, "tag": "p", "visual": {"y": 80, "w": 1000, "h": 57.6, "display": "block",
            "fontSize": "16px", "fontWeight": "400", "lineHeight": "normal"}},
        {"parent": 3, "tag": "#text", "text": "Body text in sixteen px"},
        {"parent": 0, "tag": "p", "visual": {"y": 140, "w": 1000, "h": 19.2, "display": "block",
            "fontSize": "16.3px", "fontWeight": "600", "lineHeight": "normal"}},
        {"parent": 5, "tag": "#text", "text": "Byline by the author"},
        {"parent": 0, "tag": "p", "visual": {"y": 160, "w": 1000, "h": 15, "display": "block"}},
        {"parent": 7, "tag": "span", "visual": {"y": 160, "w": 80, "h": 15, "display": "inline",
            "fontSize": "12px", "fontWeight": "500", "lineHeight": "15px"}},
        {"parent": 8, "tag": "#text", "text": "Small print"}
    ]}"##;

    #[test]
    fn size_over_body_size_weight_and_lines() {
        let page = Page::from_facts(PageFacts::from_json(FACTS).unwrap()).unwrap();
        let seg = crate::segment::segment(&page);
        let chars: Vec<u32> = seg.leaves.iter().map(|l| l.chars).collect();
        assert_eq!(chars, [26, 19, 17, 10]);
        assert_eq!(body_font_size(&page, &seg.leaves), Some(16.0));
        let mut t = ScoreTable::new(page.nodes.len());
        score(&Context::new(&page, &seg), &mut t);
        let (ratio, bold, lines) =
            (t.expect("typography.fontRatio"), t.expect("typography.bold"), t.expect("typography.lines"));
        let row = |id| (t.get(ratio, id), t.get(bold, id), t.get(lines, id));
        // 80px of 40px lines; 57.6px of 16 × 1.2 = 19.2px lines.
        assert_eq!(row(1), (2.0, 1.0, 2.0));
        assert_eq!(row(3), (1.0, 0.0, 3.0));
        // 600 is the first bold weight.
        assert_eq!(row(5), (16.3 / 16.0, 1.0, 1.0));
        // The span's font, for the paragraph leaf; 500 is not bold.
        assert_eq!(row(7), (0.75, 0.0, 1.0));
    }
}

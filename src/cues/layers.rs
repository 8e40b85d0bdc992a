//! Visual cue: layers above the page. Fixed and sticky boxes (cookie and
//! consent banners, paywall boxes, share bars, chat widgets, site headers
//! that follow the scroll) are furniture, whatever text they hold.

use crate::model::{NodeId, Position};
use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};

pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "layers.fixed",
        signal: "layers",
        label: "fixed",
        source: "computed position: fixed",
        description: "1 where the node or an ancestor is position: fixed (a layer over the page).",
    },
    ColumnSpec {
        key: "layers.sticky",
        signal: "layers",
        label: "sticky",
        source: "computed position: sticky",
        description: "1 where the node or an ancestor is position: sticky.",
    },
    ColumnSpec {
        key: "layers.coverage",
        signal: "layers",
        label: "coverage",
        source: "rendered box of the fixed layer",
        description: "For nodes in a fixed layer: the layer's area as a share of the viewport (a modal covers much of it, a chat button little).",
    },
];

/// Writes [`COLUMNS`] where the page was rendered; nothing for parsed HTML.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let page = cx.page;
    let c = table.add_all(COLUMNS);
    let Some(vp) = page.viewport else { return };
    let n = page.nodes.len();
    // Per node: (fixed layer root, sticky).
    let mut fixed: Vec<Option<NodeId>> = vec![None; n];
    let mut sticky = vec![false; n];
    for id in 0..n {
        let parent = page.nodes[id].parent();
        fixed[id] = parent.and_then(|p| fixed[p]);
        sticky[id] = parent.is_some_and(|p| sticky[p]);
        if let Some(v) = page.element(id).and_then(|e| e.visual.as_ref()) {
            match v.position {
                Position::Fixed if fixed[id].is_none() => fixed[id] = Some(id),
                Position::Sticky => sticky[id] = true,
                _ => {}
            }
        }
    }
    let area = (vp.width * vp.height).max(1.0);
    let write = |table: &mut ScoreTable, row: NodeId, holder: NodeId| {
        table.set(c[0], row, if fixed[holder].is_some() { 1.0 } else { 0.0 });
        table.set(c[1], row, if sticky[holder] { 1.0 } else { 0.0 });
        if let Some(r) = fixed[holder].and_then(|f| page.element(f)).and_then(|e| e.visual.as_ref()) {
            let w = r.rect.w.min(vp.width);
            let h = r.rect.h.min(vp.height);
            table.set(c[2], row, (w * h / area).clamp(0.0, 1.0));
        }
    };
    for id in 0..n {
        if page.element(id).is_some() {
            write(table, id, id);
        }
    }
    for leaf in cx.seg.leaves.iter().filter(|l| !l.element) {
        write(table, leaf.id, leaf.parent);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Page, PageFacts};

    /// A cookie banner (fixed, wider than the viewport, a fixed box inside
    /// it), a sticky header with loose text, and a plain paragraph.
    const NODES: &str = r##"[
        {"parent": -1, "tag": "body", "visual": {"w": 1000, "h": 3000, "display": "block", "position": "static"}},
        {"parent": 0, "tag": "div", "visual": {"w": 2000, "h": 200, "display": "block", "position": "fixed"}},
        {"parent": 1, "tag": "p", "visual": {"w": 100, "h": 20, "display": "block", "position": "fixed"}},
        {"parent": 2, "tag": "#text", "text": "Cookie notice"},
        {"parent": 0, "tag": "div", "visual": {"y": 200, "w": 1000, "h": 50, "display": "block", "position": "sticky"}},
        {"parent": 4, "tag": "#text", "text": "Header"},
        {"parent": 4, "tag": "p", "visual": {"y": 220, "w": 500, "h": 20, "display": "block", "position": "static"}},
        {"parent": 6, "tag": "#text", "text": "Menu"},
        {"parent": 0, "tag": "p", "visual": {"y": 300, "w": 1000, "h": 100, "display": "block", "position": "static"}},
        {"parent": 8, "tag": "#text", "text": "Body text"}
    ]"##;

    fn scored(viewport: &str) -> ScoreTable {
        let json = format!(r#"{{{viewport} "nodes": {NODES}}}"#);
        let page = Page::from_facts(PageFacts::from_json(&json).unwrap()).unwrap();
        let seg = crate::segment::segment(&page);
        let mut t = ScoreTable::new(page.nodes.len());
        score(&Context::new(&page, &seg), &mut t);
        t
    }

    #[test]
    fn fixed_and_sticky_layers() {
        let t = scored(r#""viewportWidth": 1000, "viewportHeight": 800,"#);
        let [fixed, sticky, coverage] = ["layers.fixed", "layers.sticky", "layers.coverage"].map(|k| t.expect(k));
        let row = |id| (t.get(fixed, id), t.get(sticky, id));
        // The banner and the box inside it; coverage is the outer layer's
        // box clipped to the viewport: 1000 × 200 of 1000 × 800.
        assert_eq!(row(1), (1.0, 0.0));
        assert_eq!(row(2), (1.0, 0.0));
        assert_eq!(t.get(coverage, 1), 0.25);
        assert_eq!(t.get(coverage, 2), 0.25);
        // The header's loose text (an anonymous leaf, row 5) and paragraph.
        assert_eq!(row(5), (0.0, 1.0));
        assert_eq!(row(6), (0.0, 1.0));
        assert!(t.get(coverage, 6).is_nan());
        assert_eq!(row(8), (0.0, 0.0));
        assert!(t.get(coverage, 8).is_nan());
    }

    #[test]
    fn nothing_without_a_viewport() {
        let t = scored("");
        assert!(!t.has_row(1) && !t.has_row(2) && !t.has_row(8));
    }
}

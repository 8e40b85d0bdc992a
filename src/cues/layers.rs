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
        let parent = page.nodes[id].parent;
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

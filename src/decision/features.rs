//! The decision's view of a leaf: every signal's value on the leaf's row of
//! the score table, and context read from the same table along the tree
//! (the leaf's ancestors, its neighbours, the page as a whole). One
//! function builds it for the decision and for training (`tools/lab`), so
//! the model sees at run time exactly what it was trained on.

use crate::model::{NodeId, Page};
use crate::papers::Context;
use crate::table::{Col, ScoreTable};

/// Columns not given to the model: absolute geometry and line counts,
/// which differ between a page rendered with its styles and one without
/// (the training pages render with browser defaults only), the decision's
/// own columns, and page-level columns (read separately).
pub const NOT_FEATURES: &[&str] = &[
    "typography.lines",
    "density.lines",
    "layout.x",
    "domWeight.widthAttr",
    "domWeight.weight",
];

/// Column prefixes never given to the model as leaf values.
const NOT_FEATURE_PREFIXES: &[&str] = &["decision.", "pageType."];

/// Ancestor levels described for each leaf.
pub const ANCESTOR_LEVELS: usize = 4;
/// How far up the best-container search looks.
pub const CONTAINER_SEARCH: usize = 12;

/// Column keys the context features read.
const SIGMA: &str = "textStats.sigma";
const THETA: &str = "density.linkDensity";

/// Names of the context features, in the order [`features`] writes them
/// after the leaf-row columns.
pub fn context_names() -> Vec<String> {
    let mut v: Vec<String> = vec![
        "ctx.logChars".into(),
        "ctx.pos".into(),
        "ctx.charPos".into(),
        "ctx.prevLink".into(),
        "ctx.nextLink".into(),
        "ctx.prevLogChars".into(),
        "ctx.nextLogChars".into(),
        "ctx.sameParentPrev".into(),
        "ctx.sameParentNext".into(),
        "ctx.bestShare".into(),
        "ctx.bestDist".into(),
        "ctx.bestLink".into(),
        "ctx.inBest".into(),
        "ctx.pageLogChars".into(),
        "ctx.pageLink".into(),
        "ctx.pageLeaves".into(),
    ];
    for k in 1..=ANCESTOR_LEVELS {
        v.push(format!("ctx.a{k}.share"));
        v.push(format!("ctx.a{k}.link"));
        v.push(format!("ctx.a{k}.leafShare"));
    }
    v
}

/// A page's feature rows: one per leaf of the segmentation.
pub struct Features {
    pub names: Vec<String>,
    /// Row-major, `names.len()` values per leaf.
    pub values: Vec<f32>,
}

impl Features {
    pub fn row(&self, leaf: usize) -> &[f32] {
        let n = self.names.len();
        &self.values[leaf * n..(leaf + 1) * n]
    }
}

fn ancestor(page: &Page, id: NodeId, k: usize) -> Option<NodeId> {
    let mut cur = id;
    for _ in 0..k {
        cur = page.nodes[cur].parent?;
    }
    Some(cur)
}

/// Builds the feature rows of every leaf.
pub fn features(cx: &Context, table: &ScoreTable) -> Features {
    let page = cx.page;
    let seg = cx.seg;
    let leaf_cols: Vec<(String, Col)> = table
        .specs()
        .iter()
        .enumerate()
        .filter(|(_, s)| !NOT_FEATURES.contains(&s.key) && !NOT_FEATURE_PREFIXES.iter().any(|p| s.key.starts_with(p)))
        .map(|(i, s)| (s.key.to_string(), Col(i)))
        .collect();
    let mut names: Vec<String> = leaf_cols.iter().map(|(k, _)| k.clone()).collect();
    names.extend(context_names());
    let width = names.len();
    let n = seg.leaves.len();
    let mut values = Vec::with_capacity(n * width);

    let sigma = table.col(SIGMA);
    let theta = table.col(THETA);
    let sig = |id: NodeId| sigma.map_or(f32::NAN, |c| table.get(c, id));
    let link = |id: NodeId| theta.map_or(f32::NAN, |c| table.get(c, id));
    let total = sig(0).max(1.0);
    // The best container: the ancestor holding the most text that is not
    // links, favouring those with little link text.
    let best_of = |h: NodeId| {
        let mut best = (f32::NAN, f32::NAN, f32::NAN, None);
        let mut cur = Some(h);
        for d in 0..=CONTAINER_SEARCH {
            let Some(a) = cur else { break };
            let s = sig(a) / total;
            let l = link(a);
            let v = s * (1.0 - l.clamp(0.0, 1.0)).powi(2);
            if !(v <= best.0) {
                best = (v, d as f32, l, Some(a));
            }
            cur = page.nodes[a].parent;
        }
        best
    };
    // The page's best container overall, over every visible leaf.
    let mut page_best: Option<(f32, NodeId)> = None;
    for l in seg.leaves.iter().filter(|l| !l.hidden) {
        let (v, _, _, a) = best_of(l.holder());
        if let Some(a) = a {
            if page_best.map_or(true, |(b, _)| v > b) {
                page_best = Some((v, a));
            }
        }
    }
    let mut before = 0f32;
    for (i, leaf) in seg.leaves.iter().enumerate() {
        for (_, c) in &leaf_cols {
            values.push(table.get(*c, leaf.id));
        }
        let h = leaf.holder();
        let chars = leaf.chars as f32;
        values.push(chars.ln_1p());
        values.push(i as f32 / n.max(1) as f32);
        values.push(before / total);
        before += chars;
        let prev = i.checked_sub(1).map(|j| &seg.leaves[j]);
        let next = seg.leaves.get(i + 1);
        values.push(prev.map_or(f32::NAN, |p| p.link_density()));
        values.push(next.map_or(f32::NAN, |p| p.link_density()));
        values.push(prev.map_or(f32::NAN, |p| (p.chars as f32).ln_1p()));
        values.push(next.map_or(f32::NAN, |p| (p.chars as f32).ln_1p()));
        let same = |o: Option<&crate::segment::Leaf>| {
            o.map_or(0.0, |o| if page.nodes[o.holder()].parent == page.nodes[h].parent { 1.0 } else { 0.0 })
        };
        values.push(same(prev));
        values.push(same(next));
        let (v, d, l, a) = best_of(h);
        values.push(v);
        values.push(d);
        values.push(l);
        values.push(match (a, page_best) {
            (_, Some((_, pb))) => {
                if page.contains(pb, h) {
                    1.0
                } else {
                    0.0
                }
            }
            _ => f32::NAN,
        });
        values.push(total.ln_1p());
        values.push(link(0));
        values.push((n as f32).ln_1p());
        for k in 1..=ANCESTOR_LEVELS {
            match ancestor(page, h, k) {
                Some(a) => {
                    values.push(sig(a) / total);
                    values.push(link(a));
                    values.push(chars / sig(a).max(1.0));
                }
                None => values.extend([f32::NAN; 3]),
            }
        }
    }
    Features { names, values }
}

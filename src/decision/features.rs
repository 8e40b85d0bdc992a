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
/// own columns, and page-level columns (read separately). `cards.siblings`
/// is read by a rule instead ([`super::article_teasers`]: as a feature it
/// lowered the held-out figures), and so are `markup.consent` and the
/// named blocks' columns ([`super::consent_dialogs`], [`super::signatures`]
/// and its kin: a rule needs no retraining and holds at any trainer seed).
pub const NOT_FEATURES: &[&str] = &[
    "typography.lines",
    "density.lines",
    "layout.x",
    "domWeight.widthAttr",
    "domWeight.weight",
    "cards.siblings",
    "markup.consent",
    "markup.signature",
    "markup.facets",
    "markup.bio",
    "markup.dialog",
    "markup.widget",
];

/// Column prefixes never given to the model as leaf values.
const NOT_FEATURE_PREFIXES: &[&str] = &["decision.", "pageType.", "schema.", "census.", "readerable."];

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
    for kind in crate::page_type::KINDS {
        v.push(format!("ctx.type.{}", kind.name()));
    }
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
        cur = page.nodes[cur].parent()?;
    }
    Some(cur)
}

/// The table's columns given to the model, with their keys.
pub fn leaf_columns(table: &ScoreTable) -> Vec<(&'static str, Col)> {
    table
        .specs()
        .iter()
        .enumerate()
        .filter(|(_, s)| !NOT_FEATURES.contains(&s.key) && !NOT_FEATURE_PREFIXES.iter().any(|p| s.key.starts_with(p)))
        .map(|(i, s)| (s.key, Col(i)))
        .collect()
}

/// Names of the features [`each_row`] writes: the table's leaf columns,
/// then [`context_names`].
pub fn feature_names(table: &ScoreTable) -> Vec<String> {
    let mut names: Vec<String> = leaf_columns(table).iter().map(|(k, _)| k.to_string()).collect();
    names.extend(context_names());
    names
}

/// Builds the feature rows of every leaf.
pub fn features(cx: &Context, table: &ScoreTable) -> Features {
    let names = feature_names(table);
    let mut values = Vec::with_capacity(cx.seg.leaves.len() * names.len());
    each_row(cx, table, &mut |_, row| values.extend_from_slice(row));
    Features { names, values }
}

/// Context features per row: [`context_names`]' length.
pub const CONTEXT_FEATURES: usize = 16 + crate::page_type::KINDS.len() + 3 * ANCESTOR_LEVELS;

/// Calls `f` with each leaf's index and feature row ([`feature_names`]),
/// in document order. The row is a buffer reused for the next leaf: the
/// decision reads each row once, so no page-sized matrix is built (on the
/// 200,000-element page, 97,781 leaves of 122 features: 45 MiB). `f` is a
/// `dyn` closure: one copy of this function in the wasm for its callers.
pub fn each_row(cx: &Context, table: &ScoreTable, f: &mut dyn FnMut(usize, &[f32])) {
    let cols: Vec<Col> = leaf_columns(table).iter().map(|&(_, c)| c).collect();
    let mut row = vec![f32::NAN; cols.len() + CONTEXT_FEATURES];
    fill_rows(cx, table, &cols, &mut row, f);
}

/// Entries of [`fill_rows`]' memo of the text and link density of the
/// leaves' ancestors (a power of two: a node's entry is its id modulo
/// this). The best-container search reads 13 ancestors of every leaf,
/// twice, and the ancestor features 4: consecutive leaves share most of
/// them. Reading each from the table every time was 9.6M of the 26.3M
/// `ScoreTable::get` calls of the decision (callgrind over `pith-lab
/// profile`, wcxb-dev first 150 pages); with this memo 1.0M reads miss
/// it. 256 entries are 4 KB of stack; 1,024 missed 0.1M fewer times
/// (its misses are first reads) and the decision took 2,681,793,388 →
/// 2,681,247,401 Ir, nothing to show for 16 KB.
const MEMO_SLOTS: usize = 256;

/// A direct-mapped cache of nodes' `(sigma, link density)` (see
/// [`MEMO_SLOTS`]); a miss reads the table, so it reads the same values.
struct Memo<'a> {
    table: &'a ScoreTable,
    sigma: Option<Col>,
    theta: Option<Col>,
    node: [NodeId; MEMO_SLOTS],
    value: [(f32, f32); MEMO_SLOTS],
}

impl Memo<'_> {
    fn get(&mut self, id: NodeId) -> (f32, f32) {
        let e = id % MEMO_SLOTS;
        if self.node[e] != id {
            let read = |c: Option<Col>| c.map_or(f32::NAN, |c| self.table.get(c, id));
            self.value[e] = (read(self.sigma), read(self.theta));
            self.node[e] = id;
        }
        self.value[e]
    }

    fn sig(&mut self, id: NodeId) -> f32 {
        self.get(id).0
    }

    fn link(&mut self, id: NodeId) -> f32 {
        self.get(id).1
    }
}

/// The best container of the leaf held by `h`: the ancestor holding the
/// most text that is not links, favouring those with little link text;
/// `(score, distance, link density, node)`.
fn best_of(page: &Page, memo: &mut Memo, total: f32, h: NodeId) -> (f32, f32, f32, Option<NodeId>) {
    let mut best = (f32::NAN, f32::NAN, f32::NAN, None);
    let mut cur = Some(h);
    for d in 0..=CONTAINER_SEARCH {
        let Some(a) = cur else { break };
        let (sig, l) = memo.get(a);
        let s = sig / total;
        let v = s * (1.0 - l.clamp(0.0, 1.0)).powi(2);
        if best.0.is_nan() || v > best.0 {
            best = (v, d as f32, l, Some(a));
        }
        cur = page.nodes[a].parent();
    }
    best
}

/// [`each_row`]'s rows reading only the table columns `cols`, into the
/// first `cols.len()` slots of `row`, the context features
/// ([`context_names`]) after them; the rest of `row` is left as it is,
/// and `f` is given all of it. The decision reads only the columns its
/// forests split on (63 of 88, one `ScoreTable::get` a leaf and column,
/// about 46 Ir each) into a row its forests walk as it is: with the memo
/// ([`MEMO_SLOTS`]) the decision's rows took 3,533,283,968 → 1,787,551,722
/// Ir, forest walks included (callgrind over `pith-lab profile`, wcxb-dev
/// first 150 pages).
pub fn fill_rows(cx: &Context, table: &ScoreTable, cols: &[Col], row: &mut [f32], f: &mut dyn FnMut(usize, &[f32])) {
    let page = cx.page;
    let seg = cx.seg;
    let n = seg.leaves.len();
    let mut memo = Memo {
        table,
        sigma: table.col(SIGMA),
        theta: table.col(THETA),
        node: [usize::MAX; MEMO_SLOTS],
        value: [(f32::NAN, f32::NAN); MEMO_SLOTS],
    };
    let total = memo.sig(0).max(1.0);
    // The page's best container overall, over every visible leaf.
    let mut page_best: Option<(f32, NodeId)> = None;
    for l in seg.leaves.iter().filter(|l| !l.hidden) {
        let (v, _, _, a) = best_of(page, &mut memo, total, l.holder());
        if let Some(a) = a {
            if page_best.map_or(true, |(b, _)| v > b) {
                page_best = Some((v, a));
            }
        }
    }
    let mut type_probs = [f32::NAN; crate::page_type::KINDS.len()];
    for (p, k) in type_probs.iter_mut().zip(crate::page_type::KINDS) {
        *p = table.col(&format!("pageType.{}", k.name())).map_or(f32::NAN, |c| table.get(c, 0));
    }
    // The page's figures, the same on every row.
    let page_log_chars = total.ln_1p();
    let page_link = memo.link(0);
    let page_leaves = (n as f32).ln_1p();
    let log_chars = |l: &crate::segment::Leaf| (l.chars as f32).ln_1p();
    let mut before = 0f32;
    // The previous leaf's, this leaf's and the next leaf's `ln(1 + chars)`,
    // each computed once.
    let mut prev_log = f32::NAN;
    let mut this_log = seg.leaves.first().map_or(f32::NAN, log_chars);
    let columns: Vec<crate::table::Column> = cols.iter().map(|&c| table.column(c)).collect();
    for (i, leaf) in seg.leaves.iter().enumerate() {
        let (values, context) = row.split_at_mut(cols.len());
        let context: &mut [f32; CONTEXT_FEATURES] = (&mut context[..CONTEXT_FEATURES]).try_into().expect("a row of the context too");
        for (v, c) in values.iter_mut().zip(&columns) {
            *v = c.get(leaf.id);
        }
        let h = leaf.holder();
        let chars = leaf.chars as f32;
        let prev = i.checked_sub(1).map(|j| &seg.leaves[j]);
        let next = seg.leaves.get(i + 1);
        let next_log = next.map_or(f32::NAN, log_chars);
        context[0] = this_log;
        context[1] = i as f32 / n.max(1) as f32;
        context[2] = before / total;
        before += chars;
        context[3] = prev.map_or(f32::NAN, |p| p.link_density());
        context[4] = next.map_or(f32::NAN, |p| p.link_density());
        context[5] = prev_log;
        context[6] = next_log;
        (prev_log, this_log) = (this_log, next_log);
        let same = |o: Option<&crate::segment::Leaf>| {
            o.map_or(0.0, |o| if page.nodes[o.holder()].parent() == page.nodes[h].parent() { 1.0 } else { 0.0 })
        };
        context[7] = same(prev);
        context[8] = same(next);
        let (v, d, l, a) = best_of(page, &mut memo, total, h);
        context[9] = v;
        context[10] = d;
        context[11] = l;
        context[12] = match (a, page_best) {
            (_, Some((_, pb))) => {
                if page.contains(pb, h) {
                    1.0
                } else {
                    0.0
                }
            }
            _ => f32::NAN,
        };
        context[13] = page_log_chars;
        context[14] = page_link;
        context[15] = page_leaves;
        let (types, ancestors) = context[16..].split_at_mut(type_probs.len());
        types.copy_from_slice(&type_probs);
        let mut cur = Some(h);
        for a3 in ancestors.chunks_exact_mut(3) {
            cur = cur.and_then(|c| page.nodes[c].parent());
            match cur {
                Some(a) => {
                    let (sig, link) = memo.get(a);
                    a3.copy_from_slice(&[sig / total, link, chars / sig.max(1.0)]);
                }
                None => a3.fill(f32::NAN),
            }
        }
        f(i, row);
    }
}

/// Names of the second stage's context features (auto-context: Tu & Bai,
/// "Auto-context and its application to high-level vision and 3D brain
/// image segmentation", IEEE TPAMI 2010 — a second classifier reads the
/// first one's probabilities around each item).
pub fn auto_context_names() -> Vec<String> {
    let mut v: Vec<String> = ["auto.p", "auto.prev", "auto.next", "auto.prev2", "auto.next2", "auto.pageMax", "auto.pageMean", "auto.pageKept", "auto.inBest", "auto.bestShare", "auto.bestDist", "auto.before", "auto.after"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for k in 1..=ANCESTOR_LEVELS {
        v.push(format!("auto.a{k}"));
    }
    v
}

/// The first stage's probabilities around each leaf, appended to the
/// leaf's features (see [`auto_context_names`]): the second stage's rows,
/// as the trainer reads them. The core does not build this matrix: it
/// reads each leaf's row and its extras side by side
/// ([`crate::decision::leaf_probabilities`]).
pub fn auto_context(cx: &Context, first: &Features, p1: &[f32]) -> Features {
    let extras = auto_extras(cx, p1);
    let mut names = first.names.clone();
    names.extend(extras.names.iter().cloned());
    let mut values = Vec::with_capacity(first.values.len() + extras.values.len());
    for i in 0..cx.seg.leaves.len() {
        values.extend_from_slice(first.row(i));
        values.extend_from_slice(extras.row(i));
    }
    Features { names, values }
}

/// The second stage's own columns ([`auto_context_names`]) for every leaf,
/// from the first stage's probabilities `p1` (one per leaf), as a matrix:
/// the trainer's (the decision makes each row beside the leaf's own,
/// [`Extras`]). Kept apart from the first stage's
/// columns, which the second stage also reads: a joined copy of both
/// raised the peak heap of extracting the 200,000-element page of
/// `tests/eval/large-page.mjs` from 243 to 289 MiB (`pith-lab signals
/// PAGE.html`, parsed natively, 2026-11-23).
pub fn auto_extras(cx: &Context, p1: &[f32]) -> Features {
    let names = auto_context_names();
    let mut values = Vec::with_capacity(cx.seg.leaves.len() * names.len());
    each_extras_row(cx, p1, &mut |_, row| values.extend_from_slice(row));
    Features { names, values }
}

/// Calls `f` with each leaf's index and its [`auto_extras`] row, in
/// document order (a reused buffer, as [`each_row`]'s).
pub fn each_extras_row(cx: &Context, p1: &[f32], f: &mut dyn FnMut(usize, &[f32])) {
    let extras = Extras::new(cx, p1);
    let mut values: Vec<f32> = Vec::with_capacity(auto_context_names().len());
    for i in 0..cx.seg.leaves.len() {
        extras.row(i, &mut values);
        f(i, &values);
    }
}

/// What the [`auto_extras`] rows are read from: per block (an inline
/// node's are 0: one cell a block rather than a node, 8 MB of wasm memory
/// less on the 1,000,000-element bench page, `tests/eval/SPEED.md`,
/// 2026-11-30) the visible leaves' characters and probability-weighted
/// characters under it (read per node through `chars` and `pchars`), the
/// page's figures, and the leaves' character offsets. Any leaf's row is
/// then made on its own ([`Extras::row`]), so the decision reads it beside
/// the leaf's [`each_row`] row without a matrix of them: on the generated
/// 1,000,000-element page (490,000 leaves of 17 extras) that matrix was
/// 32 MiB, the wasm's high-water mark (`./build.sh bench --growth`,
/// 2026-11-27).
pub struct Extras<'a> {
    cx: &'a Context<'a>,
    p1: &'a [f32],
    chars: Vec<f32>,
    pchars: Vec<f32>,
    total: f32,
    best: Option<(f32, usize)>,
    page_max: f32,
    page_mean: f32,
    kept: f32,
    first_c: Option<usize>,
    last_c: Option<usize>,
    offset: Vec<f32>,
}

impl<'a> Extras<'a> {
    pub fn new(cx: &'a Context<'a>, p1: &'a [f32]) -> Extras<'a> {
        let page = cx.page;
        let seg = cx.seg;
        let n = seg.leaves.len();
        let nodes = page.nodes.len();
        let mut chars = vec![0f32; seg.blocks()];
        let mut pchars = vec![0f32; seg.blocks()];
        for (i, l) in seg.leaves.iter().enumerate() {
            let Some(b) = seg.block(l.holder()).filter(|_| !l.hidden) else { continue };
            chars[b] += l.chars as f32;
            pchars[b] += l.chars as f32 * p1[i];
        }
        for (b, p) in seg.blocks_up() {
            chars[p] += chars[b];
            pchars[p] += pchars[b];
        }
        let at = |v: &[f32], id: NodeId| seg.at_block(v, id);
        let total = if nodes == 0 { 0.0 } else { at(&chars, 0) }.max(1.0);
        // The best subtree: most net content, Σ chars·(2p − 1).
        let mut best: Option<(f32, usize)> = None;
        for id in 0..nodes {
            let gain = 2.0 * at(&pchars, id) - at(&chars, id);
            if page.element(id).is_some() && best.map_or(true, |(g, _)| gain > g) {
                best = Some((gain, id));
            }
        }
        let page_max = p1.iter().copied().fold(0.0, f32::max);
        let page_mean = if nodes == 0 { 0.0 } else { at(&pchars, 0) } / total;
        let kept: f32 = seg.leaves.iter().zip(p1).filter(|(l, &p)| p >= 0.5 && !l.hidden).map(|(l, _)| l.chars as f32).sum::<f32>() / total;
        // The run of confident leaves: characters before the first and after
        // the last one (a call to action after an article, a teaser before it).
        let confident = |i: &usize| p1[*i] >= 0.5 && !seg.leaves[*i].hidden;
        let (first_c, last_c) = ((0..n).find(confident), (0..n).rev().find(confident));
        let mut offset = vec![0f32; n + 1];
        for i in 0..n {
            offset[i + 1] = offset[i] + if seg.leaves[i].hidden { 0.0 } else { seg.leaves[i].chars as f32 };
        }
        Extras { cx, p1, chars, pchars, total, best, page_max, page_mean, kept, first_c, last_c, offset }
    }

    /// The visible leaves' characters under node `id`.
    fn chars(&self, id: NodeId) -> f32 {
        self.cx.seg.at_block(&self.chars, id)
    }

    /// The visible leaves' characters under node `id`, each times its
    /// leaf's first-stage probability.
    fn pchars(&self, id: NodeId) -> f32 {
        self.cx.seg.at_block(&self.pchars, id)
    }

    /// Leaf `i`'s row ([`auto_context_names`]), into `values` (cleared first).
    pub fn row(&self, i: usize, values: &mut Vec<f32>) {
        let (page, seg, p1) = (self.cx.page, self.cx.seg, self.p1);
        let total = self.total;
        let n = seg.leaves.len();
        values.clear();
        let at = |j: isize| -> f32 {
            let k = i as isize + j;
            if k < 0 || k >= n as isize {
                f32::NAN
            } else {
                p1[k as usize]
            }
        };
        let h = seg.leaves[i].holder();
        values.extend([p1[i], at(-1), at(1), at(-2), at(2), self.page_max, self.page_mean, self.kept]);
        match self.best {
            Some((_, b)) => {
                values.push(if page.contains(b, h) { 1.0 } else { 0.0 });
                values.push(self.chars(b) / total);
                let mut d = 0f32;
                let mut cur = Some(h);
                while let Some(c) = cur {
                    if page.contains(c, b) || d > CONTAINER_SEARCH as f32 {
                        break;
                    }
                    d += 1.0;
                    cur = page.nodes[c].parent();
                }
                values.push(d);
            }
            None => values.extend([f32::NAN; 3]),
        }
        match (self.first_c, self.last_c) {
            (Some(f), Some(l)) => {
                let offset = &self.offset;
                values.push(if i < f { (offset[f] - offset[i + 1]) / total } else { 0.0 });
                values.push(if i > l { (offset[i] - offset[l + 1]) / total } else { 0.0 });
            }
            _ => values.extend([f32::NAN; 2]),
        }
        for k in 1..=ANCESTOR_LEVELS {
            values.push(match ancestor(page, h, k) {
                Some(a) if self.chars(a) > 0.0 => self.pchars(a) / self.chars(a),
                _ => f32::NAN,
            });
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::extract::{analyse, Models};

    #[test]
    fn leaf_columns_then_context() {
        let page = crate::html::parse_document(
            "<html><body><div><h1>Title here</h1><p>First paragraph text.</p></div>\
             <ul><li>Item one</li><li><a href='/x'>Item two</a></li></ul></body></html>",
            "https://example.test/",
        )
        .unwrap();
        let (seg, t, _) = analyse(&page, &Models::default());
        let f = features(&Context::new(&page, &seg), &t);
        // Excluded columns are in the table but not in the features.
        for key in NOT_FEATURES.iter().chain(&["census.h1", "pageType.article", "schema.article", "readerable.score"]) {
            assert!(t.col(key).is_some(), "no column {key}");
            assert!(!f.names.iter().any(|n| n == key), "{key} is a feature");
        }
        let ctx = context_names();
        assert_eq!(ctx.len(), CONTEXT_FEATURES);
        assert_eq!(f.names[f.names.len() - ctx.len()..], ctx[..]);
        assert_eq!(f.values.len(), f.names.len() * 4);
        let at = |leaf: usize, name: &str| f.row(leaf)[f.names.iter().position(|n| n == name).unwrap()];
        // A leaf column holds the leaf's row of the table.
        let sigma = t.expect("textStats.sigma");
        for (i, leaf) in seg.leaves.iter().enumerate() {
            assert_eq!(at(i, "textStats.sigma"), t.get(sigma, leaf.id));
        }
        // Leaves: "Title here" (9), "First paragraph text." (19), "Item one" (7), "Item two" (7, a link).
        assert_eq!(t.get(sigma, 0), 42.0);
        assert_eq!(at(0, "ctx.logChars"), 9f32.ln_1p());
        assert_eq!(at(2, "ctx.pos"), 0.5);
        assert_eq!(at(2, "ctx.charPos"), 28.0 / 42.0);
        assert!(at(0, "ctx.prevLink").is_nan());
        assert_eq!(at(2, "ctx.nextLink"), 1.0);
        let same = (at(0, "ctx.sameParentNext"), at(1, "ctx.sameParentNext"), at(3, "ctx.sameParentPrev"));
        assert_eq!(same, (1.0, 0.0, 1.0));
        // The first item's parent (the list) holds 14 of 42 characters, 7 of them its own.
        assert_eq!((at(2, "ctx.a1.share"), at(2, "ctx.a1.leafShare")), (14.0 / 42.0, 0.5));
        // The heading's ancestors: div, body, then none.
        assert!(!at(0, "ctx.a2.share").is_nan() && at(0, "ctx.a3.share").is_nan());
        for kind in crate::page_type::KINDS {
            let p = t.get(t.expect(&format!("pageType.{}", kind.name())), 0);
            assert_eq!(at(1, &format!("ctx.type.{}", kind.name())), p);
        }
    }

    #[test]
    fn the_second_stage_reads_both_matrices_as_their_join_and_the_decision_its_rows_once() {
        use crate::decision::{model, probabilities, probabilities_of};
        let page = crate::html::parse_document(
            "<html><body><nav><a href='/a'>Home</a> <a href='/b'>About</a></nav><main><h1>Title here</h1>\
             <p>First paragraph text, long enough to count as one.</p><p>Second paragraph, also of some length.</p>\
             </main><footer><a href='/c'>Contact</a></footer></body></html>",
            "https://example.test/",
        )
        .unwrap();
        let (seg, t, _) = analyse(&page, &Models::default());
        let cx = Context::new(&page, &seg);
        let f = features(&cx, &t);
        let n = seg.leaves.len();
        let p1 = probabilities(&f, &model::LEAF_FOREST, n);
        let second = model::LEAF_SECOND.expect("the shipped model has a second stage");
        let joined = probabilities(&auto_context(&cx, &f, &p1), second, n);
        let apart = probabilities_of(&[&f, &auto_extras(&cx, &p1)], second, n);
        assert!(n >= 5, "{n} leaves");
        assert_eq!(joined, apart);
        // The decision reads each row once, keeping only the second
        // stage's columns: the same probabilities.
        let model = crate::decision::LeafModel::shipped();
        let both = (p1, apart);
        assert_eq!(crate::decision::leaf_probabilities(&cx, &t, &model), both);
        // On a page too large to keep them, the rows are built again.
        assert_eq!(crate::decision::leaf_probabilities_keeping(&cx, &t, &model, 0), both);
    }
}

//! The one decision: which leaves are content. It reads only the score
//! table (and the tree's shape), and writes its own columns and a reason
//! per judged node back into it.

pub mod features;
pub mod forest;
pub mod model;

use crate::cues::visibility::{in_content, mostly_prose};
use crate::cues::markup::Named;
use crate::cues::vocabulary::{fnv, FNV_OFFSET};
use crate::model::{NodeId, Tag};
use crate::page_type::{PageKind, PageType};
use crate::papers::Context;
use crate::table::{Col, ColumnSpec, ScoreTable};
use forest::{Forest, Row, ROW_SLOTS};

/// The method named in the output.
pub const METHOD: &str = "composite";


/// The decision's columns.
pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "decision.first",
        signal: "decision",
        label: "first stage",
        source: "Pith decision, learned (tools/lab)",
        description: "The first leaf forest's probability that a leaf is content, from its own signals.",
    },
    ColumnSpec {
        key: "decision.score",
        signal: "decision",
        label: "score",
        source: "Pith decision",
        description: "The final probability that a leaf is content (the second forest's, which also reads the first stage's probabilities around the leaf).",
    },
    ColumnSpec {
        key: "decision.content",
        signal: "decision",
        label: "content",
        source: "Pith decision",
        description: "1 where the leaf is part of the content.",
    },
];

/// Words the kept content must hold to be shown without the readerable
/// check ([`shows`]): about two sentences, a few products or a short
/// thread. Chosen, then checked on the data sets' pages the readerable
/// check turns down (2026-12-01, the browser run of 2026-11-30):
/// - readability's pages whose truth says "not readerable" give Pith 1–37
///   words, all below, but for two (281 and 385 words: a documentation
///   page and a page of equations, whose text a reader can show);
/// - wcxb-dev's 182 such pages are almost all of the six other kinds
///   (collections, listings, services, products); 156 hold 50 words or
///   more, at a mean word F1 of 0.754 against their truth (the 26 below
///   0.634); at 30 words 162 pages (0.748), at 80 151 (0.753).
pub const SHOWS_MIN_WORDS: usize = 50;

/// What the reader shows for the page: the one verdict the reader, Listen
/// and the exports read (the devtools panel shows it with
/// `readerableReason`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Shows {
    /// Running text: the readerable check passed.
    Article,
    /// No long paragraphs, but content of the page's kind (a collection's
    /// items, a service's sections, a thread of short posts, a short
    /// article): shown as found, the reader naming the page's kind.
    Content,
    /// Too little kept to read: a notice with the readerable reason, and
    /// the best candidate only on request.
    Notice,
}

/// The verdict from the readerable check and the kept content's words
/// (the article's and its records').
pub fn shows(readerable: bool, words: usize) -> Shows {
    if readerable {
        Shows::Article
    } else if words >= SHOWS_MIN_WORDS {
        Shows::Content
    } else {
        Shows::Notice
    }
}

/// What the decision made of the page.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The kept leaves: indices into the segmentation's leaves, in
    /// document order.
    pub leaves: Vec<usize>,
    /// The lowest common ancestor of the kept leaves.
    pub root: Option<NodeId>,
    /// Per node: part of the content (a kept leaf, or inside one).
    pub content: Vec<bool>,
    /// Per leaf (index into the segmentation's leaves): why. Only leaves
    /// are judged on their own, so other nodes have no reason
    /// ([`Decision::reason`]). Per node, they were 18 MB of wasm memory
    /// on the 1,000,000-element bench page, at the extraction's peak
    /// (`tests/eval/SPEED.md`, session 27).
    pub reasons: Vec<Reason>,
    pub readerable: bool,
    pub readerable_reason: String,
}

impl Decision {
    /// Why node `id` was judged as it was: its leaf's reason where `id` is
    /// a leaf (an element leaf, or an anonymous leaf's first node), else
    /// [`Reason::None`].
    pub fn reason(&self, seg: &crate::segment::Segmentation, id: NodeId) -> Reason {
        match seg.leaf_of(id) {
            Some(l) if seg.leaves[l as usize].id == id => self.reasons.get(l as usize).copied().unwrap_or_default(),
            _ => Reason::None,
        }
    }
}

/// Why the decision judged a node as it did: a short sentence for the
/// score table ([`std::fmt::Display`]). Kept as data and written out only
/// where it is shown: string formatting was about 4 % of a native profile
/// of the core on the 200,000-element bench page (`pith-lab signals`,
/// 2026-11-22), one sentence per leaf its main use, for a table a reader
/// click never asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reason {
    /// Not judged on its own (not a leaf).
    #[default]
    None,
    /// The model's probability against the page's cut, both in percent.
    Model { content: bool, percent: u32, cut: u32 },
    /// Hidden, outside any tab or accordion panel.
    Hidden,
    /// Un-kept by a rule over the kept set: the rule's sentence.
    Rule(&'static str),
}

impl Reason {
    /// Left out by a rule that judged the block not content (a signature,
    /// a control, a post's counter, a repeat on a listing), not by the
    /// model or for being hidden.
    pub fn ruled_not_content(&self) -> bool {
        matches!(*self, Reason::Rule(r) if r.starts_with("not content"))
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Reason::None => Ok(()),
            Reason::Model { content: true, percent, cut } => write!(f, "content: model {percent}% ≥ the page's cut {cut}%"),
            Reason::Model { content: false, percent, cut } => {
                write!(f, "not content: model {percent}% < the page's cut {cut}%")
            }
            Reason::Hidden => f.write_str("not content: hidden, and not in a tab or accordion panel"),
            Reason::Rule(sentence) => f.write_str(sentence),
        }
    }
}

/// Where a page's leaves are cut: a leaf is content when its probability
/// is at least `min(threshold, max(floor, c))`, `c` the cut that maximises
/// the page's expected word F1 ([`expected_f1_cut`]). Leaves the model is
/// sure of are always kept; an unsure page keeps its likeliest leaves, but
/// none below `floor`. The shipped values (`model::LEAF_CUT`) were chosen
/// on held-out folds (`tools/lab` `refit` and `train --floor`): a floor
/// of 0.3 rather than 0.1 keeps fewer unlikely leaves on unsure pages of
/// products, listings and services, where the expected-F1 cut went lowest
/// (held out, +0.002 wcxb-dev word F1 at one trainer seed, −0.001 at
/// another: no measurable cost, see `tools/lab/src/main.rs`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cut {
    pub threshold: f32,
    pub floor: f32,
}

/// The leaf classifier: a first forest over each leaf's features, and an
/// optional second one that also reads the first one's probabilities
/// around the leaf ([`features::auto_context`]).
#[derive(Debug, Clone, Copy)]
pub struct LeafModel<'a> {
    pub first: &'a Forest,
    pub second: Option<&'a Forest>,
    pub cut: Cut,
}

impl LeafModel<'static> {
    /// The shipped model.
    pub fn shipped() -> LeafModel<'static> {
        LeafModel { first: &model::LEAF_FOREST, second: model::LEAF_SECOND, cut: model::LEAF_CUT }
    }
}

/// Decides with the shipped model.
pub fn decide(cx: &Context, table: &mut ScoreTable, page_type: &PageType) -> Decision {
    decide_with(cx, table, page_type, &LeafModel::shipped())
}

/// `forest`'s probability for every row of `feats`.
pub fn probabilities(feats: &features::Features, forest: &Forest, rows: usize) -> Vec<f32> {
    probabilities_of(&[feats], forest, rows)
}

/// `forest`'s probability for every row, its features read from `parts`
/// side by side (row `i` of each part describes the same leaf).
pub fn probabilities_of(parts: &[&features::Features], forest: &Forest, rows: usize) -> Vec<f32> {
    // The model's features, found by name among today's columns; one the
    // page lacks reads as missing.
    let index: Vec<Option<(usize, usize)>> = forest
        .features
        .iter()
        .map(|f| parts.iter().enumerate().find_map(|(k, p)| p.names.iter().position(|n| n == f).map(|j| (k, j))))
        .collect();
    let decoded = forest.decode();
    let mut x = vec![f32::NAN; forest.features.len()];
    (0..rows)
        .map(|i| {
            for (slot, ix) in x.iter_mut().zip(&index) {
                *slot = ix.map_or(f32::NAN, |(k, j)| parts[k].row(i)[j]);
            }
            decoded.probability(&x)
        })
        .collect()
}

/// See [`leaf_probabilities`]: above this many kept values (`f32`, 64 MiB;
/// about 240,000 leaves, a page of some 500,000 elements), the second pass
/// builds each leaf's row again instead of keeping it. On the generated
/// 1,000,000-element page (490,000 leaves) the kept rows are 135 MB of
/// wasm memory, and building them again took its peak from 872 to 775 MiB
/// (`./build.sh bench --growth`, 2026-11-25). It costs the decision one
/// more pass over the rows: on the 200,000-element page (6.7M values,
/// below this), natively 225 → 270 ms and about 30 ms of its 0.7 s of
/// scoring in the extension (`--large 200000`), so a page that size keeps
/// its 26 MiB of rows.
pub const ROWS_KEPT_MAX: usize = 16 << 20;

/// The leaf model's probabilities: (first stage, final). Each leaf's
/// feature row is built once and read at once ([`features::fill_rows`]:
/// only the columns the forests split on, 98 values with the context):
/// the first forest's probability, and a copy of only the features the
/// second forest reads (66 of the 98), or on a very large page none
/// ([`ROWS_KEPT_MAX`]). On the 200,000-element page (97,781 leaves) the
/// rows took 52 MiB as two full matrices and take 26 MiB so. Kept in half
/// precision (rounded down, which compares with the forests'
/// half-precision thresholds exactly as the `f32` value does) they took
/// 13 MiB, but the conversions made the decision slower: 1,090 → 1,225 ms
/// summed over wcxb-dev (`pith-lab signals wcxb-dev`, 2026-11-25).
pub fn leaf_probabilities(cx: &Context, table: &ScoreTable, model: &LeafModel) -> (Vec<f32>, Vec<f32>) {
    leaf_probabilities_keeping(cx, table, model, ROWS_KEPT_MAX)
}

/// [`leaf_probabilities`], keeping the rows when they hold at most
/// `kept_max` values.
pub fn leaf_probabilities_keeping(cx: &Context, table: &ScoreTable, model: &LeafModel, kept_max: usize) -> (Vec<f32>, Vec<f32>) {
    let n = cx.seg.leaves.len();
    // The row: the table columns either forest splits on, in the table's
    // order, then the context features ([`features::fill_rows`]).
    let second_features = model.second.map_or(&[][..], |s| s.features);
    let split_on = |key: &str| model.first.features.contains(&key) || second_features.contains(&key);
    let (keys, cols): (Vec<&str>, Vec<Col>) = features::leaf_columns(table).into_iter().filter(|&(k, _)| split_on(k)).unzip();
    let context = features::context_names();
    let names: Vec<&str> = keys.into_iter().chain(context.iter().map(String::as_str)).collect();
    let position = |f: &str| names.iter().position(|&n| n == f);
    // The first forest's features in the row (one the page lacks reads as
    // missing).
    let first_at: Vec<Option<usize>> = model.first.features.iter().map(|f| position(f)).collect();
    // The second forest's: kept from the row (`Ok(k)`: the k-th kept
    // column) or its own context (`Err(j)`: column j of the extras).
    let extras_names = features::auto_context_names();
    let mut kept: Vec<usize> = Vec::new();
    let second_at: Vec<Option<Result<usize, usize>>> = model.second.map_or(Vec::new(), |second| {
        second
            .features
            .iter()
            .map(|f| match position(f) {
                Some(j) => Some(Ok(kept.iter().position(|&k| k == j).unwrap_or_else(|| {
                    kept.push(j);
                    kept.len() - 1
                }))),
                None => extras_names.iter().position(|n| n == f).map(Err),
            })
            .collect()
    });
    let keep_rows = n * kept.len() <= kept_max;
    // The forests walk rows of `ROW_SLOTS` values: the first one the
    // feature row itself, a feature the page lacks read from a slot past
    // the row's end (always NaN); the second one the kept columns, then the
    // extras. Where they do not fit (a table of more columns than
    // `ROW_SLOTS`), `Vec` rows as long as needed, walked with bounds checks.
    let width = names.len();
    let mut x = vec![f32::NAN; ROW_SLOTS.max(width + 1)];
    let first = model.first.decode_at(|k| first_at[k].unwrap_or(width));
    let mut p1 = Vec::with_capacity(n);
    let mut rows: Vec<f32> = Vec::with_capacity(if keep_rows { n * kept.len() } else { 0 });
    features::fill_rows(cx, table, &cols, &mut x, &mut |_, row| {
        p1.push(probability(&first, row));
        if keep_rows {
            rows.extend(kept.iter().map(|&j| row[j]));
        }
    });
    let Some(second) = model.second else {
        return (p1.clone(), p1);
    };
    let (width, extras_width) = (kept.len(), extras_names.len());
    let decoded = second.decode_at(|k| match second_at[k] {
        Some(Ok(k)) => k,
        Some(Err(j)) => width + j,
        None => width + extras_width,
    });
    let mut x = vec![f32::NAN; ROW_SLOTS.max(width + extras_width + 1)];
    let mut p2 = Vec::with_capacity(n);
    if keep_rows {
        features::each_extras_row(cx, &p1, &mut |i, extras| {
            x[..width].copy_from_slice(&rows[i * width..(i + 1) * width]);
            x[width..width + extras_width].copy_from_slice(extras);
            p2.push(probability(&decoded, &x));
        });
    } else {
        // Each leaf's extras made beside its row: no matrix of them.
        let extras = features::Extras::new(cx, &p1);
        let mut extras_row = Vec::new();
        let mut row = vec![f32::NAN; names.len()];
        features::fill_rows(cx, table, &cols, &mut row, &mut |i, row| {
            extras.row(i, &mut extras_row);
            for (slot, &j) in x.iter_mut().zip(&kept) {
                *slot = row[j];
            }
            x[width..width + extras_width].copy_from_slice(&extras_row);
            p2.push(probability(&decoded, &x));
        });
    }
    (p1, p2)
}

/// `forest`'s probability of the row `x`: walked as a [`Row`] where it is
/// one (every row but those of a table wider than [`ROW_SLOTS`]).
fn probability(forest: &forest::Decoded, x: &[f32]) -> f32 {
    match <&Row>::try_from(x) {
        Ok(row) => forest.probability_row(row),
        Err(_) => forest.probability(x),
    }
}

/// The page's cut (see [`Cut`]).
pub fn page_cut(probs: &[f32], words: &[f32], cut: Cut) -> f32 {
    expected_f1_cut(probs, words).max(cut.floor).min(cut.threshold)
}

/// [`page_cut`] over the leaves that can be content: those of `never`
/// count as leaves the model gives no chance. A page's cut is its expected
/// F1's best ([`expected_f1_cut`]): leaves that a rule drops whatever their
/// probability (a cookie consent dialog's purposes and partners, prose the
/// model finds likely on a page without its style sheet) raised it over
/// the content's own. Found on a recipe collection (wcxb-dev) whose
/// held-out leaves kept only its consent dialog's 1,593 words at 0.9, the
/// cut 0.38 above the collection's cards at 0.30–0.37: the dialog dropped,
/// nothing was left (word F1 0; 0.84 with the cut made without the
/// dialog). Held out (`pith-lab held`, trainer seeds 1 / 2 / 3, 2026-11-30,
/// session 32): wcxb-dev 0.8834 / 0.8835 / 0.8837 → 0.8834 / 0.8841 /
/// 0.8843, listing 0.7791 / 0.7679 / 0.7575 → 0.7791 / 0.7764 / 0.7659;
/// 11, 9 and 10 pages changed, −0.006, +0.866 and +0.827 page-points (the
/// collection at seeds 2 and 3, the rest within ±0.03); readability and
/// cleanportaleval unchanged.
pub fn page_cut_without(probs: &[f32], words: &[f32], never: &[usize], cut: Cut) -> f32 {
    if never.is_empty() {
        return page_cut(probs, words, cut);
    }
    let mut p = probs.to_vec();
    for &i in never {
        p[i] = 0.0;
    }
    page_cut(&p, words, cut)
}

/// Decides with `forest` and `cut`.
pub fn decide_with(cx: &Context, table: &mut ScoreTable, page_type: &PageType, model: &LeafModel) -> Decision {
    let seg = cx.seg;
    let (first, probs) = leaf_probabilities(cx, table, model);
    let words: Vec<f32> = seg.leaves.iter().map(|l| l.words as f32).collect();
    // A consent dialog's text is never content (`consent_dialogs` below
    // drops it, whatever the model says): it does not weigh in the cut.
    let all: Vec<usize> = (0..seg.leaves.len()).collect();
    let consent_leaves = consent_dialogs(cx, table, &all);
    let cut = page_cut_without(&probs, &words, &consent_leaves, model.cut);
    let cols = table.add_all(COLUMNS);
    let mut keep = Vec::new();
    let mut reasons = vec![Reason::None; seg.leaves.len()];
    let cut_pct = (cut * 100.0).round() as u32;
    let panel = table.col("visibility.panel");
    // Leaves the model would keep but for being hidden: the page's content
    // where it shows nothing else (see [`hidden_fallback`]).
    let mut hidden_kept = Vec::new();
    for (i, leaf) in seg.leaves.iter().enumerate() {
        let p = probs[i];
        // Hidden text is content only in a tab or accordion panel (the
        // visibility cue's +1): a reader shows what the page can show.
        let hidden_furniture = leaf.hidden && panel.map_or(true, |c| table.get_or(c, leaf.id, 0.0) <= 0.0);
        if hidden_furniture && p >= cut && p > 0.0 {
            table.set(cols[0], leaf.id, first[i]);
            table.set(cols[1], leaf.id, p);
            table.set(cols[2], leaf.id, 0.0);
            reasons[i] = Reason::Hidden;
            hidden_kept.push(i);
            continue;
        }
        let content = p >= cut && p > 0.0;
        table.set(cols[0], leaf.id, first[i]);
        table.set(cols[1], leaf.id, p);
        table.set(cols[2], leaf.id, if content { 1.0 } else { 0.0 });
        // Percentages: integer formatting keeps float formatting out of the
        // wasm binary.
        reasons[i] = Reason::Model { content, percent: (p * 100.0).round() as u32, cut: cut_pct };
        if content {
            keep.push(i);
        }
    }
    // The one rule that keeps: a list read whole. It comes before the
    // rules that un-keep, so that they judge the items it adds too.
    let items = list_completion(cx, &keep);
    admit(cx, table, cols[2], &mut reasons, &mut keep, items, "content: an item of a list whose other items are content");
    // Then panels read as the content they stand in.
    let panels = panel_completion(cx, table, &keep);
    admit(cx, table, cols[2], &mut reasons, &mut keep, panels, "content: a tab or accordion panel of content shown beside it");
    let headers = post_headers(cx, &keep, page_type);
    admit(cx, table, cols[2], &mut reasons, &mut keep, headers, "content: a post's author or date, above its text");
    let formats = format_completion(cx, &keep, page_type);
    admit(cx, table, cols[2], &mut reasons, &mut keep, formats, "content: formatted like the kept posts (seed 001 §III, formatting similarity)");
    keep.sort_unstable();
    // Rules over the kept set, each un-keeping leaves with its reason.
    let menus = menu_copies(cx, table, &keep);
    let teasers = article_teasers(cx, table, &keep, page_type);
    let comments = article_comments(cx, table, &keep, page_type);
    // The same leaves as `consent_dialogs(cx, table, &keep)`: whether a
    // leaf is in a dialog does not depend on what else is kept.
    let consent: Vec<usize> = {
        let mut in_dialog = vec![false; seg.leaves.len()];
        for &i in &consent_leaves {
            in_dialog[i] = true;
        }
        keep.iter().copied().filter(|&i| in_dialog[i]).collect()
    };
    let navigation = navigation_links(cx, table, &keep);
    let signed = signatures(cx, table, &keep);
    let facets = facet_lists(cx, table, &keep, page_type);
    let actions = card_actions(cx, &keep, page_type);
    let bios = author_bios(cx, table, &keep, page_type);
    let dialogs = dialogs(cx, table, &keep, page_type);
    let widgets = widgets(cx, table, &keep);
    let mut controls = page_controls(cx, table, &keep);
    let [footer, page_nav, banner] = page_landmarks(cx, &keep);
    let mut overrule = |keep: &mut Vec<usize>, drop: Vec<usize>, reason: &'static str| {
        let mut dropped = vec![false; seg.leaves.len()];
        for &i in &drop {
            let id = seg.leaves[i].id;
            table.set(cols[2], id, 0.0);
            reasons[i] = Reason::Rule(reason);
            dropped[i] = true;
        }
        // A mask, not `drop.contains`: thousands of repeats on a listing
        // page would make that quadratic.
        keep.retain(|&i| !dropped[i]);
    };
    overrule(&mut keep, menus, "not content: a menu the page repeats");
    let orphans = orphan_headings(cx, &keep);
    overrule(&mut keep, orphans, "not content: a heading with no content under it");
    overrule(&mut keep, teasers, "not content: a teaser card outside the article");
    overrule(&mut keep, comments, "not content: a comment under the article");
    let reviews = review_blocks(cx, &keep, page_type);
    overrule(&mut keep, reviews, "not content: a customer review of the product");
    let notes = product_footnotes(cx, &keep, page_type);
    overrule(&mut keep, notes, "not content: a legal footnote of the product page");
    overrule(&mut keep, consent, "not content: a cookie consent dialog");
    overrule(&mut keep, navigation, "not content: a link of a navigation landmark");
    overrule(&mut keep, signed, "not content: a forum member's signature under a post");
    let filter_leaves = facets.clone();
    overrule(&mut keep, facets, "not content: a filter of the listed items");
    let labels = filter_headings(cx, &keep, &filter_leaves);
    overrule(&mut keep, labels, "not content: the heading of a filter of the listed items");
    overrule(&mut keep, actions, "not content: a card's button (add to cart, compare, quick view)");
    overrule(&mut keep, bios, "not content: the author's biography");
    overrule(&mut keep, dialogs, "not content: a dialog over the page");
    overrule(&mut keep, widgets, "not content: a menu, list box or search");
    overrule(&mut keep, footer, "not content: the page's footer (a <footer> outside any article or section, or ARIA contentinfo)");
    overrule(&mut keep, page_nav, "not content: the page's navigation (a <nav> outside any article or section, or ARIA navigation)");
    overrule(&mut keep, banner, "not content: the page's header (a <header> outside any article or section, or ARIA banner)");
    let counters = post_counters(cx, &keep, page_type);
    overrule(&mut keep, counters, "not content: a post's number or count on a thread");
    let details = member_details(cx, &keep, page_type);
    overrule(&mut keep, details, "not content: a member's details beside a post (a description list on a thread)");
    let edits = edit_notes(cx, &keep, page_type);
    overrule(&mut keep, edits, "not content: a post's edit note (\"Last edited by …\") on a thread");
    // Found before `overrule` borrows the table; what the rules above
    // dropped keeps their reason.
    controls.retain(|i| keep.binary_search(i).is_ok());
    overrule(&mut keep, controls, "not content: a control of the page (\"Back to top\", \"Show more\", \"Next page\")");
    if REPEATS_DROPPED_IN.contains(&page_type.kind) {
        let repeats = repeated_leaves(cx, &keep);
        overrule(&mut keep, repeats, "not content: repeats the text of an earlier content block");
    }
    let copies = repeated_runs(cx, &keep);
    overrule(&mut keep, copies, "not content: a second copy of a run of content blocks (the page carries them twice)");
    if let Some(hidden) = hidden_fallback(cx, &keep, hidden_kept, &probs) {
        let reason = if keep.is_empty() {
            "content: hidden, but the page shows no other content (it is shown by a script)"
        } else {
            "content: hidden, but the page shows far less content than it hides (it is shown by a script)"
        };
        for &i in &hidden {
            let id = seg.leaves[i].id;
            table.set(cols[2], id, 1.0);
            reasons[i] = Reason::Rule(reason);
        }
        keep.extend(hidden);
        keep.sort_unstable();
        keep.dedup();
    }
    if doubted_scrap(cx, &keep, &probs, model.cut) {
        for &i in &keep {
            let id = seg.leaves[i].id;
            table.set(cols[2], id, 0.0);
            reasons[i] = Reason::Rule("not content: the page has no article (all that is left is a scrap the model doubts)");
        }
        keep.clear();
    }
    finish(cx, table, keep, reasons)
}

/// A keeping rule's leaves: marked content in the score table, with the
/// rule's reason, and added to `keep`.
fn admit(cx: &Context, table: &mut ScoreTable, col: Col, reasons: &mut [Reason], keep: &mut Vec<usize>, add: Vec<usize>, reason: &'static str) {
    for &i in &add {
        table.set(col, cx.seg.leaves[i].id, 1.0);
        reasons[i] = Reason::Rule(reason);
    }
    keep.extend(add);
}

/// Whether what the decision keeps is a scrap on a page with no article:
/// fewer than [`SCRAP_MAX_WORDS`] words, none of them in a leaf the model
/// finds likelier content than not (every kept leaf below `cut.threshold`:
/// they were kept only because the page's cut went down to its likeliest
/// leaves, [`Cut`]). A reader then says there is no article rather than
/// show a footer's line as one. Found on wcxb-dev's pages whose truth is
/// empty (the saved page is a shell its scripts would fill): a store's
/// product pages that show only the footer's list of the group's sites (21
/// words at 35 %), a second-hand store's category page that shows a line
/// about its trade-in service (15 words at 40 %).
pub fn doubted_scrap(cx: &Context, keep: &[usize], probs: &[f32], cut: Cut) -> bool {
    let leaves = &cx.seg.leaves;
    !keep.is_empty()
        && keep.iter().all(|&i| probs[i] < cut.threshold)
        && keep.iter().map(|&i| leaves[i].words).sum::<u32>() < SCRAP_MAX_WORDS
}

/// See [`doubted_scrap`]. Held out (`pith-lab held`, the fold models of
/// trainer seeds 1–3, 2026-11-29), among the pages every kept leaf of
/// which the model doubts: those that keep fewer than 22 words are the
/// four whose truth is empty (each 0 → 1); the next keep 26 words (a
/// category page whose truth is its one-line description, 0.04) and 46
/// (0.92). 25 lies between: about the length of the readerable check's
/// shortest paragraph (140 characters, `cues::readerable`).
pub const SCRAP_MAX_WORDS: u32 = 25;

/// A page whose content is hidden when Pith reads it, and that shows
/// nothing else the model would keep, or far less, gets its hidden content
/// too rather than an empty or a token reader. Pages hide their content
/// until a script shows it: deferred blocks (`style="display: none"`
/// lifted once the page's scripts run), anti-flicker snippets of
/// A/B-testing tools, an article hydrated over placeholders ("Loading
/// paragraph…"), a page read with its scripts blocked (and the data sets'
/// saved pages, which have no scripts: in wcxb-dev two product pages,
/// their whole description and specifications in such a block, gave an
/// empty article). The page model already shows a hidden block that holds
/// most of the page's text (`REVEAL_MIN_SHARE` in `src/model/facts.rs`);
/// this is for a block that holds less of it than the menus shown around
/// it. The hidden leaves are those the model keeps but for being hidden, at
/// least [`HIDDEN_FALLBACK_MIN_WORDS`] words of them; where the page shows
/// kept content, they join it only when they hold at least
/// [`HIDDEN_FALLBACK_RATIO`] times its words, are mostly not links (at
/// most seed 001's [`USEFUL_MAX_LINK_DENSITY`] of their words: a hidden
/// menu or a sidebar of teasers stays out), and the model finds them about
/// as likely content as what is shown ([`HIDDEN_FALLBACK_MIN_P_SHARE`]).
/// What the page shows and the model keeps is never dropped. `probs`: the
/// decision's probability per leaf. Returns the hidden leaves to add, or
/// `None`.
///
/// [`USEFUL_MAX_LINK_DENSITY`]: crate::papers::text_stats::USEFUL_MAX_LINK_DENSITY
pub fn hidden_fallback(cx: &Context, keep: &[usize], hidden_kept: Vec<usize>, probs: &[f32]) -> Option<Vec<usize>> {
    let leaves = &cx.seg.leaves;
    let words: u32 = hidden_kept.iter().map(|&i| leaves[i].words).sum();
    if words < HIDDEN_FALLBACK_MIN_WORDS {
        return None;
    }
    if keep.is_empty() {
        return Some(hidden_kept);
    }
    let shown: u32 = keep.iter().map(|&i| leaves[i].words).sum();
    let link_words: f32 = hidden_kept.iter().map(|&i| leaves[i].link_density() * leaves[i].words as f32).sum();
    let max_links = crate::papers::text_stats::USEFUL_MAX_LINK_DENSITY as f32;
    // Word-weighted mean probabilities: of the hidden leaves, of the kept.
    let mean_p = |set: &[usize], total: u32| set.iter().map(|&i| probs[i] * leaves[i].words as f32).sum::<f32>() / total.max(1) as f32;
    let likely = mean_p(&hidden_kept, words) >= HIDDEN_FALLBACK_MIN_P_SHARE * mean_p(keep, shown);
    (words as f32 >= HIDDEN_FALLBACK_RATIO * shown as f32 && link_words <= max_links * words as f32 && likely).then_some(hidden_kept)
}

/// See [`hidden_fallback`]: on a page that shows content, the hidden
/// content joins it from this many times its words. Over the three sets
/// (the fold models of trainer seeds 1–3, `pith-lab held`, 2026-11-29),
/// the pages whose hidden kept text is at least what they show hide
/// 1.15–1.87 times it on most (readability's two test pages of hidden
/// text, a forum thread, service and store pages; at a ratio of 1,
/// readability word F1 fell 0.966 → 0.959 and two wcxb-dev pages lost
/// 0.27 and 0.36 at seed 1), and 5.8–279 times it on the pages the rule
/// takes it from (an article hydrated over placeholders, a service's home
/// page, two product pages: three gain 0.49–0.78 word F1 at every seed,
/// one does not move), besides a template's hidden blocks (4.0–4.4) and a
/// sidebar of links (16–17) that the other two bounds keep out. 3 lies
/// between; 2 and 5 change the same pages.
pub const HIDDEN_FALLBACK_RATIO: f32 = 3.0;

/// See [`hidden_fallback`]: the hidden leaves' mean probability (weighted
/// by words) must be at least this share of the kept leaves'. On the pages
/// the ratio and the links' bound let through (as for
/// [`HIDDEN_FALLBACK_RATIO`]), 0.85–1.22 where the hidden text was the
/// truth's or changed nothing (an article hydrated over placeholders, a
/// service's home page, two product pages' specifications), and 0.50–0.52
/// where it was a template's hidden "Lorem ipsum" blocks beside a short
/// article (at seeds 2 and 3, before this bound, its word F1 fell 1.0 →
/// 0.30). 3/4 lies between: Pith's choice from these pages, not a tuned
/// value.
pub const HIDDEN_FALLBACK_MIN_P_SHARE: f32 = 0.75;

/// See [`hidden_fallback`]: fewer hidden words than this (a closed dialog's
/// line, a menu's label) leave the reader empty. Twenty words is about one
/// sentence (the readerable check's own floor is far above); chosen, not
/// tuned: the two wcxb-dev pages it was written from hold 280 and 300.
pub const HIDDEN_FALLBACK_MIN_WORDS: u32 = 20;

/// See [`list_completion`]: lists of fewer items are left to the model.
pub const LIST_MIN_ITEMS: usize = 3;

/// Visible leaves of list items (`<li>` children of a `<ul>` or `<ol>`)
/// left out of a list whose other items are mostly kept (more than half
/// of its item leaves, and at least [`LIST_MIN_ITEMS`] of them): a list is
/// read as a whole, and an item the model found borderline beside kept
/// ones is its author's, as a reader would show it. Found on a short
/// three-item list in the middle of an article (the reader's Listen test
/// page), whose middle item a retrained model put at 43 % against a 50 %
/// cut. On the development sets, in-sample (`pith-lab eval`, 2026-11-23),
/// it leaves every figure within 0.001 of word F1 (wcxb-dev 0.881, listing
/// 0.750 → 0.749, service 0.859 → 0.860; readability and cleanportaleval
/// unchanged).
pub fn list_completion(cx: &Context, keep: &[usize]) -> Vec<usize> {
    let mut kept = vec![false; cx.seg.leaves.len()];
    for &i in keep {
        kept[i] = true;
    }
    // Per list: its item leaves and the kept ones.
    let (list, lists) = list_indices(cx);
    let mut counts = vec![(0u32, 0u32); lists];
    for (i, &l) in list.iter().enumerate() {
        if l != NO_LIST {
            counts[l as usize].0 += 1;
            counts[l as usize].1 += u32::from(kept[i]);
        }
    }
    let min = LIST_MIN_ITEMS as u32;
    (0..cx.seg.leaves.len())
        .filter(|&i| {
            let (items, kept_items) = counts.get(list[i] as usize).copied().unwrap_or_default();
            !kept[i] && !cx.seg.leaves[i].hidden && items >= min && 2 * kept_items > items
        })
        .collect()
}

/// No list, in [`list_indices`].
const NO_LIST: u32 = u32::MAX;

/// Per leaf, the index of the list it is an item of ([`list_of`]; lists
/// numbered in the order of their first items), or [`NO_LIST`]; and the
/// number of lists. The list rules count per list, not in arrays over
/// every node: those were 31 MB of the decision's passing peak on the
/// 1,000,000-element bench page (`tests/eval/SPEED.md`, session 27).
///
/// One pass in document order with the lists open around the leaf: a
/// list's items lie in its subtree, and the list of an item leaf is its
/// `<li>`'s parent, no more than two levels up, so it is the innermost of
/// the open lists holding the leaf, or a new one inside them. Sorting the
/// item leaves by list node instead held 20 bytes an item (12 MB on the
/// bench page, the decision's peak; `tests/eval/SPEED.md`, 2026-11-30).
fn list_indices(cx: &Context) -> (Vec<u32>, usize) {
    let mut index = vec![NO_LIST; cx.seg.leaves.len()];
    // (list node, its number, the end of its subtree), innermost last.
    let mut open: Vec<(NodeId, u32, NodeId)> = Vec::new();
    let mut lists = 0u32;
    for (i, l) in cx.seg.leaves.iter().enumerate() {
        let Some(list) = list_of(cx, l) else { continue };
        while open.last().is_some_and(|&(_, _, end)| end <= l.id) {
            open.pop();
        }
        index[i] = match open.last() {
            Some(&(node, k, _)) if node == list => k,
            _ => {
                open.push((list, lists, cx.page.subtree_end(list)));
                lists += 1;
                lists - 1
            }
        };
    }
    (index, lists as usize)
}

/// Per node: the words of the visible leaves under it for which
/// `counted(leaf index)` holds ([`BlockWords`]: kept per block, read per
/// node).
fn words_under<'a>(cx: &Context<'a>, counted: impl Fn(usize) -> bool) -> BlockWords<'a> {
    let seg = cx.seg;
    let mut words = vec![0u32; seg.blocks()];
    for (i, l) in seg.leaves.iter().enumerate() {
        if let (true, Some(b)) = (!l.hidden && counted(i), seg.block(l.holder())) {
            words[b] = words[b].saturating_add(l.words);
        }
    }
    for (b, p) in seg.blocks_up() {
        words[p] = words[p].saturating_add(words[b]);
    }
    BlockWords { seg, words }
}

/// [`words_under`]'s sums: one per block (a leaf's holder and its
/// ancestors are blocks; an inline node's sum is 0), indexed by node id.
/// One per node, each of the decision's rules that sums words held 6 MB of
/// wasm memory on the 1,000,000-element bench page (`tests/eval/SPEED.md`,
/// 2026-11-30).
struct BlockWords<'a> {
    seg: &'a crate::segment::Segmentation,
    words: Vec<u32>,
}

impl BlockWords<'_> {
    /// The words under the walk's root: the page's.
    fn total(&self) -> u32 {
        self[0]
    }
}

impl std::ops::Index<NodeId> for BlockWords<'_> {
    type Output = u32;

    fn index(&self, id: NodeId) -> &u32 {
        match self.seg.block(id) {
            Some(b) => &self.words[b],
            None => &0,
        }
    }
}

/// See [`panel_completion`]: the share of the visible words around a
/// hidden panel that must be kept for the panel to be kept.
pub const PANEL_KEPT_SHARE: f32 = 0.5;

/// See [`panel_completion`]: the shown block around a panel holds at most
/// this share of the page's visible words, as a tab set or an accordion
/// does; the page's own wrapper does not count as one (a consent dialog
/// hidden in it is no tab of the article).
pub const PANEL_MAX_PAGE_SHARE: f32 = 0.5;

/// Leaves of hidden tab and accordion panels (the visibility cue's +1)
/// left out where the visible text around the panel is mostly kept: the
/// words under the panel's nearest shown ancestor (the block that holds
/// the tab set or accordion, at most [`PANEL_MAX_PAGE_SHARE`] of the
/// page), at least [`PANEL_KEPT_SHARE`] of them kept; the panel itself in
/// the content and mostly prose, as the visibility cue's revealed panels
/// are (a filter drawer in a form, a hidden menu of links stay out).
/// A reader shows a page's other tabs as it shows the one open: a hidden
/// panel's leaves have no box or font facts, unlike everything else the
/// model scores, so its probability for them hangs on few training pages
/// (a retrained model put a product's specifications tab at 26–49 %
/// where the one before put it at 48–64 %, against a 50 % cut:
/// `tests/eval/styled-pages.mjs`, 2026-11-24). Panels among dropped
/// content (a closed menu's, a dialog's) are left to the model. On the
/// development sets, in-sample (`pith-lab eval`, 2026-11-24), 20 wcxb-dev
/// pages change (summed word F1 +0.006: mean unchanged at three decimals;
/// most gain or lose within 0.03), readability and cleanportaleval none;
/// without the page-share bound a page's hidden consent dialog joined its
/// article (0.995 → 0.811), without the content and prose tests a
/// collection's filter drawer (0.454 → 0.346).
pub fn panel_completion(cx: &Context, table: &ScoreTable, keep: &[usize]) -> Vec<usize> {
    let page = cx.page;
    let seg = cx.seg;
    let Some(panel) = table.col("visibility.panel") else { return Vec::new() };
    let in_panel = |i: usize| {
        let l = &seg.leaves[i];
        l.hidden && table.get_or(panel, l.id, 0.0) > 0.0
    };
    if !(0..seg.leaves.len()).any(in_panel) {
        return Vec::new();
    }
    let mut kept = vec![false; seg.leaves.len()];
    for &i in keep {
        kept[i] = true;
    }
    // Per node: visible words under it, and the kept ones.
    let n = page.nodes.len();
    let words = words_under(cx, |_| true);
    let kept_words = words_under(cx, |i| kept[i]);
    // Per element: the panel around it (the outermost hidden block, whose
    // parent is shown), top-down; and each panel's verdict once (panels
    // are disjoint, so their subtrees are read once in all).
    const NONE: usize = usize::MAX;
    let mut root_of = vec![NONE; n];
    for id in 0..n {
        if page.element(id).is_some_and(|e| e.hidden) {
            root_of[id] = match page.nodes[id].parent() {
                Some(p) if root_of[p] != NONE => root_of[p],
                _ => id,
            };
        }
    }
    let mut verdict: Vec<Option<bool>> = vec![None; n];
    let mut out = Vec::new();
    for i in (0..seg.leaves.len()).filter(|&i| !kept[i] && in_panel(i)) {
        let root = root_of[seg.leaves[i].holder()];
        // The shown block holding the panel.
        let Some(a) = (root != NONE).then(|| page.nodes[root].parent()).flatten() else { continue };
        let around = words[a] > 0
            && kept_words[a] as f32 >= PANEL_KEPT_SHARE * words[a] as f32
            && words[a] as f32 <= PANEL_MAX_PAGE_SHARE * words[0] as f32;
        if around && *verdict[root].get_or_insert_with(|| in_content(page, root) && mostly_prose(page, root)) {
            out.push(i);
        }
    }
    out
}

/// The list a leaf is an item of: its `<li>` (the leaf, or the block
/// holding it), whose parent is a `<ul>` or `<ol>`.
fn list_of(cx: &Context, leaf: &crate::segment::Leaf) -> Option<NodeId> {
    let page = cx.page;
    let item = [leaf.id, leaf.parent].into_iter().find(|&id| page.tag(id) == Some(Tag::Li))?;
    page.nodes[item].parent().filter(|&l| matches!(page.tag(l), Some(Tag::Ul | Tag::Ol)))
}

/// FNV-1a of `text`'s words, one space apart, continued from `h`: the
/// same words hash the same whatever the whitespace between them.
fn words_hash(h: u64, text: &str) -> u64 {
    text.split_whitespace().enumerate().fold(h, |h, (k, word)| fnv(if k > 0 { fnv(h, b" ") } else { h }, word.as_bytes()))
}

/// See [`menu_copies`]: an item leaf is a link when at least this share of
/// its text is link text (seed 001's L(i), `textStats.linkDensity`): all
/// of it, less a separator or an icon's letter. Not tuned: the rule
/// changes no figure of the development sets at three decimals but the
/// held-out listing word F1, 0.737 → 0.738 (`pith-lab eval` and `pith-lab
/// train`, 2026-11-23), where the model already rejects repeated menus;
/// it is there for pages no data set has, such as the generated large page
/// (`tools/lab/src/synthetic.rs`), whose 1,213 copies of one menu at
/// 100,000 elements it drops whatever the model says.
pub const MENU_MIN_LINK_DENSITY: f32 = 0.9;

/// Kept item leaves of menus the page repeats: lists (at least
/// [`LIST_MIN_ITEMS`] item leaves, every one a link) whose sequence of item
/// texts another list of the page repeats exactly, as a site's menu is
/// repeated in its header, footer and mobile drawer. A reader shows none
/// of them: an article's own lists are not printed twice.
pub fn menu_copies(cx: &Context, table: &ScoreTable, keep: &[usize]) -> Vec<usize> {
    let Some(link) = table.col("textStats.linkDensity") else { return Vec::new() };
    // Per list ([`list_indices`]): FNV-1a of its item texts in order, its
    // item count and whether every item is a link.
    let (list, lists) = list_indices(cx);
    let (mut hash, mut items, mut links) = (vec![FNV_OFFSET; lists], vec![0u32; lists], vec![true; lists]);
    for (i, &l) in list.iter().enumerate() {
        if l == NO_LIST {
            continue;
        }
        let (l, leaf) = (l as usize, &cx.seg.leaves[i]);
        items[l] += 1;
        links[l] &= table.get_or(link, leaf.id, 0.0) >= MENU_MIN_LINK_DENSITY;
        // Items end with a unit separator, which no text holds.
        hash[l] = fnv(words_hash(hash[l], leaf.text(cx.page)), &[0x1f]);
    }
    let menu = |l: usize| items[l] >= LIST_MIN_ITEMS as u32 && links[l];
    let mut copies: std::collections::HashMap<u64, u32> = std::collections::HashMap::new();
    for l in (0..lists).filter(|&l| menu(l)) {
        *copies.entry(hash[l]).or_default() += 1;
    }
    keep.iter()
        .copied()
        .filter(|&i| {
            let l = list[i] as usize;
            l < lists && menu(l) && copies[&hash[l]] >= 2
        })
        .collect()
}

/// Kept leaves that are links (at least [`MENU_MIN_LINK_DENSITY`] of their
/// text) inside a navigation landmark (`<nav>`, `role="navigation"`:
/// `markup.nav` within the markup cue's reach, [`crate::cues::markup::MAX_DISTANCE`]).
/// A reader shows no menu: an article's table of contents, a site's
/// sections, the pages of a category. The model already leaves nearly all
/// of them out; the rule is for pages no data set has, where it might not:
/// the generated large page with distinct menus (`tools/lab/src/synthetic.rs`:
/// 100,000 elements, 40-link lists in `<nav>` far outweighing the article)
/// kept 19,878 of its links under a model of 2026-11-27. Held out (seed 1's
/// fold models, `pith-lab held`): three wcxb-dev pages change, all up (two
/// collections' category menus, a documentation page's sidebar; +0.15
/// page-points), readability and cleanportaleval unchanged.
pub fn navigation_links(cx: &Context, table: &ScoreTable, keep: &[usize]) -> Vec<usize> {
    let (Some(nav), Some(link)) = (table.col("markup.nav"), table.col("textStats.linkDensity")) else { return Vec::new() };
    let inside = (crate::cues::markup::MAX_DISTANCE - 1) as f32;
    keep.iter()
        .copied()
        .filter(|&i| {
            let id = cx.seg.leaves[i].id;
            table.get_or(nav, id, f32::INFINITY) <= inside && table.get_or(link, id, 0.0) >= MENU_MIN_LINK_DENSITY
        })
        .collect()
}

/// Page types whose repeated blocks are dropped ([`repeated_leaves`]):
/// pages of posts, cards and sections, where a repeat is a quoted post or
/// a second (mobile, sticky, tabbed) copy of a block. Articles and
/// documentation are left alone: their repeats are the author's (a refrain,
/// placeholder text in a demo), and the readability set's truth keeps them
/// (dropping them there cost 0.03 shingle F1; on wcxb-dev's other types it
/// gained 0.004 word F1 overall, forum +0.02, product +0.01, measured with
/// `pith-lab eval`, 2026-11-22).
pub const REPEATS_DROPPED_IN: &[PageKind] =
    &[PageKind::Service, PageKind::Product, PageKind::Collection, PageKind::Forum, PageKind::Listing];

/// See [`repeated_leaves`]: shorter texts ("Yes", "Reply", a price) repeat
/// legitimately, in tables and lists.
pub const REPEAT_MIN_CHARS: usize = 30;

/// Kept leaves whose text (whitespace collapsed) equals an earlier kept
/// leaf's in another parent, of at least [`REPEAT_MIN_CHARS`] characters:
/// the same description or policy twice, as pages that carry a desktop and
/// a mobile copy of a block show it. A reader shows it once. Copies in one
/// parent are the author's (a refrain, placeholder paragraphs) and stay:
/// dropping them made pages of the readability set typed as listings lose
/// most of their text (held-out shingle F1 0.950 → 0.957 with the parent
/// test, wcxb-dev unchanged; `pith-lab train`, 2026-11-23).
pub fn repeated_leaves(cx: &Context, keep: &[usize]) -> Vec<usize> {
    // Earlier kept leaves by the hash of their words (a map: a scan of
    // every earlier leaf would make long pages quadratic).
    let mut seen: std::collections::HashMap<u64, Vec<usize>> = std::collections::HashMap::new();
    let mut out = Vec::new();
    for &i in keep {
        let text = cx.seg.leaves[i].text(cx.page);
        if text.chars().filter(|c| !c.is_whitespace()).count() < REPEAT_MIN_CHARS {
            continue;
        }
        let h = words_hash(FNV_OFFSET, text);
        let earlier = seen.entry(h).or_default();
        let parent = cx.seg.leaves[i].parent;
        if earlier.iter().any(|&j| {
            cx.seg.leaves[j].parent != parent && cx.seg.leaves[j].text(cx.page).split_whitespace().eq(text.split_whitespace())
        }) {
            out.push(i);
        } else {
            earlier.push(i);
        }
    }
    out
}

/// See [`repeated_runs`]: a copy this long is no refrain or repeated label.
/// With [`REPEATED_RUN_MIN_SHARE`], chosen over a grid of 50, 100 and 200
/// words by 0.1 and 0.2 of the kept words, every point of which changed
/// only pages it lifted (`pith-lab held`, 2026-11-30, session 32, before
/// [`REPEATED_RUN_PROSE_WORDS`]: 2 to 7 wcxb-dev pages, +0.65 to +1.14
/// summed word F1; readability and cleanportaleval unchanged); without the
/// share, 100 words changed 16 pages, 4 of them down (documentation
/// repeating its code samples). With all three: held out 6 pages up,
/// +1.06; the shipped model 4 pages up, +0.84 (`pith-lab digest`, `eval`).
pub const REPEATED_RUN_MIN_WORDS: u32 = 100;

/// See [`repeated_runs`]: the copy is at least this share of the kept
/// words (the grid above).
pub const REPEATED_RUN_MIN_SHARE: f32 = 0.1;

/// See [`repeated_runs`]: a copy holds a leaf of prose at least this long
/// (a sentence), so that a grid's repeated labels are no copy: a plan's
/// features repeated card after card (84 leaves of at most 5 words on one
/// wcxb-dev service page, whose truth keeps them), a comparison table's
/// check marks. The repeated runs of the grid above that were content held
/// leaves of 43 to 126 words.
pub const REPEATED_RUN_PROSE_WORDS: u32 = 20;

/// Kept leaves that, one after another, each repeat the text of an earlier
/// kept leaf in another parent, for at least [`REPEATED_RUN_MIN_WORDS`]
/// words and [`REPEATED_RUN_MIN_SHARE`] of the kept words together, one of
/// them prose ([`REPEATED_RUN_PROSE_WORDS`]): a page
/// that carries its content twice, as saved pages of two templates do (a
/// blog's old and new layout, one hidden by a style sheet the saved page
/// lost) and pages with a second copy for another screen. A reader shows it
/// once. Every page type: unlike single repeats ([`repeated_leaves`]), which
/// on articles are the author's. Copies within one parent stay, as there:
/// the readability set's placeholder articles repeat whole paragraphs of
/// Lorem ipsum in one block, and its truth keeps them (three pages lost
/// half their text without the parent test).
pub fn repeated_runs(cx: &Context, keep: &[usize]) -> Vec<usize> {
    let seg = cx.seg;
    let total: u32 = keep.iter().map(|&i| seg.leaves[i].words).sum();
    if total < REPEATED_RUN_MIN_WORDS {
        return Vec::new();
    }
    let min_words = REPEATED_RUN_MIN_WORDS.max((REPEATED_RUN_MIN_SHARE * total as f32).ceil() as u32);
    let text = |i: usize| seg.leaves[i].text(cx.page).trim();
    // Per text (by a hash of its length and ends, which copies share), the
    // first kept leaf with it and the first in another parent than that
    // one: a leaf repeats an earlier one in another parent where either
    // is in another parent than its own. Texts that share a key but differ
    // (rare) are compared with every earlier leaf.
    let mut index = crate::papers::text_stats::KeyMap::default();
    let mut seen: Vec<(usize, usize)> = Vec::new();
    let mut out = Vec::new();
    let mut run: Vec<usize> = Vec::new();
    let mut run_words = 0;
    let mut run_prose = false;
    // The run ends at a leaf that repeats nothing, or after the last one.
    for (k, i) in keep.iter().copied().map(Some).chain([None]).enumerate() {
        let repeat = i.is_some_and(|i| {
            let t = text(i);
            let parent = seg.leaves[i].parent;
            let slot = *index.entry(text_key(t)).or_insert_with(|| {
                seen.push((i, NO_LEAF));
                seen.len() as u32 - 1
            }) as usize;
            let (first, other) = seen[slot];
            if first == i {
                false
            } else if text(first) == t {
                if seg.leaves[first].parent == parent {
                    other != NO_LEAF
                } else {
                    if other == NO_LEAF {
                        seen[slot].1 = i;
                    }
                    true
                }
            } else {
                keep[..k].iter().any(|&j| seg.leaves[j].parent != parent && text(j) == t)
            }
        });
        match i {
            Some(i) if repeat => {
                run.push(i);
                run_words += seg.leaves[i].words;
                run_prose |= seg.leaves[i].words >= REPEATED_RUN_PROSE_WORDS;
            }
            _ => {
                if run_words >= min_words && run_prose {
                    out.append(&mut run);
                }
                run.clear();
                run_words = 0;
                run_prose = false;
            }
        }
    }
    out
}

/// No leaf, in [`repeated_runs`]' index.
const NO_LEAF: usize = usize::MAX;

/// [`repeated_runs`]' key of a text: FNV-1a of its length and of at most
/// its first and last 32 bytes. Hashing every byte of every kept leaf took
/// 1.4 % of the core's instructions (callgrind over `pith-lab profile
/// wcxb-dev --limit 60`).
fn text_key(t: &str) -> u64 {
    let b = t.as_bytes();
    let ends = if b.len() <= 64 { [b, &[][..]] } else { [&b[..32], &b[b.len() - 32..]] };
    let h = fnv(FNV_OFFSET, &(b.len() as u64).to_le_bytes());
    ends.iter().fold(h, |h, part| fnv(h, part))
}

/// See [`article_teasers`]: the article's block holds at least this share
/// of the kept words outside cards. In-sample on wcxb-dev with the shipped
/// model (`pith-lab eval`, 2026-11-24): 0.7, 0.8 and 0.9 changed 8, 6 and 3
/// pages for +1.26, +1.30 and +1.29 summed word F1.
pub const ARTICLE_BLOCK_SHARE: f32 = 0.8;

/// See [`article_teasers`]: kept words outside cards below which the page
/// is left alone (a page of cards and little else). 50 and 100 gave the
/// same pages, 200 lost two of the six (`pith-lab eval`, 2026-11-24).
pub const ARTICLE_MIN_WORDS: u32 = 100;

/// On an article page, kept leaves of teaser cards outside the article:
/// the related-story and "more from the site" streams beside or after it
/// (`cards.siblings` > 0, see [`crate::cues::cards`]). The article's block
/// is the deepest block holding [`ARTICLE_BLOCK_SHARE`] of the kept words
/// that are in no card; a card outside it is dropped unless its stream
/// (the cards' parent) holds that block too, as a listicle's sections of a
/// title and a paragraph sit beside its introduction in one article
/// element; and a stream inside that block which trails the article's
/// text ([`trailing_teasers`]). Only articles: the cards of a listing, a collection or a
/// forum are their content, and on service, product and documentation
/// pages the rule lost more than it won (4 pages, −0.04 summed word F1).
///
/// And a page typed a listing that declares itself an article (JSON-LD
/// or `og:type`, the `schema.article` column): a long stream of teasers
/// under a story makes it look like a listing to the page-type forests
/// (26 of the readability set's 130 articles are typed listings; one kept
/// a dozen other stories' summaries at precision 0.28). Held out (5
/// folds by domain, trainer seeds 1 / 2 / 3, 2026-11-27): readability
/// shingle F1 0.959 / 0.960 / 0.960 → 0.962 / 0.963 / 0.963 (two news
/// stories 0.44 → 0.98 and 0.42 → 0.49), no wcxb-dev or cleanportaleval
/// page changes. For every page typed a listing the rule gained the same
/// on readability but emptied a real listing whose lead story the
/// article's block took for the page (wcxb-dev listing 0.738 → 0.732).
///
/// Why a rule and not a feature: the cue given to the model as a feature
/// lowered every held-out figure at seed 1 (wcxb-dev 0.871 → 0.868,
/// cleanportaleval shingle 0.936 → 0.920; `pith-lab train`, 2026-11-24):
/// the model cannot tell teasers from a listing's cards with so few pages
/// of each. As a rule after the model, held out (5 folds by domain, seeds
/// 1–3): wcxb-dev 0.871 / 0.870 / 0.871 → 0.872 / 0.871 / 0.872 (article
/// precision 0.938 → 0.941), readability and cleanportaleval unchanged.
pub fn article_teasers(cx: &Context, table: &ScoreTable, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    let declared = table.col("schema.article").is_some_and(|c| table.get(c, 0) == 1.0);
    if page_type.kind != PageKind::Article && !(page_type.kind == PageKind::Listing && declared) {
        return Vec::new();
    }
    let Some(col) = table.col("cards.siblings") else { return Vec::new() };
    let page = cx.page;
    let seg = cx.seg;
    let in_card = |i: usize| table.get_or(col, seg.leaves[i].id, 0.0) > 0.0;
    if !keep.iter().any(|&i| in_card(i)) {
        return Vec::new();
    }
    let Some(best) = article_block(cx, keep, in_card) else { return Vec::new() };
    let counts = crate::cues::cards::card_siblings(cx);
    let card_of = |h: NodeId| crate::cues::cards::card_of(cx, &counts, h);
    let stream_of = |h: NodeId| card_of(h).and_then(|card| page.nodes[card].parent());
    let mut dropped: Vec<usize> = keep.iter().copied().filter(|&i| in_card(i) && !page.contains(best, seg.leaves[i].holder())).collect();
    // A card's stream (its parent) that holds the article's block is the
    // article's own list of sections; only streams beside it are teasers.
    // (The cards are found again only here: the column holds counts, not
    // the card node.)
    dropped.retain(|&i| stream_of(seg.leaves[i].holder()).is_some_and(|s| !page.contains(s, best)));
    // A stream inside the article's block that trails the article's text:
    // its related posts, in the same container.
    let link = table.col("textStats.linkDensity");
    let is_link = |i: usize| link.is_some_and(|c| table.get_or(c, seg.leaves[i].id, 0.0) >= TEASER_LINK_DENSITY);
    dropped.extend(trailing_teasers(cx, keep, &in_card, &is_link, best, &card_of));
    dropped
}

/// See [`trailing_teasers`]: a stream inside the article's block is its
/// teasers only when its kept words are fewer than this share of the
/// article's (the kept words in no card): more is the article's own list
/// of sections after a short introduction (a round-up, a listicle).
/// Chosen, not tuned: teasers are an appendix, less than half the text.
pub const TRAILING_TEASERS_MAX_SHARE: f32 = 0.5;

/// See [`trailing_teasers`]: a kept leaf at least this much link text
/// (seed 001's L(i)) is a card's link; a teaser links to its story, so at
/// least half of a trailing stream's cards must show one. A webcam page's
/// last sections, cards with no kept link, are its content. 0.5 is chosen,
/// not tuned: more of the leaf's text in links than not.
pub const TEASER_LINK_DENSITY: f32 = 0.5;

/// [`article_teasers`]'s second case: a card stream inside the article's
/// block (so not beside it) that starts only after
/// [`ARTICLE_BLOCK_SHARE`] of the article's words (the kept words in no
/// card), and holds fewer than [`TRAILING_TEASERS_MAX_SHARE`] of them:
/// the "more posts" after a story inside its own container (page builders
/// nest the story and its related posts in one block). Its kept leaves.
/// The same share as the block's: the stream begins where the block has
/// ended; and at least half its cards show a link ([`TEASER_LINK_DENSITY`]).
/// Held out (5 folds by domain, trainer seeds 1 / 2 / 3, `pith-lab held`,
/// 2026-12-02, session 46): readability word F1 0.968 / 0.967 / 0.965 →
/// 0.969 / 0.969 / 0.966 (a blog post with the summaries of other posts
/// under it, 0.86 → 1.00 at every seed); wcxb-dev 4–5 pages changed,
/// +0.04 / +0.04 / +0.07 summed word F1 (a story under five checklists'
/// summaries 0.88 → 1.00; a list of further reading the article
/// introduces, which WCXB's truth keeps, 0.91 → 0.84); cleanportaleval
/// unchanged. In-sample (the shipped model, `pith-lab eval`): readability
/// +0.14 summed, wcxb-dev 5 pages +0.12; without the link condition a
/// webcam page's last sections (cards with no kept link) were dropped,
/// 0.96 → 0.80. `keep` in document order, as the decision holds it.
fn trailing_teasers(cx: &Context, keep: &[usize], in_card: &dyn Fn(usize) -> bool, is_link: &dyn Fn(usize) -> bool, best: NodeId, card_of: &dyn Fn(NodeId) -> Option<NodeId>) -> Vec<usize> {
    let page = cx.page;
    let seg = cx.seg;
    debug_assert!(keep.windows(2).all(|w| w[0] < w[1]), "kept leaves in document order");
    let text_words: u32 = keep.iter().filter(|&&i| !in_card(i)).map(|&i| seg.leaves[i].words).sum();
    // Each stream inside the block, in one pass in document order: the
    // article's words before its first kept leaf, its kept words, its cards
    // with a kept leaf and those of them with a kept link (a card's leaves
    // are consecutive).
    struct Stream {
        before: u32,
        words: u32,
        cards: u32,
        linked: u32,
        last_card: NodeId,
        last_linked: bool,
    }
    let mut streams: std::collections::HashMap<NodeId, Stream> = std::collections::HashMap::new();
    let mut stream_of_leaf: Vec<Option<NodeId>> = vec![None; keep.len()];
    let mut text_before = 0u32;
    for (k, &i) in keep.iter().enumerate() {
        if !in_card(i) {
            text_before += seg.leaves[i].words;
            continue;
        }
        let holder = seg.leaves[i].holder();
        if !page.contains(best, holder) {
            continue;
        }
        let Some(card) = card_of(holder) else { continue };
        let Some(node) = page.nodes[card].parent() else { continue };
        stream_of_leaf[k] = Some(node);
        let t = streams.entry(node).or_insert(Stream { before: text_before, words: 0, cards: 0, linked: 0, last_card: card, last_linked: false });
        if t.cards == 0 || t.last_card != card {
            t.cards += 1;
            t.last_card = card;
            t.last_linked = false;
        }
        if !t.last_linked && is_link(i) {
            t.last_linked = true;
            t.linked += 1;
        }
        t.words += seg.leaves[i].words;
    }
    let teasers = |t: &Stream| {
        t.before as f32 >= ARTICLE_BLOCK_SHARE * text_words as f32
            && (t.words as f32) < TRAILING_TEASERS_MAX_SHARE * text_words as f32
            && 2 * t.linked >= t.cards
    };
    keep.iter().zip(&stream_of_leaf).filter(|(_, s)| s.and_then(|s| streams.get(&s)).is_some_and(teasers)).map(|(&i, _)| i).collect()
}

/// See [`article_comments`]: a leaf is in the comments when an element
/// named like comments or replies (the markup cue's discussion words,
/// `markup.discussion`) is at most this many levels above it. Held out at
/// trainer seed 3 (`pith-lab held`, 2026-11-27), pages changed and summed
/// word F1 gained: 2 levels 4 pages (+0.32), 4 levels 7 (+0.61), 6 levels
/// 8 (+0.61), 8 levels 7 (+0.60), 12 levels none (a wrapper so far up
/// names the whole page, and the article's block is then too small).
pub const COMMENT_LEVELS: f32 = 6.0;

/// See [`article_comments`]: below this probability of a forum, a page's
/// comments are dropped however much of the kept text they are (a short
/// post under a long thread of comments: the reader shows the post); at
/// or above it, only when they are at most half of it. Held out (trainer
/// seeds 1 / 2 / 3, 2026-11-27) against the half-of-the-words guard on
/// every page: readability shingle F1 0.962 / 0.963 / 0.963 → 0.965 /
/// 0.966 / 0.966 (a blog post under 42 comments 0.32 → 0.96), wcxb-dev
/// word F1 0.875 / 0.873 / 0.872 → 0.875 / 0.874 / 0.873 (a news story
/// under its readers' thread 0.35 → 0.98), forum 0.800 → 0.798 at seed 1
/// (a forum thread the forests took for an article at P(forum) 0.08 lost
/// its replies, 0.42 → 0.20). A discussion site's thread typed an article at
/// P(forum) 0.28 keeps its comments: with every page unguarded it fell
/// 0.64 → 0.05. 0.1 is chosen, not tuned: a page the forests give under
/// one chance in ten of being a forum.
pub const COMMENTS_FORUM_MAX: f32 = 0.1;

/// See [`article_comments`]: a page not typed a forum has its comments
/// dropped where the page-type forests give it at least this chance of
/// being an article, not only where an article is their first guess. A
/// blog post under 42 readers' comments (in the readability set) was
/// typed a listing by the shipped forests (0.48) and kept every
/// comment (word F1 0.34; typed an article by the held-out folds' forests,
/// 0.96). With this threshold, the shipped model natively (`pith-lab
/// eval`): that page 0.34 → 0.96, readability word F1 0.967 → 0.972, no
/// other page of the three sets changed; held out (`pith-lab held`, the
/// saved fold models of trainer seeds 1, 2 and 3, 2026-11-29, session 26):
/// no page changed. 0.25 is chosen, not tuned: one chance in four.
pub const COMMENTS_ARTICLE_MIN: f32 = 0.25;

/// On a page that may be an article (typed one, or not a forum and at
/// least [`COMMENTS_ARTICLE_MIN`] an article), kept leaves of the
/// comments under it: leaves in a
/// block named like comments or replies ([`COMMENT_LEVELS`]) outside the
/// article's block (the deepest block holding [`ARTICLE_BLOCK_SHARE`] of
/// the kept words that are not comments, at least [`ARTICLE_MIN_WORDS`]).
/// The readers' discussion is not the article, as Readability.js,
/// WCXB's article truths and cleanportaleval's leave it out; on a forum
/// the posts are the content, so forum pages are left alone, and so is a
/// page whose comments are more than half of what is kept while the
/// page-type forests see a forum in it ([`COMMENTS_FORUM_MAX`]): a
/// discussion they took for an article. Held out (5 folds by domain,
/// trainer seeds 1 / 2 / 3, 2026-11-27), with the half-of-the-words guard
/// on every page: cleanportaleval shingle F1 0.928 / 0.932 / 0.930 →
/// 0.933 / 0.933 / 0.934, wcxb-dev word F1 the same (0.875 / 0.873 /
/// 0.872; article 0.955 / 0.955 / 0.955 → 0.955 / 0.956 / 0.956, shingle
/// +0.001 at seeds 1 and 3), readability unchanged; see
/// [`COMMENTS_FORUM_MAX`] for the guard as shipped.
pub fn article_comments(cx: &Context, table: &ScoreTable, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if page_type.kind != PageKind::Article
        && (page_type.kind == PageKind::Forum || page_type.probability(PageKind::Article) < COMMENTS_ARTICLE_MIN)
    {
        return Vec::new();
    }
    let Some(col) = table.col("markup.discussion") else { return Vec::new() };
    let seg = cx.seg;
    let in_comments = |i: usize| table.get(col, seg.leaves[i].id) <= COMMENT_LEVELS;
    let Some(best) = article_block(cx, keep, in_comments) else { return Vec::new() };
    let drop: Vec<usize> =
        keep.iter().copied().filter(|&i| in_comments(i) && !cx.page.contains(best, seg.leaves[i].holder())).collect();
    let words = |v: &[usize]| v.iter().map(|&i| seg.leaves[i].words).sum::<u32>();
    if page_type.probability(PageKind::Forum) >= COMMENTS_FORUM_MAX && words(&drop) * 2 > words(keep) {
        return Vec::new();
    }
    drop
}

/// See [`review_blocks`]: how many levels above a leaf's block a review
/// container is looked for (a review's text sits in its card, the card in
/// the list, the list in the reviews' section: measured depths 2–6 in
/// wcxb-dev's product pages' review widgets).
pub const REVIEW_LEVELS: usize = 8;

/// See [`review_blocks`]: the class and id words (`NameTokens`) of a
/// customer-review container: the names themes give it, and the review
/// widgets' own prefixes (Yotpo, Okendo, Judge.me `jdgm`, Stamped.io).
pub const REVIEW_NAMES: &[&str] = &["review", "reviews", "yotpo", "okendo", "jdgm", "stamped", "testimonial", "testimonials"];

/// On a product page, the kept leaves inside a customer-review container
/// (a block named by [`REVIEW_NAMES`], or a schema.org `itemprop="review"`,
/// at most [`REVIEW_LEVELS`] above the leaf): a product's content is its
/// description and specifications, and the reviews under it are the
/// buyers' (WCXB's product truths leave them out). Unless the reviews are
/// most of what is kept (more than half its words) and what else is kept
/// is under [`REVIEWS_BESIDE_MIN_WORDS`]: then they are what the page
/// shows. As a feature of the leaf forests the same names changed
/// nothing the forests used (EVAL.md, 2026-11-26); as a rule after them,
/// held out (5 folds by domain, trainer seeds 1 / 2 / 3, 2026-11-27):
/// product word F1 0.664 / 0.670 / 0.673 → 0.673 / 0.681 / 0.679,
/// collection 0.688 → 0.686 (mean; collections typed as products),
/// wcxb-dev 0.8730 → 0.8737, readability and cleanportaleval unchanged.
/// Only on product pages: an article that reviews a product names its
/// body `review` too.
pub fn review_blocks(cx: &Context, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if page_type.kind != PageKind::Product || keep.is_empty() {
        return Vec::new();
    }
    let page = cx.page;
    let is_review = |id: NodeId| {
        page.element(id).is_some_and(|e| {
            named_any(e, REVIEW_NAMES) || e.itemprop().split_whitespace().any(|p| p == "review")
        })
    };
    let drop: Vec<usize> = keep.iter().copied().filter(|&i| within(cx, cx.seg.leaves[i].holder(), REVIEW_LEVELS, &is_review)).collect();
    let words = |v: &[usize]| v.iter().map(|&i| cx.seg.leaves[i].words).sum::<u32>();
    let beside = words(keep) - words(&drop);
    if words(&drop) * 2 > words(keep) && beside < REVIEWS_BESIDE_MIN_WORDS {
        return Vec::new();
    }
    drop
}

/// See [`review_blocks`]: a product page that keeps at least this many
/// words outside its reviews loses the reviews even where they are most of
/// what is kept (a description of a paragraph or two under a page of
/// reviews). Held out (5 folds by domain, trainer seed 1's fold models,
/// `pith-lab held`, 2026-11-27): at 20 / 50 / 100 words alike, seven
/// product pages change, five up (a retailer's reviews under a short
/// description: 0.19 → 0.46, 0.22 → 0.66, 0.31 → 0.73, 0.36 → 0.89,
/// 0.55 → 0.79) and two down (truths that keep the reviews: 0.99 → 0.57,
/// 0.85 → 0.56); product word F1 0.682 → 0.692, wcxb-dev 0.875 → 0.876.
pub const REVIEWS_BESIDE_MIN_WORDS: u32 = 50;

/// Whether the element's class or id words (`NameTokens`, lower-cased)
/// hold one of `names` (written in lower case).
fn named_any(e: &crate::model::Element, names: &[&str]) -> bool {
    crate::text::names_any(&e.class, e.id(), names)
}

/// Whether `id` or one of its ancestors, `levels` nodes in all, is `named`.
fn within(cx: &Context, id: NodeId, levels: usize, named: &dyn Fn(NodeId) -> bool) -> bool {
    let mut cur = Some(id);
    (0..levels).any(|_| match cur {
        Some(c) => {
            cur = cx.page.nodes[c].parent();
            named(c)
        }
        None => false,
    })
}

/// See [`product_footnotes`]: the class and id words of a block of legal
/// notes.
pub const FOOTNOTE_NAMES: &[&str] = &["footnote", "footnotes", "disclaimer", "disclaimers"];

/// On a product page, the kept leaves inside a block named a footnote or a
/// disclaimer (within [`REVIEW_LEVELS`] of the leaf's block): the legal
/// notes a maker's product page lists under its features ("Testing
/// conducted by…", "Image simulated", trade-in terms), a page of them on
/// some, which WCXB's product truths leave out. Held out (5 folds by
/// domain, trainer seed 1's fold models, `pith-lab held`, 2026-11-27), with
/// [`REVIEWS_BESIDE_MIN_WORDS`]: 12 product pages change, ten up (0.24 →
/// 0.48, 0.47 → 0.78, 0.71 → 0.87, 0.09 → 0.19, 0.87 → 0.95) and two by
/// 0.002 down; product word F1 0.692 → 0.700. Most of the gain is four
/// makers' sites. Not on other types: on articles footnotes are the
/// article's (16 article pages change, −0.38 page-points), service pages
/// move by −0.009 in all, and on collections one site's page changes;
/// looking 3 levels up instead of 8 changes 7 pages (+0.82), 12 levels
/// the same 12.
pub fn product_footnotes(cx: &Context, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if page_type.kind != PageKind::Product {
        return Vec::new();
    }
    let is_note = |id: NodeId| cx.page.element(id).is_some_and(|e| named_any(e, FOOTNOTE_NAMES));
    keep.iter().copied().filter(|&i| within(cx, cx.seg.leaves[i].holder(), REVIEW_LEVELS, &is_note)).collect()
}

/// See [`consent_dialogs`]: a block named like a consent dialog (but by
/// no platform's name) holds at most this share of the page's visible
/// words; a larger one is a wrapper whose class says the page has a dialog
/// (`has-cookie-banner`, `gdpr-enabled`), not the dialog.
pub const CONSENT_MAX_PAGE_SHARE: f32 = 0.5;

/// The kept leaves inside a cookie consent dialog (the markup cue's
/// `markup.consent`, at any depth: a preference centre nests a dozen
/// levels): a consent-management platform's dialog whatever its size, a
/// block named like one when it holds at most [`CONSENT_MAX_PAGE_SHARE`]
/// of the page. With the page's style sheet such a dialog is a fixed
/// layer, or hidden until asked for; without it (a page read before its
/// sheet applies, the data sets' saved pages) it reads as prose, its
/// purposes and partners paragraph after paragraph.
pub fn consent_dialogs(cx: &Context, table: &ScoreTable, keep: &[usize]) -> Vec<usize> {
    let Some(col) = table.col("markup.consent") else { return Vec::new() };
    let (page, leaves) = (cx.page, &cx.seg.leaves);
    let kind = |id: NodeId| table.get_or(col, id, 0.0);
    if !keep.iter().any(|&i| kind(leaves[i].id) > 0.0) {
        return Vec::new();
    }
    // A platform's dialog goes whatever its size: the sizes are looked for
    // only where a leaf is in a block merely named like one.
    if !keep.iter().any(|&i| kind(leaves[i].id) == 1.0) {
        return keep.iter().copied().filter(|&i| kind(leaves[i].id) == 2.0).collect();
    }
    // Each node's dialog: its nearest ancestor-or-self named like one, so
    // that a notice inside a wrapper named after it (`has-cookie-banner`)
    // is judged by its own size.
    // Found going up from each such leaf (the names read once a node),
    // not for every node of the page: reading every element's names was
    // 1 % of the core's instructions once all leaves were asked about.
    let mut named = vec![0u8; page.nodes.len()]; // 0 not read, 1 no, 2 yes
    let mut root = |from: NodeId| {
        let mut cur = Some(from);
        while let Some(c) = cur {
            if named[c] == 0 {
                named[c] = if page.element(c).is_some_and(|e| crate::cues::markup::consent_name(e) > 0) { 2 } else { 1 };
            }
            if named[c] == 2 {
                return c;
            }
            cur = page.nodes[c].parent();
        }
        NO_NODE
    };
    let words = words_under(cx, |_| true);
    let total = words.total().max(1) as f32;
    keep.iter()
        .copied()
        .filter(|&i| {
            let leaf = leaves[i].id;
            kind(leaf) == 2.0 || (kind(leaf) == 1.0 && {
                let r = root(leaves[i].holder());
                r != NO_NODE && words[r] as f32 <= CONSENT_MAX_PAGE_SHARE * total
            })
        })
        .collect()
}

/// "No such node" in [`nearest_named`]'s answer.
const NO_NODE: NodeId = NodeId::MAX;

/// Each node's nearest ancestor-or-self element that `named` accepts, or
/// [`NO_NODE`]: one pass in document order (parents come before their
/// children).
fn nearest_named(page: &crate::model::Page, named: impl Fn(&crate::model::Element) -> bool) -> Vec<NodeId> {
    let mut root = vec![NO_NODE; page.nodes.len()];
    for id in 0..page.nodes.len() {
        let parent = page.nodes[id].parent().map_or(NO_NODE, |p| root[p]);
        root[id] = match page.element(id) {
            Some(e) if named(e) => id,
            _ => parent,
        };
    }
    root
}

/// See [`named_blocks`]: a signature, a filter
/// list, an author's biography, a dialog or a menu holds at most this
/// share of the page's visible words. A signature is one member's few
/// lines under one post, a filter list a sidebar; a block with a fifth of
/// the page is a wrapper whose name says something else
/// (`signature-collection`, a shop's range; `filter-results` around the
/// grid; a biography page's `bio`), or a page shown in a dialog. Chosen by
/// hand, not tuned.
pub const NAMED_BLOCK_MAX_PAGE_SHARE: f32 = 0.2;

/// The kept leaves inside a forum post's signature (the markup cue's
/// `markup.signature`): the lines, quotes, links and banners a member's
/// profile adds under every post they write. They are the member's, not
/// the thread's; a reader leaves them out. On every page type (a
/// signature is nobody's content).
pub fn signatures(cx: &Context, table: &ScoreTable, keep: &[usize]) -> Vec<usize> {
    named_blocks(cx, table, keep, Named::Signature)
}

/// The kept leaves inside blocks of `family` (its markup column: 1 where
/// the node or an ancestor is of it), whose nearest such block holds at
/// most [`NAMED_BLOCK_MAX_PAGE_SHARE`] of the page's visible words; none
/// when they are most of the kept words (a page that is mostly such a
/// block is read as the page).
fn named_blocks(cx: &Context, table: &ScoreTable, keep: &[usize], family: Named) -> Vec<usize> {
    let Some(col) = table.col(family.key()) else { return Vec::new() };
    let leaves = &cx.seg.leaves;
    if !keep.iter().any(|&i| table.get_or(col, leaves[i].id, 0.0) > 0.0) {
        return Vec::new();
    }
    let root = nearest_named(cx.page, |e| family.names(e));
    let words = words_under(cx, |_| true);
    let total = words.total().max(1) as f32;
    let drop: Vec<usize> = keep
        .iter()
        .copied()
        .filter(|&i| {
            let r = root[leaves[i].holder()];
            r != NO_NODE && words[r] as f32 <= NAMED_BLOCK_MAX_PAGE_SHARE * total
        })
        .collect();
    unless_most(cx, drop, keep)
}

/// `drop`, or none when its leaves hold most of `keep`'s words: a page
/// that is mostly such a block is read as the page ([`named_blocks`],
/// [`choice_groups`]).
fn unless_most(cx: &Context, drop: Vec<usize>, keep: &[usize]) -> Vec<usize> {
    let words = |set: &[usize]| set.iter().map(|&i| u64::from(cx.seg.leaves[i].words)).sum::<u64>();
    if words(&drop) * 2 > words(keep) {
        return Vec::new();
    }
    drop
}

/// The kept leaves inside a dialog (`markup.dialog`: `<dialog>`, ARIA
/// `dialog` and `alertdialog`): a newsletter or sign-in popup, a cart or
/// menu drawer, a country chooser. With the page's scripts and sheet they
/// are hidden until asked for or float over the page; read without them
/// (a page read before its sheet applies, the data sets' saved pages) they
/// read as the page's own blocks. Not on product pages: there a dialog
/// holds the product's own size guide or details, which its reader wants
/// (held out, two product pages lost 0.19 and 0.22 word F1 to it, the
/// product pages 0.19 page-points in all).
pub fn dialogs(cx: &Context, table: &ScoreTable, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if page_type.kind == PageKind::Product {
        return Vec::new();
    }
    named_blocks(cx, table, keep, Named::Dialog)
}

/// The kept leaves inside a widget whose content is choices, not text
/// (`markup.widget`: ARIA `menu`, `menubar`, `listbox`, `tooltip` and the
/// `search` landmark): a shop's account or sort menu, a size picker's
/// options, a tooltip's hint. The navigation rule
/// ([`navigation_links`]) takes a menu's links; this takes its other
/// items (buttons, labels, counts). A count over wcxb-dev's saved HTML:
/// 25,320 words of such blocks outside the truths, 633 inside.
pub fn widgets(cx: &Context, table: &ScoreTable, keep: &[usize]) -> Vec<usize> {
    named_blocks(cx, table, keep, Named::Widget)
}

/// The page types whose facet lists are dropped: pages of cards and
/// offers, where filters sit beside the grid.
pub const FACETS_DROPPED_IN: &[PageKind] = &[PageKind::Collection, PageKind::Listing, PageKind::Product];

/// The kept leaves inside a shop's or a listing's filters (`markup.facets`:
/// blocks named `facet`, `filter`, `refinement`): "Ember (15)", "$10 –
/// $20", the checkboxes of sizes and brands. They choose what the page
/// lists; they are not what it lists.
pub fn facet_lists(cx: &Context, table: &ScoreTable, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if !FACETS_DROPPED_IN.contains(&page_type.kind) {
        return Vec::new();
    }
    let mut drop = named_blocks(cx, table, keep, Named::Facets);
    if CHOICES_DROPPED_IN.contains(&page_type.kind) {
        drop.extend(choice_groups(cx, table, keep));
    }
    drop.sort_unstable();
    drop.dedup();
    drop
}

/// Kept headings over a filter the rules above dropped ([`facet_lists`]):
/// a heading whose parent's leaves other than headings are none of them
/// kept and one of them a dropped filter choice ("Brand" over its
/// checkboxes, "Filter" over the facets and their headings). Alone, the filter's name is noise at the top of the
/// items. Unlike [`orphan_headings`], anywhere in the kept content: the
/// section was rejected by a rule as a filter, not by the model's doubt.
/// Found on the README's styled collections ("Filter", "Brand", "Colour",
/// "Price" over the cards, their choices gone); with CSS their word F1
/// 0.945 → 0.951, without 0.861 → 0.864. No page of the three data sets
/// changes (`pith-lab held` on the saved folds, every page's scores;
/// `./build.sh eval`): their models leave such headings out already.
pub fn filter_headings(cx: &Context, keep: &[usize], filters: &[usize]) -> Vec<usize> {
    if filters.is_empty() {
        return Vec::new();
    }
    let (page, leaves) = (cx.page, &cx.seg.leaves);
    let mut kept = vec![false; leaves.len()];
    for &i in keep {
        kept[i] = true;
    }
    let mut filter = vec![false; leaves.len()];
    for &i in filters {
        filter[i] = true;
    }
    let is_heading = |i: usize| leaves[i].element && page.tag(leaves[i].id).and_then(|t| t.heading_level()).is_some();
    keep.iter()
        .copied()
        .filter(|&i| {
            let leaf = &leaves[i];
            if !is_heading(i) {
                return false;
            }
            let Some(parent) = page.nodes[leaf.id].parent() else { return false };
            // The other headings (a facet's, beside this one) do not count.
            let others = cx.seg.leaves_in(page, parent).filter(|&j| !is_heading(j));
            others.clone().all(|j| !kept[j]) && others.clone().any(|j| filter[j])
        })
        .collect()
}

/// The buttons of a shop's cards, as their labels begin ([`card_actions`]):
/// what a reader does with an item, not what the item is. English first
/// (the list read off wcxb-dev's errors, below), then the same buttons as
/// the shop systems translate them (WooCommerce, Shopify, Magento and
/// PrestaShop's French, German, Spanish, Italian, Dutch and Portuguese
/// labels): a held-out store's cards carried "Comparer / Ne plus comparer"
/// 576 words over two pages, none in their truths (session 47). Not
/// "Sold out": that is the item's state, which some truths keep
/// (in-sample, a store's "Sold out" labels half in its truth).
pub const CARD_ACTIONS: &[&str] = &[
    "add to bag", "add to basket", "add to cart", "add to compare", "add to wish list", "add to wishlist",
    "buy now", "choose options", "compare", "notify me", "quick add", "quick shop", "quick view", "quickview",
    "select options", "shop now", "view details", "view options", "view product",
    // French
    "ajouter au panier", "aperçu rapide", "comparer", "voir le produit",
    // German
    "in den warenkorb", "schnellansicht", "vergleichen", "zum produkt",
    // Spanish
    "agregar al carrito", "añadir al carrito", "comparar", "vista rápida",
    // Italian
    "aggiungi al carrello", "confronta", "vista rapida",
    // Dutch
    "in winkelwagen", "snel bekijken", "vergelijk",
    // Portuguese
    "adicionar ao carrinho", "comprar agora", "visualização rápida",
];

/// See [`card_actions`]: a card's button has at most this many words
/// ("Quick view View Options").
pub const CARD_ACTION_MAX_WORDS: u32 = 4;

/// See [`card_actions`]: a label repeated on at least this many kept
/// leaves is a card's (one button a card).
pub const CARD_ACTION_MIN_REPEATS: usize = 3;

/// Whether `text` begins with one of [`CARD_ACTIONS`] (case aside), as a
/// word: "Compare", not "Comparison".
pub fn is_card_action(text: &str) -> bool {
    let t = crate::text::lower(text.trim());
    CARD_ACTIONS
        .iter()
        .any(|a| t.strip_prefix(a).is_some_and(|rest| !rest.chars().next().is_some_and(char::is_alphanumeric)))
}

/// Kept leaves on a collection or a listing ([`CHOICES_DROPPED_IN`]) that
/// are a card's button: at most [`CARD_ACTION_MAX_WORDS`] words that begin
/// with one of [`CARD_ACTIONS`] ("Add to Cart", "Compare", "Quickview"),
/// the same text on at least [`CARD_ACTION_MIN_REPEATS`] kept
/// leaves. The model keeps them with their cards (probabilities near the
/// cut: they sit in the grid, formatted alike). Held out (`pith-lab
/// leaves` over wcxb-dev's collections and listings, seed 2's fold models,
/// 2026-11-30): 539 kept words of such leaves on 14 pages, none in a truth.
pub fn card_actions(cx: &Context, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if !CHOICES_DROPPED_IN.contains(&page_type.kind) {
        return Vec::new();
    }
    let leaves = &cx.seg.leaves;
    let candidates: Vec<usize> = keep
        .iter()
        .copied()
        .filter(|&i| (1..=CARD_ACTION_MAX_WORDS).contains(&leaves[i].words) && is_card_action(leaves[i].text(cx.page)))
        .collect();
    // The same text on enough kept leaves: counted over the candidates
    // sorted by their text's hash.
    let hashes: Vec<u64> = candidates.iter().map(|&i| fnv(FNV_OFFSET, leaves[i].text(cx.page).trim().as_bytes())).collect();
    let order = crate::sort::order(&hashes);
    let mut drop: Vec<usize> = order
        .chunk_by(|&a, &b| hashes[a as usize] == hashes[b as usize])
        .filter(|same| same.len() >= CARD_ACTION_MIN_REPEATS)
        .flatten()
        .map(|&k| candidates[k as usize])
        .collect();
    drop.sort_unstable();
    drop
}

/// The page types whose unnamed groups of choices ([`choice_groups`]) are
/// dropped: pages of cards, where filters sit beside the grid. Not
/// products: there a group of choices is the product's own colours,
/// fabrics or sizes, which a truth may keep (in-sample, the shipped model,
/// a sofa's 35 fabrics: 0.76 → 0.47 with products in), or a form's.
pub const CHOICES_DROPPED_IN: &[PageKind] = &[PageKind::Collection, PageKind::Listing];

/// See [`choice_groups`]: a filter's choice holds at most this many words
/// ("Ember (15)", "Size 10", "Under $25 (4)"); a product card, with its
/// name, price and buttons, holds more. Chosen by hand, as the next two
/// (a count over wcxb-dev's saved HTML, below), not tuned.
pub const CHOICE_MAX_WORDS: u32 = 8;

/// See [`choice_groups`]: an inline choice (a `<label>` in a row of them)
/// has at most this many nodes; its text is read from them, so a larger
/// one is not read (a choice of [`CHOICE_MAX_WORDS`] words has a handful).
pub const CHOICE_MAX_NODES: usize = 32;

/// See [`choice_groups`]: a group of choices has at least this many
/// children.
pub const CHOICE_GROUP_MIN_ITEMS: usize = 3;

/// See [`choice_groups`]: at least this share of the group's child
/// elements are choices (a list's heading or "Show more" need not be).
pub const CHOICE_GROUP_MIN_SHARE: f32 = 0.6;

/// See [`choice_groups`]: groups of one tag and class with a card's title
/// link (the cards cue's [`crate::cues::cards::TITLE_MIN_WORDS`]) between
/// one and the next, in at least this share of their gaps, are the
/// swatches of product cards, not a filter's groups (headings between).
pub const CHOICE_CARD_TITLED_SHARE: f32 = 0.5;

/// See [`choice_groups`]: the text before a count in brackets is at most
/// this many characters ("Ember (15)").
pub const COUNT_LABEL_MAX_CHARS: usize = 60;

/// Whether `text` reads as a filter's choice with its count of matches,
/// "Ember (15)" or "Size M [1,204]": a label of at most
/// [`COUNT_LABEL_MAX_CHARS`] characters, then a whole number in brackets
/// at the end.
pub fn is_count_label(text: &str) -> bool {
    let t = text.trim();
    let (open, close) = match t.chars().last() {
        Some(')') => ('(', ')'),
        Some(']') => ('[', ']'),
        _ => return false,
    };
    let body = &t[..t.len() - close.len_utf8()];
    let Some(at) = body.rfind(open) else { return false };
    let count = body[at + 1..].trim();
    let label = body[..at].trim();
    !label.is_empty()
        && label.chars().count() <= COUNT_LABEL_MAX_CHARS
        && count.bytes().any(|b| b.is_ascii_digit())
        && count.bytes().all(|b| b.is_ascii_digit() || b == b',' || b == b'.')
}

/// The kept leaves inside a group of a filter's choices whatever its
/// name: an element of at least [`CHOICE_GROUP_MIN_ITEMS`] child elements,
/// [`CHOICE_GROUP_MIN_SHARE`] of them choices of at most
/// [`CHOICE_MAX_WORDS`] words that hold an `<input>` (or an element of ARIA
/// role `checkbox` or `radio`) or read as a count label
/// ([`is_count_label`]); a hidden input (`type=hidden`, a shop's
/// add-to-cart form in each card) is none. [`facet_lists`] finds filters by their class
/// names; shops whose names are hashed or utility classes keep theirs
/// (the README's styled collections, "Ember (15)"). The walk does not read
/// an input's `type`; in a group of short items an input is a checkbox, a
/// radio button or a quantity.
///
/// A product card's colour swatches are such a group too, one per card:
/// groups of one tag and class with a card's title link between them
/// ([`CHOICE_CARD_TITLED_SHARE`]) stay, and so do leaves the cards cue
/// puts in a card. The guards of [`named_blocks`] apply: a group holds at
/// most [`NAMED_BLOCK_MAX_PAGE_SHARE`] of the page's visible words, and
/// nothing is dropped when the dropped leaves would be most of the kept
/// words.
///
/// A count over wcxb-dev's saved HTML (groups of checkbox or radio inputs
/// or count labels, these bounds, no card guard; a choice's words counted
/// in the truth where its text is in it): on collection pages 9,822 such
/// words outside the truths and 1,491 inside (47 pages), on listings 757
/// and 37, on products 794 and 129. Held out (the saved fold models of
/// trainer seeds 1–3, `pith-lab held`): `tests/eval/EVAL.md`, 2026-11-30.
pub fn choice_groups(cx: &Context, table: &ScoreTable, keep: &[usize]) -> Vec<usize> {
    let (page, leaves) = (cx.page, &cx.seg.leaves);
    if keep.is_empty() {
        return Vec::new();
    }
    let words = words_under(cx, |_| true);
    let total = words.total().max(1) as f32;
    // Per node: whether its subtree holds an input or a checkbox or radio
    // role (children come after their parents in the arena).
    let mut input = vec![false; page.nodes.len()];
    for id in (0..page.nodes.len()).rev() {
        let own = page.element(id).is_some_and(|e| {
            (e.tag == Tag::Input && !e.hidden) || {
                let role = e.role().trim();
                role.eq_ignore_ascii_case("checkbox") || role.eq_ignore_ascii_case("radio")
            }
        });
        if own {
            input[id] = true;
        }
        if input[id] {
            if let Some(p) = page.nodes[id].parent() {
                input[p] = true;
            }
        }
    }
    let mut text = String::new();
    let mut is_choice = |c: NodeId, end: NodeId| -> bool {
        text.clear();
        let inline = cx.seg.is_inline(c);
        let n = if inline {
            // Inside a leaf (a row of `<label>`s): its own text nodes.
            if end - c > CHOICE_MAX_NODES {
                return false;
            }
            for m in c..end {
                if let Some(t) = page.text(m) {
                    text.push_str(t);
                }
            }
            crate::text::word_count(&text) as u32
        } else {
            words[c]
        };
        if !(1..=CHOICE_MAX_WORDS).contains(&n) {
            return false;
        }
        if input[c] {
            return true;
        }
        if !inline {
            let first = leaves.partition_point(|l| l.id < c);
            for l in leaves[first..].iter().take_while(|l| l.id < end).take(CHOICE_MAX_NODES) {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(l.text(page));
            }
        }
        is_count_label(&text)
    };
    // The groups, outermost first, as ranges of ids.
    let mut groups: Vec<(NodeId, NodeId)> = Vec::new();
    let mut items: Vec<NodeId> = Vec::new();
    let mut id = 0;
    while id < page.nodes.len() {
        let kids = page.children(id);
        items.clear();
        if kids.len() >= CHOICE_GROUP_MIN_ITEMS && words[id] as f32 <= NAMED_BLOCK_MAX_PAGE_SHARE * total {
            items.extend(kids.iter().copied().filter(|&c| page.element(c).is_some()));
        }
        if items.len() >= CHOICE_GROUP_MIN_ITEMS {
            let end = page.subtree_end(id);
            let choices = (0..items.len())
                .filter(|&k| is_choice(items[k], items.get(k + 1).copied().unwrap_or(end)))
                .count();
            if choices >= CHOICE_GROUP_MIN_ITEMS && choices as f32 >= CHOICE_GROUP_MIN_SHARE * items.len() as f32 {
                groups.push((id, end));
                id = end;
                continue;
            }
        }
        id += 1;
    }
    // A product card's colour or size swatches are a group of choices
    // too, repeated card after card with the card's title link between
    // them; a filter's groups follow each other with only their headings
    // between. Per leaf in order: how many title links (the cards cue's)
    // come before it.
    let mut before = Vec::with_capacity(leaves.len() + 1);
    before.push(0u32);
    for l in leaves {
        let title = !l.hidden
            && l.words >= crate::cues::cards::TITLE_MIN_WORDS
            && l.link_density() >= crate::cues::cards::TITLE_LINK_SHARE;
        before.push(before.last().copied().unwrap_or(0) + u32::from(title));
    }
    let titles_between = |from: NodeId, to: NodeId| {
        before[leaves.partition_point(|l| l.id < to)] - before[leaves.partition_point(|l| l.id < from)]
    };
    // Groups of one tag and class (a hash of both), in document order.
    let signature: Vec<u64> = groups
        .iter()
        .map(|&(g, _)| page.element(g).map_or(0, |e| fnv(fnv(FNV_OFFSET, e.name().as_bytes()), e.class.as_bytes())))
        .collect();
    let order = crate::sort::order(&signature);
    let mut in_cards = vec![false; groups.len()];
    for same in order.chunk_by(|&a, &b| signature[a as usize] == signature[b as usize]) {
        let gap = |w: &[u32]| titles_between(groups[w[0] as usize].1, groups[w[1] as usize].0);
        let titled = same.windows(2).filter(|w| gap(w) > 0).count();
        if same.len() >= 2 && titled as f32 >= CHOICE_CARD_TITLED_SHARE * (same.len() - 1) as f32 {
            for &k in same {
                in_cards[k as usize] = true;
            }
        }
    }
    let groups: Vec<(NodeId, NodeId)> = groups.into_iter().zip(in_cards).filter(|&(_, c)| !c).map(|(g, _)| g).collect();
    if groups.is_empty() {
        return Vec::new();
    }
    let cards = table.col("cards.siblings").map(|c| table.column(c));
    let in_card = |i: usize| cards.is_some_and(|c| c.get(leaves[i].id) > 0.0);
    let drop: Vec<usize> = keep
        .iter()
        .copied()
        .filter(|&i| {
            let h = leaves[i].holder();
            let g = groups.partition_point(|&(start, _)| start <= h);
            g > 0 && h < groups[g - 1].1 && !in_card(i)
        })
        .collect();
    unless_most(cx, drop, keep)
}

/// See [`post_counters`]: the page types whose counters are dropped.
/// Threads only: elsewhere a letterless leaf is as often a table's figure
/// or a price as furniture, and a count with its noun a card's "5
/// reviews" (held out, seed 1's fold models, 2026-11-29, page-points
/// summed: the letterless leaves on articles −0.34 over 54 pages, one
/// numeric table 0.97 → 0.70, on service pages −0.07; on every type at
/// once, collections 0.702 → 0.697 and listings 0.764 → 0.758 word F1;
/// the counts with their noun on articles −0.16, collections −0.14,
/// products −0.04, listings −0.02, service pages +0.01).
pub const COUNTERS_DROPPED_IN: &[PageKind] = &[PageKind::Forum];

/// See [`post_counters`]: a letterless leaf of more words is left to the
/// model (a post's table of figures, a version list). Held out (seed 1's
/// fold models, `pith-lab held`, 2026-11-29) 1, 2, 3 and 5 change the same
/// 26 forum pages (23 up, +0.08 page-points); no bound adds three pages
/// that lose 0.006–0.012 (figures inside posts).
pub const COUNTER_MAX_WORDS: u32 = 3;

/// The page's own landmarks that are never its content ([`page_landmark`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landmark {
    /// HTML `<footer>`, ARIA `contentinfo`: legal lines, link columns,
    /// fine print.
    Footer,
    /// HTML `<nav>`, ARIA `navigation`: menus, mega-menus and their
    /// blurbs.
    Navigation,
    /// HTML `<header>`, ARIA `banner`: the site's name, its search, its
    /// account and basket links, a promotion strip.
    Banner,
}

/// Kept leaves inside the page's own footer, navigation or header: an HTML
/// `<footer>`, `<nav>` or `<header>` (or an element of ARIA role
/// `contentinfo`, `navigation` or `banner`) that no sectioning element
/// scopes ([`LANDMARK_SCOPES`]: the footer or header of an article or a
/// section is that part's, and so is a table of contents inside the main
/// area), as HTML-AAM maps a page-level `<footer>` to the `contentinfo`
/// landmark and a `<header>` to `banner`. The model sees how far such an
/// element is (`markup.footer`, `markup.nav`, `markup.header`), not whose
/// it is, and [`navigation_links`] takes only the menus' links. What it
/// kept there
/// (wcxb-dev, held out): a store's 33 footnotes of fine print (2,300
/// words at 59–75 %) in the footer of a category page, a clinic's
/// testimonials in the footer under an article, a software company's
/// mega-menu of product names and one-line blurbs (not links) on its home
/// page, a promotion strip and a store's name in headers. Returns the
/// kept leaves to drop.
pub fn page_landmark(cx: &Context, keep: &[usize], landmark: Landmark) -> Vec<usize> {
    let [footer, navigation, banner] = page_landmarks(cx, keep);
    match landmark {
        Landmark::Footer => footer,
        Landmark::Navigation => navigation,
        Landmark::Banner => banner,
    }
}

/// [`page_landmark`] for the three landmarks at once, in the order of
/// [`Landmark`]: one pass down the page, not one per landmark.
pub fn page_landmarks(cx: &Context, keep: &[usize]) -> [Vec<usize>; 3] {
    if keep.is_empty() {
        return Default::default();
    }
    let page = cx.page;
    const LANDMARKS: [(Tag, &str); 3] = [(Tag::Footer, "contentinfo"), (Tag::Nav, "navigation"), (Tag::Header, "banner")];
    // Per node, two bits per landmark: 0 outside any, 1 inside a
    // sectioning element (a footer, a nav or a header there is its own),
    // 2 inside the page's landmark. Each landmark is judged on its own (a
    // `<nav>` in the page's footer is the page's navigation too). Parents
    // come first in the arena.
    let mut state = vec![0u8; page.nodes.len()];
    for id in 0..page.nodes.len() {
        let mut s = page.nodes[id].parent().map_or(0, |p| state[p]);
        if let Some(e) = page.element(id) {
            let role = e.role().trim();
            let scope = LANDMARK_SCOPES.contains(&e.tag);
            for (k, (tag, name)) in LANDMARKS.iter().enumerate() {
                if (s >> (2 * k)) & 3 == 0 {
                    if e.tag == *tag || role.eq_ignore_ascii_case(name) {
                        s |= 2 << (2 * k);
                    } else if scope {
                        s |= 1 << (2 * k);
                    }
                }
            }
        }
        state[id] = s;
    }
    let inside = |k: usize| keep.iter().copied().filter(|&i| (state[cx.seg.leaves[i].id] >> (2 * k)) & 3 == 2).collect();
    [inside(0), inside(1), inside(2)]
}

/// See [`page_landmark`]: the sectioning elements whose `<footer>`,
/// `<nav>` or `<header>` is their own (HTML-AAM: a `<footer>` is the
/// page's `contentinfo`, a `<header>` its `banner`, unless inside one of
/// these).
pub const LANDMARK_SCOPES: &[Tag] = &[Tag::Article, Tag::Aside, Tag::Main, Tag::Nav, Tag::Section];

/// On a forum page, the kept leaves that are a count: those with no letter
/// in any script and at most [`COUNTER_MAX_WORDS`] words (a post's number
/// "#4", its likes "12", a member's post count "65,797", a pager's "1 /
/// 3"), and those of a number and one word ([`count_and_noun`]: "12
/// Likes", "Posts: 2,455", "Reply 3"). A thread's posts are what a reader
/// reads; the counters between them are the board's furniture, which a
/// reader view leaves out. Letters of any script and no list of words, so
/// the rule reads no language in particular.
///
/// Held out (`pith-lab held` on the fold models of trainer seeds 1 / 2 /
/// 3, 2026-11-29): the letterless leaves alone change 26 / 28 / 23 forum
/// pages (23 / 25 / 21 up), forum word F1 0.8091 → 0.8099, 0.8104 →
/// 0.8111, 0.8070 → 0.8075; with the counts with their noun 0.8108,
/// 0.8119, 0.8082 (41 / 42 / 38 pages changed in all, 36 / 37 / 34 up,
/// none down by more than 0.003). Over the forum pages'
/// leaves at seed 1, of the kept leaves that are a number and one word 123
/// are outside the truth and 12 inside ("2 Likes", "RTX 4090"). On the
/// other page types the counts are content as often as not
/// ([`COUNTERS_DROPPED_IN`]).
pub fn post_counters(cx: &Context, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if !COUNTERS_DROPPED_IN.contains(&page_type.kind) {
        return Vec::new();
    }
    let leaves = &cx.seg.leaves;
    keep.iter()
        .copied()
        .filter(|&i| {
            let leaf = &leaves[i];
            (leaf.words <= COUNTER_MAX_WORDS && !leaf.text(cx.page).chars().any(char::is_alphabetic)) || count_and_noun(leaf.text(cx.page))
        })
        .collect()
}

/// Whether `text` is a count beside its noun, two words in either order:
/// "12 Likes", "Posts: 2,455", "Reply 3", "1.2k views". The number: ASCII
/// digits with `,` and `.`, an optional `k` or `m`; the noun: letters
/// of any script, an optional `:`.
fn count_and_noun(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let (Some(a), Some(b), None) = (words.next(), words.next(), words.next()) else {
        return false;
    };
    let number = |t: &str| {
        let t = t.trim_end_matches(['k', 'K', 'm', 'M']);
        t.starts_with(|c: char| c.is_ascii_digit()) && t.chars().all(|c| c.is_ascii_digit() || c == ',' || c == '.')
    };
    let noun = |t: &str| {
        let t = t.strip_suffix(':').unwrap_or(t);
        !t.is_empty() && t.chars().all(char::is_alphabetic)
    };
    (number(a) && noun(b)) || (noun(a) && number(b))
}

/// See [`edit_notes`]: an edit note is at most this many words ("Last
/// edited by archuser38013 (2024-08-08 07:50:08)", 7; "Edited November
/// 13, 2025 by ada (see edit history)" with the editor's reason on a line
/// below, 12). Chosen, not tuned: a longer leaf that opens so is a post's
/// own sentence ("Edited the config as you said and now the service
/// starts, but …").
pub const EDIT_NOTE_MAX_WORDS: u32 = 16;

/// On a forum page, the kept leaves that are a post's edit note, as the
/// boards print it under or over the post: "Last edited by ada; Feb 17,
/// 2026 at 9:17 am" (vBulletin, phpBB, FluxBB), "Last edited: 25 Sep 2024"
/// (XenForo), "Edited June 19, 2024 by ada (see edit history)"
/// (Invision Community). They are the board's record, not the thread's
/// text: the post's header says when it was written (and, on Invision
/// Community, "(edited)"). The boards' English strings: "Last edited", or
/// "Edited" followed by "by" or a date; "EDITED for a typo." is the
/// post's own. Threads only: "Edited by" over a book's editors is
/// content.
///
/// Over wcxb-dev (shipped model, natively, 2026-12-01): 29 kept leaves
/// open so, 26 of them notes on threads, and their truths keep 2 (one a
/// post's own "EDITED for a typo."); the text of 8 threads changes, 7 up
/// (the most 0.855 → 0.878), one down (a short thread whose truth keeps
/// its note, 0.950 → 0.913), +0.032 page-points; on other types one such
/// leaf, a book's "Edited by" line, which its truth keeps.
pub fn edit_notes(cx: &Context, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if page_type.kind != PageKind::Forum {
        return Vec::new();
    }
    let leaves = &cx.seg.leaves;
    keep.iter()
        .copied()
        .filter(|&i| leaves[i].words <= EDIT_NOTE_MAX_WORDS && is_edit_note(leaves[i].text(cx.page)))
        .collect()
}

/// Whether `text` opens as a board's edit note (see [`edit_notes`]).
fn is_edit_note(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("");
    let second = words.next().unwrap_or("");
    if first.eq_ignore_ascii_case("last") {
        return second.trim_end_matches([':', ',']).eq_ignore_ascii_case("edited");
    }
    if !first.trim_end_matches([':', ',']).eq_ignore_ascii_case("edited") {
        return false;
    }
    let rest = text.trim_start()[first.len()..].trim_start();
    second.eq_ignore_ascii_case("by")
        || second.eq_ignore_ascii_case("on")
        || dates_a_post(rest.split(" by ").next().unwrap_or(rest))
}

/// See [`page_controls`]: labels that are a control of the page whole
/// (case aside, once the arrows and separators around and between their
/// words are gone: "↑ Back to top", "« Previous | Next »", "Show more +
/// Show less –"). They scroll, page or unfold the page they are on; in a
/// reader they do nothing. "Read more" and "Learn more" are not here: they
/// name what they link to, and the truths keep them (session 41: "Learn
/// more" kept 89 times by Pith on 33 wcxb-dev pages, 90 times by the truths
/// on 8).
pub const PAGE_CONTROLS: &[&str] = &[
    "back to top", "back to top of page", "go to top", "jump to top", "return to top", "scroll to top", "to top", "top of page",
    "next", "next page", "prev", "prev next", "prev page", "previous", "previous next", "previous page",
    "newer", "newer entries", "newer posts", "older", "older entries", "older posts",
    "load more", "see all", "see less", "see more", "show all", "show less", "show more", "show more show less",
    "view all", "view less", "view more",
];

/// See [`page_controls`]: openings of a control that goes on to name the
/// page it leads back to ("Back to Project", "Return to
/// “Troubleshooting”", "← Back to all jobs"); such a leaf is a control
/// only when it is one: all link text, or inside a button. Not "See more
/// about …", "View all customer stories", "Show all skills": like "Learn
/// more", they name what they link to, and wcxb-dev's service pages'
/// truths keep them (natively, 2026-12-01: 9 such lines on 5 pages, all
/// in their truths).
pub const PAGE_CONTROL_OPENINGS: &[&str] = &["back to", "return to"];

/// See [`page_controls`]: a control's label has at most this many words
/// ("Back to our top GPS watches for running picks" has 9, and is left to
/// the model). Chosen, not tuned: a longer leaf that opens so is a
/// sentence ("Back to the harbour we went, with the tide against us").
pub const PAGE_CONTROL_MAX_WORDS: u32 = 8;

/// See [`page_controls`]: a leaf whose nearest button, `<label>` or ARIA
/// control (`markup.control`) is at most this many levels up is inside
/// one (the label's `<span>` inside the `<button>`, an icon's wrapper).
pub const PAGE_CONTROL_MAX_DEPTH: f32 = 2.0;

/// The kept leaves, on any page, that are a control of the page itself:
/// their whole label one of [`PAGE_CONTROLS`] ("Back to top", "Show more",
/// "Next page", "Previous | Next"), or a link or button of at most
/// [`PAGE_CONTROL_MAX_WORDS`] words that opens with one of
/// [`PAGE_CONTROL_OPENINGS`] ("Back to all jobs", "Return to
/// Troubleshooting"). The model keeps them beside the
/// content they scroll, page or unfold (at the foot of an article, between
/// a documentation page's sections, under a grid of cards); a reader shows
/// the content, where they would do nothing.
///
/// Over wcxb-dev (shipped model, natively, 2026-12-01): 256 kept lines
/// on 40 pages (708 words) go, and the truths keep 13 of them (on 8
/// pages: a documentation page's five "Show more", a service page's
/// "Previous"); the text of 31 pages goes up, of 8 down (at most −0.003),
/// +0.11 page-points in all. Held out: `tests/eval/EVAL.md`.
pub fn page_controls(cx: &Context, table: &ScoreTable, keep: &[usize]) -> Vec<usize> {
    let leaves = &cx.seg.leaves;
    let control = table.col("markup.control");
    // Each teaser link's label, with how many kept links carry it.
    let mut teasers: Vec<(usize, &'static str)> = Vec::new();
    let mut drop: Vec<usize> = keep
        .iter()
        .copied()
        .filter(|&i| {
            let leaf = &leaves[i];
            if !(1..=PAGE_CONTROL_MAX_WORDS).contains(&leaf.words) {
                return false;
            }
            // Lower case, runs of other characters one space: "« Previous |
            // Next »" is "previous next".
            let label = crate::text::fold_for_compare(leaf.text(cx.page));
            if PAGE_CONTROLS.contains(&label.as_str()) {
                return true;
            }
            let link = leaf.chars > 0 && leaf.link_chars == leaf.chars;
            if let Some(&t) = TEASER_LINKS.iter().find(|&&t| link && label == t) {
                teasers.push((i, t));
                return false;
            }
            let interactive = link || control.is_some_and(|c| table.get_or(c, leaf.id, f32::INFINITY) <= PAGE_CONTROL_MAX_DEPTH);
            interactive
                && PAGE_CONTROL_OPENINGS
                    .iter()
                    .any(|o| label.strip_prefix(o).is_some_and(|rest| rest.starts_with(' ')))
        })
        .collect();
    // A teaser's link repeated, one per teaser (a label names one list's
    // links, so the few labels are counted one by one).
    for &t in TEASER_LINKS {
        if teasers.iter().filter(|&&(_, l)| l == t).count() >= TEASER_LINK_MIN_REPEATS {
            drop.extend(teasers.iter().filter(|&&(_, l)| l == t).map(|&(i, _)| i));
        }
    }
    drop.sort_unstable();
    drop
}

/// See [`page_controls`]: the whole label of a link that opens the story a
/// teaser sums up ("Read more", "Continue reading →"), lower-cased with
/// its punctuation gone. Held out (`pith-lab` leaves over wcxb-dev, seed
/// 1's fold models, session 47): "read more" and "read full article" kept
/// 65 times by Pith on listings, collections and articles, never in a
/// truth. Not "Learn more", which the truths keep ([`PAGE_CONTROLS`]).
pub const TEASER_LINKS: &[&str] = &[
    "read more", "read full article", "read the full article", "read full story", "read the full story", "read article",
    "continue reading", "keep reading",
];

/// See [`page_controls`]: a teaser's link is dropped where at least this
/// many kept links carry the same label (one a teaser); a lone "Read
/// more" may be the one link to the rest of the page's own text.
pub const TEASER_LINK_MIN_REPEATS: usize = 2;

/// See [`member_details`]: the page types whose description lists are
/// dropped. Threads only: elsewhere a description list is a product's
/// specifications, a glossary or a fact box. Held out on other types
/// (seed 1's fold models, 2026-11-29, page-points summed over the pages
/// that change): documentation −1.77 over 27 pages, listings −0.77 (one
/// page), articles −0.64, service −0.23; products +3.14, but from three
/// pages whose truth is empty and whose output became so, and a page whose
/// specifications' values are image addresses, while a product whose
/// specifications are such a list fell 0.64 → 0.32; collections +0.34 (one
/// page of cards written as lists).
pub const DETAILS_DROPPED_IN: &[PageKind] = &[PageKind::Forum];

/// See [`member_details`]: how many ancestors of the element holding a
/// leaf are looked at for the description list, besides that element.
/// Held out (the fold models of seeds 1 / 3, `pith-lab held`,
/// 2026-11-29) 1 or 2 ancestors change 10 / 12 pages, 3, 4, 7 and 29 one
/// page more (a `<dd>` three levels above its text's element), all up.
pub const DETAILS_MAX_UP: usize = 4;

/// On a forum page, the kept leaves inside a description list (`<dl>`,
/// `<dt>`, `<dd>`, at most [`DETAILS_MAX_UP`] levels above the leaf's
/// element): the boards print each member's details so beside the post
/// (joined, posts, location, reputation: "Founded: Feb 08, 2019",
/// "Posts: 2455"), which a thread's reader leaves out with the member's
/// other furniture. Read from the markup alone, so in any language.
///
/// Held out (`pith-lab held` on the fold models of trainer seeds 1 / 2 /
/// 3, 2026-11-29, after [`post_counters`]): 11 / 12 / 13 forum pages
/// change, every one up (the most: 0.82 → 0.96–0.97, 0.82 → 0.87–0.88,
/// and 0.53 → 0.75 at seed 3); forum word F1 0.8108 / 0.8119 / 0.8082 →
/// 0.8137 / 0.8148 / 0.8132; no page of another type or set changes. Over
/// the forum pages' kept `<dt>`/`<dd>` leaves at seed 1, 392 words are
/// outside the truths and 36 inside.
pub fn member_details(cx: &Context, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if !DETAILS_DROPPED_IN.contains(&page_type.kind) {
        return Vec::new();
    }
    let in_list = |id: NodeId| matches!(cx.page.tag(id), Some(Tag::Dl | Tag::Dt | Tag::Dd));
    // The holding element and its DETAILS_MAX_UP ancestors.
    keep.iter().copied().filter(|&i| within(cx, cx.seg.leaves[i].holder(), DETAILS_MAX_UP + 1, &in_list)).collect()
}

/// On an article page, the kept leaves inside the author's biography box
/// (`markup.bio`: blocks named `bio`, `biography`): "Jane Doe covers
/// energy for the paper; before that…", about the writer, not the story.
/// Only articles: an about page's team members' biographies are its
/// content.
pub fn author_bios(cx: &Context, table: &ScoreTable, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if page_type.kind != PageKind::Article {
        return Vec::new();
    }
    named_blocks(cx, table, keep, Named::Bio)
}


/// The article's block: the deepest block holding [`ARTICLE_BLOCK_SHARE`]
/// of the words of the kept visible leaves that are not `set_apart`; none
/// when they are fewer than [`ARTICLE_MIN_WORDS`].
fn article_block(cx: &Context, keep: &[usize], set_apart: impl Fn(usize) -> bool) -> Option<NodeId> {
    let page = cx.page;
    let mut kept = vec![false; cx.seg.leaves.len()];
    for &i in keep {
        kept[i] = true;
    }
    let words = words_under(cx, |i| kept[i] && !set_apart(i));
    let total = words.total();
    if total < ARTICLE_MIN_WORDS {
        return None;
    }
    let need = (ARTICLE_BLOCK_SHARE * total as f32).ceil() as u32;
    let mut best = 0;
    while let Some(&c) = page.children(best).iter().find(|&&c| words[c] >= need) {
        best = c;
    }
    Some(best)
}

/// See [`format_completion`]: page types whose formatting groups are read
/// whole. Forums only: on listings and collections the rule changed
/// nothing held out (listing 0.736 → 0.735, collection 0.682 → 0.682).
pub const FORMATS_COMPLETED_IN: &[PageKind] = &[PageKind::Forum];

/// See [`format_completion`]: the share of a group's words that must be
/// kept. 0.3, 0.5 and 0.7 gave the same held-out forum figure (0.795 at
/// seed 1, `pith-lab train`, 2026-11-24).
pub const FORMAT_KEPT_SHARE: f32 = 0.5;

/// See [`format_completion`]: smaller groups are left to the model (two
/// leaves alike are a pair, not a thread's posts).
pub const FORMAT_MIN_LEAVES: usize = 3;

/// Seed 001's formatting-similarity step (§III): once content is chosen,
/// the leaves formatted like it (same tag path and class, font, left edge
/// and width: one formatting group of [`text_stats::format_ids`]) join it,
/// which is what recovers all the posts of a forum (issue 6). On forum pages, the
/// visible leaves of a group of at least [`FORMAT_MIN_LEAVES`] of which
/// at least [`FORMAT_KEPT_SHARE`] of the words are kept, unless they are
/// mostly links (seed 001's own bound, [`text_stats::USEFUL_MAX_LINK_DENSITY`]).
/// The model reads each leaf's group size and similarity, but judges a
/// reply that says little ("thanks for your post") on its own. Held out
/// (5 folds by domain, `pith-lab train`, 2026-11-24), forum word F1 at
/// seeds 1–3: 0.792 / 0.790 / 0.790 → 0.795 / 0.792 / 0.791 (recall 0.865
/// → 0.873 at seed 1); every other type and set unchanged.
///
/// [`text_stats::format_ids`]: crate::papers::text_stats::format_ids
/// [`text_stats::USEFUL_MAX_LINK_DENSITY`]: crate::papers::text_stats::USEFUL_MAX_LINK_DENSITY
pub fn format_completion(cx: &Context, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if !FORMATS_COMPLETED_IN.contains(&page_type.kind) {
        return Vec::new();
    }
    let seg = cx.seg;
    let ids = crate::papers::text_stats::format_ids(cx.page, seg);
    let mut kept = vec![false; seg.leaves.len()];
    for &i in keep {
        kept[i] = true;
    }
    // The visible leaves, grouped by format (the crate's one sort).
    let visible: Vec<usize> = (0..seg.leaves.len()).filter(|&i| ids[i].is_some()).collect();
    let keys: Vec<u64> = visible.iter().map(|&i| ids[i].unwrap_or(0)).collect();
    let order: Vec<usize> = crate::sort::order(&keys).into_iter().map(|k| visible[k as usize]).collect();
    let max_links = crate::papers::text_stats::USEFUL_MAX_LINK_DENSITY as f32;
    let mut out = Vec::new();
    for group in order.chunk_by(|&a, &b| ids[a] == ids[b]) {
        let words: u32 = group.iter().map(|&i| seg.leaves[i].words).sum();
        let kept_words: u32 = group.iter().filter(|&&i| kept[i]).map(|&i| seg.leaves[i].words).sum();
        if group.len() >= FORMAT_MIN_LEAVES && kept_words as f32 >= FORMAT_KEPT_SHARE * words as f32 {
            out.extend(group.iter().copied().filter(|&i| !kept[i] && seg.leaves[i].link_density() <= max_links));
        }
    }
    out.sort_unstable();
    out
}

/// See [`post_headers`]: a header line has at most this many words
/// ("Deleted member 621715", "January 11, 2025, 3:18am").
pub const POST_HEADER_MAX_WORDS: u32 = 6;

/// See [`post_headers`]: path segments of a member's page ("/u/ada",
/// "/members/ada.123/", "/profile/ada", "/users/42/ada").
pub const PROFILE_SEGMENTS: &[&str] = &["u", "user", "users", "member", "members", "profile", "profiles", "people"];

/// See [`dates_a_post`]: marks that part a header line's pieces
/// ("gearhead · Member · 393 posts", "#2 | 8 hours ago").
pub const POST_HEADER_SEPARATORS: &[char] = &['·', '|', '•', '\n'];

/// See [`dates_a_post`]: words that open a date the date reader
/// ([`crate::metadata::reads_as_date`]) cannot place, having no day of
/// its own ("Yesterday at 9:14 PM", forums' own way of dating recent
/// posts).
pub const RELATIVE_DAYS: &[&str] = &["today", "yesterday"];

/// Whether a short line dates a forum post: a piece of it (split at
/// [`POST_HEADER_SEPARATORS`]) reads as a date
/// ([`crate::metadata::reads_as_date`]) alone or after one word ("#2 · 8
/// hours ago", "Posted Oct 8, 2024"), or has one of [`RELATIVE_DAYS`]
/// there ("Yesterday at 9:14 PM").
pub fn dates_a_post(text: &str) -> bool {
    text.split(POST_HEADER_SEPARATORS).any(|piece| {
        let piece = piece.trim();
        crate::metadata::reads_as_date(piece)
            || piece.split_once(' ').is_some_and(|(_, rest)| crate::metadata::reads_as_date(rest))
            || piece.split_whitespace().take(2).any(|w| {
                let w = w.trim_end_matches([',', ':']);
                RELATIVE_DAYS.iter().any(|d| w.eq_ignore_ascii_case(d))
            })
    })
}

/// Whether a link's text mentions a member rather than names a post's
/// author ("@maren", a reply's first words).
pub fn is_mention(link_text: &str) -> bool {
    link_text.trim_start().starts_with('@')
}

/// Whether a link's address is a member's page: a path segment of
/// [`PROFILE_SEGMENTS`] ("/members/ada.123/", "/u/ada").
pub fn links_to_member(href: &str) -> bool {
    let path = href.split(['?', '#']).next().unwrap_or("");
    let path = path.split_once("//").map_or(path, |(_, rest)| rest.split_once('/').map_or("", |(_, p)| p));
    path.split('/').any(|seg| PROFILE_SEGMENTS.iter().any(|p| seg.eq_ignore_ascii_case(p)))
}

/// See [`post_group`]: an element holds a post only if at least this many
/// leaves are in it ([`crate::segment::Sums::leaves`]): a post has its
/// author, its date or its controls beside its text, kept or not; a
/// paragraph, a list item or a code block of a long post holds one, so
/// the post's own parts are not taken for posts. Chosen, not tuned: the
/// smallest count that tells a one-paragraph post (author and text) from
/// one paragraph.
pub const POST_MIN_LEAVES: u32 = 2;

/// An element's first class name ("" for none), past any of
/// [`ZEBRA_CLASSES`] and without its trailing digits: what marks a post
/// among its siblings ([`post_group`]). Threads stripe their posts in
/// turn ("contentBackground1", "contentBackground2"; "odd post", "even
/// post"), and each post is a post whichever stripe it wears.
pub fn first_class(class: &str) -> &str {
    let first = class.split_ascii_whitespace().find(|c| !ZEBRA_CLASSES.iter().any(|z| c.eq_ignore_ascii_case(z))).unwrap_or("");
    first.trim_end_matches(|c: char| c.is_ascii_digit())
}

/// Class names that stripe rows in turn, not say what they are (see
/// [`first_class`]): the names zebra striping uses before `:nth-child`
/// (Drupal's and WordPress's "odd"/"even", "alt").
pub const ZEBRA_CLASSES: &[&str] = &["odd", "even", "alt"];

/// The posts of a thread: the page's largest group of sibling elements of
/// one tag and first class name that each hold a kept leaf (`has_kept`:
/// per node, a kept leaf at or under it), at least [`POST_MIN_LEAVES`]
/// leaves and pass `holds` (the reader's further test: the start of a
/// block); a question's answers, a thread's replies. The first class name
/// ([`first_class`]) marks a post among its siblings whatever the others
/// say ("answer js-answer accepted-answer" is an answer as "answer
/// js-answer" is); a hash collision of two groups' keys merges them, which only moves a
/// post's bounds. Members in document order; None under two.
#[inline(never)]
pub fn post_group(page: &crate::model::Page, seg: &crate::segment::Segmentation, has_kept: &[bool], holds: &dyn Fn(NodeId) -> bool) -> Option<Vec<NodeId>> {
    use crate::papers::text_stats::KeyMap;
    let key = |parent: NodeId, tag: Tag, class: &str| {
        let h = fnv(FNV_OFFSET, &(parent as u64).to_le_bytes());
        fnv(fnv(h, &[tag as u8]), first_class(class).as_bytes())
    };
    let (mut counts, mut firsts) = (KeyMap::default(), KeyMap::default());
    let mut best: Option<(NodeId, usize)> = None;
    for id in 0..page.nodes.len() {
        let (Some(e), Some(parent)) = (page.element(id), page.nodes[id].parent()) else { continue };
        if !has_kept[id] || seg.sums(id).leaves < POST_MIN_LEAVES || !holds(id) {
            continue;
        }
        let k = key(parent, e.tag, &e.class);
        let count = counts.entry(k).or_insert(0);
        *count += 1;
        let first = *firsts.entry(k).or_insert(id as u32) as NodeId;
        if best.is_none_or(|(_, c)| *count as usize > c) {
            best = Some((first, *count as usize));
        }
    }
    let (first, members) = best.filter(|&(_, c)| c >= 2)?;
    let (e, parent) = (page.element(first)?, page.nodes[first].parent()?);
    let (tag, class) = (e.tag, first_class(&e.class));
    Some(
        page.children(parent)
            .iter()
            .copied()
            .filter(|&c| {
                page.element(c).is_some_and(|x| x.tag == tag && first_class(&x.class) == class)
                    && has_kept[c]
                    && seg.sums(c).leaves >= POST_MIN_LEAVES
                    && holds(c)
            })
            .take(members)
            .collect(),
    )
}

/// On a forum page, the lines above each post's text that say who wrote
/// it and when: in each post ([`post_group`]), the leaves before its first
/// kept one, of at most [`POST_HEADER_MAX_WORDS`] words, that read as a
/// date ([`crate::metadata::reads_as_date`]) or are a link to a member's
/// page ([`PROFILE_SEGMENTS`]) or open with one (the name over its rank,
/// "ada Apprentice", in one block). A reader shows whose each post is; the
/// model, judging each short line alone, left most out (a thread's
/// "paulb203", "Oct 8, 2024" at 10–30 %), where wcxb-dev's truths keep
/// them over each post.
pub fn post_headers(cx: &Context, keep: &[usize], page_type: &PageType) -> Vec<usize> {
    if page_type.kind != PageKind::Forum || keep.is_empty() {
        return Vec::new();
    }
    let (page, seg) = (cx.page, cx.seg);
    let leaves = &seg.leaves;
    let mut kept = vec![false; leaves.len()];
    let mut has_kept = vec![false; page.nodes.len()];
    for &i in keep {
        kept[i] = true;
        let mut n = leaves[i].holder();
        while !has_kept[n] {
            has_kept[n] = true;
            match page.nodes[n].parent() {
                Some(p) => n = p,
                None => break,
            }
        }
    }
    let Some(posts) = post_group(page, seg, &has_kept, &|_| true) else { return Vec::new() };
    let profile = |id: NodeId| page.subtree(id).any(|n| page.element(n).and_then(|e| e.href.as_deref()).is_some_and(links_to_member));
    // The leaf's text opens with a member's link, not a mention ("ada"
    // over "Apprentice" in one block, "gearhead Member · 393 posts").
    let opens_with_member = |id: NodeId| {
        let Some(first) = page.subtree(id).find(|&n| page.text(n).is_some_and(|t| !t.trim().is_empty())) else { return false };
        if page.text(first).is_some_and(is_mention) {
            return false;
        }
        let mut a = Some(first);
        while let Some(n) = a.filter(|&n| n >= id) {
            if page.element(n).and_then(|e| e.href.as_deref()).is_some_and(links_to_member) {
                return true;
            }
            a = page.nodes[n].parent();
        }
        false
    };
    let mut out = Vec::new();
    for post in posts {
        let range = seg.leaves_in(page, post);
        let from = range.start;
        let Some(first_kept) = range.into_iter().find(|&j| kept[j]) else { continue };
        for j in from..first_kept {
            let leaf = &leaves[j];
            if leaf.hidden || leaf.words == 0 || leaf.words > POST_HEADER_MAX_WORDS {
                continue;
            }
            let text = leaf.text(page);
            let is_profile = (leaf.link_density() >= 0.5 && profile(leaf.id)) || opens_with_member(leaf.id);
            if dates_a_post(text) || is_profile {
                out.push(j);
            }
        }
    }
    out
}

/// See [`orphan_headings`]: a section of fewer leaves may be a heading over
/// a figure or a table the decision rejected.
pub const ORPHAN_MIN_SIBLINGS: usize = 2;

/// Kept headings that label a rejected section: among the kept content's
/// last leaves, a heading whose parent holds at least
/// [`ORPHAN_MIN_SIBLINGS`] other leaves, none of them kept ("Comments" over
/// the comments, "Related" over the links). A heading introduces what
/// follows it; alone it is noise in the reader. (Dropping every trailing
/// heading, or every heading followed by one of the same rank, was
/// measured: both lowered word F1 on the readability set.) When the kept
/// content is headings alone, none goes: a page's title over content the
/// model missed is more than an empty reader (a forum post whose title
/// held its whole text lost it, held out: forum word F1 0.795 → 0.803,
/// wcxb-dev 0.871 → 0.872, `pith-lab held`, 2026-11-25).
pub fn orphan_headings(cx: &Context, keep: &[usize]) -> Vec<usize> {
    let level = |i: usize| {
        let leaf = &cx.seg.leaves[i];
        if leaf.element {
            cx.page.tag(leaf.id).and_then(|t| t.heading_level())
        } else {
            None
        }
    };
    let mut kept = vec![false; cx.seg.leaves.len()];
    for &i in keep {
        kept[i] = true;
    }
    let rejected_section = |i: usize| {
        let Some(parent) = cx.page.nodes[cx.seg.leaves[i].id].parent() else { return false };
        // The parent's subtree, once (not a descent per leaf).
        let end = cx.page.subtree_end(parent);
        let others: Vec<usize> = (0..cx.seg.leaves.len())
            .filter(|&j| j != i && (parent..end).contains(&cx.seg.leaves[j].holder()))
            .collect();
        others.len() >= ORPHAN_MIN_SIBLINGS && others.iter().all(|&j| !kept[j])
    };
    let trailing: Vec<usize> = keep.iter().rev().take_while(|&&i| level(i).is_some()).copied().collect();
    // Headings alone: the page's title over content the model missed. A
    // reader shows them rather than nothing.
    if trailing.len() == keep.len() {
        return Vec::new();
    }
    trailing.into_iter().filter(|&i| rejected_section(i)).collect()
}

/// The probability from which leaves are kept so that the page's expected
/// word F1 is highest, given each leaf's probability `p` of being content
/// and its words `w`: the plug-in rule for F-measure (Nan, Chai, Lee & Chieu,
/// "Optimizing F-measure: A Tale of Two Approaches", ICML 2012), with the
/// expectation of the ratio approximated by the ratio of expectations:
/// for the set S of the k most probable leaves,
/// `E[F1] ≈ 2 Σ_S p·w / (Σ_S w + Σ_all p·w)`; the best k over all prefixes.
/// A page whose leaves are all unlikely still keeps its most likely ones
/// (an empty answer scores 0), a confident page keeps what the model is
/// sure of. Returns the probability of the last kept leaf (∞ when none).
pub fn expected_f1_cut(p: &[f32], w: &[f32]) -> f32 {
    // Most probable first.
    let keys: Vec<u64> = p.iter().map(|&x| u64::MAX - crate::sort::f32_key(x)).collect();
    let order: Vec<u32> = crate::sort::order(&keys).into_iter().filter(|&i| w[i as usize] > 0.0).collect();
    let expected_truth: f64 = order.iter().map(|&i| f64::from(p[i as usize] * w[i as usize])).sum();
    let (mut kept_pw, mut kept_w) = (0.0f64, 0.0f64);
    let (mut best, mut cut) = (0.0f64, f32::INFINITY);
    for &i in &order {
        let i = i as usize;
        kept_pw += f64::from(p[i] * w[i]);
        kept_w += f64::from(w[i]);
        let f = 2.0 * kept_pw / (kept_w + expected_truth);
        if f > best {
            best = f;
            cut = p[i];
        }
    }
    cut
}

/// The decision's output from the kept leaves: content flags, root,
/// readerable.
pub fn finish(cx: &Context, table: &ScoreTable, leaves: Vec<usize>, reasons: Vec<Reason>) -> Decision {
    let page = cx.page;
    let seg = cx.seg;
    let mut content = vec![false; page.nodes.len()];
    for &l in &leaves {
        for &top in seg.leaves[l].nodes(page) {
            for m in page.subtree(top) {
                content[m] = true;
            }
        }
    }
    let root = lowest_common_ancestor(cx, leaves.iter().map(|&l| seg.leaves[l].holder()));
    let score = table.col("readerable.score").map_or(0.0, |c| table.get_or(c, 0, 0.0));
    let min = crate::cues::readerable::MIN_SCORE as f32;
    let min_whole = min as u32;
    let readerable = score > min;
    let readerable_reason = if readerable {
        format!("long paragraphs (score {} > {min_whole})", score as u32)
    } else if leaves.is_empty() {
        "no content found".to_string()
    } else {
        format!("too little running text (score {} ≤ {min_whole})", score as u32)
    };
    Decision { leaves, root, content, reasons, readerable, readerable_reason }
}

/// The deepest node that contains every node of `ids`.
pub fn lowest_common_ancestor(cx: &Context, ids: impl IntoIterator<Item = NodeId>) -> Option<NodeId> {
    let page = cx.page;
    let mut acc: Option<NodeId> = None;
    for id in ids {
        acc = Some(match acc {
            None => id,
            Some(mut a) => {
                while !page.contains(a, id) {
                    match page.nodes[a].parent() {
                        Some(p) => a = p,
                        None => break,
                    }
                }
                a
            }
        });
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts of the leaves `rule` picks on `html` (parsed, analysed
    /// with the default models) when every leaf is kept.
    fn picked(html: &str, rule: impl Fn(&Context, &ScoreTable, &[usize]) -> Vec<usize>) -> Vec<String> {
        let page = crate::html::parse_document(html, "https://example.test/").unwrap();
        let (seg, table, _) = crate::extract::analyse(&page, &crate::extract::Models::default());
        let cx = Context::new(&page, &seg);
        let all: Vec<usize> = (0..seg.leaves.len()).collect();
        rule(&cx, &table, &all).into_iter().map(|i| seg.leaves[i].text(&page).to_string()).collect()
    }

    #[test]
    fn shows_the_article_the_content_or_a_notice() {
        assert_eq!(shows(true, 0), Shows::Article);
        assert_eq!(shows(true, 900), Shows::Article);
        assert_eq!(shows(false, SHOWS_MIN_WORDS), Shows::Content);
        assert_eq!(shows(false, SHOWS_MIN_WORDS - 1), Shows::Notice);
        assert_eq!(shows(false, 0), Shows::Notice);
    }

    /// A shop's category page: no paragraph of 140 characters, so not
    /// readerable, but its products are what the reader shows; a sign-in
    /// form with a line of text stays a notice.
    #[test]
    fn a_grid_of_products_is_shown_and_a_sign_in_form_is_not() {
        let extract = |html: &str| {
            let page = crate::html::parse_document(html, "https://shop.example/").unwrap();
            crate::extract::extract(&page, &crate::extract::Options::default()).unwrap()
        };
        let card = |i: usize| {
            format!(
                "<li class=card><h3><a href=/p/{i}>Walnut desk lamp model {i}</a></h3>\
                 <p>Brass arm, linen shade, warm light for reading</p><span class=price>€{}.00</span></li>",
                40 + i
            )
        };
        let cards: String = (0..12).map(card).collect();
        let grid = extract(&format!("<title>Lamps</title><main><h1>Desk lamps</h1><ul>{cards}</ul></main>"));
        assert!(!grid.readerable);
        assert!(grid.word_count >= SHOWS_MIN_WORDS, "{} words", grid.word_count);
        assert_eq!(grid.shows, Shows::Content);
        let form = extract(
            "<title>Sign in</title><main><h1>Sign in</h1><form><label>Email <input></label>\
             <label>Password <input type=password></label><button>Sign in</button></form>\
             <p>Forgot your password?</p></main>",
        );
        assert_eq!(form.shows, Shows::Notice);
    }

    #[test]
    fn a_filters_headings_go_with_its_choices() {
        let facet = |name: &str, choices: &[&str]| {
            let items: String = choices
                .iter()
                .enumerate()
                .map(|(i, c)| format!("<li><label><input type=checkbox> {c} ({})</label></li>", 3 + 7 * i))
                .collect();
            format!("<h4>{name}</h4><ul>{items}</ul>")
        };
        let card = |i: usize| {
            format!("<li class=card><h3><a href=/p/{i}>Walnut desk lamp model {i}</a></h3><span class=price>€{}.00</span></li>", 40 + i)
        };
        let cards: String = (0..6).map(card).collect();
        let html = format!(
            "<title>Desk lamps</title><body><div class=wrap><aside><h3>Filter</h3>{}{}</aside>\
             <div class=notes><h4>Delivery</h4><ul><li><label><input type=checkbox> Gift wrap (2)</label></li></ul><p>Free above €50.</p></div>\
             <main><h1>Desk lamps</h1><ul class=grid>{cards}</ul></main></div></body>",
            facet("Brand", &["Saffron", "Granite", "Ember"]),
            facet("Colour", &["Harbour", "Juniper", "Cedar"]),
        );
        let page = crate::html::parse_document(&html, "https://shop.example/lamps").unwrap();
        let models = crate::extract::Models::default();
        let (seg, _, _) = crate::extract::analyse(&page, &models);
        let cx = Context::new(&page, &seg);
        let text = |i: usize| seg.leaves[i].text(&page).trim().to_string();
        let choice = |i: usize| text(i).ends_with(')');
        // As after the filter rules: every leaf kept but the choices, which
        // they dropped.
        let keep: Vec<usize> = (0..seg.leaves.len()).filter(|&i| !choice(i)).collect();
        let filters: Vec<usize> = (0..seg.leaves.len()).filter(|&i| choice(i)).collect();
        assert_eq!(filters.len(), 7);
        let dropped: Vec<String> = filter_headings(&cx, &keep, &filters).into_iter().map(text).collect();
        // "Delivery" stays: its section keeps a line of its own. The page's
        // and the cards' headings stay.
        assert_eq!(dropped, ["Filter", "Brand", "Colour"]);
        // No filter dropped, no heading goes.
        assert!(filter_headings(&cx, &keep, &[]).is_empty());
    }

    #[test]
    fn a_posts_author_and_date_come_with_its_text() {
        // Striped posts ("contentBackground1", "contentBackground2" in
        // turn): one group whichever stripe.
        let stripe = std::cell::Cell::new(0);
        let post = |who: &str, href: &str, when: &str, text: &str| {
            stripe.set(stripe.get() % 2 + 1);
            format!(
                "<div class='contentBackground{} post'><div class=meta><div><a href='{href}'>{who}</a></div><div>{when}</div>\
                 <div><a href=/tags/help>help</a></div><div>Reply</div></div>\
                 <div class=body><p>{text}</p><p>Thanks for reading this far, all of you.</p></div>\
                 <div class=foot>Edited Oct 9, 2024</div></div>",
                stripe.get()
            )
        };
        let html = format!(
            "<title>Tide mill question</title><body><main><h1>Tide mill question</h1><div class=thread>{}{}{}</div></main></body>",
            post("ada", "https://mills.example/members/ada.12/", "Oct 8, 2024", "Why does the wheel turn backwards at slack water?"),
            post("maren", "/u/maren", "3 hours ago", "The gates leak both ways when the pond and the sea stand level."),
            post("tom", "/threads/other-question.9/", "Yesterday at 9:14 PM", "Mark the shaft with chalk and watch it."),
        );
        // A name over its rank in one block; a mention is not an author.
        let html = html.replace(
            "</div></main>",
            "<div class='contentBackground2 post'><div class=meta><div><a href=/members/kit.3/>kit</a><br>Apprentice</div>\
             <div><a href=/members/ada.12/>@ada</a> see above</div><div>#4 · 2 hours ago</div></div>\
             <div class=body><p>The seal on the lower sluice was split along half its length.</p>\
             <p>Thanks for reading this far, all of you.</p></div></div></div></main>",
        );
        let page = crate::html::parse_document(&html, "https://mills.example/threads/1").unwrap();
        let models = crate::extract::Models::default();
        let (seg, _, _) = crate::extract::analyse(&page, &models);
        let cx = Context::new(&page, &seg);
        let text = |i: usize| seg.leaves[i].text(&page).trim().to_string();
        // As the model keeps a thread's text: the posts' bodies.
        let keep: Vec<usize> = (0..seg.leaves.len())
            .filter(|&i| page.closest(seg.leaves[i].id, |e| e.class.as_ref() == "body").is_some())
            .collect();
        assert_eq!(keep.len(), 8);
        let forum = PageType { kind: PageKind::Forum, confidence: 1.0, probabilities: [0.0; 7] };
        let added: Vec<String> = post_headers(&cx, &keep, &forum).into_iter().map(text).collect();
        // A member's link (or a line opening with one) and a date above
        // each post's text ("Yesterday at 9:14 PM", "#4 · 2 hours ago":
        // `dates_a_post`); not a tag's link, a "Reply", a link to another
        // thread (tom's), a mention, or a date below the text.
        assert_eq!(added, ["ada", "Oct 8, 2024", "maren", "3 hours ago", "Yesterday at 9:14 PM", "kit\nApprentice", "#4 · 2 hours ago"]);
        // Only on threads.
        let article = PageType { kind: PageKind::Article, ..forum };
        assert!(post_headers(&cx, &keep, &article).is_empty());
    }

    #[test]
    fn a_posts_class_is_its_first_past_stripes() {
        assert_eq!(first_class("answer js-answer accepted-answer"), "answer");
        assert_eq!(first_class("contentBackground2 postItem"), "contentBackground");
        assert_eq!(first_class("odd post"), "post");
        assert_eq!(first_class("Even"), "");
        assert_eq!(first_class(""), "");
    }

    #[test]
    fn a_short_line_that_dates_a_post() {
        for yes in ["Oct 8, 2024", "#2 · 8 hours ago", "Posted Oct 8, 2024", "Yesterday at 9:14 PM", "today, 10:02", "ada | 3 hours ago", "Edited yesterday"] {
            assert!(dates_a_post(yes), "{yes}");
        }
        for no in ["Reply", "Thanks, that fixed it.", "Member · 393 posts", "Joined the thread", "The day before yesterday's storm"] {
            assert!(!dates_a_post(no), "{no}");
        }
    }

    #[test]
    fn reasons_read_as_sentences_only_where_shown() {
        assert_eq!(Reason::None.to_string(), "");
        assert_eq!(
            Reason::Model { content: true, percent: 73, cut: 40 }.to_string(),
            "content: model 73% ≥ the page's cut 40%"
        );
        assert_eq!(
            Reason::Model { content: false, percent: 12, cut: 40 }.to_string(),
            "not content: model 12% < the page's cut 40%"
        );
        assert_eq!(Reason::Hidden.to_string(), "not content: hidden, and not in a tab or accordion panel");
        assert_eq!(Reason::Rule("not content: a heading with no content under it").to_string(), "not content: a heading with no content under it");
    }

    #[test]
    fn expected_f1_keeps_the_likely_and_never_nothing() {
        // Confident page: two sure leaves of 100 words, noise of 20 words.
        assert_eq!(expected_f1_cut(&[0.95, 0.9, 0.05, 0.02], &[100.0, 100.0, 20.0, 20.0]), 0.9);
        // Unsure page: the best guesses are kept all the same.
        let cut = expected_f1_cut(&[0.2, 0.1, 0.01], &[50.0, 50.0, 50.0]);
        assert!(cut > 0.01 && cut <= 0.2, "{cut}");
        // Leaves without words are never the reason for a cut.
        assert_eq!(expected_f1_cut(&[0.9, 0.8], &[0.0, 0.0]), f32::INFINITY);
    }

    #[test]
    fn leaves_no_rule_lets_be_content_do_not_raise_the_cut() {
        let cut = Cut { threshold: 0.5, floor: 0.3 };
        // A consent dialog's prose (0.9, 1,500 words) over a list of cards
        // (0.35, 20 words each): with the dialog the cut sits above the
        // cards; without it they are the page's best guesses, kept.
        let probs = [0.9, 0.35, 0.34, 0.36, 0.05];
        let words = [1500.0, 20.0, 20.0, 20.0, 30.0];
        assert!(page_cut(&probs, &words, cut) > 0.36);
        let without = page_cut_without(&probs, &words, &[0], cut);
        assert!(without <= 0.34 && without > 0.05, "{without}");
        assert_eq!(page_cut_without(&probs, &words, &[], cut), page_cut(&probs, &words, cut));
    }

    #[test]
    fn a_heading_over_rejected_text_goes_unless_it_is_all_there_is() {
        let page = crate::html::parse_document(
            "<html><body><article><h1>The story's title</h1><p>The story's only paragraph, kept.</p></article>\
             <section><h2>Comments</h2><p>First comment on the story.</p><p>Second comment here.</p></section>\
             </body></html>",
            "u",
        )
        .unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        let at = |text: &str| seg.leaves.iter().position(|l| l.text(&page).starts_with(text)).unwrap();
        let (title, story, comments) = (at("The story's title"), at("The story's only"), at("Comments"));
        // "Comments" ends the kept content over a section none of whose
        // other leaves is kept: it goes.
        assert_eq!(orphan_headings(&cx, &[title, story, comments]), vec![comments]);
        // Headings alone (the model kept nothing else): the reader shows
        // them rather than an empty article.
        assert!(orphan_headings(&cx, &[title]).is_empty());
        assert!(orphan_headings(&cx, &[comments]).is_empty());
    }

    #[test]
    fn a_second_copy_of_the_content_goes_and_the_authors_repeats_stay() {
        let para = |n: usize| format!("<p>Paragraph {n} of the story: {}</p>", "words that carry the story on. ".repeat(8));
        let story: String = (0..4).map(para).collect();
        // Two templates of one article: the second copy goes, whole.
        let html = format!(
            "<html><body><div id=a><h1>The title</h1>{story}</div><div id=b><div>{story}</div></div><p>The end note of the page.</p></body></html>"
        );
        let page = crate::html::parse_document(&html, "u").unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        let all: Vec<usize> = (0..seg.leaves.len()).collect();
        let texts = |ids: &[usize]| ids.iter().map(|&i| seg.leaves[i].text(&page).to_string()).collect::<Vec<_>>();
        let dropped = repeated_runs(&cx, &all);
        assert_eq!(dropped, vec![5, 6, 7, 8], "{:?}", texts(&dropped));
        assert!(texts(&dropped).iter().all(|t| t.starts_with("Paragraph")));
        // A short copy (one paragraph, 53 words: under REPEATED_RUN_MIN_WORDS)
        // stays, as a pull quote or a repeated notice does.
        let html = format!("<html><body><div>{story}</div><aside>{}</aside></body></html>", para(0));
        let page = crate::html::parse_document(&html, "u").unwrap();
        let seg = crate::segment::segment(&page);
        let all: Vec<usize> = (0..seg.leaves.len()).collect();
        assert!(repeated_runs(&Context::new(&page, &seg), &all).is_empty());
        // A grid's labels repeated card after card (each under 20 words,
        // REPEATED_RUN_PROSE_WORDS) are no copy, however many.
        let card = |n: usize| {
            let items: String = ["Keyword optimised resume", "Cover letter included", "LinkedIn profile review", "Two rounds of edits"]
                .iter()
                .map(|f| format!("<li>{f} for every plan</li>"))
                .collect();
            // Plans told apart by their place (and a style sheet): 168
            // repeated words in one run.
            format!("<div class=plan-{n}><ul>{items}</ul></div>")
        };
        let cards: String = (0..8).map(card).collect();
        let html = format!("<html><body>{cards}</body></html>");
        let page = crate::html::parse_document(&html, "u").unwrap();
        let seg = crate::segment::segment(&page);
        let all: Vec<usize> = (0..seg.leaves.len()).collect();
        assert!(repeated_runs(&Context::new(&page, &seg), &all).is_empty());
        // The author's repeats in one block stay, however long.
        let html = format!("<html><body><div>{story}{story}</div></body></html>");
        let page = crate::html::parse_document(&html, "u").unwrap();
        let seg = crate::segment::segment(&page);
        let all: Vec<usize> = (0..seg.leaves.len()).collect();
        assert!(repeated_runs(&Context::new(&page, &seg), &all).is_empty());
    }

    #[test]
    fn repeated_runs_tell_apart_texts_that_share_a_key() {
        // Same length and the same first and last 32 bytes: one key
        // (`text_key`), two texts. The second text's copies are a run.
        let side = "word ".repeat(30);
        let (x, y) = (format!("{side}X {side}"), format!("{side}Y {side}"));
        assert_eq!(text_key(&x), text_key(&y));
        let html = format!("<html><body><div><p>{x}</p></div><div><p>{y}</p></div><section><p>{y}</p><div><p>{y}</p></div></section></body></html>");
        let page = crate::html::parse_document(&html, "u").unwrap();
        let seg = crate::segment::segment(&page);
        let all: Vec<usize> = (0..seg.leaves.len()).collect();
        assert_eq!(seg.leaves.len(), 4);
        assert_eq!(repeated_runs(&Context::new(&page, &seg), &all), vec![2, 3]);
    }

    #[test]
    fn repeated_blocks_are_kept_once() {
        let page = crate::html::parse_document(
            "<html><body><div><p>Free returns within thirty days of delivery, no questions asked.</p>\
             <p>Only   this text is new, and long enough to count as a block.</p>\
             <p>Yes</p><p>Yes</p></div>\
             <div><p>Free returns within thirty days of delivery,\n no questions asked.</p></div></body></html>",
            "u",
        )
        .unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        let all: Vec<usize> = (0..seg.leaves.len()).collect();
        let repeats = repeated_leaves(&cx, &all);
        let texts: Vec<&str> = repeats.iter().map(|&i| seg.leaves[i].text(&page)).collect();
        // The second copy goes, whatever its white space; the first stays;
        // short repeats ("Yes") stay.
        assert_eq!(repeats.len(), 1, "{texts:?}");
        assert_eq!(repeats[0], seg.leaves.len() - 1);
        // Only what is kept is compared: a repeat of a rejected block stays.
        assert!(repeated_leaves(&cx, &all[1..]).is_empty());
    }

    /// Lists numbered in one pass group the item leaves as their list
    /// nodes do, nested lists between their parent list's items included.
    #[test]
    fn list_numbers_group_items_by_list() {
        let page = crate::html::parse_document(
            "<html><body><ul><li><ul><li>inner one</li><li>inner two</li></ul></li><li>outer one\
             <ol><li>deep one</li><li>deep two</li></ol>outer tail</li><li>outer two</li></ul>\
             <p>between</p><ul><li>next one</li><li><b>next</b> two</li></ul></body></html>",
            "u",
        )
        .unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        let (index, lists) = list_indices(&cx);
        let nodes: Vec<Option<NodeId>> = seg.leaves.iter().map(|l| list_of(&cx, l)).collect();
        assert_eq!(lists, 4, "{:?}", seg.leaves.iter().map(|l| l.text(&page)).collect::<Vec<_>>());
        for i in 0..seg.leaves.len() {
            assert_eq!(index[i] == NO_LIST, nodes[i].is_none());
            for j in 0..seg.leaves.len() {
                if index[i] != NO_LIST && index[j] != NO_LIST {
                    assert_eq!(index[i] == index[j], nodes[i] == nodes[j], "{i} {j}");
                }
            }
        }
    }

    #[test]
    fn a_list_mostly_kept_is_kept_whole() {
        let page = crate::html::parse_document(
            "<html><body><ul><li>first item</li><li>second item</li><li>third item</li></ul>\
             <ol><li>one</li><li>two</li><li>three</li></ol><ul><li>a</li><li>b</li></ul></body></html>",
            "u",
        )
        .unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        assert_eq!(seg.leaves.len(), 8);
        // Two of three kept: the third joins. One of three: left alone.
        assert_eq!(list_completion(&cx, &[0, 2, 3]), [1]);
        // A list of two items is the model's to judge.
        assert!(list_completion(&cx, &[6]).is_empty());
        assert!(list_completion(&cx, &[0, 1, 2]).is_empty(), "nothing missing");
    }

    #[test]
    fn a_hidden_panel_follows_the_content_around_it() {
        // A tab set (its second panel hidden) and a filter form with a
        // hidden accordion panel, in a page with other text besides.
        let html = "<html><body><main><div class='tabs'>\
             <button>Description</button><button>Specifications</button>\
             <div class='pane'><p>A lamp of brass and linen, made by hand in a small workshop.</p></div>\
             <div class='pane' hidden><table><tr><th>Weight</th><td>2 kg</td></tr></table></div></div>\
             <form><button>Colour</button><div class='opts' hidden><p>Red, green or blue.</p></div></form></main>\
             <p>Other text of the page, outside the tab set, long enough to weigh as much as it does.</p>\
             <p>And more of it, so that the tab set holds less than half of the page's words.</p></body></html>";
        let page = crate::html::parse_document(html, "https://example.test/").unwrap();
        let (seg, table, _) = crate::extract::analyse(&page, &crate::extract::Models::default());
        let cx = Context::new(&page, &seg);
        let at = |t: &str| seg.leaves.iter().position(|l| l.text(&page) == t).unwrap_or_else(|| panic!("no leaf {t:?}"));
        let (text, weight, kg, opts) = (at("A lamp of brass and linen, made by hand in a small workshop."), at("Weight"), at("2 kg"), at("Red, green or blue."));
        // The shown panel kept: the hidden one joins it.
        assert_eq!(panel_completion(&cx, &table, &[text]), [weight, kg]);
        // Nothing around it kept: the model's call stands.
        assert!(panel_completion(&cx, &table, &[]).is_empty());
        // A panel in a form is furniture, whatever is kept around it.
        let form_button = at("Colour");
        assert!(!panel_completion(&cx, &table, &[text, form_button]).contains(&opts));
        // The tab set holding most of the page is no tab set: the page's
        // wrapper (the other text gone, the same panels).
        let alone = html.replace("<p>Other text of the page, outside the tab set, long enough to weigh as much as it does.</p>", "")
            .replace("<p>And more of it, so that the tab set holds less than half of the page's words.</p>", "");
        let page = crate::html::parse_document(&alone, "https://example.test/").unwrap();
        let (seg, table, _) = crate::extract::analyse(&page, &crate::extract::Models::default());
        let cx = Context::new(&page, &seg);
        let text = seg.leaves.iter().position(|l| l.text(&page).starts_with("A lamp")).unwrap();
        assert!(panel_completion(&cx, &table, &[text]).is_empty());
    }

    #[test]
    fn a_forum_post_formatted_like_the_kept_ones_joins_them() {
        let post = |text: &str| format!("<div class='post'><div class='body'><p>{text}</p></div><div class='tools'><a href='/r'>Reply to this post</a></div></div>");
        let html = format!(
            "<html><body><main>{}{}{}{}</main></body></html>",
            post("The first post, a question asked at some length in a few sentences."),
            post("A reply that answers it with an example and a reason."),
            post("Thanks, that worked."),
            post("Glad it helped.")
        );
        let page = crate::html::parse_document(&html, "https://example.test/").unwrap();
        let (seg, _, _) = crate::extract::analyse(&page, &crate::extract::Models::default());
        let cx = Context::new(&page, &seg);
        let at = |t: &str| seg.leaves.iter().position(|l| l.text(&page) == t).unwrap_or_else(|| panic!("no leaf {t:?}"));
        let (first, reply, thanks, glad) = (
            at("The first post, a question asked at some length in a few sentences."),
            at("A reply that answers it with an example and a reason."),
            at("Thanks, that worked."),
            at("Glad it helped."),
        );
        let forum = PageType { kind: PageKind::Forum, confidence: 0.9, probabilities: [0.1, 0.0, 0.0, 0.0, 0.9, 0.0, 0.0] };
        let article = PageType { kind: PageKind::Article, confidence: 0.9, probabilities: [0.9, 0.0, 0.0, 0.0, 0.1, 0.0, 0.0] };
        // Two long posts kept: the short ones, formatted alike, join them;
        // the reply links (all link text) do not.
        assert_eq!(format_completion(&cx, &[first, reply], &forum), [thanks, glad]);
        // Less than half of the group's words kept: the model's call stands.
        assert!(format_completion(&cx, &[thanks], &forum).is_empty());
        // Not a forum: left to the model.
        assert!(format_completion(&cx, &[first, reply], &article).is_empty());
    }

    #[test]
    fn customer_reviews_under_a_product_are_dropped_unless_they_are_most_of_it() {
        let description = "<p>A canvas bag with leather handles, a zipped inner pocket and room for a laptop of fifteen inches.</p>";
        let review = "<div class='review-card'><p>Fantastic bag that just falls short of five stars for me.</p></div>";
        let html = |descriptions: usize, reviews: usize| {
            format!(
                "<html><body><h1>Canvas bag</h1>{}<section id='product-reviews'><h2>What buyers say</h2>{}</section></body></html>",
                description.repeat(descriptions),
                review.repeat(reviews)
            )
        };
        let product = PageType { kind: PageKind::Product, confidence: 0.9, probabilities: [0.0, 0.0, 0.9, 0.1, 0.0, 0.0, 0.0] };
        let article = PageType { kind: PageKind::Article, confidence: 0.9, probabilities: [0.9, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0] };
        let run = |html: &str, pt: &PageType| picked(html, |cx, _, all| review_blocks(cx, all, pt));
        // The section's heading and each review go; the description stays.
        let dropped = run(&html(4, 3), &product);
        assert_eq!(dropped.len(), 4, "{dropped:?}");
        assert_eq!(dropped[0], "What buyers say");
        assert!(dropped[1..].iter().all(|t| t.starts_with("Fantastic bag")));
        // Not on an article, which may name its own body a review.
        assert!(run(&html(4, 3), &article).is_empty());
        // Reviews that are most of the page are what it shows.
        assert!(run(&html(1, 6), &product).is_empty());
        // Unless the description beside them is long enough to read.
        let dropped = run(&html(3, 12), &product);
        assert_eq!(dropped.len(), 13, "{dropped:?}");
    }

    #[test]
    fn a_product_pages_legal_footnotes_are_dropped() {
        let html = "<html><body><h1>Tablet</h1><p>A bright display of eleven inches, a pen in the box and a battery for the whole day.</p>\
            <ol class='product-footnotes'><li id='footnote-1'>Testing conducted in January using preproduction units and software.</li>\
            <li id='footnote-2'>Image simulated for illustrative purposes only.</li></ol>\
            <div class='feature__disclaimer-wrap'><p>Availability may vary by country.</p></div></body></html>";
        let product = PageType { kind: PageKind::Product, confidence: 0.9, probabilities: [0.0, 0.0, 0.9, 0.1, 0.0, 0.0, 0.0] };
        let article = PageType { kind: PageKind::Article, confidence: 0.9, probabilities: [0.9, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0] };
        let run = |pt: &PageType| picked(html, |cx, _, all| product_footnotes(cx, all, pt));
        let dropped = run(&product);
        assert_eq!(dropped.len(), 3, "{dropped:?}");
        assert!(dropped[0].starts_with("Testing conducted"));
        assert_eq!(dropped[2], "Availability may vary by country.");
        // An article's footnotes are the article's.
        assert!(run(&article).is_empty());
    }

    #[test]
    fn consent_dialogs_are_dropped_and_wrappers_named_so_are_not() {
        let para = "<p>The article's own paragraph, which runs on for a while about one subject in plain sentences.</p>";
        let purposes = "<p>We and our partners store and access information on a device, such as cookies.</p>";
        let run = |html: &str| picked(html, consent_dialogs);
        // A platform's preference centre, nested deeper than the markup
        // cue's distances reach, whatever its size.
        let deep = format!("{}{}{}", "<div>".repeat(14), purposes.repeat(8), "</div>".repeat(14));
        let platform = format!("<html><body><h1>Title</h1>{para}<div id='onetrust-consent-sdk'>{deep}</div></body></html>");
        let dropped = run(&platform);
        assert_eq!(dropped.len(), 8, "{dropped:?}");
        assert!(dropped.iter().all(|t| t.starts_with("We and our partners")));
        // A notice named after cookies, smaller than the page: dropped.
        let notice = format!("<html><body>{}<div class='cookie-notice'>{purposes}</div></body></html>", para.repeat(3));
        assert_eq!(run(&notice).len(), 1);
        // A wrapper named so, holding the page: nothing dropped, but a
        // notice inside it is judged by its own size.
        let wrapper = format!("<html><body><div class='page gdpr-enabled'>{}{purposes}</div></body></html>", para.repeat(3));
        assert!(run(&wrapper).is_empty());
        let inside = format!("<html><body><div class='has-cookie-banner'>{}<div class='cookie-bar'>{purposes}</div></div></body></html>", para.repeat(3));
        assert_eq!(run(&inside).len(), 1);
        // "cookie" alone or with "policy" is not a dialog.
        for class in ["cookie-recipe", "cookie-policy"] {
            let page = format!("<html><body>{para}<div class='{class}'>{purposes}</div></body></html>");
            assert!(run(&page).is_empty(), "{class}");
        }
    }

    /// A page type of `kind` for certain.
    fn typed(kind: PageKind) -> PageType {
        let mut probabilities = [0.0; 7];
        probabilities[crate::page_type::KINDS.iter().position(|&k| k == kind).unwrap()] = 1.0;
        PageType { kind, confidence: 1.0, probabilities }
    }

    #[test]
    fn signatures_under_posts_are_dropped_unless_they_are_the_page() {
        let post = |n: usize| {
            format!(
                "<div class='post'><p>Reply {n}: the fix was to clear the cache and restart the service, which worked here.</p>\
                 <div class='signature'><p>Sent from a very old laptop.</p></div></div>"
            )
        };
        let run = |html: &str| picked(html, signatures);
        let thread = format!("<html><body>{}</body></html>", (0..4).map(post).collect::<String>());
        assert_eq!(run(&thread), vec!["Sent from a very old laptop."; 4]);
        // A wrapper named so holds the page: its leaves stay.
        let wrapper = format!("<html><body><div class='signature-collection'>{}</div></body></html>", "<p>A scent of cedar and rain, bottled for autumn evenings.</p>".repeat(4));
        assert!(run(&wrapper).is_empty());
        // A page that is mostly a signature keeps it.
        let alone = "<html><body><p>Hi</p><div class='signature'><p>Sent from a very old laptop, again and again.</p></div></body></html>";
        assert!(run(alone).is_empty());
    }

    #[test]
    fn a_threads_counters_are_dropped_and_its_posts_kept() {
        let post = |n: usize| {
            format!(
                "<div class='post'><div class='meta'><span>#{n}</span><dl><dt>Posts</dt><dd>65,797</dd></dl></div>\
                 <p>Reply {n}: the fix was to clear the cache and restart the service, which worked here.</p>\
                 <p>2024</p><div class='likes'>12 Likes</div><p>二十五年</p><p>Reply {n}</p></div>"
            )
        };
        let html = format!("<html><body>{}</body></html>", (1..=3).map(post).collect::<String>());
        let run = |kind: PageKind| picked(&html, |cx, _, keep| post_counters(cx, keep, &typed(kind)));
        // Numbers and counts go; a post's words, a label and a date
        // written in Chinese characters (letters) stay.
        let dropped = run(PageKind::Forum);
        let counts = |n: usize| [format!("#{n}"), "65,797".into(), "2024".into(), "12 Likes".into(), format!("Reply {n}")];
        assert_eq!(dropped, (1..=3).flat_map(counts).collect::<Vec<String>>());
        assert!(count_and_noun("Posts: 2,455") && count_and_noun("1.2k views") && !count_and_noun("Thanks, 2 things") && !count_and_noun("v2 beta"));
        // Not on other page types, where such a leaf is often a figure.
        for kind in [PageKind::Article, PageKind::Service, PageKind::Product, PageKind::Listing] {
            assert!(run(kind).is_empty(), "{kind:?}");
        }
        // A longer letterless leaf (a row of figures) is left to the model.
        let figures = "<html><body><p>A reply with figures, long enough to read as a post on its own.</p><p>1 2 3 4 5 6</p></body></html>";
        assert!(picked(figures, |cx, _, keep| post_counters(cx, keep, &typed(PageKind::Forum))).is_empty());
    }

    #[test]
    fn a_control_of_the_page_is_dropped_and_a_sentence_that_opens_so_kept() {
        let html = "<html><body><article>\
            <p>The mill ground grain for the whole valley until the flood of 1910, when the wheel broke.</p>\
            <p><a href='#top'>↑ Back to top</a></p>\
            <p>Back to the harbour we went, with the tide against us.</p>\
            <p>Back to basics</p>\
            <p><a href='/projects'>Back to Projects</a></p>\
            <p><button><span>Show more</span></button></p>\
            <p><a href='/p/1'>« Previous</a> | <a href='/p/3'>Next »</a></p>\
            <p>Show more + Show less –</p>\
            <p>Read more about the mill's wheel and its builders.</p>\
            <p><a href='/mill'>Learn more</a></p>\
            </article></body></html>";
        let controls = picked(html, |cx, table, keep| page_controls(cx, table, keep));
        assert_eq!(controls, ["↑ Back to top", "Back to Projects", "Show more", "« Previous | Next »", "Show more + Show less –"]);
        assert_eq!(crate::text::fold_for_compare("« Previous | Next »"), "previous next");
        // A teaser's "Read more" link goes where each teaser has one; a
        // lone one, or one that is not a link, stays.
        let teaser = |n: usize| {
            format!("<li><h3>Mill number {n}</h3><p>The wheel of mill {n} turned for a century before the flood.</p><a href='/m/{n}'>Read more →</a></li>")
        };
        let list = |n: usize| format!("<html><body><ul>{}</ul><p>Read more</p></body></html>", (1..=n).map(teaser).collect::<String>());
        let run = |html: &str| picked(html, |cx, table, keep| page_controls(cx, table, keep));
        assert_eq!(run(&list(3)), ["Read more →"; 3]);
        assert!(run(&list(1)).is_empty());
    }

    #[test]
    fn a_posts_edit_note_is_dropped_on_a_thread_only() {
        let post = |n: usize, note: &str| {
            format!(
                "<div class='post'><p>Reply {n}: the fix was to clear the cache and restart the service, which worked here.</p>\
                 <p>EDITED for a typo.</p><div class='edited'>{note}</div></div>"
            )
        };
        let notes = [
            "Last edited by ada; Feb 17, 2026 at 9:17 am",
            "Last edited: 25 Sep 2024",
            "Edited June 19, 2024 by ada (see edit history)",
            "Edited by chris (2024-08-03 11:02:20)",
        ];
        let html = format!("<html><body>{}</body></html>", notes.iter().enumerate().map(|(n, note)| post(n, note)).collect::<String>());
        let run = |kind: PageKind| picked(&html, |cx, _, keep| edit_notes(cx, keep, &typed(kind)));
        // The notes go; the post's own "EDITED for a typo." stays.
        assert_eq!(run(PageKind::Forum), notes.map(String::from));
        // Not elsewhere: "Edited by" over a book's editors is content.
        for kind in [PageKind::Article, PageKind::Listing, PageKind::Product] {
            assert!(run(kind).is_empty(), "{kind:?}");
        }
        assert!(!is_edit_note("Edited the config as you said, and the service starts now"));
        assert!(!is_edit_note("Lastly, edited photos look better"));
    }

    #[test]
    fn the_pages_own_footer_header_and_navigation_are_dropped_and_an_articles_own_kept() {
        let html = "<html><body><main><article><p>The mill ground grain for the whole valley until the flood of 1910.</p>\
                    <footer><p>Filed under mills and rivers, by the local historian.</p></footer></article>\
                    <section><p>A section's own text about the millpond.</p><footer><p>The section's closing note.</p></footer></section></main>\
                    <footer><p>Offers are subject to credit approval; see the terms for details.</p>\
                    <div><ul><li>Trade-in values will vary with the condition of your device.</li></ul></div></footer>\
                    <div role='contentinfo'><p>Copyright 2025 the Millwrights' Guild.</p></div></body></html>";
        let dropped = picked(html, |cx, _, keep| page_landmark(cx, keep, Landmark::Footer));
        assert_eq!(
            dropped,
            [
                "Offers are subject to credit approval; see the terms for details.",
                "Trade-in values will vary with the condition of your device.",
                "Copyright 2025 the Millwrights' Guild."
            ]
        );
        // The page's header goes; an article's own header stays.
        let header = "<html><body><header><p>Free delivery on orders over fifty pounds this week.</p></header>\
                      <article><header><p>How the tide mill worked, told by its last miller.</p></header>\
                      <p>The mill ground grain for the whole valley until the flood of 1910.</p></article></body></html>";
        assert_eq!(picked(header, |cx, _, keep| page_landmark(cx, keep, Landmark::Banner)), ["Free delivery on orders over fifty pounds this week."]);
        // The page's navigation, its blurbs that are not links included,
        // goes; a table of contents inside the main area stays.
        let nav = "<html><body><nav><ul><li><a href='/p'>Products</a><p>Grind grain with the power of the tide.</p></li></ul></nav>\
                   <main><nav><ol><li>History of the mill and its owners</li></ol></nav>\
                   <p>The mill ground grain for the whole valley until the flood of 1910.</p></main>\
                   <div role='navigation'><p>Explore every mill of the county by river.</p></div></body></html>";
        assert_eq!(
            picked(nav, |cx, _, keep| page_landmark(cx, keep, Landmark::Navigation)),
            ["Products", "Grind grain with the power of the tide.", "Explore every mill of the county by river."]
        );
        assert!(picked(nav, |cx, _, keep| page_landmark(cx, keep, Landmark::Footer)).is_empty());
        // A page that is all footer loses it all; nothing kept, nothing to drop.
        let all = "<html><body><footer><p>Only the footer's fine print is on this page.</p></footer></body></html>";
        assert_eq!(picked(all, |cx, _, keep| page_landmark(cx, keep, Landmark::Footer)).len(), 1);
        assert!(picked(all, |cx, _, _| page_landmark(cx, &[], Landmark::Footer)).is_empty());
    }

    #[test]
    fn a_doubted_scrap_is_no_article() {
        let html = "<html><body><p>Group sites: Alpha, Beta, Gamma, Delta, Epsilon, Zeta, Eta, Theta.</p>\
                    <p>Twelve more words here make a second short line of this page.</p></body></html>";
        let page = crate::html::parse_document(html, "https://example.test/").unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        let cut = Cut { threshold: 0.5, floor: 0.3 };
        let words: u32 = seg.leaves.iter().map(|l| l.words).sum();
        assert!(words < SCRAP_MAX_WORDS && seg.leaves.len() == 2, "{words}");
        // Every kept leaf doubted (below the threshold), under 25 words: no article.
        assert!(doubted_scrap(&cx, &[0], &[0.35, 0.1], cut));
        assert!(doubted_scrap(&cx, &[0, 1], &[0.35, 0.45], cut));
        // One leaf the model finds likely content: the page keeps it.
        assert!(!doubted_scrap(&cx, &[0, 1], &[0.35, 0.5], cut));
        // Nothing kept: nothing to judge.
        assert!(!doubted_scrap(&cx, &[], &[0.35, 0.1], cut));
        // A doubted leaf of 25 words or more is left as the page's best guess.
        let long = format!("<html><body><p>{}</p></body></html>", "word ".repeat(SCRAP_MAX_WORDS as usize));
        let page = crate::html::parse_document(&long, "https://example.test/").unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        assert!(!doubted_scrap(&cx, &[0], &[0.35], cut));
    }

    #[test]
    fn a_members_details_beside_a_post_are_dropped_on_threads_only() {
        let post = |n: usize| {
            format!(
                "<div class='post'><div class='author'><a href='/u/{n}'>member{n}</a><dl>\
                 <dt>Joined</dt><dd>Feb 08, 2019</dd><dt>Location</dt><dd><div><span><b>Lisbon, Portugal</b></span></div></dd></dl></div>\
                 <p>Reply {n}: the fix was to clear the cache and restart the service, which worked here.</p></div>"
            )
        };
        let html = format!("<html><body>{}</body></html>", (1..=2).map(post).collect::<String>());
        let run = |kind: PageKind| picked(&html, |cx, _, keep| member_details(cx, keep, &typed(kind)));
        // Each member's details go, the text three levels down included;
        // the posts and the names stay.
        let details = ["Joined", "Feb 08, 2019", "Location", "Lisbon, Portugal"];
        assert_eq!(run(PageKind::Forum), [details, details].concat());
        // A product's specifications written as a description list stay.
        assert!(run(PageKind::Product).is_empty());
        assert!(run(PageKind::Article).is_empty());
    }

    #[test]
    fn facet_lists_are_dropped_on_pages_of_offers_only() {
        let card = |n: usize| format!("<li class='card'><a href='/p/{n}'>Trail runner number {n}, a light shoe for rocky paths</a><span>$120</span></li>");
        let grid = format!("<ul class='grid'>{}</ul>", (0..12).map(card).collect::<String>());
        let facets = "<aside class='facets'><h3>Colour</h3><ul><li><a href='?c=ember'>Ember (15)</a></li>\
                      <li><a href='?c=slate'>Slate (9)</a></li></ul></aside>";
        let run = |html: &str, kind: PageKind| picked(html, |cx, table, keep| facet_lists(cx, table, keep, &typed(kind)));
        let shop = format!("<html><body>{facets}{grid}</body></html>");
        assert_eq!(run(&shop, PageKind::Collection), ["Colour", "Ember (15)", "Slate (9)"]);
        assert!(run(&shop, PageKind::Article).is_empty(), "only on pages of offers");
        // A grid inside a wrapper named after its filters is the page, not
        // a facet list; the facets beside it still go.
        let wrapped = format!("<html><body>{facets}<div class='filter-results'>{grid}</div></body></html>");
        assert_eq!(run(&wrapped, PageKind::Collection), ["Colour", "Ember (15)", "Slate (9)"]);
    }

    #[test]
    fn count_labels_are_a_label_then_a_whole_number_in_brackets() {
        for t in ["Ember (15)", " Size M [1,204] ", "Under $25 (4)", "Größe 42 (3)"] {
            assert!(is_count_label(t), "{t}");
        }
        for t in ["(15)", "Ember", "Ember (fifteen)", "Ember (15) more", "Notes (see below)", "Ember ()", "Ember 15)"] {
            assert!(!is_count_label(t), "{t}");
        }
    }

    #[test]
    fn unnamed_filter_choices_are_dropped_on_pages_of_cards_only() {
        let card = |n: usize| format!("<li><a href='/p/{n}'>Trail runner number {n}, a light shoe for rocky paths</a><span>$120</span></li>");
        let grid = format!("<ul>{}</ul>", (0..12).map(card).collect::<String>());
        // Hashed class names: only the structure says these are filters.
        let counts = "<div class='x7f'><h3>Colour</h3><ul class='q1'><li><a href='?c=ember'>Ember (15)</a></li>\
                      <li><a href='?c=slate'>Slate (9)</a></li><li><a href='?c=moss'>Moss (4)</a></li></ul></div>";
        let boxes = "<div class='x8a'><label><input> Size 8</label><label><input> Size 9</label>\
                     <label><input> Size 10</label><label><input> Size 11</label></div>";
        let run = |html: &str, kind: PageKind| picked(html, |cx, table, keep| facet_lists(cx, table, keep, &typed(kind)));
        let shop = format!("<html><body>{counts}{boxes}{grid}</body></html>");
        assert_eq!(run(&shop, PageKind::Collection), ["Ember (15)", "Slate (9)", "Moss (4)", "Size 8 Size 9 Size 10 Size 11"]);
        assert!(run(&shop, PageKind::Article).is_empty(), "only on pages of cards");
        assert!(run(&shop, PageKind::Product).is_empty(), "a product's choices are its colours and sizes");
        // Two choices are no group; a grid of cards is not one either.
        let two = "<ul><li>Ember (15)</li><li>Slate (9)</li></ul>";
        assert!(run(&format!("<html><body>{two}{grid}</body></html>"), PageKind::Collection).is_empty());
        // Each card's colour swatches are a group, but the cards' title
        // links between them say they are the cards', not a filter (deep
        // enough in the card that the cards cue does not reach it).
        let swatched = |n: usize| {
            format!(
                "<li><a href='/p/{n}'>Trail runner number {n}, a light shoe for rocky paths</a><span>$120</span>\
                 <div><div><div><div><div><div class='sw'><label><input> Red</label><label><input> Blue</label>\
                 <label><input> Moss green</label></div></div></div></div></div></div></li>"
            )
        };
        let swatches = format!("<ul>{}</ul>", (0..12).map(swatched).collect::<String>());
        let shop = format!("<html><body>{counts}{boxes}{swatches}</body></html>");
        assert_eq!(run(&shop, PageKind::Collection), ["Ember (15)", "Slate (9)", "Moss (4)", "Size 8 Size 9 Size 10 Size 11"]);
        // Short cards that carry a hidden input (a shop's add-to-cart form)
        // are no choices: the input is not shown.
        let short = |n: usize| format!("<li><a href='/p/{n}'>Sock {n}</a> $9<input type='hidden' value='{n}'></li>");
        let socks = format!("<ul>{}</ul>", (0..12).map(short).collect::<String>());
        let prose = "<p>Our socks are knitted from merino wool in a small mill by the river, dyed with plants.</p>".repeat(12);
        assert!(run(&format!("<html><body>{socks}{prose}</body></html>"), PageKind::Collection).is_empty());
    }

    #[test]
    fn a_cards_buttons_are_dropped_on_pages_of_cards_only() {
        let card = |n: usize| {
            format!(
                "<li><a href='/p/{n}'>Trail runner number {n}, a light shoe for rocky paths</a><span>$120</span>\
                 <div><button>Add to Cart</button></div><div><label>Compare</label></div></li>"
            )
        };
        let grid = |n: usize| format!("<html><body><ul>{}</ul></body></html>", (0..n).map(card).collect::<String>());
        let run = |html: &str, kind: PageKind| picked(html, |cx, _, keep| card_actions(cx, keep, &typed(kind)));
        let dropped = run(&grid(3), PageKind::Collection);
        assert_eq!(dropped.len(), 6);
        assert!(dropped.iter().all(|t| t == "Add to Cart" || t == "Compare"));
        assert!(run(&grid(3), PageKind::Article).is_empty(), "only on pages of cards");
        assert!(run(&grid(2), PageKind::Listing).is_empty(), "two alike are no card's buttons");
        assert!(is_card_action("Quick view View Options") && is_card_action(" add to CART ") && !is_card_action("Comparison"));
        // The same buttons as shop systems translate them, case aside.
        assert!(is_card_action("Comparer Ne plus comparer") && is_card_action("In den Warenkorb") && is_card_action("AÑADIR AL CARRITO"));
        assert!(!is_card_action("Comparaison des prix") && !is_card_action("Vergleichende Tests"));
    }

    #[test]
    fn an_authors_biography_is_dropped_from_an_article_only() {
        let story = "<p>The river rose two metres overnight, and the town's sandbag wall held until dawn.</p>".repeat(6);
        let bio = "<div class='author-bio'><p>Ana Ruiz covers floods and water policy for the paper.</p></div>";
        let html = format!("<html><body><article>{story}{bio}</article></body></html>");
        let (article, service) = (typed(PageKind::Article), typed(PageKind::Service));
        assert_eq!(picked(&html, |cx, t, keep| author_bios(cx, t, keep, &article)), ["Ana Ruiz covers floods and water policy for the paper."]);
        assert!(picked(&html, |cx, t, keep| author_bios(cx, t, keep, &service)).is_empty(), "a team page's biographies are its content");
    }

    #[test]
    fn dialogs_are_dropped_but_not_a_products_size_guide() {
        let cards = "<li><a href='/p/1'>Linen shirt in sand, relaxed fit</a> $60</li>".repeat(10);
        let popup = "<div role='dialog' aria-modal='true'><h2>Join our list</h2><p>Ten per cent off your first order when you sign up today.</p></div>";
        let html = format!("<html><body><ul>{cards}</ul>{popup}<dialog open><p>Choose your country and currency.</p></dialog></body></html>");
        let collection = typed(PageKind::Collection);
        assert_eq!(
            picked(&html, |cx, t, keep| dialogs(cx, t, keep, &collection)),
            ["Join our list", "Ten per cent off your first order when you sign up today.", "Choose your country and currency."]
        );
        let product = typed(PageKind::Product);
        assert!(picked(&html, |cx, t, keep| dialogs(cx, t, keep, &product)).is_empty(), "a product's size guide lives in a dialog");
    }

    #[test]
    fn menus_list_boxes_and_search_are_dropped() {
        let prose = "<p>The kettle holds a litre and a half and boils it in under three minutes.</p>".repeat(6);
        let html = format!(
            "<html><body><div role='menubar'><div>Account</div><div>Orders (2)</div></div>{prose}\
             <ul role='listbox'><li>Small</li><li>Medium</li></ul><form role='search'><label>Find a product</label></form></body></html>"
        );
        assert_eq!(picked(&html, widgets), ["Account", "Orders (2)", "Small", "Medium", "Find a product"]);
    }

    #[test]
    fn teaser_cards_beside_an_article_are_dropped_and_its_own_sections_kept() {
        let para = "<p>The article's own paragraph, which runs on for a while about one subject in plain sentences that a reader came for.</p>";
        let card = "<li class='card'><h3><a href='/other'>Another story from the same site</a></h3><p>A one-sentence summary of that other story.</p></li>";
        let teasers = format!(
            "<html><body><article><div class='body'>{}</div></article><aside><ul>{}</ul></aside></body></html>",
            para.repeat(6),
            card.repeat(4)
        );
        let section = "<div class='block'><h2><a href='https://brand.test/'>A brand worth a look</a></h2><p>What the brand makes and why it is on the list.</p></div>";
        let listicle = format!(
            "<html><body><article><div class='block'><div class='intro'>{}</div></div>{}</article></body></html>",
            para.repeat(6),
            section.repeat(4)
        );
        let article = PageType { kind: PageKind::Article, confidence: 0.9, probabilities: [0.9, 0.0, 0.0, 0.1, 0.0, 0.0, 0.0] };
        let listing = PageType { kind: PageKind::Listing, confidence: 0.9, probabilities: [0.1, 0.0, 0.0, 0.0, 0.0, 0.9, 0.0] };
        let run = |html: &str, pt: &PageType| picked(html, |cx, table, all| article_teasers(cx, table, all, pt));
        // The stream beside the article: every card's title and summary.
        let dropped = run(&teasers, &article);
        assert_eq!(dropped.len(), 8, "{dropped:?}");
        assert!(dropped.iter().all(|t| t.starts_with("Another story") || t.starts_with("A one-sentence")), "{dropped:?}");
        // A listing's cards are its content.
        assert!(run(&teasers, &listing).is_empty());
        // Unless the page declares itself an article: then they are
        // teasers the stream made the forests take for a listing.
        let declared = teasers.replace("<html>", "<html><head><meta property='og:type' content='article'></head>");
        assert_eq!(run(&declared, &listing).len(), 8);
        // The article's own sections (their stream holds its introduction).
        assert!(run(&listicle, &article).is_empty());
        // Too little text outside cards: a page of cards, left alone.
        let short = teasers.replace(&para.repeat(6), para);
        assert!(run(&short, &article).is_empty());
        // A stream after the story inside its own container: no block
        // holds the story apart from it, but it starts after the story's
        // text and is shorter than it.
        let trailing = format!("<html><body><article>{}<ul>{}</ul></article></body></html>", para.repeat(6), card.repeat(4));
        assert_eq!(run(&trailing, &article).len(), 8);
        // Cards that link nowhere: the page's own last sections.
        let unlinked = card.replace("<a href='/other'>", "").replace("</a>", "");
        let sections = format!("<html><body><article>{}<ul>{}</ul></article></body></html>", para.repeat(6), unlinked.repeat(4));
        assert!(run(&sections, &article).is_empty());
        // The same cards as long as the story: its own sections.
        let long = format!("<html><body><article>{}<ul>{}</ul></article></body></html>", para.repeat(2), card.repeat(4));
        assert!(run(&long, &article).is_empty());
        // A stream before the story's end: its own sections.
        let within = format!("<html><body><article>{}<ul>{}</ul>{}</article></body></html>", para.repeat(3), card.repeat(2), para.repeat(3));
        assert!(run(&within, &article).is_empty());
    }

    #[test]
    fn comments_under_an_article_are_dropped_but_not_a_forums_posts() {
        let para = "<p>The article's own paragraph, which runs on for a while about one subject in plain sentences that a reader came for.</p>";
        let comment = "<li class='comment'><div class='comment-body'><p>A reader's reply to the article, with an opinion of some length about it.</p></div></li>";
        let page_of = |paras: usize, comments: usize| {
            format!(
                "<html><body><article><div class='body'>{}</div></article><section id='comments'><ol class='comment-list'>{}</ol></section></body></html>",
                para.repeat(paras),
                comment.repeat(comments)
            )
        };
        let article = PageType { kind: PageKind::Article, confidence: 0.9, probabilities: [0.9, 0.0, 0.0, 0.0, 0.1, 0.0, 0.0] };
        let forum = PageType { kind: PageKind::Forum, confidence: 0.9, probabilities: [0.1, 0.0, 0.0, 0.0, 0.9, 0.0, 0.0] };
        let run = |html: &str, pt: &PageType| picked(html, |cx, table, all| article_comments(cx, table, all, pt));
        let dropped = run(&page_of(6, 3), &article);
        assert_eq!(dropped.len(), 3, "{dropped:?}");
        assert!(dropped.iter().all(|t| t.starts_with("A reader's reply")), "{dropped:?}");
        // A forum's replies are its content.
        assert!(run(&page_of(6, 3), &forum).is_empty());
        // Comments that are most of the page, where the forests see a
        // forum: a discussion taken for an article, the reader shows it.
        let unsure = PageType { kind: PageKind::Article, confidence: 0.7, probabilities: [0.7, 0.0, 0.0, 0.0, 0.3, 0.0, 0.0] };
        assert!(run(&page_of(6, 12), &unsure).is_empty());
        // Where they see none, a post under a long thread is the post.
        let sure = PageType { kind: PageKind::Article, confidence: 0.98, probabilities: [0.98, 0.0, 0.0, 0.0, 0.02, 0.0, 0.0] };
        assert_eq!(run(&page_of(6, 12), &sure).len(), 12);
        // A post the forests took for a listing, with one chance in three
        // of being an article: its comments go too; not at one in ten.
        let listing = |article: f32| PageType {
            kind: PageKind::Listing,
            confidence: 0.6,
            probabilities: [article, 0.0, 0.0, 0.0, 0.0, 1.0 - article, 0.0],
        };
        assert_eq!(run(&page_of(6, 3), &listing(0.35)).len(), 3);
        assert!(run(&page_of(6, 3), &listing(0.1)).is_empty());
    }

    #[test]
    fn a_menu_the_page_repeats_is_not_content() {
        let menu = "<ul><li><a href='/'>Home</a></li><li><a href='/n'>News</a></li><li><a href='/c'>Contact</a></li></ul>";
        let html = format!(
            "<html><body>{menu}<p>An article paragraph of some length.</p>\
             <ul><li><a href='/'>Home</a></li><li><a href='/n'>News</a></li><li>Contact us</li></ul>\
             <ol><li><a href='/'>Home</a></li><li><a href='/n'>News</a></li></ol>{menu}</body></html>"
        );
        let page = crate::html::parse_document(&html, "https://example.test/").unwrap();
        let (seg, table, _) = crate::extract::analyse(&page, &crate::extract::Models::default());
        let cx = Context::new(&page, &seg);
        let texts: Vec<&str> = seg.leaves.iter().map(|l| l.text(&page).trim()).collect();
        assert_eq!(texts.len(), 12, "{texts:?}");
        let all: Vec<usize> = (0..texts.len()).collect();
        // Both copies of the menu; not the list whose last item is no link,
        // nor the list of two, nor the paragraph.
        assert_eq!(menu_copies(&cx, &table, &all), [0, 1, 2, 9, 10, 11]);
        // Only kept leaves are returned.
        assert_eq!(menu_copies(&cx, &table, &[1, 3, 10]), [1, 10]);
        // One copy alone is left to the model.
        let page = crate::html::parse_document(&format!("<html><body>{menu}</body></html>"), "u").unwrap();
        let (seg, table, _) = crate::extract::analyse(&page, &crate::extract::Models::default());
        assert!(menu_copies(&Context::new(&page, &seg), &table, &[0, 1, 2]).is_empty());
    }

    #[test]
    fn nav_links_are_dropped_and_its_prose_kept() {
        let html = "<html><body><nav><ul><li><a href='/a'>Getting started</a></li>\
             <li><a href='/b'>Installing</a> the tools</li></ul><p>Pick a section to read.</p></nav>\
             <div role='navigation'><div><div><a href='/c'>Next page</a></div></div></div>\
             <article><p><a href='/d'>A linked sentence</a></p><p>Text of the article.</p></article></body></html>";
        let page = crate::html::parse_document(html, "https://example.test/").unwrap();
        let (seg, table, _) = crate::extract::analyse(&page, &crate::extract::Models::default());
        let cx = Context::new(&page, &seg);
        let texts: Vec<&str> = seg.leaves.iter().map(|l| l.text(&page).trim()).collect();
        assert_eq!(texts, ["Getting started", "Installing the tools", "Pick a section to read.", "Next page", "A linked sentence", "Text of the article."]);
        let all: Vec<usize> = (0..texts.len()).collect();
        // The links of both landmarks, three levels deep in the second;
        // not an item half text, the landmark's prose, nor a link outside.
        assert_eq!(navigation_links(&cx, &table, &all), [0, 3]);
        assert_eq!(navigation_links(&cx, &table, &[1, 3, 4]), [3], "only kept leaves");
    }

    #[test]
    fn a_repeat_beside_its_first_copy_is_the_authors() {
        // Two copies in one parent (placeholder text, a refrain) both stay;
        // a third in another block is a second copy of it and goes.
        let para = "<p>Lorem ipsum dolor sit amet, consectetur adipisicing elit.</p>";
        let page = crate::html::parse_document(
            &format!("<html><body><div>{para}{para}</div><aside>{para}</aside></body></html>"),
            "u",
        )
        .unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        let all: Vec<usize> = (0..seg.leaves.len()).collect();
        assert_eq!(seg.leaves.len(), 3);
        assert_eq!(repeated_leaves(&cx, &all), [2]);
    }
}

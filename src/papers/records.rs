//! Seed 004: Zhang et al., "Exploiting Multi-Category Characteristics and
//! Unified Framework to Extract Web Content", §4.3.2: the area of a page
//! that holds structured records (a product's attribute–value pairs).
//!
//! 1. Characteristics (§4.3.2 intro): delimiters such as `:` and an
//!    attribute dictionary ("goods name", "price", …). A leaf *satisfies*
//!    characteristic `k` ([`characteristics`]).
//! 2. Formula (3), bottom-up: `WVC(i) = Σ_k n_k log(N / n_k)`, `n_k` the
//!    leaves under node `i` satisfying `k`, `N` all leaves of the page.
//! 3. The HMM λ = (π, A, B) on the DOM tree and its Viterbi descent from
//!    `<body>` (§4.3.2 B, phases 1–3) find the node holding the records.
//!
//! ## How Pith reads the paper where it is unclear
//! * Characteristic 0 is the delimiter `:` or full-width `：`, used as a
//!   name–value delimiter ([`split_delimited`]); `=` is not one (it marks
//!   code, formulas and URLs far more often than product specs).
//! * The dictionary is one characteristic per *attribute*, with its names
//!   in several languages ([`ATTRIBUTES`]): `price`, `Preis` and `价格` are
//!   one `k`, so that the weight `log(N / n_k)` does not depend on the
//!   page's language. A leaf line satisfies an attribute when it is that
//!   name, or starts with it followed by a delimiter or bracket
//!   ([`NAME_FOLLOWERS`]): `Size: M`, `Weight (kg)`, but not `Size matters`.
//! * `N` and `n_k` count all leaves, hidden ones included: specifications
//!   often sit in a closed tab.
//! * Phases 1–2: the states at depth `t` are the children of the state
//!   chosen at `t − 1`: only block (non-row) elements, as the observed
//!   sequence is "a series of HTML tags". Transitions are equiprobable,
//!   `a = 1 / children` (the paper: "initialized in a equi-probability
//!   mode"); the emission `b` is the child's share of its parent's weight,
//!   `WVC(child) / WVC(parent)` (the transition "allocates the
//!   characteristic weight from a parent node to a child node"). So
//!   `δ_t = δ_{t−1} · a · b`, and ψ(t), the argmax, is the child of largest
//!   WVC (the first in document order on ties).
//! * Phase 3 compares ψ values, which are node numbers: read literally it
//!   is meaningless (in pre-order a child's number always exceeds its
//!   parent's). Pith reads it as "the weight stops flowing down": the
//!   descent stops when the best child keeps less than
//!   [`DESCEND_MIN_SHARE`] of its parent's WVC. The records are then
//!   spread over the current node's children, and that node is the area.
//! * An area must look like records ([`AREA_MIN_HITS`],
//!   [`AREA_MIN_LEAF_SHARE`]); an article whose "By:", "Updated:" and
//!   "Tags:" lines scatter over the page has none.

use super::Context;
use crate::model::{NodeId, NodeKind, Page, Tag};
use crate::segment::{Leaf, Segmentation};
use crate::table::{ColumnSpec, ScoreTable};
use crate::text;

/// §4.3.2: name–value delimiters (`:` and its full-width form).
pub const DELIMITERS: &[char] = &[':', '：'];

/// §4.3.2's attribute dictionary ("goods name", "price", …), completed by
/// Pith with common product attributes; one characteristic per attribute,
/// its names lower-case in English and a few other languages.
pub const ATTRIBUTES: &[&[&str]] = &[
    &["goods name", "product name", "item name", "商品名称", "品名", "商品名"],
    &["price", "cost", "preis", "prix", "precio", "prezzo", "preço", "цена", "价格", "售价", "価格"],
    &["brand", "manufacturer", "marke", "hersteller", "marque", "fabricant", "marca", "品牌", "ブランド", "бренд"],
    &["model", "modell", "modèle", "modelo", "modello", "型号", "型番", "модель"],
    &["size", "größe", "taille", "talla", "tamaño", "taglia", "尺寸", "尺码", "サイズ", "размер"],
    &["colour", "color", "farbe", "couleur", "colore", "cor", "颜色", "色", "カラー", "цвет"],
    &["weight", "gewicht", "poids", "peso", "重量", "重さ", "вес"],
    &["material", "matériau", "matière", "materiale", "材质", "材料", "素材", "материал"],
    &["dimensions", "dimension", "abmessungen", "maße", "medidas", "dimensioni", "尺寸规格", "寸法", "размеры"],
    &["sku", "item number", "part number", "article number", "artikelnummer", "référence", "ean", "upc", "gtin", "mpn", "isbn", "货号"],
    &["capacity", "kapazität", "capacité", "capacidad", "capacità", "容量"],
    &["warranty", "guarantee", "garantie", "garantía", "garanzia", "保修", "保証"],
    &["condition", "zustand", "état", "condición", "condizione", "成色"],
    &["availability", "verfügbarkeit", "disponibilité", "disponibilidad", "disponibilità", "库存", "在庫"],
    &["country of origin", "origin", "herkunft", "origine", "origen", "产地", "原産国"],
    &["quantity", "menge", "quantité", "cantidad", "quantità", "数量"],
    &["shipping", "delivery", "versand", "lieferung", "livraison", "envío", "spedizione", "配送", "运费"],
];

/// Pith's choice: what may follow an attribute name (after spaces) for a
/// line to start with that name: a delimiter, a bracket (`Weight (kg)`), a
/// slash (`Colour / Color`), a dash, a star or a bar.
pub const NAME_FOLLOWERS: &[char] = &[':', '：', '(', '（', '[', '/', '-', '–', '*', '|'];

/// Pith's choice: an attribute name has at most this many words
/// ([`text::word_count`]; a CJK character is a word, so `最大工作温度`
/// is 6). Longer text before a colon is a sentence, not a name.
pub const NAME_MAX_WORDS: usize = 8;

/// Pith's choice (reading phase 3): the descent goes on into the best
/// child while it keeps at least this share of its parent's WVC. Two
/// halves of a specification (two columns, two tables) each keep less,
/// so their parent is the area; one table beside a price box keeps more.
pub const DESCEND_MIN_SHARE: f64 = 0.6;

/// Pith's choice: an area holds at least this many characteristic hits,
/// `Σ_k n_k` (records come in sets; one leaf of `<br>`-separated
/// "Name: value" lines can hold them all).
pub const AREA_MIN_HITS: u32 = 3;

/// Pith's choice: and at least this share of the area's leaves satisfy
/// one. A table of names and values is about a half; a whole article page
/// with a few "Tags:" lines, a few percent.
pub const AREA_MIN_LEAF_SHARE: f64 = 0.2;

/// Number of characteristics: the delimiter, then [`ATTRIBUTES`].
pub const CHARACTERISTICS: usize = 1 + ATTRIBUTES.len();
// A leaf's characteristics are a u32 bit set.
const _: () = assert!(CHARACTERISTICS <= 32);

/// The name and value around a line's first delimiter, when the name is
/// 1 to [`NAME_MAX_WORDS`] words (the value may be empty: `Price:`). An
/// ASCII `:` directly followed by an ASCII letter or digit or a slash is
/// not a delimiter (`10:30`, `https://`).
pub fn split_delimited(line: &str) -> Option<(&str, &str)> {
    let mut it = line.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if !DELIMITERS.contains(&c) {
            continue;
        }
        let next = it.peek().map(|&(_, n)| n);
        if c == ':' && next.is_some_and(|n| n.is_ascii_alphanumeric() || n == '/') {
            continue;
        }
        let name = line[..i].trim();
        let words = text::word_count(name);
        return (1..=NAME_MAX_WORDS).contains(&words).then(|| (name, line[i + c.len_utf8()..].trim()));
    }
    None
}

/// The attribute ([`ATTRIBUTES`] index) a line names: the line is that
/// name or starts with it, followed by one of [`NAME_FOLLOWERS`] (spaces
/// between allowed).
pub fn attribute_of(line: &str) -> Option<usize> {
    let name = line.split(NAME_FOLLOWERS).next().unwrap_or_default().trim();
    // Lower-casing may change a string's length a little, never double it.
    if name.is_empty() || name.len() > 2 * LONGEST_NAME {
        return None;
    }
    let name = crate::text::lower(name);
    let index = attribute_index();
    let key = name_key(&name);
    let i = index.partition_point(|e| e.0 < key);
    index[i..].iter().take_while(|e| e.0 == key).find(|e| e.1 == name).map(|e| e.2)
}

/// FNV-1a of a name, the key of [`attribute_index`].
fn name_key(name: &str) -> u64 {
    name.bytes().fold(0xcbf29ce484222325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100000001b3))
}

/// Every name of [`ATTRIBUTES`] with its attribute, sorted by
/// [`name_key`] (through the crate's one sort) for binary search.
fn attribute_index() -> &'static [(u64, &'static str, usize)] {
    static INDEX: std::sync::OnceLock<Vec<(u64, &'static str, usize)>> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let v: Vec<(u64, &'static str, usize)> = ATTRIBUTES
            .iter()
            .enumerate()
            .flat_map(|(a, names)| names.iter().map(move |&n| (name_key(n), n, a)))
            .collect();
        let keys: Vec<u64> = v.iter().map(|e| e.0).collect();
        crate::sort::order(&keys).into_iter().map(|i| v[i as usize]).collect()
    })
}

/// The longest name of [`ATTRIBUTES`], in bytes: longer text before a
/// follower names no attribute (a cheap test for paragraphs).
const LONGEST_NAME: usize = {
    let (mut longest, mut a) = (0, 0);
    while a < ATTRIBUTES.len() {
        let mut n = 0;
        while n < ATTRIBUTES[a].len() {
            if ATTRIBUTES[a][n].len() > longest {
                longest = ATTRIBUTES[a][n].len();
            }
            n += 1;
        }
        a += 1;
    }
    longest
};

/// The characteristics a leaf's text satisfies, as a bit set: bit 0 the
/// delimiter, bit `1 + a` attribute `a`. Checked per line (`<br>`
/// separated specification lines).
pub fn characteristics(text: &str) -> u32 {
    let mut bits = 0;
    for line in text.lines() {
        if split_delimited(line).is_some() {
            bits |= 1;
        }
        if let Some(a) = attribute_of(line) {
            bits |= 1 << (1 + a);
        }
    }
    bits
}

/// One term of formula (3): `n_k log(N / n_k)`; 0 when `n_k` is 0.
pub fn wvc_term(n_k: u32, n: u32) -> f64 {
    if n_k == 0 {
        0.0
    } else {
        f64::from(n_k) * (f64::from(n) / f64::from(n_k)).ln()
    }
}

/// Formula (3): `WVC = Σ_k n_k log(N / n_k)`.
pub fn wvc(n_k: &[u32], n: u32) -> f64 {
    n_k.iter().map(|&k| wvc_term(k, n)).sum()
}

/// The emission of §4.3.2 B as Pith reads it: a child's share of its
/// parent's weight (0 under a parent of no weight).
pub fn emission(child_wvc: f64, parent_wvc: f64) -> f64 {
    if parent_wvc > 0.0 {
        child_wvc / parent_wvc
    } else {
        0.0
    }
}

/// The method's result over a page.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// Per leaf (the segmentation's order): the characteristics it
    /// satisfies ([`characteristics`]).
    pub satisfies: Vec<u32>,
    /// Per block ([`Segmentation::block`]; an inline node's are 0, and so
    /// are its sums: one cell a block, not a node, took 16 MB of wasm
    /// memory less on the 1,000,000-element bench page, `tests/eval/SPEED.md`,
    /// 2026-11-30): formula (3) ([`Analysis::wvc_at`]).
    pub wvc: Vec<f64>,
    /// Per block: leaves under it satisfying any characteristic.
    pub record_leaves: Vec<u32>,
    /// Per block: `Σ_k n_k`.
    pub hits: Vec<u32>,
    /// The Viterbi path from the root (phase 1: `<body>` is the initial
    /// state), ψ(0), ψ(1), …
    pub path: Vec<NodeId>,
    /// The records area: the path's last node, when it passes
    /// [`AREA_MIN_HITS`] and [`AREA_MIN_LEAF_SHARE`].
    pub area: Option<NodeId>,
}

impl Analysis {
    /// Formula (3) at node `id` (0 at an inline node).
    pub fn wvc_at(&self, seg: &Segmentation, id: NodeId) -> f64 {
        seg.at_block(&self.wvc, id)
    }

    /// Leaves under node `id` satisfying any characteristic.
    pub fn record_leaves_at(&self, seg: &Segmentation, id: NodeId) -> u32 {
        seg.at_block(&self.record_leaves, id)
    }

    /// `Σ_k n_k` at node `id`.
    pub fn hits_at(&self, seg: &Segmentation, id: NodeId) -> u32 {
        seg.at_block(&self.hits, id)
    }
}

/// Runs the method over a segmented page.
pub fn analyse(page: &Page, seg: &Segmentation) -> Analysis {
    let n = page.nodes.len();
    let satisfies: Vec<u32> = seg.leaves.iter().map(|l| characteristics(l.text(page))).collect();
    let total = seg.leaves.len() as u32;
    // Per block: a leaf's holder and its ancestors are blocks.
    let mut wvc = vec![0.0f64; seg.blocks()];
    let mut count = vec![0u32; seg.blocks()];
    let mut hits = vec![0u32; seg.blocks()];
    // Bottom-up sums (pre-order arena: children after parents), one
    // characteristic at a time; k = CHARACTERISTICS counts any of them.
    let sum_up = |count: &mut Vec<u32>, bit: u32| {
        count.iter_mut().for_each(|c| *c = 0);
        for (leaf, s) in seg.leaves.iter().zip(&satisfies) {
            if let (true, Some(b)) = (s & bit != 0, seg.block(leaf.holder())) {
                count[b] += 1;
            }
        }
        for (b, p) in seg.blocks_up() {
            count[p] += count[b];
        }
    };
    let present = satisfies.iter().fold(0, |a, s| a | s);
    for k in 0..CHARACTERISTICS {
        if present & (1 << k) == 0 {
            continue;
        }
        sum_up(&mut count, 1 << k);
        for ((w, h), &c) in wvc.iter_mut().zip(&mut hits).zip(&count) {
            *w += wvc_term(c, total);
            *h += c;
        }
    }
    sum_up(&mut count, u32::MAX);
    let record_leaves = count;

    // Phases 1–3.
    let mut path = Vec::new();
    if n > 0 {
        let mut cur = 0;
        path.push(cur);
        loop {
            let mut best: Option<NodeId> = None;
            let at = |id: NodeId| seg.at_block(&wvc, id);
            for &c in page.children(cur) {
                if page.element(c).is_some() && !seg.is_inline(c) && best.map_or(true, |b| at(c) > at(b)) {
                    best = Some(c);
                }
            }
            match best {
                Some(b) if at(cur) > 0.0 && emission(at(b), at(cur)) >= DESCEND_MIN_SHARE => {
                    cur = b;
                    path.push(cur);
                }
                _ => break,
            }
        }
    }
    let area = path.last().copied().filter(|&a| {
        let leaves = seg.sums(a).leaves;
        seg.at_block(&hits, a) >= AREA_MIN_HITS
            && f64::from(seg.at_block(&record_leaves, a)) >= AREA_MIN_LEAF_SHARE * f64::from(leaves)
    });
    Analysis { satisfies, wvc, record_leaves, hits, path, area }
}

/// The records area as the score table holds it: the first node (in
/// document order, so the area's root) with `records.area` = 1.
pub fn area(table: &ScoreTable) -> Option<NodeId> {
    let col = table.col(COLUMNS[3].key)?;
    table.find(col, |v| v > 0.5)
}

/// The text of `id`'s subtree as one line (hidden text only when `id` is
/// itself hidden, as a leaf's text).
fn text_of(page: &Page, id: NodeId) -> String {
    let hidden = page.element(id).is_some_and(|e| e.hidden);
    page.inline_text([id], hidden).replace('\n', " ")
}

fn clean_name(name: &str) -> &str {
    name.trim().trim_end_matches(|c: char| DELIMITERS.contains(&c) || c.is_whitespace())
}

/// A pair when the name is 1 to [`NAME_MAX_WORDS`] words and the value is
/// not empty.
fn record(name: &str, value: &str, nodes: Vec<NodeId>) -> Option<Record> {
    let name = clean_name(name);
    let value = value.trim();
    let words = text::word_count(name);
    ((1..=NAME_MAX_WORDS).contains(&words) && !value.is_empty())
        .then(|| Record { name: name.to_string(), value: value.to_string(), nodes, in_article: false })
}

/// The element children of `id`, text children that are blank left out;
/// None when a text child is not blank.
fn element_children(page: &Page, id: NodeId) -> Option<Vec<NodeId>> {
    let mut out = Vec::new();
    for &c in page.children(id) {
        match page.kind(c) {
            NodeKind::Text(t) if text::is_blank(t) => {}
            NodeKind::Text(_) => return None,
            NodeKind::Element(_) => out.push(c),
        }
    }
    Some(out)
}

/// Whether `id`'s subtree holds a link.
fn has_link(page: &Page, id: NodeId) -> bool {
    page.subtree(id).any(|m| page.is_link(m))
}

/// The leaf whose id is `id`, if one is.
fn leaf_at(seg: &Segmentation, id: NodeId) -> Option<&Leaf> {
    seg.leaf_of(id).map(|l| &seg.leaves[l as usize]).filter(|l| l.id == id)
}

/// Reads the attribute–value pairs of the records area `area`, in
/// document order, from:
/// * table rows of two cells (`th`+`td` or `td`+`td`);
/// * `dl` lists: `dt` then `dd` (several `dd` joined by "; "; `div`
///   groups inside the `dl` allowed);
/// * rows of two leaves (`<div><div>Brand</div><div>Acme</div></div>`);
/// * leaves, line by line, of the form "Name: value";
/// * leaves of a label element then a value (`<li><b>Brand</b> Acme</li>`).
///
/// A name has 1 to [`NAME_MAX_WORDS`] words and a value is not empty; a
/// form that does not fit is read as the forms below it.
pub fn pairs(cx: &Context, area: NodeId) -> Vec<Record> {
    let (page, seg) = (cx.page, cx.seg);
    let mut out = Vec::new();
    let end = page.subtree_end(area);
    let mut id = area;
    while id < end {
        let found = match page.tag(id) {
            _ if seg.is_inline(id) && leaf_at(seg, id).is_none() => None,
            Some(Tag::Tr) => table_row(page, id),
            Some(Tag::Dl) => Some(definition_list(page, id)).filter(|r| !r.is_empty()),
            _ => match leaf_at(seg, id) {
                Some(leaf) => {
                    out.extend(leaf_pairs(page, leaf));
                    id = leaf.nodes(page).last().map_or(id + 1, |&l| page.subtree_end(l));
                    continue;
                }
                None => two_leaf_row(page, seg, id),
            },
        };
        match found {
            Some(records) => {
                out.extend(records);
                id = page.subtree_end(id);
            }
            None => id += 1,
        }
    }
    out
}

fn table_row(page: &Page, tr: NodeId) -> Option<Vec<Record>> {
    let cells: Vec<NodeId> = page
        .children(tr)
        .iter()
        .copied()
        .filter(|&c| matches!(page.tag(c), Some(Tag::Th | Tag::Td)))
        .collect();
    let [name, value] = cells[..] else { return None };
    record(&text_of(page, name), &text_of(page, value), vec![name, value]).map(|r| vec![r])
}

fn definition_list(page: &Page, dl: NodeId) -> Vec<Record> {
    // dt and dd in order, directly under the dl or under its div groups.
    let mut items = Vec::new();
    for &c in page.children(dl) {
        match page.tag(c) {
            Some(Tag::Div) => items.extend(page.children(c).iter().copied()),
            _ => items.push(c),
        }
    }
    let mut out = Vec::new();
    let mut names: Vec<NodeId> = Vec::new();
    let mut values: Vec<NodeId> = Vec::new();
    let mut flush = |names: &mut Vec<NodeId>, values: &mut Vec<NodeId>| {
        if !names.is_empty() && !values.is_empty() {
            let name = names.iter().map(|&n| text_of(page, n)).collect::<Vec<_>>().join(" / ");
            let value = values.iter().map(|&n| text_of(page, n)).collect::<Vec<_>>().join("; ");
            out.extend(record(&name, &value, names.iter().chain(values.iter()).copied().collect()));
        }
        if !values.is_empty() {
            names.clear();
            values.clear();
        }
    };
    for c in items {
        match page.tag(c) {
            Some(Tag::Dt) => {
                flush(&mut names, &mut values);
                names.push(c);
            }
            Some(Tag::Dd) if !names.is_empty() => values.push(c),
            _ => {}
        }
    }
    flush(&mut names, &mut values);
    out
}

/// A block whose only content is two leaves: name, then value.
fn two_leaf_row(page: &Page, seg: &Segmentation, id: NodeId) -> Option<Vec<Record>> {
    let children = element_children(page, id)?;
    let [a, b] = children[..] else { return None };
    let (la, lb) = (leaf_at(seg, a)?, leaf_at(seg, b)?);
    // Two list items are a list, not a name and a value.
    if la.link_chars > 0 || page.tag(a) == Some(Tag::Li) || page.tag(b) == Some(Tag::Li) {
        return None;
    }
    record(&la.text(page).replace('\n', " "), &lb.text(page).replace('\n', " "), vec![a, b]).map(|r| vec![r])
}

/// "Name: value" lines of a leaf; else a label element then the value.
fn leaf_pairs(page: &Page, leaf: &Leaf) -> Vec<Record> {
    let lines: Vec<Record> = leaf
        .text(page)
        .lines()
        .filter_map(split_delimited)
        .filter_map(|(name, value)| record(name, value, vec![leaf.id]))
        .collect();
    if !lines.is_empty() {
        return lines;
    }
    let parts: Vec<NodeId> = if leaf.element {
        page.children(leaf.id).to_vec()
    } else {
        leaf.nodes(page).to_vec()
    };
    let parts: Vec<NodeId> =
        parts.into_iter().filter(|&p| page.text(p).map_or(true, |t| !text::is_blank(t))).collect();
    let [label, value] = parts[..] else { return Vec::new() };
    if page.element(label).is_none() || has_link(page, label) {
        return Vec::new();
    }
    let value_text = match page.text(value) {
        Some(t) => text::collapse_whitespace(t),
        None => text_of(page, value),
    };
    record(&text_of(page, label), &value_text, vec![label, value]).into_iter().collect()
}

const fn col(name: &'static str, label: &'static str, source: &'static str, description: &'static str) -> ColumnSpec {
    ColumnSpec { key: name, signal: "records", label, source, description }
}

/// The module's columns in the score table.
pub const COLUMNS: &[ColumnSpec] = &[
    col("records.satisfies", "characteristic", "seed 004 §4.3.2",
        "1 where a leaf satisfies a characteristic: a name–value delimiter or an attribute name."),
    col("records.wvc", "WVC", "seed 004 §4.3.2 A, formula (3)",
        "An element's characteristic weight Σ n_k log(N / n_k) over the leaves under it."),
    col("records.viterbi", "ψ", "seed 004 §4.3.2 B, phases 1–3",
        "1 on the elements of the Viterbi path from <body> down to the records area."),
    col("records.area", "area", "seed 004 §4.3.2 B; area checks Pith's",
        "1 on the nodes inside the records area (none where the page has no records)."),
];

/// Writes [`COLUMNS`].
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let c = table.add_all(COLUMNS);
    let (page, seg) = (cx.page, cx.seg);
    let a = analyse(page, seg);
    for (leaf, &s) in seg.leaves.iter().zip(&a.satisfies) {
        table.set(c[0], leaf.id, if s != 0 { 1.0 } else { 0.0 });
    }
    let inside = a.area.map_or(0..0, |r| page.subtree(r));
    for id in 0..page.nodes.len() {
        let element = page.element(id).is_some();
        if element {
            table.set(c[1], id, a.wvc_at(seg, id) as f32);
            table.set(c[2], id, 0.0);
        }
        if element || leaf_at(seg, id).is_some() {
            table.set(c[3], id, if inside.contains(&id) { 1.0 } else { 0.0 });
        }
    }
    for &p in &a.path {
        table.set(c[2], p, 1.0);
    }
}

/// One attribute–value pair of a structured record.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub name: String,
    pub value: String,
    /// The nodes it was read from.
    pub nodes: Vec<crate::model::NodeId>,
    /// Whether the article shows it already: every one of its nodes holds
    /// content the article keeps or is part of a kept leaf (a
    /// specifications table the decision kept), or another record of the
    /// same name and value is so; set by [`crate::article::build`]. The reader and the exports
    /// list only the others, so a table is not shown twice.
    pub in_article: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characteristics_of_lines() {
        assert_eq!(characteristics("Size: M"), 1 | 1 << 5);
        assert_eq!(characteristics("Size"), 1 << 5);
        assert_eq!(characteristics("Weight (kg)"), 1 << 7);
        assert_eq!(characteristics("Size matters a lot"), 0);
        assert_eq!(characteristics("Preis: 20 €"), 1 | 1 << 2);
        assert_eq!(characteristics("价格：¥199"), 1 | 1 << 2);
        assert_eq!(characteristics("色彩丰富"), 0);
        assert_eq!(characteristics("Brand: Acme\nColour: red"), 1 | 1 << 3 | 1 << 6);
        // Times and addresses hold no delimiter; a sentence is no name.
        assert_eq!(characteristics("Open 10:30 to 18:00, see https://example.test"), 0);
        assert_eq!(characteristics("What we learned from ten years of selling shoes online: a lot"), 0);
        assert_eq!(characteristics("Note: see below"), 1);
        assert_eq!(split_delimited("Price:"), Some(("Price", "")));
        assert_eq!(split_delimited("Time: 10:30"), Some(("Time", "10:30")));
    }

    #[test]
    fn dictionary_names_are_lower_case_and_unique() {
        let index = attribute_index();
        assert!(index.iter().all(|(_, n, _)| n.to_lowercase() == *n && n.len() <= LONGEST_NAME));
        let mut names: Vec<&str> = index.iter().map(|e| e.1).collect();
        names.sort_unstable();
        assert!(names.windows(2).all(|w| w[0] != w[1]));
        assert_eq!(attribute_of("Product name: Kettle"), Some(0));
        assert_eq!(attribute_of("GEWICHT"), Some(6));
    }

    /// Formula (3) by hand. N = 10 leaves; under node i, 2 leaves satisfy
    /// the delimiter and 1 the attribute "price":
    /// WVC = 2 ln(10/2) + 1 ln(10/1) = 3.2189 + 2.3026 = 5.5215.
    #[test]
    fn formula_three_by_hand() {
        assert!((wvc(&[2, 1, 0], 10) - 5.521460917862246).abs() < 1e-12);
        assert_eq!(wvc_term(0, 10), 0.0);
        assert_eq!(wvc_term(10, 10), 0.0);
        assert_eq!(emission(3.0, 4.0), 0.75);
        assert_eq!(emission(3.0, 0.0), 0.0);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod page_tests {
    use super::*;
    use crate::html::parse_document;
    use crate::segment::segment;

    fn run(html: &str) -> (Page, Segmentation) {
        let page = parse_document(html, "u").unwrap();
        let seg = segment(&page);
        (page, seg)
    }

    fn find(page: &Page, class: &str) -> NodeId {
        (0..page.nodes.len()).find(|&i| page.element(i).is_some_and(|e| *e.class == *class)).unwrap()
    }

    /// A made-up tree of N = 6 leaves: div.a holds "Price: 10" and
    /// "Brand: Acme", div.b holds "Colour: red" and "Nothing"; two more
    /// leaves outside. Delimiter: n = 2 under a, 1 under b, 3 at the root;
    /// price, brand, colour: 1 each where they are.
    #[test]
    fn formula_three_on_a_tree() {
        let (page, seg) = run(
            "<html><body><div class='a'><p>Price: 10</p><p>Brand: Acme</p></div>\
             <div class='b'><p>Colour: red</p><p>Nothing</p></div><p>One</p><p>Two</p></body></html>",
        );
        assert_eq!(seg.leaves.len(), 6);
        let a = analyse(&page, &seg);
        let l6 = |n: f64| (6.0 / n).ln();
        let wa = 2.0 * l6(2.0) + l6(1.0) + l6(1.0);
        let wb = l6(1.0) + l6(1.0);
        let root = 3.0 * l6(3.0) + 3.0 * l6(1.0);
        assert!((a.wvc_at(&seg, find(&page, "a")) - wa).abs() < 1e-9);
        assert!((a.wvc_at(&seg, find(&page, "b")) - wb).abs() < 1e-9);
        assert!((a.wvc_at(&seg, 0) - root).abs() < 1e-9);
        assert_eq!(a.record_leaves_at(&seg, 0), 3);
    }

    fn product_page() -> String {
        let mut html = String::from(
            "<html><body><nav><ul><li><a href='/'>Home</a></li><li><a href='/shop'>Shop</a></li>\
             <li><a href='/help'>Help: FAQ</a></li></ul></nav><main><h1>Acme Kettle</h1>\
             <div class='desc'>",
        );
        for _ in 0..6 {
            html.push_str("<p>A kettle that boils water quickly and quietly, for every kitchen.</p>");
        }
        html.push_str(
            "<p>Note: descale monthly.</p></div><table class='spec'><tbody>\
             <tr><th>Price</th><td>29.99</td></tr><tr><th>Brand</th><td>Acme</td></tr>\
             <tr><th>Capacity</th><td>1.7 l</td></tr><tr><th>Colour</th><td>Steel</td></tr>\
             <tr><th>Weight</th><td>1.1 kg</td></tr><tr><th>Warranty</th><td>2 years</td></tr>\
             </tbody></table></main><footer><p>© Acme</p></footer></body></html>",
        );
        html
    }

    #[test]
    fn descent_finds_the_spec_table() {
        let (page, seg) = run(&product_page());
        let a = analyse(&page, &seg);
        let table = find(&page, "spec");
        let area = a.area.expect("an area");
        assert!(area == table || page.children(table).contains(&area), "area {area}");
        assert!(a.path.contains(&table));
        assert!(!a.path.contains(&find(&page, "desc")));

        let cx = Context::new(&page, &seg);
        let mut t = ScoreTable::new(page.nodes.len());
        score(&cx, &mut t);
        assert_eq!(super::area(&t), Some(area));
        let in_area = t.expect("records.area");
        assert_eq!(t.get(in_area, find(&page, "desc")), 0.0);
        let got = pairs(&cx, area);
        let names: Vec<&str> = got.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["Price", "Brand", "Capacity", "Colour", "Weight", "Warranty"]);
        assert_eq!(got[2].value, "1.7 l");
    }

    /// One leaf of `<br>`-separated lines beside prose: the descent ends
    /// on it, and its lines are the pairs.
    #[test]
    fn one_leaf_of_spec_lines() {
        let mut html = String::from("<html><body><nav><a href='/'>Home</a></nav><main><div>");
        for _ in 0..8 {
            html.push_str("<p>Prose about a lamp that lights a room and more.</p>");
        }
        html.push_str("</div><p class='spec'>Brand: Acme<br>Model: L1<br>Colour: red</p></main></body></html>");
        let (page, seg) = run(&html);
        let a = analyse(&page, &seg);
        let spec = find(&page, "spec");
        assert_eq!(a.area, Some(spec));
        assert_eq!((a.record_leaves_at(&seg, spec), a.hits_at(&seg, spec)), (1, 4));
        let cx = Context::new(&page, &seg);
        assert_eq!(pairs(&cx, spec).len(), 3);
    }

    #[test]
    fn an_article_has_no_area() {
        let mut html = String::from("<html><body><p>By: Jane Doe</p><article>");
        for _ in 0..20 {
            html.push_str("<p>Long prose about the weather and other matters of the day.</p>");
        }
        html.push_str("</article><p>Tags: rain</p><p>Updated: Monday</p></body></html>");
        let (page, seg) = run(&html);
        let a = analyse(&page, &seg);
        assert_eq!(a.area, None);
        assert_eq!(a.record_leaves_at(&seg, 0), 3);
    }

    #[test]
    fn pairs_from_every_form() {
        let (page, seg) = run(
            "<html><body><div class='area'>\
             <p>Brand: Acme<br>Model：K-2</p>\
             <table><tr><td>Size</td><td>M</td></tr><tr><td>a</td><td>b</td><td>c</td></tr></table>\
             <dl><dt>Colour</dt><dd>Red</dd><dd>Blue</dd><div><dt>Weight</dt><dd>1 kg</dd></div></dl>\
             <div><div>Material</div><div>Steel</div></div>\
             <ul><li><b>Capacity</b> 2 l</li><li><a href='/x'>Link</a> text</li></ul>\
             </div></body></html>",
        );
        let cx = Context::new(&page, &seg);
        let got: Vec<(String, String)> =
            pairs(&cx, find(&page, "area")).into_iter().map(|r| (r.name, r.value)).collect();
        let want = [
            ("Brand", "Acme"),
            ("Model", "K-2"),
            ("Size", "M"),
            ("Colour", "Red; Blue"),
            ("Weight", "1 kg"),
            ("Material", "Steel"),
            ("Capacity", "2 l"),
        ];
        let want: Vec<(String, String)> = want.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        assert_eq!(got, want);
    }
}

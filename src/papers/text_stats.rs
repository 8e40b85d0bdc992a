//! Seed 001: Gaikwad & Sundar, "Optimized Content Extraction from web pages
//! using Composite Approaches" (§III), after Qureshi & Memon's statistical
//! model (its reference [8]).
//!
//! 1. Statistical features of a node `i` over a node set `T`, from the
//!    quantity of text σ(i) and of link text l(i):
//!    - deviation, eq. (1): `D(i) = σ(i) − Avg σ(T)`;
//!    - normalised deviation, eq. (2): `N(i) = (D(i) − Min D(T)) / (Max D(T) − Min D(T))`;
//!    - link density, eq. (3): `L(i) = l(i) / σ(i)` (the paper's ∅(i) is the
//!      quantity of text, σ);
//!    - normalised link density, eq. (4): `NL(i) = L(i) / Max L(T)`.
//! 2. "Statistically useful" nodes: much text, little link text.
//! 3. Nodes similar to the useful ones "based on formatting characteristics
//!    and their position in the page" are taken in too; useful and similar
//!    nodes hold the content.
//!
//! ## How Pith reads the paper where it is silent
//! * σ(i) is the visible (non-whitespace) characters of the node's text and
//!   l(i) those inside `<a href>`, from the segmentation; hidden leaves
//!   (closed tabs, menus) are left out of both.
//! * `T` is the page's visible leaves: D, N, NL are per leaf (on the leaf's
//!   row, `leaf.id`). σ and L are also written on every element with
//!   visible text (containers), for the decision to read.
//! * When every visible leaf holds the same amount of text (a one-leaf page
//!   among them), eq. (2) is 0/0: N is 1 for all (none has less text than
//!   another) and all are above-average enough to be useful.
//! * The paper gives no thresholds for "useful" (§III leaves them to the
//!   content type): see [`USEFUL_MIN_DEVIATION`] and
//!   [`USEFUL_MAX_LINK_DENSITY`].
//! * Formatting: a leaf's format is the six components of [`Format`]; their
//!   similarity is [`format_similarity`]. Formats differing in two or more
//!   components are not similar at all: tolerating one difference is what
//!   lets the matching run on hashed keys (the full key and the six keys
//!   with one component left out) in O(leaves), see [`match_formats`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::Context;
use crate::model::{NodeId, Page};
use crate::segment::{Leaf, Segmentation};
use crate::table::{ColumnSpec, ScoreTable};

/// Pith's choice (the paper gives no threshold): a useful leaf has more
/// text than the average leaf, `D(i) > 0`, the paper's reading of a high
/// deviation ("the higher the deviation, the more information is rendered
/// through that node").
pub const USEFUL_MIN_DEVIATION: f64 = 0.0;

/// Pith's choice: a useful leaf has at most this share of its text in
/// links (L(i) ≤ 0.5: more text than link text). The bound is on L, not
/// NL: NL ≥ L, and on a page whose most linked leaf is itself mostly text
/// (Max L(T) small), NL would call a paragraph with one link a link list.
/// Where the page has a navigation leaf (L = 1), NL = L and both read the
/// same.
pub const USEFUL_MAX_LINK_DENSITY: f64 = 0.5;

/// Components of a leaf's format, in [`Format::parts`] order.
pub const PARTS: usize = 6;
/// Index of the tag path in [`Format::parts`].
pub const PART_PATH: usize = 0;
/// Index of the leaf's own class.
pub const PART_CLASS: usize = 1;
/// Index of the font size (visual facts only).
pub const PART_FONT_SIZE: usize = 2;
/// Index of the font weight (visual facts only).
pub const PART_FONT_WEIGHT: usize = 3;
/// Index of the left edge (visual facts only).
pub const PART_LEFT: usize = 4;
/// Index of the width (visual facts only).
pub const PART_WIDTH: usize = 5;

/// Pith's choice: each component's weight in [`format_similarity`]. The
/// tag path (where the leaf sits, with its ancestors' classes) weighs most,
/// as the paper pairs formatting with "their position in the page"; the
/// rendered facts share the rest. They sum to 1.
pub const PART_WEIGHTS: [f64; PARTS] = [0.4, 0.2, 0.12, 0.08, 0.12, 0.08];

/// Pith's choice: a leaf is similar to a useful one when their similarity
/// is at least this. With [`PART_WEIGHTS`] it admits one differing
/// component except the tag path: 0.8 (class), 0.88 or 0.92 (a rendered
/// fact) with visual facts; without them (parsed HTML) the class alone,
/// 0.4 / 0.6 = 0.67, while a different path gives at most 0.6.
pub const SIMILAR_MIN: f64 = 0.65;

/// Pith's choice: font sizes are compared in steps of this many CSS pixels
/// (hashing needs exact keys; 0.5 px keeps rounding noise of `em` sizes
/// together without merging real size steps).
pub const FONT_SIZE_STEP_PX: f32 = 0.5;

/// Pith's choice: left edges and widths are compared in steps of this many
/// CSS pixels (one grid gutter: the blocks of one column line up closer
/// than this, the columns of a layout differ by more).
pub const BOX_STEP_PX: f32 = 8.0;

/// Eq. (1): a node's deviation from the mean quantity of text.
pub fn deviation(sigma: f64, avg_sigma: f64) -> f64 {
    sigma - avg_sigma
}

/// Eq. (2): the deviation scaled to [0, 1] over `T`; 1 when every node of
/// `T` has the same deviation (the 0/0 case).
pub fn normalized_deviation(d: f64, min_d: f64, max_d: f64) -> f64 {
    if max_d > min_d {
        (d - min_d) / (max_d - min_d)
    } else {
        1.0
    }
}

/// Eq. (3): the share of a node's text inside links; 0 without text.
pub fn link_density(link_chars: f64, sigma: f64) -> f64 {
    if sigma > 0.0 {
        link_chars / sigma
    } else {
        0.0
    }
}

/// Eq. (4): the link density over the largest one in `T`; 0 when no node
/// of `T` has links.
pub fn normalized_link_density(l: f64, max_l: f64) -> f64 {
    if max_l > 0.0 {
        l / max_l
    } else {
        0.0
    }
}

/// Whether a leaf is statistically useful ([`USEFUL_MIN_DEVIATION`],
/// [`USEFUL_MAX_LINK_DENSITY`]); `uniform` when every leaf of `T` has the
/// same σ (no deviation to speak of).
pub fn is_useful(d: f64, l: f64, uniform: bool) -> bool {
    (d > USEFUL_MIN_DEVIATION || uniform) && l <= USEFUL_MAX_LINK_DENSITY
}

/// A leaf's format: per component a hashed value, `None` where it is
/// unknown (the rendered facts of parsed HTML).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Format {
    pub parts: [Option<u64>; PARTS],
}

/// Similarity of two formats in [0, 1]: the weight ([`PART_WEIGHTS`]) of
/// the equal components over the weight of the components known on either
/// side (both unknown: left out), when at most one component differs; 0
/// when two or more differ.
pub fn format_similarity(a: &Format, b: &Format) -> f64 {
    let (mut same, mut known, mut differ) = (0.0, 0.0, 0);
    for ((x, y), w) in a.parts.iter().zip(&b.parts).zip(PART_WEIGHTS) {
        if x.is_none() && y.is_none() {
            continue;
        }
        known += w;
        if x == y {
            same += w;
        } else {
            differ += 1;
        }
    }
    if differ > 1 || known == 0.0 {
        0.0
    } else {
        same / known
    }
}

/// Per leaf: the best [`format_similarity`] to a useful leaf other than
/// itself, and the size of its formatting group (leaves with an equal
/// format, itself included).
pub struct FormatMatch {
    pub similarity: Vec<f64>,
    pub group: Vec<u32>,
}

/// [`format_similarity`] to the best useful leaf, and group sizes, for
/// every format, without comparing pairs: useful formats are counted in
/// hash maps under their full key and under each key with one component
/// left out; a leaf that differs from a useful leaf in exactly component k
/// shares that leaf's k-left-out key but not its full key.
pub fn match_formats(formats: &[Format], useful: &[bool]) -> FormatMatch {
    let mut keys = DistinctKeys::default();
    let of: Vec<u32> = formats.iter().map(|f| keys.add(FormatKeys::of(f))).collect();
    match_keys(&keys.formats, &of, useful)
}

/// A format as [`match_formats`] needs it: its keys ([`format_keys`]) and
/// which components are known (bit p for component p). 64 bytes where the
/// format and its keys were 152: the 1,000,000-element bench page has half
/// a million leaves.
#[derive(Clone, Copy, PartialEq, Eq)]
struct FormatKeys {
    keys: [u64; PARTS + 1],
    known: u8,
}

impl FormatKeys {
    fn of(f: &Format) -> FormatKeys {
        let known = f.parts.iter().enumerate().fold(0u8, |m, (p, x)| if x.is_some() { m | 1 << p } else { m });
        FormatKeys { keys: format_keys(f), known }
    }
}

impl std::hash::Hash for FormatKeys {
    /// The full key, already a mixed hash ([`KeyMap`]'s pass-through).
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.keys[0]);
    }
}

/// The distinct [`FormatKeys`] of a page's leaves, each once: a leaf
/// holds the index of its own. A page has few formats for many leaves
/// (the 1,000,000-element bench page a handful for 490,000), so the
/// leaves' keys, 64 bytes a leaf, were 31 MB of this method's peak there
/// (`tests/eval/SPEED.md`, 2026-11-30); an index is 4 bytes.
#[derive(Default)]
struct DistinctKeys {
    formats: Vec<FormatKeys>,
    index: HashMap<FormatKeys, u32, BuildHasherDefault<PassThrough>>,
}

impl DistinctKeys {
    /// The index of `k` among the distinct keys, added if new.
    fn add(&mut self, k: FormatKeys) -> u32 {
        let next = self.formats.len() as u32;
        let at = *self.index.entry(k).or_insert(next);
        if at == next {
            self.formats.push(k);
        }
        at
    }
}

/// [`match_formats`] over the formats' keys: leaf `i`'s are
/// `formats[of[i]]`.
fn match_keys(formats: &[FormatKeys], of: &[u32], useful: &[bool]) -> FormatMatch {
    // Grown as formats come, not sized for every leaf: a page of many
    // leaves has few formats (the bench page's 490,000 leaves, a handful),
    // and a map sized for all of them was 17 MB of this method's peak.
    let mut all = KeyMap::default();
    let mut good: Vec<KeyMap> = vec![KeyMap::default(); PARTS + 1];
    let keys = of.iter().map(|&f| &formats[f as usize]);
    for (i, k) in keys.clone().enumerate() {
        *all.entry(k.keys[0]).or_default() += 1;
        if useful[i] {
            for (map, &key) in good.iter_mut().zip(&k.keys) {
                *map.entry(key).or_default() += 1;
            }
        }
    }
    let mut similarity = vec![0.0; of.len()];
    for (i, k) in keys.clone().enumerate() {
        let full = good[0].get(&k.keys[0]).copied().unwrap_or(0);
        if full > u32::from(useful[i]) {
            similarity[i] = 1.0;
            continue;
        }
        for p in 0..PARTS {
            // More useful leaves share the key without component p than
            // with it: some useful leaf differs in p alone.
            if good[p + 1].get(&k.keys[p + 1]).copied().unwrap_or(0) > full {
                let other: f64 = (0..PARTS)
                    .filter(|&q| q != p && k.known & (1 << q) != 0)
                    .map(|q| PART_WEIGHTS[q])
                    .sum();
                similarity[i] = f64::max(similarity[i], other / (other + PART_WEIGHTS[p]));
            }
        }
    }
    drop(good);
    let group = keys.map(|k| all[&k.keys[0]]).collect();
    FormatMatch { similarity, group }
}

/// The full key, then the key with component p left out, for each p.
fn format_keys(f: &Format) -> [u64; PARTS + 1] {
    let mut keys = [0u64; PARTS + 1];
    for (v, key) in keys.iter_mut().enumerate() {
        // v = 0: nothing left out; v = p + 1: component p left out.
        *key = f.parts.iter().enumerate().fold(mix(v as u64), |h, (p, part)| match part {
            _ if p + 1 == v => h,
            // mix is a bijection with mix(0) = 0: a known value never
            // hashes like an unknown one.
            Some(x) => combine(h, mix(x.wrapping_add(1))),
            None => combine(h, 0),
        });
    }
    keys
}

/// splitmix64's finaliser: a cheap, well spread 64-bit mix (hashing needs
/// no secrecy here, and must be the same on every run).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A hash of the sequence `h`, then `v`.
fn combine(h: u64, v: u64) -> u64 {
    mix(h.rotate_left(5) ^ v ^ 0x9e37_79b9_7f4a_7c15)
}

/// A hash of a string (FNV-1a, then mixed).
fn hash_str(s: &str) -> u64 {
    mix(s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)))
}

/// A map keyed by hashes that are already mixed: the key is its own hash.
/// (The decision's `repeated_runs` keys its texts with it too: one copy
/// of the map's code in the wasm.)
pub(crate) type KeyMap = HashMap<u64, u32, BuildHasherDefault<PassThrough>>;

#[derive(Default)]
pub(crate) struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = combine(self.0, u64::from(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// A class attribute's tokens without those holding a digit (ids such as
/// `post-1234`), sorted: the part of a class that names a format.
fn class_tokens(class: &str) -> Vec<&str> {
    let mut t: Vec<&str> =
        class.split_ascii_whitespace().filter(|t| !t.bytes().any(|b| b.is_ascii_digit())).collect();
    // Sorted through the crate's one sort (by hash: equal tokens meet),
    // then deduplicated.
    let keys: Vec<u64> = t.iter().map(|s| hash_str(s)).collect();
    t = crate::sort::order(&keys).into_iter().map(|i| t[i as usize]).collect();
    t.dedup();
    t
}

/// Class tokens [`class_hash`] sorts on the stack; a class with more is
/// hashed through [`class_tokens`]' vectors. Pith's choice: utility-class
/// pages give an element ten or twenty tokens, rarely more.
const CLASS_HASH_TOKENS: usize = 32;

/// A hash of [`class_tokens`], the same value, without their vectors: the
/// tokens' hashes sorted on the stack by insertion, as [`crate::sort::order`]
/// sorts so few (stable), equal tokens met in a row counted once. It runs
/// for every element; its four vectors were 11 % of the core's allocations
/// (valgrind's DHAT over `pith-lab profile wcxb-dev --limit 40`, session 15).
fn class_hash(class: &str) -> u64 {
    let mut sorted: [(u64, &str); CLASS_HASH_TOKENS] = [(0, ""); CLASS_HASH_TOKENS];
    let mut n = 0;
    for t in class.split_ascii_whitespace().filter(|t| !t.bytes().any(|b| b.is_ascii_digit())) {
        if n == CLASS_HASH_TOKENS {
            return class_tokens(class).iter().fold(1, |h, t| combine(h, hash_str(t)));
        }
        let h = hash_str(t);
        let mut i = n;
        while i > 0 && sorted[i - 1].0 > h {
            sorted[i] = sorted[i - 1];
            i -= 1;
        }
        sorted[i] = (h, t);
        n += 1;
    }
    let mut prev: Option<&str> = None;
    sorted[..n].iter().fold(1, |h, &(k, t)| {
        if prev == Some(t) {
            return h;
        }
        prev = Some(t);
        combine(h, k)
    })
}

/// A hash of an element's tag name and class ([`class_tokens`]): what one
/// element adds to a tag path ([`path_hashes`]), and the format the cards
/// cue compares siblings by.
pub(crate) fn format_signature(name: &str, class: &str) -> u64 {
    signature(name, class_hash(class))
}

/// [`class_hash`] of an element without a class (a test checks).
const NO_CLASS_HASH: u64 = 1;

/// [`format_signature`] of a class already hashed ([`class_hash`]).
fn signature(name: &str, class_hash: u64) -> u64 {
    combine(hash_str(name), class_hash)
}

/// Per element: a hash of its tag path, the tag names and classes
/// ([`class_tokens`]) from the root down to itself.
fn path_hashes(page: &Page) -> Vec<u64> {
    let mut path = vec![0u64; page.nodes.len()];
    // Pages repeat their class attributes (a list's items, a grid's
    // cards, utility classes): each distinct one is hashed once.
    // (The markup cue's map type, an index into `hashes`: its code is in
    // the wasm once. A page of more than 65,536 distinct classes hashes the
    // rest each time.)
    let mut classes: crate::cues::markup::WordBits<&str> = Default::default();
    let mut hashes: Vec<u64> = Vec::new();
    for id in 0..page.nodes.len() {
        let Some(e) = page.element(id) else { continue };
        let up = page.nodes[id].parent().map_or(0, |p| path[p]);
        let class = if e.class.is_empty() {
            NO_CLASS_HASH
        } else if let Some(&k) = classes.get(&*e.class) {
            hashes[k as usize]
        } else {
            let h = class_hash(&e.class);
            if let Ok(k) = u16::try_from(hashes.len()) {
                classes.insert(&e.class, k);
                hashes.push(h);
            }
            h
        };
        path[id] = combine(up, signature(e.name(), class));
    }
    path
}

/// Pith's choice: the fewest items of one width that make a row of a grid
/// ([`grid_shifts`]): two side by side.
pub const GRID_MIN_ITEMS: usize = 2;

/// A sort key of a box's width, top and left steps ([`grid_shifts`]), 21
/// bits each, offset so that negative steps (boxes above or left of the
/// page's origin) order before positive ones; steps beyond ±2^20 (8 million
/// CSS pixels) are clamped.
fn grid_key(width: i64, top: i64, left: i64) -> u64 {
    const BITS: u32 = 21;
    let part = |v: i64| v.saturating_add(1 << (BITS - 1)).clamp(0, (1 << BITS) - 1) as u64;
    (part(width) << (2 * BITS)) | (part(top) << BITS) | part(left)
}

/// Per node: how far right of its grid's first column it sits, in CSS
/// pixels (0 outside grids). Seed 001 compares formats by left edge, which
/// in a laid-out grid of cards (a product grid, a card list in columns)
/// puts each column's cards in a format of their own: a three-column grid
/// of twelve cards makes three groups of four, where the same cards
/// stacked (the data sets' pages, saved without their style sheets) make
/// one group of twelve (`tests/eval/styled-pages.mjs`: the collections with
/// hashed class names lost 0.09 word F1 with their CSS). A parent lays out
/// a grid when at least [`GRID_MIN_ITEMS`] of its element children have
/// the same width (in [`BOX_STEP_PX`] steps) and two of them share a top
/// edge at different left edges; those children, and everything inside
/// them, are measured from the leftmost of them. Blocks of unlike widths
/// side by side (a main column and a sidebar) are no grid. Without layout
/// (parsed HTML, no boxes) or with every block stacked, all shifts are 0.
/// The data sets' saved pages keep a few grids (inline styles, tables):
/// it changed 35 wcxb-dev pages' inputs. Retrained and held out (`pith-lab
/// train`, seeds 1–3, 2026-11-24): collection word F1 0.665 / 0.662 /
/// 0.668 → 0.678 / 0.681 / 0.677, page type accuracy 0.870 → 0.875,
/// wcxb-dev 0.870 / 0.869 / 0.870 → 0.870 at each seed.
pub fn grid_shifts(page: &Page) -> Vec<f32> {
    let mut shift = vec![0f32; page.nodes.len()];
    let step = |v: f32| (v / BOX_STEP_PX).round() as i64;
    // (width step, top step, left, child) of one parent's boxed children.
    let mut items: Vec<(i64, i64, f32, NodeId)> = Vec::new();
    for id in 0..page.nodes.len() {
        let Some(e) = page.element(id) else { continue };
        // Node order is document order: a parent's shift is final before
        // its children are reached, and every child starts from it.
        let here = shift[id];
        if here != 0.0 {
            for &c in page.children(id) {
                shift[c] = here;
            }
        }
        if e.visual.is_none() || page.children(id).len() < GRID_MIN_ITEMS {
            continue;
        }
        items.clear();
        for &c in page.children(id) {
            if let Some(v) = page.element(c).and_then(|ce| ce.visual.as_ref()) {
                let finite = v.rect.x.is_finite() && v.rect.y.is_finite() && v.rect.w.is_finite();
                if finite && v.rect.w > 0.0 && v.rect.h > 0.0 {
                    items.push((step(v.rect.w), step(v.rect.y), v.rect.x, c));
                }
            }
        }
        if items.len() < GRID_MIN_ITEMS {
            continue;
        }
        // Children by width, then top, then left (the crate's one sort, on
        // a key of the three steps): a row of a grid is a run of one width
        // and one top with more than one left edge.
        let keys: Vec<u64> = items.iter().map(|t| grid_key(t.0, t.1, step(t.2))).collect();
        let order = crate::sort::order(&keys);
        let mut i = 0;
        while i < order.len() {
            let width = items[order[i] as usize].0;
            let mut j = i;
            while j < order.len() && items[order[j] as usize].0 == width {
                j += 1;
            }
            let run = &order[i..j];
            let side_by_side = run.windows(2).any(|w| {
                let (a, b) = (&items[w[0] as usize], &items[w[1] as usize]);
                a.1 == b.1 && step(a.2) != step(b.2)
            });
            if run.len() >= GRID_MIN_ITEMS && side_by_side {
                let first = run.iter().map(|&k| items[k as usize].2).fold(f32::INFINITY, f32::min);
                for &k in run {
                    let t = &items[k as usize];
                    shift[t.3] = here + (t.2 - first);
                }
            }
            i = j;
        }
    }
    shift
}

/// A leaf's format: tag path (its ancestors with their classes, then its
/// own tag; an anonymous leaf is a text run inside its holder), its own
/// class, and, where the browser rendered the holder, font size and weight,
/// left edge (less its grid shift, [`grid_shifts`]) and width.
pub fn leaf_format(page: &Page, leaf: &Leaf, path: &[u64], shifts: &[f32]) -> Format {
    let mut f = Format::default();
    let holder = page.element(leaf.holder());
    if leaf.element {
        let e = holder.expect("an element leaf is an element");
        let up = page.nodes[leaf.id].parent().map_or(0, |p| path[p]);
        f.parts[PART_PATH] = Some(combine(up, hash_str(e.name())));
        f.parts[PART_CLASS] = Some(class_hash(&e.class));
    } else {
        f.parts[PART_PATH] = Some(combine(path[leaf.holder()], hash_str("#text")));
        f.parts[PART_CLASS] = Some(class_hash(""));
    }
    if let Some(v) = holder.and_then(|e| e.visual.as_ref()) {
        if let Some(font) = v.font() {
            f.parts[PART_FONT_SIZE] = Some((font.size / FONT_SIZE_STEP_PX).round() as i64 as u64);
            f.parts[PART_FONT_WEIGHT] = Some(u64::from(font.weight));
        }
        let x = v.rect.x - shifts[leaf.holder()];
        f.parts[PART_LEFT] = Some((x / BOX_STEP_PX).round() as i64 as u64);
        f.parts[PART_WIDTH] = Some((v.rect.w / BOX_STEP_PX).round() as i64 as u64);
    }
    f
}

/// Per leaf of the segmentation: its format's full key ([`leaf_format`]),
/// equal for the leaves of one formatting group; `None` for hidden leaves.
pub fn format_ids(page: &Page, seg: &Segmentation) -> Vec<Option<u64>> {
    let path = path_hashes(page);
    let shifts = grid_shifts(page);
    seg.leaves
        .iter()
        .map(|l| (!l.hidden).then(|| format_keys(&leaf_format(page, l, &path, &shifts))[0]))
        .collect()
}

/// The method's result: per visible leaf (indices into the segmentation's
/// leaves) its features and verdicts.
#[derive(Debug, Clone, PartialEq)]
pub struct LeafStats {
    pub leaf: usize,
    pub sigma: f64,
    pub d: f64,
    pub n: f64,
    pub l: f64,
    pub nl: f64,
    pub useful: bool,
    pub similarity: f64,
    /// `useful` or similar to a useful leaf ([`SIMILAR_MIN`]).
    pub content: bool,
    pub group: u32,
}

/// Runs the method over the visible leaves.
pub fn analyse(page: &Page, seg: &Segmentation) -> Vec<LeafStats> {
    let mut out = Vec::new();
    analyse_each(page, seg, |s| out.push(s));
    out
}

/// [`analyse`], each visible leaf's stats handed to `f` in order instead
/// of collected. σ, L and D are computed from the leaf where they are
/// needed, not kept per leaf, and the stats are not held at once: on the
/// 1,000,000-element bench page (490,000 visible leaves) this method's
/// passing peak was the wasm's high-water mark (`tests/eval/SPEED.md`,
/// session 27).
pub fn analyse_each(page: &Page, seg: &Segmentation, mut f: impl FnMut(LeafStats)) {
    let visible: Vec<u32> = (0..seg.leaves.len() as u32).filter(|&i| !seg.leaves[i as usize].hidden).collect();
    if visible.is_empty() {
        return;
    }
    let sigma = |i: u32| f64::from(seg.leaves[i as usize].chars);
    let l = |i: u32| link_density(f64::from(seg.leaves[i as usize].link_chars), sigma(i));
    let avg = visible.iter().map(|&i| sigma(i)).sum::<f64>() / visible.len() as f64;
    let d = |i: u32| deviation(sigma(i), avg);
    let (min_d, max_d) = visible.iter().fold((f64::MAX, f64::MIN), |(a, b), &i| (a.min(d(i)), b.max(d(i))));
    let uniform = max_d == min_d;
    let max_l = visible.iter().map(|&i| l(i)).fold(0.0, f64::max);
    let useful: Vec<bool> = visible.iter().map(|&i| is_useful(d(i), l(i), uniform)).collect();
    // Each leaf's format is reduced to its keys as it is made, and the
    // per-node inputs are freed before the matching (memory on large pages).
    let mut keys = DistinctKeys::default();
    let of: Vec<u32> = {
        let path = path_hashes(page);
        let shifts = grid_shifts(page);
        visible.iter().map(|&i| keys.add(FormatKeys::of(&leaf_format(page, &seg.leaves[i as usize], &path, &shifts)))).collect()
    };
    let m = match_keys(&keys.formats, &of, &useful);
    drop((keys, of));
    for (j, &i) in visible.iter().enumerate() {
        let (d, l) = (d(i), l(i));
        f(LeafStats {
            leaf: i as usize,
            sigma: sigma(i),
            d,
            n: normalized_deviation(d, min_d, max_d),
            l,
            nl: normalized_link_density(l, max_l),
            useful: useful[j],
            similarity: m.similarity[j],
            content: useful[j] || m.similarity[j] >= SIMILAR_MIN,
            group: m.group[j],
        });
    }
}

const fn col(name: &'static str, label: &'static str, source: &'static str, description: &'static str) -> ColumnSpec {
    ColumnSpec { key: name, signal: "textStats", label, source, description }
}

/// The module's columns in the score table.
pub const COLUMNS: &[ColumnSpec] = &[
    col("textStats.sigma", "σ", "seed 001 §III, eq. (1)",
        "Visible characters of the node's text (leaves and elements with visible text)."),
    col("textStats.linkDensity", "L", "seed 001 §III, eq. (3)",
        "Share of the node's visible characters inside links (leaves and elements with visible text)."),
    col("textStats.deviation", "D", "seed 001 §III, eq. (1)",
        "σ of a visible leaf minus the mean σ of the visible leaves."),
    col("textStats.normDeviation", "N", "seed 001 §III, eq. (2)",
        "D scaled to [0, 1] over the visible leaves."),
    col("textStats.normLinkDensity", "NL", "seed 001 §III, eq. (4)",
        "L of a visible leaf over the largest L of the visible leaves."),
    col("textStats.useful", "useful", "seed 001 §III; thresholds Pith's",
        "1 where a visible leaf is statistically useful: D > 0 and L ≤ 0.5."),
    col("textStats.similarity", "similarity", "seed 001 §III; similarity Pith's",
        "Best formatting similarity (tag path, class, font, left edge, width) of a visible leaf to another useful leaf."),
    col("textStats.similar", "similar", "seed 001 §III; threshold Pith's",
        "1 where the similarity reaches 0.65."),
    col("textStats.content", "content", "seed 001 §III",
        "1 where a visible leaf is useful or similar to a useful leaf: the paper's content."),
    col("textStats.formatGroup", "group", "seed 001 §III; Pith's",
        "Visible leaves sharing the leaf's format, itself included (all posts of a forum, all cards of a listing)."),
];

/// Writes [`COLUMNS`].
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let c = table.add_all(COLUMNS);
    let (page, seg) = (cx.page, cx.seg);
    // σ and l of containers: visible leaves summed at their holder, then up.
    // Per block: a leaf's holder and its ancestors are blocks
    // ([`Segmentation::block`]), an inline node's sums are 0.
    {
        let n = page.nodes.len();
        let mut chars = vec![0u32; seg.blocks()];
        let mut links = vec![0u32; seg.blocks()];
        for leaf in seg.leaves.iter().filter(|l| !l.hidden) {
            if let Some(b) = seg.block(leaf.holder()) {
                chars[b] += leaf.chars;
                links[b] += leaf.link_chars;
            }
        }
        for (b, p) in seg.blocks_up() {
            chars[p] += chars[b];
            links[p] += links[b];
        }
        for id in 0..n {
            let Some(b) = seg.block(id) else { continue };
            if chars[b] > 0 && page.element(id).is_some() {
                let s = f64::from(chars[b]);
                table.set(c[0], id, s as f32);
                table.set(c[1], id, link_density(f64::from(links[b]), s) as f32);
            }
        }
    }
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    analyse_each(page, seg, |s| {
        let id: NodeId = seg.leaves[s.leaf].id;
        let values = [
            s.sigma,
            s.l,
            s.d,
            s.n,
            s.nl,
            flag(s.useful),
            s.similarity,
            flag(s.similarity >= SIMILAR_MIN),
            flag(s.content),
            f64::from(s.group),
        ];
        for (col, v) in c.iter().zip(values) {
            table.set(*col, id, v as f32);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// Eqs. (1)–(4) by hand: five leaves of 300, 100, 20, 20 and 60
    /// characters (mean 100), the third all link text, the first with 30
    /// link characters.
    #[test]
    fn formulas_by_hand() {
        let sigma = [300.0, 100.0, 20.0, 20.0, 60.0];
        let avg = sigma.iter().sum::<f64>() / 5.0;
        assert!(close(avg, 100.0));
        let d: Vec<f64> = sigma.iter().map(|&s| deviation(s, avg)).collect();
        assert_eq!(d, [200.0, 0.0, -80.0, -80.0, -40.0]);
        assert!(close(normalized_deviation(200.0, -80.0, 200.0), 1.0));
        assert!(close(normalized_deviation(0.0, -80.0, 200.0), 80.0 / 280.0));
        assert!(close(normalized_deviation(-80.0, -80.0, 200.0), 0.0));
        assert!(close(normalized_deviation(-40.0, -80.0, 200.0), 40.0 / 280.0));
        // Every leaf alike: 0/0 reads as 1.
        assert_eq!(normalized_deviation(0.0, 0.0, 0.0), 1.0);
        assert!(close(link_density(30.0, 300.0), 0.1));
        assert_eq!(link_density(20.0, 20.0), 1.0);
        assert_eq!(link_density(0.0, 0.0), 0.0);
        assert!(close(normalized_link_density(0.1, 1.0), 0.1));
        assert!(close(normalized_link_density(0.1, 0.2), 0.5));
        assert_eq!(normalized_link_density(0.0, 0.0), 0.0);
        // Useful: above the mean, at most half link text.
        assert!(is_useful(200.0, 0.1, false));
        assert!(!is_useful(0.0, 0.0, false));
        assert!(!is_useful(200.0, 0.6, false));
        assert!(is_useful(0.0, 0.0, true));
    }

    fn fmt(parts: [Option<u64>; PARTS]) -> Format {
        Format { parts }
    }

    #[test]
    fn similarity_tolerates_one_difference() {
        let a = fmt([Some(1), Some(2), Some(16), Some(400), Some(10), Some(80)]);
        assert_eq!(format_similarity(&a, &a), 1.0);
        let mut b = a;
        b.parts[PART_CLASS] = Some(3);
        assert!(close(format_similarity(&a, &b), 0.8));
        b.parts[PART_LEFT] = Some(11);
        assert_eq!(format_similarity(&a, &b), 0.0);
        let mut c = a;
        c.parts[PART_PATH] = Some(9);
        assert!(close(format_similarity(&a, &c), 0.6));
        assert!(format_similarity(&a, &c) < SIMILAR_MIN);
        // Without visual facts only path and class count.
        let p = fmt([Some(1), Some(2), None, None, None, None]);
        let q = fmt([Some(1), Some(5), None, None, None, None]);
        assert!(close(format_similarity(&p, &q), 0.4 / 0.6));
        assert!(format_similarity(&p, &q) >= SIMILAR_MIN);
        // Known on one side only: a difference.
        let r = fmt([Some(1), Some(2), Some(16), None, None, None]);
        assert!(close(format_similarity(&p, &r), 0.6 / 0.72));
    }

    /// The hashed matching equals the pairwise definition.
    #[test]
    fn hashed_matching_equals_pairwise() {
        // A small deterministic spread of formats, some parts unknown.
        let mut formats = Vec::new();
        let mut x: u64 = 7;
        for _ in 0..300 {
            let mut parts = [None; PARTS];
            for p in parts.iter_mut() {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let v = (x >> 60) % 3;
                *p = if v == 2 && x & 1 == 0 { None } else { Some(v) };
            }
            formats.push(fmt(parts));
        }
        let useful: Vec<bool> = (0..formats.len()).map(|i| i % 7 == 0).collect();
        let m = match_formats(&formats, &useful);
        for i in 0..formats.len() {
            let best = (0..formats.len())
                .filter(|&j| j != i && useful[j])
                .map(|j| format_similarity(&formats[i], &formats[j]))
                .fold(0.0, f64::max);
            assert!(close(m.similarity[i], best), "leaf {i}: {} vs {best}", m.similarity[i]);
            let group = formats.iter().filter(|f| **f == formats[i]).count() as u32;
            assert_eq!(m.group[i], group);
        }
    }

    #[test]
    fn class_tokens_drop_ids_and_order() {
        let mut t = class_tokens("post  post-1234 odd post");
        t.sort_unstable();
        assert_eq!(t, ["odd", "post"]);
        assert!(class_tokens("").is_empty());
        // The tag path's shortcut for an element without a class.
        assert_eq!(class_hash(""), NO_CLASS_HASH);
        assert_eq!(class_hash("  \t"), NO_CLASS_HASH);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod page_tests {
    use super::*;
    use crate::html::parse_document;
    use crate::segment::segment;

    fn long(n: usize) -> String {
        "Some words of a real paragraph, with a clause. ".repeat(n)
    }

    #[test]
    fn short_paragraph_joins_its_article_and_nav_stays_out() {
        let html = format!(
            "<html><body><nav><ul><li><a href='/a'>Home</a></li><li><a href='/b'>News</a></li>\
             <li><a href='/c'>Sport</a></li><li><a href='/d'>About us</a></li></ul></nav>\
             <div class='content'><p>{}</p><p>{}</p><p>Short one.</p></div>\
             <div class='side'><p>Sidebar.</p></div></body></html>",
            long(4),
            long(3)
        );
        let page = parse_document(&html, "u").unwrap();
        let seg = segment(&page);
        let stats = analyse(&page, &seg);
        let by_text = |t: &str| stats.iter().find(|s| seg.leaves[s.leaf].text(&page).starts_with(t)).unwrap();
        let first = by_text("Some words");
        assert!(first.useful && first.content && first.n == 1.0);
        let short = by_text("Short one.");
        assert!(!short.useful && short.similarity == 1.0 && short.content);
        assert_eq!(short.group, 3);
        let home = by_text("Home");
        assert!(!home.useful && !home.content && home.l == 1.0 && home.nl == 1.0);
        assert_eq!(home.group, 4);
        // Same tags, but the sidebar's ancestor class differs: another path.
        let side = by_text("Sidebar.");
        assert!(!side.content && side.group == 1);

        let cx = Context::new(&page, &seg);
        let mut table = ScoreTable::new(page.nodes.len());
        score(&cx, &mut table);
        let sigma = table.expect("textStats.sigma");
        assert_eq!(table.get(sigma, 0), seg.sums(0).chars as f32);
        let content = table.expect("textStats.content");
        assert_eq!(table.get(content, seg.leaves[short.leaf].id), 1.0);
        assert!(table.get(content, 0).is_nan());
    }

    #[test]
    fn forum_posts_form_one_group() {
        let mut html = String::from("<html><body>");
        for i in 0..6 {
            let text = if i % 2 == 0 { long(3) } else { "Thanks!".to_string() };
            html.push_str(&format!(
                "<div class='post post-{i}'><div class='author'>user{i}</div><div class='body'>{text}</div></div>"
            ));
        }
        html.push_str("</body></html>");
        let page = parse_document(&html, "u").unwrap();
        let seg = segment(&page);
        let stats = analyse(&page, &seg);
        let bodies: Vec<&LeafStats> =
            stats.iter().filter(|s| page.element(seg.leaves[s.leaf].id).unwrap().class.as_ref() == "body").collect();
        assert_eq!(bodies.len(), 6);
        assert!(bodies.iter().all(|s| s.group == 6 && s.content));
    }

    #[test]
    fn single_leaf_page_is_useful() {
        let page = parse_document("<html><body><p>Only this.</p></body></html>", "u").unwrap();
        let seg = segment(&page);
        let stats = analyse(&page, &seg);
        assert_eq!(stats.len(), 1);
        assert!(stats[0].useful && stats[0].n == 1.0 && stats[0].d == 0.0);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod grid_tests {
    use super::*;
    use crate::model::PageFacts;
    use crate::segment::segment;

    /// Six cards of one width in `rows` rows (three per row when laid out,
    /// one per row when stacked), each a title; beside the grid a sidebar
    /// of another width with two links, at the grid's top.
    fn facts(laid_out: bool) -> String {
        let mut nodes = vec![
            r#"{"parent": -1, "tag": "body", "visual": {"w": 1200, "h": 2000, "display": "block"}}"#.to_string(),
            r#"{"parent": 0, "tag": "div", "class": "grid", "visual": {"x": 20, "y": 0, "w": 900, "h": 600, "display": "grid"}}"#.to_string(),
        ];
        for i in 0..6 {
            let (x, y) = if laid_out { (20 + 300 * (i % 3), 200 * (i / 3)) } else { (20, 100 * i) };
            let card = nodes.len();
            nodes.push(format!(r#"{{"parent": 1, "tag": "div", "class": "_c", "visual": {{"x": {x}, "y": {y}, "w": 280, "h": 90, "display": "block"}}}}"#));
            nodes.push(format!(r#"{{"parent": {card}, "tag": "h3", "visual": {{"x": {}, "y": {y}, "w": 260, "h": 24, "display": "block", "fontSize": "18px", "fontWeight": "700"}}}}"#, x + 10));
            nodes.push(format!(r##"{{"parent": {}, "tag": "#text", "text": "Card title {i}"}}"##, card + 1));
        }
        let side = nodes.len();
        nodes.push(r#"{"parent": 0, "tag": "aside", "visual": {"x": 940, "y": 0, "w": 240, "h": 300, "display": "block"}}"#.to_string());
        for i in 0..2 {
            let p = nodes.len();
            nodes.push(format!(r#"{{"parent": {side}, "tag": "p", "visual": {{"x": 940, "y": {}, "w": 240, "h": 20, "display": "block"}}}}"#, 30 * i));
            nodes.push(format!(r##"{{"parent": {p}, "tag": "#text", "text": "Side note {i}"}}"##));
        }
        format!(r#"{{"viewportWidth": 1200, "viewportHeight": 900, "nodes": [{}]}}"#, nodes.join(",\n"))
    }

    fn page(laid_out: bool) -> Page {
        Page::from_facts(PageFacts::from_json(&facts(laid_out)).unwrap()).unwrap()
    }

    #[test]
    fn a_grids_columns_are_measured_from_its_first() {
        let p = page(true);
        let shifts = grid_shifts(&p);
        let cards: Vec<NodeId> = p.children(1).to_vec();
        assert_eq!(cards.len(), 6);
        // Each card, and its title inside it, sits 0, 300 or 600 px right
        // of the first column.
        for (i, &c) in cards.iter().enumerate() {
            let want = 300.0 * (i % 3) as f32;
            assert_eq!(shifts[c], want, "card {i}");
            assert_eq!(shifts[c + 1], want, "title {i}");
        }
        // The grid and the sidebar beside it differ in width: no grid.
        let side = p.children(0)[1];
        assert_eq!((shifts[1], shifts[side]), (0.0, 0.0));
        // Stacked, nothing shares a top: no shift anywhere.
        assert!(grid_shifts(&page(false)).iter().all(|&s| s == 0.0));
    }

    #[test]
    fn a_laid_out_grid_is_one_format_group_as_when_stacked() {
        for laid_out in [true, false] {
            let p = page(laid_out);
            let seg = segment(&p);
            let stats = analyse(&p, &seg);
            let titles: Vec<&LeafStats> =
                stats.iter().filter(|s| seg.leaves[s.leaf].text(&p).starts_with("Card title")).collect();
            assert_eq!(titles.len(), 6);
            assert!(titles.iter().all(|s| s.group == 6), "laid out {laid_out}: {:?}",
                titles.iter().map(|s| s.group).collect::<Vec<_>>());
            let notes: Vec<&LeafStats> =
                stats.iter().filter(|s| seg.leaves[s.leaf].text(&p).starts_with("Side note")).collect();
            assert!(notes.iter().all(|s| s.group == 2));
        }
    }
}

//! `pith-lab fuzz`: real pages' dumped facts, mutated, through the core.
//!
//! `tests/properties.rs` builds random documents from nothing; this starts
//! from the pages the browser read (`eval-out/facts/`), so the mutated
//! pages still hold what the decision keeps, the records, bylines, dates,
//! forums' posts and JSON-LD that random trees rarely reach. Each case
//! takes one page and applies a few mutations of the kinds a live page can
//! deliver through a walker: odd geometry (NaN, infinities, huge or
//! negative boxes), odd computed styles, text whose case mapping changes
//! its length in bytes ("İ", "K", "Ⱥ"), the core's own private-use
//! markers, long words and scripts without spaces, odd addresses and
//! metadata, malformed or deep JSON-LD, and well-formed tree surgery
//! (subtrees deleted, copied, moved, unwrapped, wrapped in deep chains,
//! retagged), the devtools panel's parameters at the ends of their
//! ranges; some cases also corrupt the packed or JSON form the facts
//! cross the wasm boundary in, which must then be a clear error.
//!
//! A case fails when the core panics (in the extension that is a trapped
//! wasm instance) or returns an error for well-formed facts; every failure
//! is written to `OUT/fuzz/<case>.json` (the mutated facts, for `pith-lab
//! signals`) and listed with its mutations. The slowest cases against their
//! page's unmutated time are listed too (a quadratic step shows there). The
//! cases follow from `--seed` alone: `FUZZ_ROUNDS=N pith-lab fuzz [SET…]
//! --seed S`; `FUZZ_CASES=a,b` runs only those cases again.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pith::extract::{extract, Options};
use pith::model::{MetaFact, NodeFacts, VisualFacts, TEXT_NODE_TAG};
use pith::{Page, PageFacts};

use crate::data::{par_map, DataSet};

/// Mutations per case: one to this many. Chosen by hand: enough for
/// mutations to meet (a copied subtree that was also hidden), few enough
/// that a failure's cause can be read from its list.
const MAX_MUTATIONS: u64 = 6;
/// Nodes a node-level mutation touches at most. Chosen by hand: from a
/// single odd value to a page's worth of them.
const MAX_NODES_TOUCHED: u64 = 40;
/// Levels of a chain wrapped around a subtree: far past the deepest dumped
/// page (53 levels, counted 2026-12-02 over all three sets' facts), short
/// of the 10,000 levels `tests/robustness.rs` covers, so that a case stays
/// quick.
const MAX_CHAIN: u64 = 1_500;
/// A case slower than this many times its page's unmutated extraction,
/// scaled by how much the mutations grew the page (its nodes or its text,
/// whichever grew more; a linear core keeps the ratio near 1), and slower
/// than [`SLOW_FLOOR`], is listed as slow.
const SLOW_RATIO: f64 = 20.0;
/// Cases faster than this are never listed as slow (timer noise).
const SLOW_FLOOR: Duration = Duration::from_millis(200);

/// SplitMix64 (Steele, Lea and Flood 2014): a small, seedable generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// In `0..n` (0 when `n` is 0).
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
    fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
    fn pick<T: Copy>(&mut self, list: &[T]) -> T {
        list[self.index(list.len())]
    }
}

/// Numbers a box can hold on a hostile or broken page.
const ODD_NUMBERS: &[f32] = &[
    f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 0.0, -0.0, -1.0, -1e9, 1e9, f32::MAX, f32::MIN, 1e-40, 0.5, 33_554_432.0,
];

/// Computed-style strings a browser gives, and ones it should not.
const ODD_LENGTHS: &[&str] = &[
    "", "0px", "-5px", "NaNpx", "infpx", "1e39px", "3.4e38px", "px", "12", "16.5px", "calc(1em + 2px)", "normal", "  9px  ",
    "0.0001px", "1e-50px", "١٢px",
];
const ODD_WEIGHTS: &[&str] = &["", "bold", "bolder", "lighter", "normal", "-1", "0", "1e9", "NaN", "950", "700.5", "inherit"];
const ODD_DISPLAYS: &[&str] = &[
    "", "none", "contents", "block", "inline", "inline-block", "flex", "grid", "table", "table-row", "table-cell",
    "list-item", "block math", "math", "ruby", "ruby-text", "inline flow-root list-item", "-webkit-box", "run-in", "bogus",
];
const ODD_POSITIONS: &[&str] = &["", "static", "relative", "absolute", "fixed", "sticky", "-webkit-sticky", "bogus"];

/// Characters whose lower or upper case has another length in bytes, the
/// core's private-use markers, controls and marks: inserted into real text.
const ODD_CHARS: &[&str] = &[
    "İ", "K", "Ⱥ", "ẞ", "ß", "ﬁ", "ŉ", "ǅ", "Σ", "ı", "ΐ", "\u{e000}", "\u{e001}", "\u{e002}", "\u{fffd}", "\u{0}",
    "\u{200b}", "\u{200d}", "\u{202e}", "\u{2066}", "\u{feff}", "\u{301}", "\u{a0}", "\u{3000}", "\u{2028}", "\r",
    "\n", "\t", "。", "…", "·", "|", "—", ":", "/", "@", "#", "&", "&amp;", "&#x110000;", "<", "\"", "\\", "🦀",
    "👩\u{200d}👩\u{200d}👧", "🇫🇷", "١", "٫", "𝔘", "\u{10ffff}",
];

/// Whole strings that replace a text or an attribute.
fn odd_string(rng: &mut Rng) -> String {
    match rng.below(16) {
        0 => String::new(),
        1 => " \n\t ".into(),
        2 => "a".repeat(1 + rng.index(200_000)),
        3 => "河流切割出峡谷".repeat(1 + rng.index(20_000)),
        4 => "ก\u{e31}บ".repeat(1 + rng.index(10_000)),
        5 => "e\u{301}\u{302}\u{303}".repeat(1 + rng.index(5_000)),
        6 => ".".repeat(1 + rng.index(20_000)),
        7 => "By ".repeat(1 + rng.index(300)),
        8 => "İK".repeat(1 + rng.index(5_000)),
        9 => "https://example.test/".to_string() + &"a/".repeat(rng.index(5_000)),
        10 => "12 34 56 78 90 ".repeat(1 + rng.index(2_000)),
        11 => "\u{e000}\u{e001}\u{e002}".repeat(1 + rng.index(100)),
        12 => rng.pick(ODD_CHARS).repeat(1 + rng.index(1_000)),
        13 => "Updated December 19, 2024 at 9:41 a.m. ET · 4 min read".into(),
        14 => "$19.99 – $1,299.00 · SKU: 12-345 · Colour: Red, Size: XL".into(),
        _ => (0..1 + rng.index(60)).map(|_| rng.pick(ODD_CHARS)).collect(),
    }
}

/// Addresses, resolvable and not.
const ODD_URLS: &[&str] = &[
    "", "#", "/", "//", "///", "?", "http://", "https://", "https://[::1", "https://[::1]:99999/x", "javascript:alert(1)",
    "data:image/png;base64,AAAA", "data:image/svg+xml,<svg/>", "mailto:", "tel:+1", "about:blank", "file:///etc/passwd",
    "//example.test/x?y#z", "../../../x", "%", "%E0%A4%A", "https://例え.jp/パス?q=値", "https://xn--r8jz45g.jp/",
    "https://a:b@example.test:8080/p", "HTTPS://EXAMPLE.TEST/İ", " https://example.test/ ", "https://example.test/\u{0}",
    "blob:https://example.test/1", "chrome-extension://x/y", "ht!tp://x",
];

/// A real string with odd characters inserted at char boundaries, cut,
/// doubled or re-cased.
fn twist(rng: &mut Rng, s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    match rng.below(6) {
        0 | 1 => {
            let mut out = String::new();
            let inserts = 1 + rng.index(6);
            let at: Vec<usize> = (0..inserts).map(|_| rng.index(chars.len() + 1)).collect();
            for (i, c) in chars.iter().enumerate() {
                for _ in at.iter().filter(|&&a| a == i) {
                    out.push_str(rng.pick(ODD_CHARS));
                }
                out.push(*c);
            }
            if at.contains(&chars.len()) {
                out.push_str(rng.pick(ODD_CHARS));
            }
            out
        }
        2 => chars[..rng.index(chars.len() + 1)].iter().collect(),
        3 => s.repeat(2 + rng.index(4)),
        4 => s.to_uppercase(),
        _ => s.replace(' ', rng.pick(&["", "\u{a0}", "\n", "  ", "\u{3000}"])),
    }
}

/// JSON-LD texts: real ones twisted, broken or replaced.
fn odd_json_ld(rng: &mut Rng, real: Option<&String>) -> String {
    let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    match (rng.below(10), real) {
        (0, Some(r)) => r[..floor_char(r, rng.index(r.len() + 1))].to_string(),
        (1, Some(r)) => twist(rng, r),
        (2, Some(r)) => r.replace('"', "'"),
        (3, _) => deep(500 + rng.index(30)),
        (4, _) => format!("{{\"@type\":\"Article\",\"author\":{}}}", deep(505 + rng.index(10))),
        (5, _) => format!(
            "{{\"@graph\":[{}]}}",
            (0..rng.index(5_000)).map(|i| format!("{{\"@type\":\"Person\",\"name\":\"P{i}\"}}")).collect::<Vec<_>>().join(",")
        ),
        (6, _) => format!(
            "{{\"@type\":[\"Product\",5,null,{{}}],\"name\":{},\"offers\":{{\"price\":\"{}\",\"priceCurrency\":7}},\"author\":[null,{{\"name\":[1,2]}}],\"datePublished\":\"{}\"}}",
            rng.pick(&["null", "1e999", "-0", "\"\"", "[]", "{}", "\"\\ud800\""]),
            rng.pick(&["NaN", "1e999", "-1", "", "12,99", "Free"]),
            rng.pick(&["9999-99-99T99:99:99Z", "2024-02-30", "", "yesterday", "0", "-271821-04-20", "2024-13-01T25:61:61+99:99"])
        ),
        (7, _) => rng.pick(&["", "null", "{", "}", "\"", "[1,", "{\"@type\":}", "\u{feff}{}", "<!-- -->{}", "{\"a\":\"\\u12\"}"]).to_string(),
        _ => format!(
            "{{\"@context\":\"https://schema.org\",\"@type\":\"NewsArticle\",\"headline\":{:?},\"author\":{{\"@type\":\"Person\",\"name\":{:?}}},\"datePublished\":{:?},\"publisher\":{{\"name\":{:?}}}}}",
            odd_string(rng),
            odd_string(rng),
            rng.pick(&["2024-01-01", "9999-99-99", "", "İK"]),
            odd_string(rng)
        ),
    }
}

/// The largest char boundary of `s` at or before `i`.
fn floor_char(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Meta keys the metadata reader looks at.
const META_KEYS: &[&str] = &[
    "og:title", "og:site_name", "og:description", "og:image", "og:type", "og:url", "description", "author", "twitter:title",
    "twitter:creator", "twitter:image", "article:published_time", "article:author", "citation_author", "dc.creator",
    "dc.date", "date", "pubdate", "parsely-author", "sailthru.author", "keywords", "news_keywords", "application-name",
];

const TAGS: &[&str] = &[
    "div", "p", "span", "a", "h1", "h2", "h3", "li", "ul", "ol", "dl", "dt", "dd", "table", "tr", "td", "th", "caption",
    "thead", "pre", "code", "blockquote", "figure", "figcaption", "img", "picture", "source", "article", "main", "nav",
    "aside", "header", "footer", "section", "form", "button", "iframe", "noscript", "math", "mi", "ruby", "rt", "rp",
    "slot", "time", "br", "hr", "details", "summary", "x-card", "svg", "object", "video",
];

/// The facts as a tree (children lists), for well-formed surgery; flattened
/// back in document order.
struct Tree {
    nodes: Vec<NodeFacts>,
    children: Vec<Vec<usize>>,
    parent: Vec<Option<usize>>,
}

impl Tree {
    fn new(nodes: Vec<NodeFacts>) -> Tree {
        let n = nodes.len();
        let mut children = vec![Vec::new(); n];
        let mut parent = vec![None; n];
        for (i, f) in nodes.iter().enumerate().skip(1) {
            let p = f.parent as usize;
            children[p].push(i);
            parent[i] = Some(p);
        }
        Tree { nodes, children, parent }
    }

    fn is_element(&self, i: usize) -> bool {
        self.nodes[i].tag != TEXT_NODE_TAG
    }

    /// Whether `a` is `b` or one of its ancestors.
    fn contains(&self, a: usize, mut b: usize) -> bool {
        loop {
            if a == b {
                return true;
            }
            match self.parent[b] {
                Some(p) => b = p,
                None => return false,
            }
        }
    }

    fn detach(&mut self, i: usize) -> Option<(usize, usize)> {
        let p = self.parent[i]?;
        let at = self.children[p].iter().position(|&c| c == i)?;
        self.children[p].remove(at);
        self.parent[i] = None;
        Some((p, at))
    }

    fn attach(&mut self, i: usize, p: usize, at: usize) {
        let at = at.min(self.children[p].len());
        self.children[p].insert(at, i);
        self.parent[i] = Some(p);
    }

    fn add(&mut self, f: NodeFacts) -> usize {
        self.nodes.push(f);
        self.children.push(Vec::new());
        self.parent.push(None);
        self.nodes.len() - 1
    }

    fn copy(&mut self, i: usize) -> usize {
        let c = self.add(self.nodes[i].clone());
        for k in self.children[i].clone() {
            let kc = self.copy(k);
            self.attach(kc, c, usize::MAX);
        }
        c
    }

    fn flatten(self) -> Vec<NodeFacts> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![(0usize, -1i64)];
        while let Some((i, p)) = stack.pop() {
            let me = out.len() as i64;
            out.push(NodeFacts { parent: p, ..self.nodes[i].clone() });
            for &c in self.children[i].iter().rev() {
                stack.push((c, me));
            }
        }
        out
    }
}

/// One mutation, applied to `facts`; returns its name for the report.
fn mutate(rng: &mut Rng, facts: &mut PageFacts) -> String {
    let n = facts.nodes.len();
    let touched = 1 + rng.below(MAX_NODES_TOUCHED) as usize;
    let pick_nodes = |rng: &mut Rng, pred: &dyn Fn(&NodeFacts) -> bool| -> Vec<usize> {
        let cands: Vec<usize> = (0..n).filter(|&i| pred(&facts.nodes[i])).collect();
        (0..touched.min(cands.len())).map(|_| cands[rng.index(cands.len())]).collect()
    };
    match rng.below(16) {
        0 => {
            let ids = pick_nodes(rng, &|f| f.visual.is_some());
            for i in ids {
                let v = facts.nodes[i].visual.as_mut().unwrap();
                let field = match rng.below(4) {
                    0 => &mut v.x,
                    1 => &mut v.y,
                    2 => &mut v.w,
                    _ => &mut v.h,
                };
                *field = rng.pick(ODD_NUMBERS);
            }
            "geometry".into()
        }
        1 => {
            let ids = pick_nodes(rng, &|f| f.tag != TEXT_NODE_TAG);
            for i in ids {
                let v = facts.nodes[i].visual.get_or_insert_with(VisualFacts::default);
                match rng.below(5) {
                    0 => v.font_size = rng.pick(ODD_LENGTHS).to_string(),
                    1 => v.font_weight = rng.pick(ODD_WEIGHTS).to_string(),
                    2 => v.line_height = rng.pick(ODD_LENGTHS).to_string(),
                    3 => v.display = rng.pick(ODD_DISPLAYS).to_string(),
                    _ => v.position = rng.pick(ODD_POSITIONS).to_string(),
                }
            }
            "style".into()
        }
        2 | 3 => {
            let ids = pick_nodes(rng, &|f| f.tag == TEXT_NODE_TAG && !f.text.trim().is_empty());
            for i in ids {
                let t = std::mem::take(&mut facts.nodes[i].text);
                facts.nodes[i].text = twist(rng, &t);
            }
            "text twisted".into()
        }
        4 => {
            let ids = pick_nodes(rng, &|f| f.tag == TEXT_NODE_TAG);
            for i in ids {
                facts.nodes[i].text = odd_string(rng);
            }
            "text replaced".into()
        }
        5 => {
            let ids = pick_nodes(rng, &|f| f.tag != TEXT_NODE_TAG);
            for i in ids {
                let f = &mut facts.nodes[i];
                match rng.below(9) {
                    0 => f.class = if rng.chance(0.5) { twist(rng, &f.class.clone()) } else { odd_string(rng) },
                    1 => f.id = twist(rng, &f.id.clone()),
                    2 => f.href = Some(rng.pick(ODD_URLS).to_string()),
                    3 => f.src = rng.pick(ODD_URLS).to_string(),
                    4 => f.alt = odd_string(rng),
                    5 => f.role = rng.pick(&["", "main", "article", "navigation", "presentation", "none", "tab", "tabpanel", "heading", "dialog"]).to_string(),
                    6 => f.itemprop = rng.pick(&["", "author", "name", "price", "articleBody", "datePublished", "description", "offers"]).to_string(),
                    7 => f.dir = rng.pick(&["", "rtl", "ltr", "auto", "bogus"]).to_string(),
                    _ => {
                        let key = rng.pick(&["srcset", "data-src", "width", "height", "colspan", "rowspan", "start", "datetime", "type"]);
                        f.attrs.push(key.to_string());
                        f.attrs.push(
                            rng.pick(&["", "0", "-1", "1e9", "NaN", "99999999999", "a 1x, b 2x", ",,,", "x 9999w", "2024-02-30T25:00", "1000"]).to_string(),
                        );
                    }
                }
            }
            "attributes".into()
        }
        6 => {
            let ids = pick_nodes(rng, &|f| f.tag != TEXT_NODE_TAG);
            for i in ids {
                let f = &mut facts.nodes[i];
                if rng.chance(0.5) {
                    f.hidden = !f.hidden;
                } else {
                    f.aria_hidden = !f.aria_hidden;
                }
            }
            "hidden flags".into()
        }
        7 => {
            let ids = pick_nodes(rng, &|f| f.tag != TEXT_NODE_TAG);
            for i in ids.into_iter().filter(|&i| i > 0) {
                facts.nodes[i].tag = rng.pick(TAGS).to_string();
            }
            "retagged".into()
        }
        8 => {
            match rng.below(6) {
                0 => facts.url = rng.pick(ODD_URLS).to_string(),
                1 => facts.base_url = rng.pick(ODD_URLS).to_string(),
                2 => facts.title = if rng.chance(0.5) { twist(rng, &facts.title.clone()) } else { odd_string(rng) },
                3 => facts.lang = rng.pick(&["", "x", "zh-Hant-TW", "ar", "he", "ja", "th", "İK", "en_US", "--"]).to_string(),
                4 => facts.dir = rng.pick(&["", "rtl", "auto", "bogus"]).to_string(),
                _ => {
                    facts.viewport_width = rng.pick(ODD_NUMBERS);
                    facts.viewport_height = rng.pick(ODD_NUMBERS);
                }
            }
            "page".into()
        }
        9 => {
            for _ in 0..1 + rng.index(4) {
                let key = rng.pick(META_KEYS).to_string();
                let content = if rng.chance(0.5) {
                    odd_string(rng)
                } else {
                    let real = facts.meta.get(rng.index(facts.meta.len().max(1))).map(|m| m.content.clone()).unwrap_or_default();
                    twist(rng, &real)
                };
                facts.meta.push(MetaFact { key, content });
            }
            "meta".into()
        }
        10 => {
            let real = facts.json_ld.get(rng.index(facts.json_ld.len().max(1))).cloned();
            let text = odd_json_ld(rng, real.as_ref());
            if !facts.json_ld.is_empty() && rng.chance(0.5) {
                let i = rng.index(facts.json_ld.len());
                facts.json_ld[i] = text;
            } else {
                facts.json_ld.push(text);
            }
            "json-ld".into()
        }
        11 if n > 1 => surgery(rng, facts),
        12 if n > 1 => surgery(rng, facts),
        13 if n > 1 => surgery(rng, facts),
        14 => {
            facts.frames_skipped.push(rng.pick(ODD_URLS).to_string());
            "frames".into()
        }
        _ => {
            // A hidden tab or accordion of the content: a subtree hidden.
            if n > 1 {
                let i = 1 + rng.index(n - 1);
                let tree = Tree::new(std::mem::take(&mut facts.nodes));
                let mut stack = vec![i];
                let mut nodes = tree.nodes;
                while let Some(k) = stack.pop() {
                    if nodes[k].tag != TEXT_NODE_TAG {
                        nodes[k].hidden = true;
                        nodes[k].visual = None;
                    }
                    stack.extend(tree.children[k].iter().copied());
                }
                facts.nodes = nodes;
            }
            "subtree hidden".into()
        }
    }
}

/// Well-formed tree surgery on `facts`.
fn surgery(rng: &mut Rng, facts: &mut PageFacts) -> String {
    let mut t = Tree::new(std::mem::take(&mut facts.nodes));
    let n = t.nodes.len();
    let some = |rng: &mut Rng| 1 + rng.index(n - 1);
    let elements: Vec<usize> = (0..n).filter(|&i| t.is_element(i)).collect();
    let name = match rng.below(6) {
        0 => {
            for _ in 0..1 + rng.index(5) {
                let i = some(rng);
                t.detach(i);
            }
            "subtrees deleted"
        }
        1 => {
            for _ in 0..1 + rng.index(3) {
                let i = some(rng);
                if let Some(p) = t.parent[i] {
                    let at = t.children[p].iter().position(|&c| c == i).unwrap_or(0);
                    let most = if rng.chance(0.1) { 300 } else { 3 };
                    let copies = 1 + rng.index(most);
                    for k in 0..copies {
                        let c = t.copy(i);
                        t.attach(c, p, at + 1 + k);
                    }
                }
            }
            "subtrees copied"
        }
        2 => {
            for _ in 0..1 + rng.index(5) {
                let i = some(rng);
                let to = rng.pick(&elements);
                if !t.contains(i, to) && t.parent[i].is_some() {
                    t.detach(i);
                    let at = rng.index(t.children[to].len() + 1);
                    t.attach(i, to, at);
                }
            }
            "subtrees moved"
        }
        3 => {
            for _ in 0..1 + rng.index(10) {
                let i = some(rng);
                if let Some((p, at)) = t.detach(i) {
                    for (k, c) in t.children[i].clone().into_iter().enumerate() {
                        t.parent[c] = None;
                        t.attach(c, p, at + k);
                    }
                    t.children[i].clear();
                }
            }
            "elements unwrapped"
        }
        4 => {
            let i = some(rng);
            if let Some((p, at)) = t.detach(i) {
                let depth = 1 + rng.below(MAX_CHAIN) as usize;
                let mut top = None;
                let mut last = p;
                for d in 0..depth {
                    let tag = if d % 7 == 0 { "section" } else { "div" };
                    let c = t.add(NodeFacts { tag: tag.into(), ..Default::default() });
                    if top.is_none() {
                        top = Some(c);
                        t.attach(c, last, at);
                    } else {
                        t.attach(c, last, 0);
                    }
                    last = c;
                }
                t.attach(i, last, 0);
            }
            "wrapped in a deep chain"
        }
        _ => {
            let p = rng.pick(&elements);
            let mut kids = std::mem::take(&mut t.children[p]);
            for k in (1..kids.len()).rev() {
                let j = rng.index(k + 1);
                kids.swap(k, j);
            }
            t.children[p] = kids;
            "children shuffled"
        }
    };
    facts.nodes = t.flatten();
    name.into()
}

/// How a case's facts reach the core.
#[derive(Clone, Copy, Debug)]
enum Path {
    Facts,
    /// Packed, some numbers corrupted: must be a clear error or a page.
    PackedCorrupt,
    /// JSON text, cut or with bytes changed: a clear error or a page.
    JsonCorrupt,
}

struct Outcome {
    case: u64,
    page: String,
    mutations: Vec<String>,
    path: Path,
    elapsed: Duration,
    /// The unmutated page's time, scaled by the page's growth.
    base: Duration,
    failure: Option<String>,
    facts: Option<PageFacts>,
}

thread_local! {
    static PANIC_AT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Installs (once) the panic hook that notes where a panic happened, for
/// the case's report; a panic in the lab's own code is printed as usual.
fn catch_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
            if at.contains("tools/lab/") {
                default_hook(info);
            }
            PANIC_AT.with(|p| *p.borrow_mut() = at);
        }));
    });
}

fn run_core(page: Result<Page, pith::Error>, well_formed: bool, params: pith::params::Params) -> Option<String> {
    match page {
        Err(e) if well_formed => Some(format!("well-formed facts rejected: {e}")),
        Err(e) if !e.to_string().starts_with("pith: ") => Some(format!("unclear error: {e}")),
        Err(_) => None,
        Ok(page) => match extract(&page, &Options { scores: true, params, ..Options::default() }) {
            Err(e) => Some(format!("extract failed: {e}")),
            // The output as JSON, as the wasm boundary serialises it (the
            // article's sentences for Listen are made by `extract`).
            Ok(out) => serde_json::to_string(&out).err().map(|e| format!("output not serialisable: {e}")),
        },
    }
}

/// One case's result.
struct Case {
    mutations: Vec<String>,
    path: Path,
    /// How much the mutations grew the page: its nodes or its text,
    /// whichever grew more (at least 1).
    growth: f64,
    elapsed: Duration,
    failure: Option<String>,
    /// The mutated facts.
    facts: PageFacts,
}

/// Mutates `facts` (one to [`MAX_MUTATIONS`] mutations) and runs the core
/// on them along one [`Path`], catching a panic.
fn run_case(rng: &mut Rng, mut facts: PageFacts) -> Case {
    catch_panics();
    let size = |f: &PageFacts| (f.nodes.len() as f64, f.nodes.iter().map(|n| n.text.len()).sum::<usize>().max(1) as f64);
    let before = size(&facts);
    let mutations: Vec<String> = (0..1 + rng.below(MAX_MUTATIONS)).map(|_| mutate(rng, &mut facts)).collect();
    let after = size(&facts);
    let growth = (after.0 / before.0).max(after.1 / before.1).max(1.0);
    let path = match rng.below(10) {
        0 => Path::PackedCorrupt,
        1 => Path::JsonCorrupt,
        _ => Path::Facts,
    };
    // The devtools panel's tunable parameters, at their ends of range.
    let mut params = pith::params::Params::DEFAULT;
    let mut mutations = mutations;
    if rng.chance(0.2) {
        for p in pith::params::PARAMS {
            let v = rng.pick(&[p.min, p.max, p.default]);
            params.set(p.key, v).expect("a value in range");
        }
        mutations.push("parameters".into());
    }
    let kept = facts.clone();
    let t = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| match path {
        Path::Facts => run_core(Page::from_facts(facts), true, params),
        Path::PackedCorrupt => {
            let mut p = facts.to_packed();
            for _ in 0..1 + rng.index(4) {
                let i = rng.index(p.numbers.len());
                p.numbers[i] = rng.pick(&[f64::NAN, f64::INFINITY, -1.0, 0.0, 1.5, 1e15, 4.0, 2.0, 3.0, 65.0]);
            }
            if rng.chance(0.3) {
                let cut = floor_char(&p.strings, rng.index(p.strings.len() + 1));
                p.strings.truncate(cut);
            }
            run_core(Page::from_packed(&p.strings, &p.numbers), false, params)
        }
        Path::JsonCorrupt => {
            let mut json = serde_json::to_string(&facts).expect("facts as JSON");
            if rng.chance(0.5) {
                let cut = floor_char(&json, rng.index(json.len() + 1));
                json.truncate(cut);
            } else {
                let mut bytes = json.into_bytes();
                for _ in 0..1 + rng.index(8) {
                    let i = rng.index(bytes.len());
                    bytes[i] = rng.pick(b"{}[]\":,\\0a-e.");
                }
                json = String::from_utf8(bytes).unwrap_or_default();
            }
            run_core(Page::from_json(&json), false, params)
        }
    }));
    let elapsed = t.elapsed();
    let failure = match result {
        Ok(f) => f,
        Err(panic) => {
            let msg = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Some(format!("panic at {}: {msg}", PANIC_AT.with(|p| p.borrow().clone())))
        }
    };
    Case { mutations, path, growth, elapsed, failure, facts: kept }
}

pub fn fuzz(sets: &[DataSet], rounds: u64, seed: u64, out_dir: &std::path::Path) {
    let pages: Vec<(&DataSet, &String)> = sets.iter().flat_map(|ds| ds.truth.keys().map(move |id| (ds, id))).collect();
    if pages.is_empty() {
        eprintln!("fuzz: no pages");
        return;
    }
    let started = Instant::now();
    let base_times: Mutex<std::collections::HashMap<String, Duration>> = Mutex::default();
    // `FUZZ_CASES=a,b`: only these cases of the seed (to look at one again).
    let cases: Vec<u64> = match std::env::var("FUZZ_CASES") {
        Ok(list) => list.split(',').filter_map(|c| c.trim().parse().ok()).collect(),
        Err(_) => (0..rounds).collect(),
    };
    let outcomes: Vec<Option<Outcome>> = par_map(&cases, |&case| {
        let mut rng = Rng(seed.wrapping_mul(0x1000_0000_01b3).wrapping_add(case));
        let (ds, id) = pages[rng.index(pages.len())];
        let key = format!("{}/{id}", ds.name);
        let facts = ds.facts(id)?;
        let base = {
            let known = base_times.lock().unwrap().get(&key).copied();
            match known {
                Some(b) => b,
                None => {
                    let t = Instant::now();
                    let unmutated = facts.clone();
                    // A panic here is the unmutated page's: reported by the case below.
                    let _ = catch_unwind(AssertUnwindSafe(|| Page::from_facts(unmutated).map(|p| extract(&p, &Options::default()))));
                    let b = t.elapsed();
                    base_times.lock().unwrap().insert(key.clone(), b);
                    b
                }
            }
        };
        let c = run_case(&mut rng, facts);
        let base = base.mul_f64(c.growth);
        let slow = c.elapsed > SLOW_FLOOR && c.elapsed.as_secs_f64() > SLOW_RATIO * base.as_secs_f64();
        let facts = (c.failure.is_some() || slow).then_some(c.facts);
        Some(Outcome { case, page: key, mutations: c.mutations, path: c.path, elapsed: c.elapsed, base, failure: c.failure, facts })
    });
    let outcomes: Vec<Outcome> = outcomes.into_iter().flatten().collect();
    let dir = out_dir.join("fuzz");
    let failures: Vec<&Outcome> = outcomes.iter().filter(|o| o.failure.is_some()).collect();
    if !failures.is_empty() {
        std::fs::create_dir_all(&dir).ok();
    }
    for o in &failures {
        let file = dir.join(format!("{seed}-{}.json", o.case));
        if let Some(f) = &o.facts {
            std::fs::write(&file, serde_json::to_string(f).expect("facts as JSON")).ok();
        }
        println!(
            "FAIL case {} ({}, {:?}, {}): {}  [{}]",
            o.case,
            o.page,
            o.path,
            o.mutations.join(", "),
            o.failure.as_deref().unwrap_or(""),
            file.display()
        );
    }
    let mut slow: Vec<&Outcome> =
        outcomes.iter().filter(|o| o.failure.is_none() && o.elapsed > SLOW_FLOOR && o.elapsed.as_secs_f64() > SLOW_RATIO * o.base.as_secs_f64()).collect();
    slow.sort_by(|a, b| b.elapsed.cmp(&a.elapsed));
    for o in slow.iter().take(10) {
        println!(
            "SLOW case {} ({}, {}): {:.0} ms against {:.1} ms unmutated (scaled by the page's growth)",
            o.case,
            o.page,
            o.mutations.join(", "),
            o.elapsed.as_secs_f64() * 1000.0,
            o.base.as_secs_f64() * 1000.0
        );
    }
    let max = outcomes.iter().map(|o| o.elapsed).max().unwrap_or_default();
    println!(
        "fuzz: seed {seed}, {} cases over {} pages in {:.0} s: {} failed, {} slow (over {SLOW_RATIO}× their page), slowest {:.0} ms",
        outcomes.len(),
        pages.len(),
        started.elapsed().as_secs_f64(),
        failures.len(),
        slow.len(),
        max.as_secs_f64() * 1000.0
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cases per page in [`the_own_pages_mutated_break_nothing`]: the test
    /// profile is unoptimised, so a few hundred cases in all; `pith-lab
    /// fuzz` runs the data sets' pages by the hundred thousand.
    const CASES_PER_PAGE: u64 = 12;

    /// The repository's own pages (a clean checkout has no dumped facts):
    /// the playground's samples and the test fixtures, parsed natively.
    fn own_pages() -> Vec<(String, PageFacts)> {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut out = Vec::new();
        for dir in ["www/samples", "tests/fixtures", "tests/fixtures/hostile", "tests/fixtures/reader"] {
            let mut files: Vec<_> = std::fs::read_dir(root.join(dir)).expect(dir).flatten().map(|e| e.path()).collect();
            files.sort();
            for f in files.into_iter().filter(|f| f.extension().is_some_and(|e| e == "html")) {
                let html = std::fs::read_to_string(&f).expect("page");
                let facts = pith::html::facts_from_html(&html, "https://example.test/2024/05/01/a-page").expect("facts");
                out.push((f.display().to_string(), facts));
            }
        }
        assert!(out.len() >= 20, "the own pages were found");
        out
    }

    #[test]
    fn the_tree_flattens_back_to_the_same_facts() {
        for (name, facts) in own_pages() {
            assert_eq!(Tree::new(facts.nodes.clone()).flatten(), facts.nodes, "{name}");
        }
    }

    #[test]
    fn surgery_keeps_the_facts_well_formed() {
        let mut rng = Rng(7);
        for (name, facts) in own_pages() {
            for _ in 0..20 {
                let mut f = facts.clone();
                let what = surgery(&mut rng, &mut f);
                assert!(Page::from_facts(f).is_ok(), "{name}: {what}");
            }
        }
    }

    /// Every mutation and path on every own page, for a fixed seed: no
    /// panic, no error for well-formed facts, no unclear error.
    #[test]
    fn the_own_pages_mutated_break_nothing() {
        let mut failures = Vec::new();
        let mut kinds = std::collections::BTreeSet::new();
        for (k, (name, facts)) in own_pages().into_iter().enumerate() {
            for case in 0..CASES_PER_PAGE {
                let mut rng = Rng((k as u64) << 32 | case);
                let c = run_case(&mut rng, facts.clone());
                kinds.extend(c.mutations.iter().cloned());
                if let Some(f) = c.failure {
                    failures.push(format!("{name} case {case} ({:?}, {}): {f}", c.path, c.mutations.join(", ")));
                }
            }
        }
        assert!(kinds.len() >= 15, "most kinds of mutation ran: {kinds:?}");
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// The harness catches what it is for: a panic inside a case.
    #[test]
    fn a_panic_is_caught_and_located() {
        catch_panics();
        let r = catch_unwind(|| -> Option<String> { panic!("on purpose") });
        assert!(r.is_err());
        assert!(PANIC_AT.with(|p| p.borrow().contains("fuzz.rs")));
    }
}

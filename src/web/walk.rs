//! The live-DOM walker: reads a rendered document through web-sys into
//! [`PageFacts`], or node by node into the page model's [`Builder`]
//! ([`Sink`]), following the walk documented in the model's facts module.
//! `extension/content/walker.js` is the same walk in plain JS; the two must
//! give equal facts (an end-to-end test compares them on one page).
//!
//! Cost: one `checkVisibility` and one or two computed-style strings per
//! element, one `getBoundingClientRect` except for non-replaced inline
//! elements ([`reads_box`](crate::model::reads_box)); three more strings
//! (font) only for elements that hold text. Nothing is written to the page, so layout runs
//! at most once.
//!
//! Every call here crosses the wasm boundary, so the walk makes as few as it
//! can (measured on the 200,000-element page of `tests/eval/large-page.mjs`
//! with a CPU profile of the walk, headless Chromium, 2026-11-22):
//! - children by `lastChild`/`previousSibling`, not `childNodes`: a
//!   `NodeList` per node and one `item` call per child cost 11× more (19 ms
//!   against 211 ms for a bare tree walk of that page in plain JS);
//! - `getComputedStyle` and `getPropertyValue` through imports of their own
//!   that return plain values: web-sys's throwing forms wrap every call in
//!   an exception handler (an eighth of the walk in that profile);
//! - the style time is sampled, not clocked per element (two clock reads
//!   per element were 7 % of the walk).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{AssignedNodesOptions, Document, Element, HtmlSlotElement, Node, Window};

use super::performance_now;
use crate::error::Error;
use crate::model::{attributes_read, enters, is_frame, is_skipped, reads_box, walks_noscript, Builder, MetaFact, NodeFacts, PageFacts, VisualFacts, TEXT_NODE_TAG};
use crate::text;

#[wasm_bindgen]
extern "C" {
    /// An element seen through `checkVisibility`, which web-sys has only
    /// among its unstable APIs.
    #[wasm_bindgen(extends = Element)]
    type CheckedElement;
    /// `Element.checkVisibility(options)`.
    #[wasm_bindgen(method, js_name = checkVisibility)]
    fn check_visibility(this: &CheckedElement, options: &JsValue) -> bool;

    /// A window seen through the import of `getComputedStyle` below.
    #[wasm_bindgen(extends = Window)]
    type StyleWindow;
    /// `window.getComputedStyle(element)`, which throws only when its
    /// argument is not an element (never here). Old Firefox gave null in
    /// hidden frames: `None` then.
    #[wasm_bindgen(method, js_name = getComputedStyle)]
    fn computed_style(this: &StyleWindow, element: &Element) -> Option<Style>;

    /// A computed `CSSStyleDeclaration`, read through its property
    /// getters (`style.display`), which give what `getPropertyValue` gives
    /// without mapping a name to a property on every call (the JS walker's
    /// first run 6.3 → 5.3 ms at the median readability page with this and
    /// a flat stack, `tests/eval/walker-ab.mjs`, 2026-11-29).
    type Style;
    #[wasm_bindgen(method, getter)]
    fn display(this: &Style) -> String;
    #[wasm_bindgen(method, getter)]
    fn position(this: &Style) -> String;
    #[wasm_bindgen(method, getter, js_name = fontSize)]
    fn font_size(this: &Style) -> String;
    #[wasm_bindgen(method, getter, js_name = fontWeight)]
    fn font_weight(this: &Style) -> String;
    #[wasm_bindgen(method, getter, js_name = lineHeight)]
    fn line_height(this: &Style) -> String;
}

/// One style read in this many (at random) is clocked; `Walk::style_ms`
/// scales their time by reads / clocked reads. Clocking every read cost 7 %
/// of the walk (two `performance.now` crossings each, CPU profile of the
/// 200,000-element page); one in 16 keeps that under 0.5 % while a page of
/// 1,000 elements still gives about 60 samples. At random, not every 16th
/// node: pages repeat their structure (a menu's `li`, `a`, text), and a
/// fixed stride would clock the same kind of node each time.
const STYLE_TIMING_ODDS: u64 = 16;

/// Which style reads are clocked: a 64-bit linear congruential generator
/// (Knuth's MMIX constants), fixed seed, so a page samples the same way
/// each run.
struct Sampler {
    state: u64,
    reads: u64,
    clocked: u64,
    clocked_ms: f64,
}

impl Sampler {
    fn new() -> Self {
        Sampler { state: 0x853c_49e6_748f_ea9b, reads: 0, clocked: 0, clocked_ms: 0.0 }
    }

    /// Starts a read: the clock's time when this one is clocked.
    fn start(&mut self) -> Option<f64> {
        self.reads += 1;
        self.state = self.state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.state >> 32) % STYLE_TIMING_ODDS == 0).then(performance_now)
    }

    /// Ends a read started at `t`.
    fn end(&mut self, t: Option<f64>) {
        if let Some(t) = t {
            self.clocked += 1;
            self.clocked_ms += performance_now() - t;
        }
    }

    /// The estimated time of all reads.
    fn total_ms(&self) -> f64 {
        if self.clocked == 0 {
            0.0
        } else {
            self.clocked_ms * self.reads as f64 / self.clocked as f64
        }
    }
}

/// Attribute names the walk passes for every element.
const INTERNED: &[&str] = &[
    "id", "class", "role",
    "href", "src", "alt", "dir", "rel", "itemprop", "aria-hidden",
];

/// Where the walk puts each node's facts as it reads them: a vector of
/// them (`readFacts`, which the walker equality tests compare with the JS
/// walker's), or the page model's [`Builder`], so that the whole page's
/// facts are never held at once (the 1,000,000-element page's peak wasm
/// memory, `tests/eval/SPEED.md`, 2026-11-27).
pub trait Sink {
    /// Nodes put so far.
    fn len(&self) -> usize;
    /// Room for about `nodes` nodes in all ([`FACTS_RESERVED_PER_ELEMENT`]),
    /// and the viewport they were rendered in (given before any node).
    fn start(&mut self, nodes: usize, viewport_width: f32, viewport_height: f32);
    fn push(&mut self, f: NodeFacts) -> Result<(), Error>;
    /// Whether node `id` has rendered facts (an element outside hidden
    /// subtrees): only those get font facts.
    fn has_visual(&self, id: usize) -> bool;
    /// Node `id`'s computed font facts.
    fn set_font(&mut self, id: usize, size: String, weight: String, line_height: String);
}

impl Sink for Vec<NodeFacts> {
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn start(&mut self, nodes: usize, _: f32, _: f32) {
        self.reserve_exact(nodes);
    }
    fn push(&mut self, f: NodeFacts) -> Result<(), Error> {
        if let Some(more) = growth(self.len(), self.capacity()) {
            self.reserve_exact(more);
        }
        Vec::push(self, f);
        Ok(())
    }
    fn has_visual(&self, id: usize) -> bool {
        self.get(id).is_some_and(|f| f.visual.is_some())
    }
    fn set_font(&mut self, id: usize, size: String, weight: String, line_height: String) {
        if let Some(f) = self.get_mut(id) {
            f.set_font(size, weight, line_height);
        }
    }
}

impl Sink for Builder {
    fn len(&self) -> usize {
        Builder::len(self)
    }
    fn start(&mut self, nodes: usize, viewport_width: f32, viewport_height: f32) {
        self.set_viewport(viewport_width, viewport_height);
        self.reserve_exact(nodes);
    }
    fn push(&mut self, f: NodeFacts) -> Result<(), Error> {
        if let Some(more) = growth(Builder::len(self), self.capacity()) {
            self.reserve_exact(more);
        }
        Builder::push(self, f)
    }
    fn has_visual(&self, id: usize) -> bool {
        Builder::has_visual(self, id)
    }
    fn set_font(&mut self, id: usize, size: String, weight: String, line_height: String) {
        Builder::set_font(self, id, &size, &weight, &line_height);
    }
}

/// The walk's output: the facts (without their nodes where a [`Builder`]
/// took them), and the DOM nodes they were read from (index = node id).
pub struct Walk {
    pub facts: PageFacts,
    pub nodes: Vec<Node>,
    /// Milliseconds the whole walk took…
    pub walk_ms: f64,
    /// …of which in style and layout reads (computed style, visibility,
    /// boxes, fonts), estimated from the clocked reads (one in
    /// `STYLE_TIMING_ODDS`): the rest is structure, text and attributes.
    pub style_ms: f64,
}

fn err(what: &str, e: JsValue) -> Error {
    // A thrown DOMException or Error: its message; anything else is named
    // only (formatting a JS value would pull float formatting into the
    // binary).
    let message = e
        .as_string()
        .or_else(|| js_sys::Reflect::get(&e, &JsValue::from_str("message")).ok().and_then(|m| m.as_string()))
        .unwrap_or_else(|| "an exception".to_string());
    Error::Frontend(format!("{what}: {message}"))
}

/// The options object for `checkVisibility`: `visibility: hidden` counts as
/// hidden; opacity 0 does not, since pages that fade text in on scroll start
/// it at opacity 0 (see the walk rules in the model's facts module).
fn visibility_options() -> JsValue {
    let o = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&o, &"visibilityProperty".into(), &true.into());
    o.into()
}

/// A walk stack entry: (node, parent index, inside a hidden subtree, frame).
type Entry = (Node, i64, bool, usize);

/// Pushes the children of `parent` (a node or shadow root) on `stack` in
/// reverse, so that they pop in document order.
fn push_children(stack: &mut Vec<Entry>, parent: &Node, index: i64, hidden: bool, frame: usize) {
    let mut child = parent.last_child();
    while let Some(c) = child {
        child = c.previous_sibling();
        stack.push((c, index, hidden, frame));
    }
}

/// Pushes the children that render: a shadow host's shadow tree, a slot's
/// assigned nodes (its own children when none are assigned), else the DOM
/// children.
fn push_rendered_children(stack: &mut Vec<Entry>, node: &Node, tag: &str, flatten: &AssignedNodesOptions, index: i64, hidden: bool, frame: usize) {
    let e: &Element = node.unchecked_ref();
    if let Some(root) = e.shadow_root() {
        return push_children(stack, &root, index, hidden, frame);
    }
    if tag == "slot" {
        let assigned = node.unchecked_ref::<HtmlSlotElement>().assigned_nodes_with_options(flatten);
        if assigned.length() > 0 {
            for i in (0..assigned.length()).rev() {
                stack.push((assigned.get(i).unchecked_into(), index, hidden, frame));
            }
            return;
        }
    }
    push_children(stack, node, index, hidden, frame)
}

/// Whether an `<object>` ([`crate::model::FALLBACK_TAG`]) shows its fallback content: one of
/// its element children renders (the walk rules in the model's facts module).
fn renders_fallback(e: &Element, vis_opts: &JsValue) -> bool {
    let mut child = e.first_element_child();
    while let Some(c) = child {
        if c.unchecked_ref::<CheckedElement>().check_visibility(vis_opts) {
            return true;
        }
        child = c.next_element_sibling();
    }
    false
}

/// A noscript's content: its raw markup parsed as a document (inert: no
/// script runs, nothing loads), whose body's children the walk reads; none
/// when the markup is short (see the walk rules in the model's facts module).
fn noscript_body(e: &Element) -> Option<Node> {
    let markup = e.text_content().unwrap_or_default();
    if !walks_noscript(&markup) {
        return None;
    }
    let parser = web_sys::DomParser::new().ok()?;
    let doc = parser.parse_from_string(&markup, web_sys::SupportedType::TextHtml).ok()?;
    doc.body().map(Node::from)
}

/// A document the walk reads: the page's, or a same-origin frame's, with
/// the offset from its viewport's coordinates to the page's.
struct Frame {
    window: Window,
    x: f64,
    y: f64,
}

/// A frame's document when this page may read it (same origin, `srcdoc`,
/// `about:blank`) and it is an HTML document; `None` for cross-origin
/// frames (the browser gives no document).
fn frame_document(e: &Element) -> Option<Document> {
    let doc = js_sys::Reflect::get(e, &JsValue::from_str("contentDocument")).ok()?;
    if doc.is_null() || doc.is_undefined() {
        return None;
    }
    let doc: Document = doc.unchecked_into();
    HTML_CONTENT_TYPES.contains(&doc.content_type().as_str()).then_some(doc)
}

/// Whose children a frame shows: its body (the frame element stands for
/// its body), else its root element.
fn frame_root(doc: &Document) -> Option<Node> {
    doc.body().map(Node::from).or_else(|| doc.document_element().map(Node::from))
}

/// Content types the walk reads; anything else (XML, SVG images, feeds) is
/// refused with an error rather than read as an article.
const HTML_CONTENT_TYPES: &[&str] = &["text/html", "application/xhtml+xml"];

fn attr(e: &Element, name: &str) -> String {
    e.get_attribute(name).unwrap_or_default()
}

fn style_of(window: &Window, e: &Element) -> Result<Style, Error> {
    window
        .unchecked_ref::<StyleWindow>()
        .computed_style(e)
        .ok_or_else(|| Error::Frontend("getComputedStyle returned null".into()))
}

/// Walks `doc` into facts, their nodes included.
pub fn walk_document(doc: &Document) -> Result<Walk, Error> {
    let mut nodes = Vec::new();
    let mut walk = walk_into(doc, &mut nodes)?;
    walk.facts.nodes = nodes;
    Ok(walk)
}

/// Walks `doc`, which must be rendered (attached to a window), each node's
/// facts into `sink`; the facts returned hold no nodes.
pub fn walk_into(doc: &Document, sink: &mut dyn Sink) -> Result<Walk, Error> {
    let content_type = doc.content_type();
    if !HTML_CONTENT_TYPES.contains(&content_type.as_str()) {
        return Err(Error::Frontend(format!("not an HTML page ({content_type})")));
    }
    let window = doc
        .default_view()
        .ok_or_else(|| Error::Frontend("the document has no window".into()))?;
    let html = doc
        .document_element()
        .ok_or_else(|| Error::Frontend("the document has no root element".into()))?;
    let start: Element = match doc.body() {
        Some(b) => b.into(),
        None => html.clone(),
    };
    let scroll_x = window.scroll_x().map_err(|e| err("scrollX", e))?;
    let scroll_y = window.scroll_y().map_err(|e| err("scrollY", e))?;

    let mut facts = PageFacts {
        url: doc.url().unwrap_or_default(),
        title: doc.title(),
        lang: attr(&html, "lang"),
        dir: attr(&html, "dir"),
        viewport_width: html.client_width() as f32,
        viewport_height: html.client_height() as f32,
        ..Default::default()
    };
    // Relative addresses resolve against this (a `<base href>`); kept only
    // where it differs from the page's address.
    if let Ok(Some(base)) = doc.base_uri() {
        if base != facts.url {
            facts.base_url = base;
        }
    }
    read_head(doc, &mut facts)?;
    // Room for the nodes the page likely has ([`FACTS_RESERVED_PER_ELEMENT`]).
    let elements = doc.get_elements_by_tag_name("*").length() as usize;
    let reserve = elements * FACTS_RESERVED_PER_ELEMENT.0 / FACTS_RESERVED_PER_ELEMENT.1;
    sink.start(reserve, facts.viewport_width, facts.viewport_height);

    // Every name passed to the DOM is decoded into a JS string on each call
    // unless interned: intern the few the walk passes thousands of times.
    for name in INTERNED {
        wasm_bindgen::intern(name);
    }
    let started = performance_now();
    let mut style_time = Sampler::new();
    let vis_opts = visibility_options();
    let flatten = AssignedNodesOptions::new();
    flatten.set_flatten(true);
    // The walk's per-node vectors take the facts' reserve too: grown by
    // doubling, the three left 8 MiB blocks and their holes on the
    // 1,000,000-element bench page (`tests/eval/SPEED.md`, 2026-11-30).
    let mut nodes: Vec<Node> = Vec::with_capacity(reserve);
    // Whether a node's font facts were read (set on first non-blank text child).
    let mut font_read: Vec<bool> = Vec::with_capacity(reserve);
    // The documents walked: the page, then each same-origin frame entered.
    let mut frames = vec![Frame { window: window.clone(), x: scroll_x, y: scroll_y }];
    // Per node: the frame (index into `frames`) its document belongs to.
    let mut frame_of: Vec<usize> = Vec::with_capacity(reserve);
    let mut stack: Vec<Entry> = vec![(start.into(), -1, false, 0)];
    // The last element's computed style, by node index: its first text
    // child, most often the next node walked, reads its font from it
    // instead of asking for the style again (one `getComputedStyle` per
    // text-holding element saved: about 0.4 µs each in the page's world on
    // the 200,000-element page, more in the content script's).
    let mut last_style: Option<(usize, Style)> = None;
    while let Some((node, parent, in_hidden, frame)) = stack.pop() {
        let window = &frames[frame].window;
        let index = sink.len() as i64;
        match node.node_type() {
            Node::TEXT_NODE => {
                let data = node.node_value().unwrap_or_default();
                if parent >= 0 && !font_read[parent as usize] && !text::is_blank(&data) {
                    font_read[parent as usize] = true;
                    let p = nodes[parent as usize].unchecked_ref::<Element>();
                    if sink.has_visual(parent as usize) {
                        let t = style_time.start();
                        let style = match last_style.take() {
                            Some((i, style)) if i == parent as usize => style,
                            _ => style_of(&frames[frame_of[parent as usize]].window, p)?,
                        };
                        sink.set_font(
                            parent as usize,
                            style.font_size(),
                            style.font_weight(),
                            style.line_height(),
                        );
                        style_time.end(t);
                    }
                }
                sink.push(NodeFacts { parent, tag: TEXT_NODE_TAG.into(), text: data, ..Default::default() })?;
            }
            Node::ELEMENT_NODE => {
                let e: &Element = node.unchecked_ref();
                let tag = e.local_name().to_ascii_lowercase();
                if is_skipped(&tag) {
                    continue;
                }
                // Inside a hidden subtree nothing renders: no style or
                // layout is read, the structure and text are.
                let t = style_time.start();
                let style = if in_hidden { None } else { Some(style_of(window, e)?) };
                let display = style.as_ref().map(|s| s.display()).unwrap_or_default();
                let hidden = in_hidden
                    || display == "none"
                    || (display != "contents"
                        && !e.unchecked_ref::<CheckedElement>().check_visibility(&vis_opts));
                let (frame_x, frame_y) = (frames[frame].x, frames[frame].y);
                let mut rect = None;
                let visual = match (&style, hidden) {
                    (Some(style), false) => {
                        // Inline boxes are placed by their line: their
                        // `position` decides nothing, so it is not read.
                        let position = if display == "inline" { String::new() } else { style.position() };
                        let mut v = VisualFacts { position, ..Default::default() };
                        if reads_box(&tag, &display) {
                            let r = e.get_bounding_client_rect();
                            rect = Some((r.x(), r.y()));
                            v.x = (r.x() + frame_x) as f32;
                            v.y = (r.y() + frame_y) as f32;
                            v.w = r.width() as f32;
                            v.h = r.height() as f32;
                        }
                        v.display = display;
                        Some(v)
                    }
                    _ => None,
                };
                style_time.end(t);
                let is_a = tag == "a";
                let is_img = tag == "img";
                let mut f = NodeFacts { parent, hidden, visual, ..Default::default() };
                // Most elements carry no attribute at all: one call saves seven.
                if e.has_attributes() {
                    f.id = attr(e, "id");
                    f.class = attr(e, "class");
                    f.role = attr(e, "role");
                    if is_a {
                        f.href = e.get_attribute("href");
                    }
                    if is_img {
                        f.src = attr(e, "src");
                        f.alt = attr(e, "alt");
                    }
                    f.dir = attr(e, "dir");
                    f.rel = attr(e, "rel");
                    f.itemprop = attr(e, "itemprop");
                    f.aria_hidden = e.get_attribute("aria-hidden").is_some_and(|a| a.trim() == "true");
                    for k in attributes_read(&tag) {
                        if let Some(v) = e.get_attribute(k) {
                            f.attrs.push(k.to_string());
                            f.attrs.push(v);
                        }
                    }
                }
                f.tag = tag.clone();
                sink.push(f)?;
                last_style = style.filter(|_| !hidden).map(|s| (index as usize, s));
                if tag == "noscript" {
                    if let Some(body) = noscript_body(e) {
                        push_children(&mut stack, &body, index, true, frame);
                    }
                } else if is_frame(&tag) {
                    match frame_document(e) {
                        Some(inner) => {
                            // The frame's content lies at its content box:
                            // its own coordinates shift by the frame's
                            // place (and border) on the page.
                            let (x, y) = rect.unwrap_or_default();
                            let inner_window = inner.default_view().unwrap_or_else(|| window.clone());
                            frames.push(Frame {
                                window: inner_window,
                                x: frame_x + x + f64::from(e.client_left()),
                                y: frame_y + y + f64::from(e.client_top()),
                            });
                            let inner_frame = frames.len() - 1;
                            if let Some(root) = frame_root(&inner) {
                                push_children(&mut stack, &root, index, hidden, inner_frame);
                            }
                        }
                        None => {
                            // The `src` property: the address resolved.
                            let src = js_sys::Reflect::get(e, &JsValue::from_str("src"))
                                .ok()
                                .and_then(|v| v.as_string())
                                .unwrap_or_default();
                            if !src.is_empty() {
                                facts.frames_skipped.push(src);
                            }
                        }
                    }
                } else if enters(&tag, || !hidden && renders_fallback(e, &vis_opts)) {
                    push_rendered_children(&mut stack, &node, &tag, &flatten, index, hidden, frame);
                }
            }
            _ => continue,
        }
        nodes.push(node);
        font_read.push(false);
        frame_of.push(frame);
    }
    if sink.len() == 0 {
        return Err(Error::EmptyPage);
    }
    let walk_ms = performance_now() - started;
    let style_ms = style_time.total_ms().min(walk_ms);
    // Kept with the page for the extraction's life: without the room
    // pushing left (see `Builder::finish`).
    nodes.shrink_to_fit();
    Ok(Walk { facts, nodes, walk_ms, style_ms })
}

/// Node facts reserved before the walk per element of the document (3/2;
/// the generated wide page has 1.49 nodes per element, the dumped
/// wcxb-dev pages a median of 2.3 per element walked, but the document's
/// count also holds the head, scripts and styles, which the walk skips;
/// beyond the reserve the facts grow by a quarter). A vector of facts (256 bytes a node
/// in wasm32) that doubles as it grows holds up to three times its length
/// while it copies itself; grown by a quarter ([`FACTS_GROWTH_DIVISOR`])
/// it holds up to 2.25 times. On the generated pages of
/// `./build.sh bench --growth` (2026-11-25), peak wasm memory with
/// doubling / a quarter / a quarter after this reserve: wide 100,000
/// elements 131 / 93 / 90 MiB, wide 1,000,000 1,027 / 875 / 872, deep
/// 1,000,000 515 / 666 / 488 (the walk's peak is the page's at 100,000
/// elements; the extraction's at a million, with the freed facts reused).
pub const FACTS_RESERVED_PER_ELEMENT: (usize, usize) = (3, 2);

/// Beyond the reserve, the facts grow by a quarter of their length at a
/// time ([`FACTS_RESERVED_PER_ELEMENT`]).
pub const FACTS_GROWTH_DIVISOR: usize = 4;

/// The facts' least growth (nodes).
pub const FACTS_MIN_GROWTH: usize = 1024;

/// How much room to add before the next node: by a quarter of the length
/// ([`FACTS_GROWTH_DIVISOR`]) when full, for facts and the model alike.
fn growth(len: usize, capacity: usize) -> Option<usize> {
    (len == capacity).then(|| (len / FACTS_GROWTH_DIVISOR).max(FACTS_MIN_GROWTH))
}

/// `<meta>` pairs and JSON-LD texts, from the whole document.
fn read_head(doc: &Document, facts: &mut PageFacts) -> Result<(), Error> {
    let metas = doc.query_selector_all("meta").map_err(|e| err("querySelectorAll", e))?;
    for i in 0..metas.length() {
        // `unchecked_into`, not `dyn_into`: an iframe's elements are not
        // `instanceof` this window's `Element`, yet are elements all the same.
        let Some(m) = metas.item(i).map(|n| n.unchecked_into::<Element>()) else { continue };
        let key = ["property", "name", "itemprop"].iter().find_map(|k| m.get_attribute(k));
        if let (Some(key), Some(content)) = (key, m.get_attribute("content")) {
            facts.meta.push(MetaFact { key, content });
        }
    }
    let scripts = doc
        .query_selector_all("script[type='application/ld+json']")
        .map_err(|e| err("querySelectorAll", e))?;
    for i in 0..scripts.length() {
        if let Some(s) = scripts.item(i) {
            facts.json_ld.push(s.text_content().unwrap_or_default());
        }
    }
    Ok(())
}

//! [`PageFacts`]: what a front-end read off a page, in the one serialised
//! form all front-ends share, and [`Page::from_facts`], the one place facts
//! become a model. The web-sys walker, the JS walker and the HTML parser all
//! end here, so the three cannot drift apart in how they interpret a fact.
//!
//! ## The walk (every front-end follows it)
//! * Only HTML documents (`text/html`, `application/xhtml+xml`) are walked.
//! * Start at `<body>` (or the root element when there is none); visit in
//!   document (pre-)order; node 0 is the start, its `parent` is -1.
//! * Visit the children that render (the flat tree): a shadow host's open
//!   shadow root's children instead of its own, a `<slot>`'s assigned nodes
//!   (flattened) where it has any.
//! * Skip, with their subtrees, comments and [`SKIPPED_TAGS`].
//! * Record `<noscript>` as a hidden element (scripting is on: it never
//!   renders). When its raw markup is at least [`NOSCRIPT_MIN_MARKUP`]
//!   long, parse it as an HTML document (`DOMParser`, html5ever) and walk
//!   that document's `<body>` children as the noscript's children (hidden,
//!   no visual facts); else record no children.
//! * Record text nodes as they are (tag [`TEXT_NODE_TAG`]).
//! * Record elements; do not enter [`OPAQUE_TAGS`], but for an
//!   [`FALLBACK_TAG`] that renders its fallback content. Enter [`FRAME_TAGS`]
//!   whose document the page may read (same origin, `srcdoc`): the frame
//!   element stands for its document's `<body>`, whose children are walked
//!   as the frame's, with boxes moved to page coordinates; name the others
//!   (cross-origin) in [`PageFacts::frames_skipped`].
//! * Every element has one treatment, by namespace and name (the table
//!   below); how its computed `display` is read is
//!   [`Display::parse`](super::Display::parse)'s table.
//!
//! | element | treatment | why |
//! |---|---|---|
//! | HTML elements | recorded, entered | page content |
//! | [`SKIPPED_TAGS`] | skipped with their subtree | never rendered content |
//! | `<noscript>` | recorded hidden; long markup parsed and walked hidden | see below |
//! | [`OPAQUE_TAGS`] (`<svg>`, form controls, media, embeds) | recorded, not entered | their descendants are graphics, options or fallback, not page text |
//! | [`FALLBACK_TAG`] (`<object>`) showing its fallback | recorded, entered (browser walks) | the browser renders its children: a caption in an old video player |
//! | [`FRAME_TAGS`] | entered when readable, else named | an article may live in a same-origin frame |
//! | MathML (`<math>` and its parts) | recorded, entered; inline (`display: math`) unless `display: block math` | a formula's text belongs to its paragraph |
//! | `<ruby>`, `<rt>` | recorded, entered, inline; `<rp>` is `display: none` (hidden; in parsed HTML too) | base text and its reading |
//! | `display: contents` wrappers | recorded, entered, never hidden by `checkVisibility` | no box, content renders |
//! | custom elements (`x-card`), unknown names | recorded, entered, inline unless styled otherwise | as the browser renders them; open shadow roots are walked |
//! * Hidden: in a browser, computed `display: none`, or `checkVisibility({
//!   visibilityProperty: true })` false for an element whose `display` is not
//!   `contents` (this covers the body of a closed `<details>`); in parsed
//!   HTML, the `hidden` attribute, an inline `display: none` /
//!   `visibility: hidden`, or the body of a `<details>` without `open`.
//!   Opacity 0 is not hidden: pages that fade text in as it scrolls into
//!   view start it at opacity 0.
//! * Enter hidden elements too (a closed tab or accordion panel of the
//!   main content is content): every element under a hidden one is marked
//!   hidden and read without visual facts (no style or layout read).
//! * Read `id`, `class`, `role`, `dir`, `rel`, `itemprop`, `aria-hidden` of
//!   every element,
//!   `href` of `<a>`, `src` and `alt` of `<img>`.
//! * In a browser, read each element's computed `display`, its bounding box
//!   (plus scroll offsets) where [`reads_box`] says so (not for a
//!   non-replaced inline element), and `position` unless `display` is
//!   `inline`;
//!   read `font-size`, `font-weight`, `line-height` only for elements with a
//!   non-blank text child. Reads cross the wasm boundary as strings, the
//!   walk's main cost: each one read must decide something.

use serde::{Deserialize, Serialize};

use super::{Display, Element, Font, Node, Page, Position, Rare, Rect, Size, Tag, Visual, ELEMENT, NO_PARENT};
use crate::error::{Error, Result};

/// The `tag` of a text node in [`NodeFacts`].
pub const TEXT_NODE_TAG: &str = "#text";

/// Elements the walk skips with their subtrees: they never render content
/// (`<noscript>` renders only where scripts are off, and Pith's reader is
/// about the page as the user sees it with scripts on).
pub const SKIPPED_TAGS: &[&str] = &[
    "script", "style", "template", "link", "meta", "base", "title", "head",
];

/// A `<noscript>` whose markup (its raw text: with scripting on, browsers
/// keep a noscript's content as text) is at least this long, in UTF-16
/// code units, is parsed and walked as the noscript's children. Pages
/// built by scripts (forums, single-page apps) put their whole content
/// there for crawlers; when the scripts do not run (blocked, failed, or a
/// saved page) that is the only content. Shorter ones hold tracking
/// pixels and "enable JavaScript" notes. Chosen by hand: a paragraph of
/// markup.
pub const NOSCRIPT_MIN_MARKUP: usize = 1000;

/// Elements recorded but not entered: their descendants are not page text
/// (form control options, embedded documents, graphics, media fallback).
/// Not `<math>`: a formula's text is part of its sentence.
pub const OPAQUE_TAGS: &[&str] = &[
    "svg", "select", "textarea", "object", "embed", "video", "audio", "canvas",
];

/// Attributes read only on some elements, for the article builder
/// (`src/article.rs`): lazy-loaded and responsive image sources (HTML
/// §4.8.4.3 `srcset`; `data-src`, `data-srcset`, `data-lazy-src` and
/// `data-original` are the names the common lazy-loading scripts use, the
/// ones Readability.js's `_fixLazyImages` reads), declared image sizes,
/// table cell spans (HTML §4.9.11), an ordered list's `start` and a
/// `<time>`'s machine-readable `datetime` (HTML §4.5.14). Each is
/// read only where it decides something: reads cross the wasm boundary as
/// strings. Walkers pass them in [`NodeFacts::attrs`], in this order.
pub const READ_ATTRIBUTES: &[(&str, &[&str])] = &[
    ("img", &["srcset", "data-src", "data-srcset", "data-lazy-src", "data-original", "width", "height"]),
    ("source", &["srcset", "data-srcset", "type"]),
    ("td", &["colspan", "rowspan"]),
    ("th", &["colspan", "rowspan"]),
    ("ol", &["start"]),
    // When a post was published (`src/metadata.rs`, `time_published`).
    ("time", &["datetime"]),
];

/// The attributes [`READ_ATTRIBUTES`] names for `tag` (none for most).
pub fn attributes_read(tag: &str) -> &'static [&'static str] {
    READ_ATTRIBUTES.iter().find(|(t, _)| *t == tag).map_or(&[], |(_, a)| a)
}

/// Frames: entered when the page may read their document (see the walk).
pub const FRAME_TAGS: &[&str] = &["iframe", "frame"];

/// Whether `tag` is a frame ([`FRAME_TAGS`]).
pub fn is_frame(tag: &str) -> bool {
    FRAME_TAGS.contains(&tag)
}

/// Elements whose own box is read even at `display: inline`: replaced
/// elements (images, frames, media, form controls, graphics: CSS 2.2 §10.3.2,
/// their width is their content's, not their line's). A non-replaced inline
/// element (`<a>`, `<span>`, `<em>`) has no box of its own worth a read: its
/// `getBoundingClientRect` is the union of its line fragments, which costs
/// the most of any read (the 200,000-element bench page, half of it links,
/// in the page's own world, 2026-11-22: 791 ms for every element's box,
/// 210 ms for the non-inline half), and no signal needs it: the model reads
/// such an element through the box of the block it sits in (see
/// [`Page::from_facts`]).
pub const BOXED_INLINE_TAGS: &[&str] = &[
    "img", "input", "button", "iframe", "frame", "svg", "select", "textarea", "object", "embed", "video", "audio",
    "canvas",
];

/// Whether a walker reads the box of an element `tag` whose computed
/// `display` is `display`: always, except for a non-replaced inline element
/// ([`BOXED_INLINE_TAGS`]). Where it does not, it writes no `x`, `y`, `w`,
/// `h` (zero), and the model gives the element its nearest boxed ancestor's
/// box.
pub fn reads_box(tag: &str, display: &str) -> bool {
    display != "inline" || BOXED_INLINE_TAGS.contains(&tag)
}

/// Whether the walk skips `tag` with its subtree.
pub fn is_skipped(tag: &str) -> bool {
    SKIPPED_TAGS.contains(&tag)
}

/// The noscript fallback: when the page renders fewer visible characters
/// than this, and its walked `<noscript>` content holds at least
/// [`NOSCRIPT_FALLBACK_RATIO`] times as many, the page is read as a
/// browser without scripts would show it: the noscript content is not
/// hidden. Chosen by hand: a splash screen or an "enable JavaScript"
/// banner has less text than that, an article more.
pub const NOSCRIPT_FALLBACK_MAX_VISIBLE: usize = 2000;
pub const NOSCRIPT_FALLBACK_RATIO: usize = 4;

/// Whether a noscript's raw markup is walked ([`NOSCRIPT_MIN_MARKUP`]).
pub fn walks_noscript(markup: &str) -> bool {
    markup.encode_utf16().count() >= NOSCRIPT_MIN_MARKUP
}

/// Whether the walk records `tag` without entering it.
pub fn is_opaque(tag: &str) -> bool {
    OPAQUE_TAGS.contains(&tag)
}

/// Whether the walk enters an element `tag` (not a frame: those have
/// their own rule): not [`OPAQUE_TAGS`], but for a [`FALLBACK_TAG`] that
/// `shows_fallback` (asked only for it).
pub fn enters(tag: &str, shows_fallback: impl FnOnce() -> bool) -> bool {
    !is_opaque(tag) || (tag == FALLBACK_TAG && shows_fallback())
}

/// The opaque element whose fallback content a browser renders when it
/// cannot show the element's resource (HTML §4.8.7: an `<object>` whose
/// data fails to load or needs a plugin the browser lacks, as every Flash
/// player now does, "must" show its children). The video players of the
/// 2010s web carried their caption there (cleanportaleval's MSNBC pages:
/// 18 of 71 pages, the caption in the truth). A browser walk enters such an
/// element when one of its element children renders (`checkVisibility`;
/// `<param>`s never do), so an `<object>` showing its SVG or document
/// keeps its fallback out; parsed HTML, which cannot tell, never enters it.
pub const FALLBACK_TAG: &str = "object";

/// CSS 2.1 §10.8.1 suggests a used value "between 1.0 and 1.2" for
/// `line-height: normal`; browsers use about 1.2 for common fonts.
pub const NORMAL_LINE_HEIGHT: f32 = 1.2;

/// Page width assumed for parsed HTML when a width is given in pixels: the
/// viewport width of the evaluation harness (tests/eval, 1280×900).
pub const ASSUMED_PAGE_WIDTH_PX: f32 = 1280.0;

/// A page as a front-end read it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PageFacts {
    pub url: String,
    pub title: String,
    pub lang: String,
    pub dir: String,
    pub meta: Vec<MetaFact>,
    pub json_ld: Vec<String>,
    /// `document.baseURI`: what the page's relative addresses resolve
    /// against (its `<base href>`, else its address). Empty: the `url`.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub base_url: String,
    /// Layout viewport width (`documentElement.clientWidth`), 0 if unknown.
    pub viewport_width: f32,
    pub viewport_height: f32,
    pub nodes: Vec<NodeFacts>,
    /// Addresses of frames the walk could not enter (cross-origin).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub frames_skipped: Vec<String>,
}

/// One `<meta>`: `key` is its `property`, `name` or `itemprop` (the first
/// present; lower-cased by [`Page::from_facts`]); `content` its content.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MetaFact {
    pub key: String,
    pub content: String,
}

/// One node as a walker read it. Strings left empty were absent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NodeFacts {
    /// Index of the parent among the facts already given; -1 for the root.
    pub parent: i64,
    /// Lower-case local name, or [`TEXT_NODE_TAG`].
    pub tag: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub text: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub id: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub class: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub role: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub href: Option<String>,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub src: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub alt: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub dir: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub rel: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub itemprop: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub aria_hidden: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// Parsed HTML only: the `width` attribute and the inline `style`.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub width: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub style: String,
    /// [`READ_ATTRIBUTES`] present on this element, as name, value, name,
    /// value…
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attrs: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visual: Option<VisualFacts>,
}

impl NodeFacts {
    /// Sets the computed font, which only an element with visual facts
    /// takes (the walkers read it at its first text).
    pub fn set_font(&mut self, size: String, weight: String, line_height: String) {
        if let Some(v) = self.visual.as_mut() {
            (v.font_size, v.font_weight, v.line_height) = (size, weight, line_height);
        }
    }
}

/// Rendered facts, as the browser gives them (computed values as strings,
/// parsed here so that both walkers share one parser). The box (`x`, `y`,
/// `w`, `h`) is read only where [`reads_box`] says so; elsewhere it is
/// absent (zero) and ignored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VisualFacts {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    pub display: String,
    pub position: String,
    /// Empty unless the element holds text directly.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub font_size: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub font_weight: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub line_height: String,
}

/// Parses a CSS pixel length such as `16px` or `16.5px`.
fn parse_px(s: &str) -> Option<f32> {
    crate::text::parse_number(s.trim().strip_suffix("px")?.trim()).map(|v| v as f32)
}

/// Parses a computed `font-weight` (`400`, `bold`, `normal`).
fn parse_weight(s: &str) -> u16 {
    match s.trim() {
        "bold" | "bolder" => 700,
        "lighter" => 300,
        "" | "normal" => 400,
        n => crate::text::parse_number(n).map(|w| w.clamp(1.0, 1000.0) as u16).unwrap_or(400),
    }
}

/// A width hint from parsed HTML: `70%`, `600`, `600px`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum WidthHint {
    Percent(f32),
    Px(f32),
}

fn parse_width_hint(s: &str) -> Option<WidthHint> {
    let s = s.trim();
    if let Some(p) = s.strip_suffix('%') {
        return crate::text::parse_number(p.trim()).map(|v| WidthHint::Percent(v as f32));
    }
    let n = s.strip_suffix("px").unwrap_or(s).trim();
    crate::text::parse_number(n).map(|v| v as f32).filter(|v| *v > 0.0).map(WidthHint::Px)
}

/// The value of `prop` in an inline style attribute, lower-cased.
pub fn style_property(style: &str, prop: &str) -> Option<String> {
    style.split(';').rev().find_map(|decl| {
        let (k, v) = decl.split_once(':')?;
        (k.trim().eq_ignore_ascii_case(prop))
            .then(|| v.trim().trim_end_matches("!important").trim().to_ascii_lowercase())
    })
}

impl Page {
    /// Builds the model from facts, checking their shape: node 0 is the
    /// only root, every parent comes earlier, is an element, and is an
    /// ancestor-or-self of the node before (document order, so that every
    /// subtree is a contiguous range of ids).
    pub fn from_facts(mut facts: PageFacts) -> Result<Page> {
        let mut rest = std::mem::take(&mut facts.nodes);
        let total = rest.len();
        let release_every = total / FACTS_RELEASED_IN;
        if release_every < FACTS_RELEASED_MIN {
            return Page::build(facts, total, &mut rest.into_iter());
        }
        // On a large page the facts are consumed front to back and their
        // storage given back as they go ([`FACTS_RELEASED_IN`]), so that
        // the facts and the page model they become are not both held whole.
        rest.reverse();
        let mut nodes = std::iter::from_fn(move || {
            let f = rest.pop();
            if rest.len() % release_every == 0 {
                rest.shrink_to_fit();
            }
            f
        });
        Page::build(facts, total, &mut nodes)
    }

    /// The model of the page `facts` describes, whose `total` nodes' facts
    /// are `nodes_facts` (in document order; `facts.nodes` is not read): a
    /// `dyn` iterator, so that the wasm holds one copy of this function for
    /// both of [`Page::from_facts`]'s ways of reading them.
    fn build(facts: PageFacts, total: usize, nodes_facts: &mut dyn Iterator<Item = NodeFacts>) -> Result<Page> {
        let mut b = Builder::new(facts.viewport_width, facts.viewport_height, total);
        for f in nodes_facts {
            b.push(f)?;
        }
        b.finish(facts)
    }
}

/// Builds the page model one node's facts at a time, in document order, as
/// [`Page::from_facts`] does from all of them: the web-sys walker
/// (`src/web/walk.rs`) pushes each node as it reads it, so that the facts
/// of the whole page (256 bytes a node in wasm32, their strings besides)
/// are never held at once. An element's font facts, which the walker
/// reads when it meets the element's first text, are given afterwards
/// ([`Builder::set_font`]), with the same result as facts that held them.
pub struct Builder {
    viewport: Option<Size>,
    nodes: Vec<Node>,
    elements: Vec<Element>,
    texts: String,
    /// The path from the root to the previous node: in document order a
    /// node's parent is on it (else the parent's subtree has ended). With
    /// each node, the box that places it: its own or (a non-replaced inline
    /// element, a `display: contents` wrapper) its nearest boxed
    /// ancestor's; none for a text node, which is no one's parent. Only a
    /// node's parent's box is ever read, so the path holds them: a vector
    /// of every node's (20 bytes a node) took 42 MB of wasm memory on the
    /// 1,000,000-element page (`tests/eval/SPEED.md`, 2026-11-30).
    open: Vec<(usize, Option<Rect>)>,
    /// Per element (a bit each), whether it is hidden without reading the
    /// frameworks' display classes: the page model's hidden flags where the
    /// page's style sheets are there ([`FRAMEWORK_SHEET_MIN_AGREEING`]).
    hidden_by_style: Vec<u64>,
    /// Elements whose framework class hides them as their computed display
    /// does ([`ClassReading::Agrees`]), and that the browser renders
    /// ([`ClassReading::Overruled`]).
    agreeing: u32,
    overruled: u32,
}

impl Builder {
    /// A builder for a page rendered at the given viewport (0: unknown),
    /// with room for `capacity` nodes.
    pub fn new(viewport_width: f32, viewport_height: f32, capacity: usize) -> Builder {
        Builder::with_capacity(viewport_width, viewport_height, capacity, elements_in(capacity))
    }

    /// [`Builder::new`] with room for `nodes` nodes, `elements` of them
    /// elements.
    pub fn with_capacity(viewport_width: f32, viewport_height: f32, nodes: usize, elements: usize) -> Builder {
        let mut b = Builder {
            viewport: None,
            nodes: Vec::with_capacity(nodes),
            elements: Vec::with_capacity(elements),
            texts: String::new(),
            open: Vec::new(),
            hidden_by_style: Vec::new(),
            agreeing: 0,
            overruled: 0,
        };
        b.set_viewport(viewport_width, viewport_height);
        b
    }

    /// The viewport the page was rendered at (0: unknown); before the
    /// first node.
    pub fn set_viewport(&mut self, width: f32, height: f32) {
        self.viewport = (width > 0.0).then_some(Size { width, height });
    }

    /// Nodes pushed so far (the next node's id).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Nodes there is room for.
    pub fn capacity(&self) -> usize {
        self.nodes.capacity()
    }

    /// Room for `more` nodes beyond those pushed (and for their elements,
    /// [`elements_in`]).
    pub fn reserve_exact(&mut self, more: usize) {
        self.nodes.reserve_exact(more);
        let elements = elements_in(self.nodes.capacity()).saturating_sub(self.elements.len());
        self.elements.reserve_exact(elements);
    }

    /// The element at node `id`, if it is one.
    fn element(&self, id: usize) -> Option<&Element> {
        let n = self.nodes.get(id)?;
        n.is_element().then(|| &self.elements[n.at as usize])
    }

    /// [`Builder::element`], to change.
    fn element_mut(&mut self, id: usize) -> Option<&mut Element> {
        let n = self.nodes.get(id)?;
        n.is_element().then(|| &mut self.elements[n.at as usize])
    }

    /// Whether node `id` is an element with rendered facts.
    pub fn has_visual(&self, id: usize) -> bool {
        self.element(id).is_some_and(|e| e.visual.is_some())
    }

    /// Gives element `id` its computed font facts (as [`VisualFacts`]'s
    /// `font_size`, `font_weight` and `line_height`), where it has rendered
    /// facts.
    pub fn set_font(&mut self, id: usize, size: &str, weight: &str, line_height: &str) {
        if let Some(e) = self.element_mut(id) {
            if let Some(v) = e.visual.as_mut() {
                let (font, lines) = font_and_lines(v.rect, size, weight, line_height);
                v.set_font(font);
                v.lines = lines;
            }
        }
    }

    /// Adds the next node, checking the facts' shape (see
    /// [`Page::from_facts`]).
    pub fn push(&mut self, f: NodeFacts) -> Result<()> {
        let i = self.nodes.len();
        let parent = match (i, f.parent) {
            (0, -1) => None,
            (_, -1) => return Err(Error::BadRoot { node: i }),
            (0, p) => return Err(Error::BadParent { node: 0, parent: p }),
            (_, p) if p < 0 || p as usize >= i => return Err(Error::BadParent { node: i, parent: p }),
            (_, p) => Some(p as usize),
        };
        let (parent_width, parent_hidden, parent_styled_hidden) = match parent {
            Some(p) => match self.element(p) {
                Some(e) => (e.width_ratio, e.hidden, bit(&self.hidden_by_style, self.nodes[p].at as usize)),
                None => return Err(Error::TextParent { node: i }),
            },
            None => (1.0, false, false),
        };
        let mut parent_box = None;
        if let Some(p) = parent {
            while self.open.last().is_some_and(|&(o, _)| o > p) {
                self.open.pop();
            }
            match self.open.last() {
                Some(&(o, b)) if o == p => parent_box = b,
                _ => return Err(Error::OutOfOrder { node: i, parent: p }),
            }
        }
        if i == 0 && f.tag == TEXT_NODE_TAG {
            return Err(Error::TextRoot);
        }
        let too_long = || Error::Frontend("a page of more than 4 GiB of text or 4 billion elements".into());
        let (at, len, own_box) = if f.tag == TEXT_NODE_TAG {
            let at = u32::try_from(self.texts.len()).map_err(|_| too_long())?;
            let len = u32::try_from(f.text.len()).ok().filter(|&l| l != ELEMENT && at.checked_add(l).is_some()).ok_or_else(too_long)?;
            if self.texts.capacity() - self.texts.len() < f.text.len() {
                self.texts.reserve_exact(grown_by(self.texts.len()).max(f.text.len()));
            }
            self.texts.push_str(&f.text);
            (at, len, None)
        } else {
            let (mut e, reading, hidden_by_own_facts) = element_from_facts(f, parent_width, parent_box, self.viewport);
            let by_style = parent_styled_hidden || hidden_by_own_facts;
            match reading {
                ClassReading::Agrees if !parent_hidden => self.agreeing += 1,
                ClassReading::Overruled if !parent_hidden => self.overruled += 1,
                _ => {}
            }
            // Hidden is inherited: nothing under a hidden element renders.
            e.hidden |= parent_hidden;
            let own = match &e.visual {
                Some(v) if v.display == Display::Contents => parent_box,
                Some(v) => Some(v.rect),
                None => None,
            };
            let at = u32::try_from(self.elements.len()).map_err(|_| too_long())?;
            if self.elements.len() == self.elements.capacity() {
                self.elements.reserve_exact(grown_by(self.elements.len()));
            }
            self.elements.push(e);
            let (word, bit) = (at as usize / 64, at % 64);
            if self.hidden_by_style.len() <= word {
                self.hidden_by_style.push(0);
            }
            self.hidden_by_style[word] |= u64::from(by_style) << bit;
            (at, ELEMENT, own)
        };
        self.open.push((i, own_box));
        let parent = parent.map_or(NO_PARENT, |p| p as u32);
        self.nodes.push(Node { parent, at, len });
        Ok(())
    }

    /// The page: the nodes pushed, and the rest of `facts` (its `nodes`
    /// are not read).
    pub fn finish(self, facts: PageFacts) -> Result<Page> {
        // Where the frameworks' style sheets are there, the browser's
        // computed display is the page's: their classes are not read.
        let sheets_there = self.agreeing >= FRAMEWORK_SHEET_MIN_AGREEING
            && self.overruled as f32 <= FRAMEWORK_SHEET_MAX_OVERRULED * self.agreeing as f32;
        let Builder { viewport, mut nodes, mut elements, mut texts, hidden_by_style, .. } = self;
        if sheets_there {
            for (at, e) in elements.iter_mut().enumerate() {
                e.hidden = bit(&hidden_by_style, at);
            }
        }
        drop(hidden_by_style);
        if nodes.is_empty() {
            return Err(Error::EmptyPage);
        }
        // Pushed one by one (the walkers reserve ahead, then grow), the
        // arena keeps room it does not need through the extraction: with the
        // walk's node list, 2.5 MiB of wasm memory on the 1,000,000-element
        // bench page (`tests/eval/SPEED.md`, 2026-11-30).
        nodes.shrink_to_fit();
        elements.shrink_to_fit();
        texts.shrink_to_fit();
        let meta = facts
            .meta
            .into_iter()
            .map(|m| MetaFact { key: m.key.trim().to_ascii_lowercase(), content: m.content })
            .collect();
        let mut page = Page {
            url: facts.url,
            doc_title: crate::text::collapse_whitespace(&facts.title).trim().to_string(),
            lang: facts.lang.trim().to_string(),
            dir: facts.dir.trim().to_string(),
            meta,
            json_ld: facts.json_ld,
            base_url: facts.base_url,
            viewport,
            nodes,
            elements,
            texts,
            frames_skipped: facts.frames_skipped,
            ..Page::default()
        };
        noscript_fallback(&mut page);
        reveal_hidden_content(&mut page);
        page.link_children();
        Ok(page)
    }
}

/// Bit `at` of `words`, 64 to a word (false past the end).
pub(crate) fn bit(words: &[u64], at: usize) -> bool {
    words.get(at / 64).is_some_and(|w| w >> (at % 64) & 1 == 1)
}

/// Sets bit `at` of `words` (as [`bit`] reads it); `words` holds it.
pub(crate) fn set_bit(words: &mut [u64], at: usize) {
    words[at / 64] |= 1 << (at % 64);
}

/// The frameworks' style sheets are taken to be on a rendered page when
/// at least this many elements their display classes hide from a
/// breakpoint up are hidden by the browser too ([`ClassReading::Agrees`]),
/// and few elements the classes hide are rendered
/// ([`FRAMEWORK_SHEET_MAX_OVERRULED`], [`ClassReading::Overruled`]). The
/// browser's computed display is then the page's, and the classes are not
/// read ([`Builder::finish`]): a site's own sheet may show what a
/// framework's name would hide, and a reader shows what the page shows.
/// Where the sheets are missing (the data sets' saved pages, with their
/// inline `<style>` at most) the classes are read, as in parsed HTML.
/// Over the dumped facts of the three sets (session 48): 28 pages have an
/// agreeing element, 746 an overruled one, 14 both; the sheets are taken
/// to be there on 16 pages, and no page's held-out F1 changes. Counting
/// any class-hidden element the browser hides as agreeing (a closed modal,
/// hidden inline, a `hidden` class with the `hidden` attribute) took them
/// to be there on pages whose sheets are missing: held-out wcxb-dev lost
/// 0.54 summed word F1, a listing 0.97 → 0.44; so did 13 agreeing against
/// 10 overruled on a forum whose inline sheet holds some of the classes
/// (0.70 → 0.66), which [`FRAMEWORK_SHEET_MAX_OVERRULED`] leaves out.
pub const FRAMEWORK_SHEET_MIN_AGREEING: u32 = 1;

/// See [`FRAMEWORK_SHEET_MIN_AGREEING`]: at most this many overruled
/// elements per agreeing one.
pub const FRAMEWORK_SHEET_MAX_OVERRULED: f32 = 0.5;

/// How much a full vector of the builder's grows: by a quarter (at least
/// [`BUILDER_MIN_GROWTH`]), not by doubling, as the walkers' facts
/// (`FACTS_GROWTH_DIVISOR` in `src/web/walk.rs`). Doubled, the elements
/// reserved a little short for the 1,000,000-element bench page (walker.js's
/// facts) took 119 MB, and the page's peak 242 → 278 MiB
/// (`tests/eval/SPEED.md`, 2026-11-30).
fn grown_by(len: usize) -> usize {
    (len / 4).max(BUILDER_MIN_GROWTH)
}

/// See [`grown_by`].
const BUILDER_MIN_GROWTH: usize = 1024;

/// Elements reserved for `nodes` nodes: the walkers reserve 3 nodes for
/// every 2 elements of the document (`FACTS_RESERVED_PER_ELEMENT` in
/// `src/web/walk.rs`), so as many elements as the document has.
fn elements_in(nodes: usize) -> usize {
    nodes / 3 * 2
}

/// An element's font and rendered line count from its computed font facts
/// and the box that places it.
fn font_and_lines(rect: Rect, size: &str, weight: &str, line_height: &str) -> (Option<Font>, u32) {
    let font = parse_px(size).map(|size| Font {
        size,
        weight: parse_weight(weight),
        line_height: parse_px(line_height).unwrap_or(size * NORMAL_LINE_HEIGHT),
    });
    let lines = match font {
        Some(font) if rect.h > 0.0 && font.line_height > 0.0 => ((rect.h / font.line_height).round() as u32).max(1),
        _ => 0,
    };
    (font, lines)
}

/// [`Page::from_facts`] gives back the storage of the facts it has read
/// this many times over the facts (at most `1/FACTS_RELEASED_IN` of them
/// is held after being read), on pages where that is every
/// [`FACTS_RELEASED_MIN`] nodes or more (65,536 nodes, 16 MiB of facts in
/// wasm32). The facts (256 bytes a node in wasm32) and the page model were
/// both held whole at the peak of building it: 231 MiB on the
/// 200,000-element page natively (`pith-lab signals`, 2026-11-25), now
/// 172 MiB (the facts alone are 144), for 20 % more time (reversing the
/// facts first: 224 → 270 ms), which a small page does not need to spend.
pub const FACTS_RELEASED_IN: usize = 16;
pub const FACTS_RELEASED_MIN: usize = 4096;

/// A hidden subtree holding at least this share of the page's characters
/// is the page's content hidden until its scripts run (an anti-flicker
/// `<body style="display:none">`, React's streamed `<div hidden>` chunks),
/// not furniture: [`reveal_hidden_content`] shows it, as the page would
/// once its scripts ran. A menu, a dialog or a closed tab holds far less
/// of a page's text. Measured (`pith-lab eval`, 2026-11-22): 0.5 revealed
/// an article's deliberately hidden half (one page of the readability set);
/// 0.6 and 0.7 give readability shingle F1 0.956 against 0.954 at 0.5 and
/// leave wcxb-dev's word F1 at 0.876.
pub const REVEAL_MIN_SHARE: f64 = 0.6;

/// Shows hidden subtrees that hold the page's content
/// ([`REVEAL_MIN_SHARE`]); the walk's root is shown when it is hidden.
fn reveal_hidden_content(page: &mut Page) {
    let n = page.nodes.len();
    // Characters under each node, bottom-up.
    let mut chars = vec![0usize; n];
    for id in (0..n).rev() {
        if let Some(t) = page.text(id) {
            chars[id] = t.chars().filter(|c| !c.is_whitespace()).count();
        }
        if let Some(p) = page.nodes[id].parent() {
            chars[p] += chars[id];
        }
    }
    let total = chars.first().copied().unwrap_or(0).max(1);
    let hidden = |page: &Page, id: usize| page.element(id).is_some_and(|e| e.hidden);
    // Text for screen readers only stays hidden inside a revealed subtree:
    // the page's scripts show the subtree, never that text (a shop's
    // "Regular price" beside each price of a grid the page hid until its
    // scripts ran).
    let own_hidden = |page: &Page, id: usize| page.element(id).is_some_and(|e| screen_reader_only(&e.class));
    // Hiding roots (hidden, parent not) that hold enough of the text.
    let mut reveal = vec![false; n];
    for id in 0..n {
        let parent = page.nodes[id].parent();
        reveal[id] = (parent.is_some_and(|p| reveal[p]) && !own_hidden(page, id))
            || (hidden(page, id)
                && parent.map_or(true, |p| !hidden(page, p))
                && (parent.is_none() || chars[id] as f64 >= REVEAL_MIN_SHARE * total as f64));
    }
    for (id, &r) in reveal.iter().enumerate() {
        if let (true, Some(e)) = (r, page.element_mut(id)) {
            e.hidden = false;
        }
    }
}

/// Applies the noscript fallback ([`NOSCRIPT_FALLBACK_MAX_VISIBLE`]).
fn noscript_fallback(page: &mut Page) {
    let n = page.nodes.len();
    let mut in_noscript = vec![false; n];
    let (mut visible, mut fallback) = (0usize, 0usize);
    for id in 0..n {
        let parent = page.nodes[id].parent();
        in_noscript[id] = parent.is_some_and(|p| in_noscript[p])
            || page.element(id).is_some_and(|e| e.tag == Tag::Noscript);
        if let Some(t) = page.text(id) {
            let chars = t.chars().filter(|c| !c.is_whitespace()).count();
            let hidden = parent.is_some_and(|p| page.element(p).is_some_and(|e| e.hidden));
            if in_noscript[id] {
                fallback += chars;
            } else if !hidden {
                visible += chars;
            }
        }
    }
    if visible >= NOSCRIPT_FALLBACK_MAX_VISIBLE || fallback < NOSCRIPT_FALLBACK_RATIO * visible.max(1) {
        return;
    }
    for (id, &inside) in in_noscript.iter().enumerate() {
        if let (true, Some(e)) = (inside, page.element_mut(id)) {
            e.hidden = false;
        }
    }
}

/// Class names of text for screen readers only: the rule sets of the
/// front-end frameworks and CMSs that define them (Bootstrap 3–4 and
/// Tailwind `sr-only`, Bootstrap 5, Drupal and Shopify `visually-hidden`,
/// HTML5 Boilerplate `visuallyhidden`, WordPress `screen-reader-text`,
/// Foundation `show-for-sr`, Drupal 7 `element-invisible`, and common
/// variants) clip such an element to one pixel: it is rendered, never
/// seen. With its style sheet the walk reads that one-pixel box (the
/// visibility cue's `clipped`); a page read without it (the data sets'
/// saved pages, parsed HTML) shows the text as running text ("Regular
/// price Sale price $19.99", "Skip to content", "(opens in a new tab)").
/// A reader shows what the page shows, so such an element is read as
/// hidden: its text is left out of a kept block, and a leaf of it alone
/// is not content unless a rule keeps it. In wcxb-dev's saved pages 653
/// of 1,497 pages hold such elements; of their texts, about 1,300 are
/// found in the pages' ground truth and 8,200 are not (a count by token
/// over the pages' HTML, 2026-11-26).
pub const SCREEN_READER_CLASSES: &[&str] = &[
    "sr-only",
    "visually-hidden",
    "visuallyhidden",
    "screen-reader-text",
    "screen-reader-only",
    "screenreader",
    "screenreader-only",
    "show-for-sr",
    "element-invisible",
    "is-visually-hidden",
    "u-visually-hidden",
    "hidden-visually",
    "a11y-hidden",
    "sr-text",
    "assistive-text",
    // Skip links: shown only while focused.
    "sr-only-focusable",
    "visually-hidden-focusable",
];

/// Whether a class attribute names an element for screen readers only
/// ([`SCREEN_READER_CLASSES`], ASCII case-insensitively).
pub fn screen_reader_only(class: &str) -> bool {
    crate::text::has_class(class, SCREEN_READER_CLASSES)
}

/// The breakpoints of the CSS frameworks' responsive display classes, in
/// CSS pixels of viewport width, smallest first: Tailwind's `sm:`, `md:`,
/// `lg:`, `xl:`, `2xl:` (640, 768, 1024, 1280, 1536; Tailwind CSS v3–v4,
/// "Responsive design") and Bootstrap's `-sm-`, `-md-`, `-lg-`, `-xl-`,
/// `-xxl-` (576, 768, 992, 1200, 1400; Bootstrap 4–5, "Breakpoints").
const TAILWIND_BREAKPOINTS: [(&str, f32); 5] = [("sm", 640.0), ("md", 768.0), ("lg", 1024.0), ("xl", 1280.0), ("2xl", 1536.0)];
const BOOTSTRAP_BREAKPOINTS: [(&str, f32); 5] = [("sm", 576.0), ("md", 768.0), ("lg", 992.0), ("xl", 1200.0), ("xxl", 1400.0)];

/// The display values a framework's display utility names (Tailwind's
/// `block`, `md:flex`; Bootstrap's `d-block`, `d-lg-inline-flex`): any of
/// them shows the element.
const SHOWN_DISPLAYS: &[&str] = &[
    "block", "inline", "inline-block", "flex", "inline-flex", "grid", "inline-grid", "table", "table-row", "table-cell",
    "contents", "flow-root", "list-item",
];

/// Class names that hide an element at any width, or from a width up, in
/// the CSS frameworks that define them: Bootstrap 3 `hidden-lg`; Bulma
/// `is-hidden`, `is-hidden-tablet`, `is-hidden-desktop`,
/// `is-hidden-widescreen`; Foundation 6 `hide`, `hide-for-medium`,
/// `hide-for-large`. Each with the viewport width from which it hides (0:
/// always; Bootstrap 3's large [`BOOTSTRAP3_LARGE`], Bulma's tablet 769,
/// desktop 1024 and widescreen 1216, Foundation's medium 640 and large
/// 1024). Tailwind's `hidden` (and Bootstrap 3's, the same rule) and
/// Bootstrap 4–5's `d-none`, which a wider class may undo, are read by
/// [`hidden_by_framework_class`] with their breakpoints.
const HIDING_CLASSES: &[(&str, f32)] = &[
    ("hidden-lg", BOOTSTRAP3_LARGE),
    ("is-hidden", 0.0),
    ("is-hidden-tablet", 769.0),
    ("is-hidden-desktop", 1024.0),
    ("is-hidden-widescreen", 1216.0),
    ("hide", 0.0),
    ("hide-for-medium", 640.0),
    ("hide-for-large", 1024.0),
];

/// Bootstrap 3's large breakpoint (its `-lg` classes apply from 1200 px;
/// Bootstrap 3.4, "Grid options").
const BOOTSTRAP3_LARGE: f32 = 1200.0;

/// Bootstrap 3's and Foundation 6's "shown only below a width" classes,
/// with the width from which they hide ("visible-md" shows from 992 to
/// 1199 px; "show-for-medium-only" from 640 to 1023 px); a Bootstrap 3
/// `visible-lg…` class beside them shows the element from
/// [`BOOTSTRAP3_LARGE`] up again.
const SHOWN_BELOW_CLASSES: &[(&str, f32)] = &[
    ("visible-xs", 768.0),
    ("visible-sm", 992.0),
    ("visible-md", BOOTSTRAP3_LARGE),
    ("show-for-small-only", 640.0),
    ("show-for-medium-only", 1024.0),
];

/// Whether `class` hides its element at a viewport `width` CSS pixels wide
/// by the CSS frameworks' display utilities (Tailwind, Bootstrap 3–5,
/// Bulma, Foundation: [`HIDING_CLASSES`], [`SHOWN_BELOW_CLASSES`], and
/// Tailwind's `hidden` / `md:block`, Bootstrap's `d-none` / `d-md-block`
/// at the widest breakpoint the width reaches). With its style sheet the
/// walk reads the computed `display: none`; a page read without it (the
/// data sets' saved pages, parsed HTML) shows a site's phone copy beside
/// its desktop one: a second menu, a price shown twice, a card's title
/// in both layouts. Read as hidden, such an element is what the page
/// shows at that width; a panel the page reveals on demand (a closed tab
/// with `hidden`) stays the visibility cue's to judge, as with
/// `display: none`.
pub fn hidden_by_framework_class(class: &str, width: f32) -> bool {
    // ASCII case aside, as the frameworks' names are matched.
    let lower;
    let class = if class.bytes().any(|b| b.is_ascii_uppercase()) {
        lower = class.to_ascii_lowercase();
        lower.as_str()
    } else {
        class
    };
    if !HIDING_MARKS.iter().any(|m| class.contains(m)) {
        return false;
    }
    // The display at the widest breakpoint that sets one: (its width, hidden).
    let mut widest: Option<(f32, bool)> = None;
    let mut set = |from: f32, hidden: bool| {
        if from <= width && widest.map_or(true, |(w, _)| from >= w) {
            widest = Some((from, hidden));
        }
    };
    let mut shown_below: Option<f32> = None;
    let mut visible_lg = false;
    // A site's own responsive class that shows the element again ("hide
    // show@medium", "hidden display-block-desktop"): its width is not
    // known, so the element is not read as hidden at any.
    let mut shown_by_own_class = false;
    let (mut closed_component, mut opened) = (false, false);
    for t in class.split_ascii_whitespace() {
        // Tailwind: `hidden`, `block`…, with or without `md:`.
        let (bp, utility) = match t.split_once(':') {
            Some((bp, u)) => match TAILWIND_BREAKPOINTS.iter().find(|(name, _)| *name == bp) {
                Some(&(_, w)) => (w, u),
                None => continue,
            },
            None => (0.0, t),
        };
        if utility == "hidden" {
            set(bp, true);
        } else if bp > 0.0 && SHOWN_DISPLAYS.contains(&utility) {
            set(bp, false);
        }
        closed_component |= CLOSED_COMPONENTS.contains(&t);
        opened |= OPENED_STATES.contains(&t);
        // Bootstrap 4–5: `d-none`, `d-block`…, with or without `-md`.
        if let Some(d) = t.strip_prefix("d-") {
            let (bp, display) = match d.split_once('-') {
                Some((name, rest)) => match BOOTSTRAP_BREAKPOINTS.iter().find(|(n, _)| *n == name) {
                    Some(&(_, w)) => (w, rest),
                    None => (0.0, d),
                },
                None => (0.0, d),
            };
            if display == "none" {
                set(bp, true);
            } else if SHOWN_DISPLAYS.contains(&display) {
                set(bp, false);
            }
        }
        if let Some(&(_, from)) = HIDING_CLASSES.iter().find(|(n, _)| *n == t) {
            set(from, true);
        }
        let base = t.strip_suffix("-block").or_else(|| t.strip_suffix("-inline-block")).or_else(|| t.strip_suffix("-inline")).unwrap_or(t);
        if let Some(&(_, from)) = SHOWN_BELOW_CLASSES.iter().find(|(n, _)| *n == base) {
            shown_below = Some(shown_below.map_or(from, |f: f32| f.max(from)));
        }
        visible_lg |= base == "visible-lg";
        shown_by_own_class |= own_responsive_show(t);
    }
    let below = shown_below.is_some_and(|from| width >= from) && !(visible_lg && width >= BOOTSTRAP3_LARGE);
    (closed_component && !opened) || (!shown_by_own_class && (below || widest.is_some_and(|(_, hidden)| hidden)))
}

/// Parts of every name [`hidden_by_framework_class`] reads as hiding
/// (`hid` of `hidden`, `hide`, `is-hidden`; `none` of `d-none`;
/// `visible-`, `show-for-`; `modal`, `dropdown-menu`). The reading runs on
/// every element's class while the page model is built, and most classes
/// hold none of these: a substring search for each passes them over
/// (release build, a mix of real class attributes, session 47: about
/// 480 ns an element read token by token, 110 ns so).
const HIDING_MARKS: &[&str] = &["hid", "none", "visible-", "show-for-", "modal", "dropdown-menu"];

/// Components the frameworks hide until a script opens them (Bootstrap's
/// `.modal` and `.dropdown-menu`, Bulma's `.modal`, UIkit's `.uk-modal`:
/// `display: none` unless opened, [`OPENED_STATES`]).
const CLOSED_COMPONENTS: &[&str] = &["modal", "dropdown-menu", "uk-modal"];

/// The class a script adds to open a [`CLOSED_COMPONENTS`] one
/// (Bootstrap 4–5 `show`, Bootstrap 3 `in` and `open`, Bulma
/// `is-active`, UIkit `uk-open`).
const OPENED_STATES: &[&str] = &["show", "in", "open", "is-active", "uk-open"];

/// Whether a class token, not one of the frameworks' read above, names a
/// display that shows its element at some width: a showing word
/// ("show", "visible", "block", "flex", "grid", "inline") with a width
/// in it ("@medium", "md:", "-desktop", "-lg"). The frameworks' own
/// (`md:block`, `d-lg-flex`) are no such token: they are read with
/// their widths.
fn own_responsive_show(t: &str) -> bool {
    const SHOWING: &[&str] = &["show", "visible", "block", "flex", "grid", "inline"];
    const WIDTHS: &[&str] = &["@", "small", "medium", "large", "desktop", "tablet", "mobile", "wide", "-sm", "-md", "-lg", "-xl"];
    let framework = t.starts_with("d-")
        || t.split_once(':').is_some_and(|(bp, _)| TAILWIND_BREAKPOINTS.iter().any(|(n, _)| *n == bp))
        || t.starts_with("visible-")
        || t.starts_with("show-for-");
    !framework && SHOWING.iter().any(|w| t.contains(w)) && WIDTHS.iter().any(|w| t.contains(w))
}

/// The element of `f`, how its framework display classes compare with
/// what was rendered, and whether it is hidden without them.
fn element_from_facts(f: NodeFacts, parent_width: f32, parent_box: Option<Rect>, viewport: Option<Size>) -> (Element, ClassReading, bool) {
    let tag = Tag::from_name(&f.tag);
    let mut hidden = f.hidden;
    let visual = f.visual.map(|v| {
        // A non-replaced inline element's box was not read (or, in facts
        // from older walkers, is ignored): it takes its block's.
        let rect = if reads_box(&f.tag, &v.display) {
            Rect { x: v.x, y: v.y, w: v.w, h: v.h }
        } else {
            parent_box.unwrap_or_default()
        };
        let (font, lines) = font_and_lines(rect, &v.font_size, &v.font_weight, &v.line_height);
        Visual::new(
            rect,
            // A formula's parts compute `display: block math` (MathML Core
            // §3.1.1: math layout inside the formula), yet sit in its line.
            if tag.is_mathml() && tag != Tag::Math {
                Display::Inline
            } else {
                Display::parse(&v.display)
            },
            Position::parse(&v.position),
            font,
            lines,
        )
    });
    let width = viewport.map_or(ASSUMED_PAGE_WIDTH_PX, |v| v.width);
    let not_displayed = visual.as_ref().is_some_and(|v| v.display == Display::None);
    if not_displayed || screen_reader_only(&f.class) {
        hidden = true;
    }
    let reading = if !hidden_by_framework_class(&f.class, width) {
        ClassReading::Silent
    } else if viewport.is_none() {
        ClassReading::Unrendered
    } else if hidden {
        // Only a style sheet's media query hides an element by a class
        // that shows it on a narrow screen ("md:hidden", "d-lg-none"); a
        // closed modal or a "hidden" element may be hidden inline.
        if hidden_by_framework_class(&f.class, 0.0) {
            ClassReading::Silent
        } else {
            ClassReading::Agrees
        }
    } else {
        ClassReading::Overruled
    };
    let width_ratio = match (&visual, viewport) {
        (Some(v), _) if v.display == Display::Contents => parent_width,
        (Some(v), Some(vp)) => (v.rect.w / vp.width).clamp(0.0, 1.0),
        _ => {
            let hint = parse_width_hint(&f.width)
                .or_else(|| style_property(&f.style, "width").and_then(|w| parse_width_hint(&w)));
            match hint {
                Some(WidthHint::Percent(p)) => (parent_width * p / 100.0).clamp(0.0, 1.0),
                Some(WidthHint::Px(px)) => (px / ASSUMED_PAGE_WIDTH_PX).clamp(0.0, 1.0),
                None => parent_width,
            }
        }
    };
    let rare = Rare {
        name: f.tag.into_boxed_str(),
        id: f.id.into_boxed_str(),
        role: f.role.into_boxed_str(),
        src: f.src.into_boxed_str(),
        alt: f.alt.into_boxed_str(),
        dir: f.dir.into_boxed_str(),
        rel: f.rel.into_boxed_str(),
        itemprop: f.itemprop.into_boxed_str(),
        attrs: {
            let mut it = f.attrs.into_iter();
            std::iter::from_fn(|| Some((it.next()?, it.next()?))).collect()
        },
    };
    let class_hidden = !matches!(reading, ClassReading::Silent);
    let e = Element::new(
        tag,
        f.class.into_boxed_str(),
        f.href.map(String::into_boxed_str),
        rare,
        (f.aria_hidden, hidden || class_hidden),
        width_ratio,
        visual,
    );
    (e, reading, hidden)
}

/// How an element's framework display class ([`hidden_by_framework_class`])
/// compares with what the browser rendered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ClassReading {
    /// The classes hide nothing, or the element is not rendered anyway
    /// and its classes would hide it at any width (a closed modal, a
    /// `hidden` element: either may be hidden inline or by an ancestor).
    Silent,
    /// The classes hide it on a page not rendered (parsed HTML).
    Unrendered,
    /// The classes hide it from a breakpoint up, and so does its computed
    /// display: the framework's style sheet is there (nothing else hides
    /// an element at one width and not at another).
    Agrees,
    /// The classes hide it, yet the browser renders it.
    Overruled,
}

impl PageFacts {
    /// Decodes facts from their JSON text (the JS walker's form) without
    /// serde, as the serde attributes above read them: camelCase names,
    /// every field optional, unknown fields ignored, a present value of the
    /// wrong type or a repeated field an error. Kept in step with the
    /// derives by the tests, which compare the two on real facts.
    pub fn from_json(text: &str) -> Result<PageFacts> {
        let mut nodes = Vec::new();
        let mut facts = decode::read(text, &mut |n, _| {
            nodes.push(n);
            Ok(())
        })?;
        facts.nodes = nodes;
        Ok(facts)
    }
}

impl Page {
    /// The model of the facts in `text` (JSON, as [`PageFacts::from_json`]
    /// reads it): each node's facts go to the model as they are read, so
    /// neither the JSON's value tree nor the whole page's facts are ever
    /// held ([`crate::json::Reader`]). The same page as
    /// `Page::from_facts(PageFacts::from_json(text)?)` (a test compares
    /// them); where the text is wrong in two places, the first one found
    /// may differ (this reads and builds in one pass).
    pub fn from_json(text: &str) -> Result<Page> {
        // Nodes wait here only when the text gives them before the
        // viewport, which the builder needs first (the walkers write it
        // before them).
        let mut waiting: Vec<NodeFacts> = Vec::new();
        let mut builder: Option<Builder> = None;
        let facts = decode::read(text, &mut |n, viewport| match (viewport, &mut builder) {
            (_, Some(b)) => b.push(n),
            (Some((w, h)), None) if waiting.is_empty() => {
                let mut b = Builder::new(w, h, text.len() / JSON_BYTES_PER_NODE);
                let pushed = b.push(n);
                builder = Some(b);
                pushed
            }
            _ => {
                waiting.push(n);
                Ok(())
            }
        })?;
        let mut b = match builder {
            Some(b) => b,
            None => Builder::new(facts.viewport_width, facts.viewport_height, waiting.len()),
        };
        for n in waiting {
            b.push(n)?;
        }
        b.finish(facts)
    }
}

/// About this many bytes of the JS walker's JSON per node (the median
/// wcxb-dev page's facts: 1,497 pages, 425 MB of JSON, ~1.4 million
/// nodes): [`Page::from_json`]'s first guess at the page's size.
const JSON_BYTES_PER_NODE: usize = 200;

/// [`PageFacts::from_json`]: facts read from JSON text field by field
/// ([`crate::json::Reader`]), each node handed on as it is complete. Each
/// struct names its fields' slots ([`Slot`]); one function fills any slot,
/// so the decoder stays small in the wasm.
mod decode {
    use std::fmt;

    use super::{MetaFact, NodeFacts, PageFacts, VisualFacts};
    use crate::error::Error;
    use crate::json::{JsonError, Reader};

    /// A field that could not be decoded: its path from the top
    /// (`nodes[3].visual.w`) and what was wrong.
    pub(super) struct Bad {
        path: String,
        message: &'static str,
    }

    impl Bad {
        fn new(message: &'static str) -> Bad {
            Bad { path: String::new(), message }
        }

        /// Puts `parent` (a field name or `[index]`) in front of the path.
        fn under(mut self, parent: &str) -> Bad {
            let sep = if self.path.is_empty() || self.path.starts_with('[') { "" } else { "." };
            self.path = format!("{parent}{sep}{}", self.path);
            self
        }
    }

    impl fmt::Display for Bad {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self.path.as_str() {
                "" => write!(f, "facts: {}", self.message),
                path => write!(f, "facts field `{path}`: {}", self.message),
            }
        }
    }

    /// Why reading stopped: a field of the wrong kind, text that is not
    /// JSON, or a node the receiver refused.
    enum Fail {
        Bad(Bad),
        Json(JsonError),
        Node(Error),
    }

    impl Fail {
        fn under(self, parent: &str) -> Fail {
            match self {
                Fail::Bad(bad) => Fail::Bad(bad.under(parent)),
                other => other,
            }
        }
    }

    impl From<JsonError> for Fail {
        fn from(e: JsonError) -> Fail {
            Fail::Json(e)
        }
    }

    /// Where each node's facts go when complete, with the viewport's
    /// width and height where the text gave both before the nodes.
    pub(super) type Nodes<'s> = &'s mut dyn FnMut(NodeFacts, Option<(f32, f32)>) -> Result<(), Error>;

    /// The page's facts from `text`, its nodes given to `nodes` (not kept).
    pub(super) fn read(text: &str, nodes: Nodes) -> Result<PageFacts, Error> {
        let mut r = Reader::new(text);
        let out = page(&mut r, nodes).and_then(|f| r.end().map(|()| f).map_err(Fail::Json));
        out.map_err(|fail| match fail {
            Fail::Bad(bad) => Error::Decode(bad.to_string()),
            Fail::Json(e) => Error::Decode(e.to_string()),
            Fail::Node(e) => e,
        })
    }

    /// Where a field's value goes, by type.
    enum Slot<'a> {
        Str(&'a mut String),
        /// `null` is `None`, as absent.
        OptStr(&'a mut Option<String>),
        F32(&'a mut f32),
        I64(&'a mut i64),
        Bool(&'a mut bool),
        Visual(&'a mut Option<VisualFacts>),
        Metas(&'a mut Vec<MetaFact>),
        Strs(&'a mut Vec<String>),
        /// The page's nodes, handed on as read, with the viewport where
        /// it was read before them.
        Nodes(Option<(f32, f32)>),
    }

    /// A struct's field named `key` (its JSON name): a bit of its own, to
    /// find repeats, and its slot. `None` for unknown fields.
    type Fields<T> = for<'a> fn(&'a mut T, &str) -> Option<(u32, Slot<'a>)>;

    fn page(r: &mut Reader, nodes: Nodes) -> Result<PageFacts, Fail> {
        decode_struct(
            r,
            |f: &mut PageFacts, key| {
                Some(match key {
                    "url" => (1, Slot::Str(&mut f.url)),
                    "title" => (1 << 1, Slot::Str(&mut f.title)),
                    "lang" => (1 << 2, Slot::Str(&mut f.lang)),
                    "dir" => (1 << 3, Slot::Str(&mut f.dir)),
                    "meta" => (1 << 4, Slot::Metas(&mut f.meta)),
                    "jsonLd" => (1 << 5, Slot::Strs(&mut f.json_ld)),
                    "viewportWidth" => (1 << 6, Slot::F32(&mut f.viewport_width)),
                    "viewportHeight" => (1 << 7, Slot::F32(&mut f.viewport_height)),
                    // The viewport where both sides were read before the
                    // nodes (0 is unknown, as absent).
                    "nodes" => (1 << 8, Slot::Nodes(
                        (f.viewport_width != 0.0 && f.viewport_height != 0.0).then_some((f.viewport_width, f.viewport_height)),
                    )),
                    "framesSkipped" => (1 << 9, Slot::Strs(&mut f.frames_skipped)),
                    "baseUrl" => (1 << 10, Slot::Str(&mut f.base_url)),
                    _ => return None,
                })
            },
            Some(nodes),
        )
    }

    /// The page's nodes, each handed to `nodes` when read.
    fn read_nodes(r: &mut Reader, nodes: Nodes, viewport: Option<(f32, f32)>) -> Result<(), Fail> {
        opening(r, b'[', "expected an array")?;
        let mut i = 0;
        while r.next_item(i == 0)? {
            let n = node(r).map_err(|e| e.under(&format!("[{i}]")))?;
            nodes(n, viewport).map_err(Fail::Node)?;
            i += 1;
        }
        Ok(())
    }

    fn meta(r: &mut Reader) -> Result<MetaFact, Fail> {
        decode_struct(r, |m: &mut MetaFact, key| {
            Some(match key {
                "key" => (1, Slot::Str(&mut m.key)),
                "content" => (1 << 1, Slot::Str(&mut m.content)),
                _ => return None,
            })
        }, None)
    }

    fn node(r: &mut Reader) -> Result<NodeFacts, Fail> {
        decode_struct(r, |n: &mut NodeFacts, key| {
            Some(match key {
                "parent" => (1, Slot::I64(&mut n.parent)),
                "tag" => (1 << 1, Slot::Str(&mut n.tag)),
                "text" => (1 << 2, Slot::Str(&mut n.text)),
                "id" => (1 << 3, Slot::Str(&mut n.id)),
                "class" => (1 << 4, Slot::Str(&mut n.class)),
                "role" => (1 << 5, Slot::Str(&mut n.role)),
                "href" => (1 << 6, Slot::OptStr(&mut n.href)),
                "src" => (1 << 7, Slot::Str(&mut n.src)),
                "alt" => (1 << 8, Slot::Str(&mut n.alt)),
                "dir" => (1 << 9, Slot::Str(&mut n.dir)),
                "rel" => (1 << 10, Slot::Str(&mut n.rel)),
                "itemprop" => (1 << 11, Slot::Str(&mut n.itemprop)),
                "ariaHidden" => (1 << 12, Slot::Bool(&mut n.aria_hidden)),
                "hidden" => (1 << 13, Slot::Bool(&mut n.hidden)),
                "width" => (1 << 14, Slot::Str(&mut n.width)),
                "style" => (1 << 15, Slot::Str(&mut n.style)),
                "visual" => (1 << 16, Slot::Visual(&mut n.visual)),
                "attrs" => (1 << 17, Slot::Strs(&mut n.attrs)),
                _ => return None,
            })
        }, None)
    }

    fn visual(r: &mut Reader) -> Result<VisualFacts, Fail> {
        decode_struct(r, |v: &mut VisualFacts, key| {
            Some(match key {
                "x" => (1, Slot::F32(&mut v.x)),
                "y" => (1 << 1, Slot::F32(&mut v.y)),
                "w" => (1 << 2, Slot::F32(&mut v.w)),
                "h" => (1 << 3, Slot::F32(&mut v.h)),
                "display" => (1 << 4, Slot::Str(&mut v.display)),
                "position" => (1 << 5, Slot::Str(&mut v.position)),
                "fontSize" => (1 << 6, Slot::Str(&mut v.font_size)),
                "fontWeight" => (1 << 7, Slot::Str(&mut v.font_weight)),
                "lineHeight" => (1 << 8, Slot::Str(&mut v.line_height)),
                _ => return None,
            })
        }, None)
    }

    /// The next value is of the kind `message` names: a JSON value of
    /// another kind is a [`Bad`] field, anything else not JSON.
    fn wrong(r: &mut Reader, message: &'static str) -> Fail {
        match r.peek() {
            Ok(b) if Reader::starts_value(b) => Fail::Bad(Bad::new(message)),
            Ok(_) => Fail::Json(r.error("expected a value")),
            Err(e) => Fail::Json(e),
        }
    }

    /// Consumes the `{` or `[` (`open`) the next value must start with.
    fn opening(r: &mut Reader, open: u8, message: &'static str) -> Result<(), Fail> {
        if r.peek()? != open {
            return Err(wrong(r, message));
        }
        r.open();
        Ok(())
    }

    /// A struct from an object: defaults, then its known fields in turn.
    fn decode_struct<T: Default>(r: &mut Reader, fields: Fields<T>, mut nodes: Option<Nodes>) -> Result<T, Fail> {
        opening(r, b'{', "expected an object")?;
        let mut out = T::default();
        let mut seen = 0;
        let mut first = true;
        while let Some(key) = r.next_key(first)? {
            first = false;
            let Some((bit, slot)) = fields(&mut out, &key) else {
                r.skip()?;
                continue;
            };
            if seen & bit != 0 {
                return Err(Fail::Bad(Bad::new("duplicate field").under(&key)));
            }
            seen |= bit;
            match (slot, nodes.as_deref_mut()) {
                (Slot::Nodes(viewport), Some(nodes)) => read_nodes(r, nodes, viewport),
                (slot, _) => fill(r, slot),
            }
            .map_err(|e| e.under(&key))?;
        }
        Ok(out)
    }

    /// 2^63: every f64 in `-2^63..2^63` with no fraction is an i64.
    const I64_END: f64 = 9_223_372_036_854_775_808.0;

    /// Reads the next value into `slot`, or says what the slot expected
    /// instead.
    fn fill(r: &mut Reader, slot: Slot) -> Result<(), Fail> {
        let next = r.peek()?;
        match (slot, next) {
            (Slot::Str(s), b'"') => *s = r.string()?,
            (Slot::OptStr(s), b'"') => *s = Some(r.string()?),
            (Slot::OptStr(s), b'n') if r.literal()?.is_none() => *s = None,
            (Slot::F32(n), b'-' | b'0'..=b'9') => *n = r.number()? as f32,
            (Slot::I64(n), b'-' | b'0'..=b'9') => match r.number()? {
                v if v.fract() == 0.0 && (-I64_END..I64_END).contains(&v) => *n = v as i64,
                _ => return Err(Fail::Bad(Bad::new("expected an integer"))),
            },
            (Slot::Bool(b), b't' | b'f') => *b = r.literal()? == Some(true),
            (Slot::Visual(vis), b'n') if r.literal()?.is_none() => *vis = None,
            (Slot::Visual(vis), b'{') => *vis = Some(visual(r)?),
            (Slot::Metas(out), b'[') => *out = list(r, meta)?,
            (Slot::Strs(out), b'[') => {
                *out = list(r, |r| match r.peek()? {
                    b'"' => Ok(r.string()?),
                    _ => Err(wrong(r, "expected a string")),
                })?
            }
            (slot, _) => {
                return Err(wrong(
                    r,
                    match slot {
                        Slot::Str(_) => "expected a string",
                        Slot::OptStr(_) => "expected a string or null",
                        Slot::F32(_) => "expected a number",
                        Slot::I64(_) => "expected an integer",
                        Slot::Bool(_) => "expected a boolean",
                        Slot::Visual(_) => "expected an object or null",
                        Slot::Metas(_) | Slot::Strs(_) | Slot::Nodes(_) => "expected an array",
                    },
                ))
            }
        }
        Ok(())
    }

    /// An array's items read in turn.
    fn list<T>(r: &mut Reader, item: fn(&mut Reader) -> Result<T, Fail>) -> Result<Vec<T>, Fail> {
        r.open();
        let mut out = Vec::new();
        while r.next_item(out.is_empty())? {
            let i = out.len();
            out.push(item(r).map_err(|e| e.under(&format!("[{i}]")))?);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn el(parent: i64, tag: &str) -> NodeFacts {
        NodeFacts { parent, tag: tag.into(), ..Default::default() }
    }

    fn boxed(parent: i64, tag: &str, display: &str, rect: (f32, f32, f32, f32)) -> NodeFacts {
        let (x, y, w, h) = rect;
        let visual = VisualFacts { x, y, w, h, display: display.into(), ..Default::default() };
        NodeFacts { visual: Some(visual), ..el(parent, tag) }
    }

    /// A non-replaced inline element takes the box of the block it sits in
    /// (through `display: contents`), whatever box the facts carry (older
    /// walkers read one); a replaced inline element keeps its own.
    #[test]
    fn inline_elements_take_their_blocks_box() {
        let nodes = vec![
            boxed(-1, "body", "block", (0.0, 0.0, 800.0, 600.0)),
            boxed(0, "p", "block", (10.0, 20.0, 700.0, 48.0)),
            boxed(1, "a", "inline", (0.0, 0.0, 0.0, 0.0)),
            boxed(1, "span", "contents", (0.0, 0.0, 0.0, 0.0)),
            boxed(3, "em", "inline", (30.0, 44.0, 55.0, 24.0)),
            boxed(1, "img", "inline", (100.0, 20.0, 40.0, 30.0)),
            boxed(1, "b", "inline-block", (200.0, 20.0, 50.0, 24.0)),
        ];
        let page = Page::from_facts(PageFacts {
            nodes,
            viewport_width: 1000.0,
            viewport_height: 600.0,
            ..Default::default()
        })
        .unwrap();
        let rect = |id| page.element(id).unwrap().visual.as_ref().unwrap().rect;
        let block = Rect { x: 10.0, y: 20.0, w: 700.0, h: 48.0 };
        assert_eq!(rect(2), block, "a link's box is its paragraph's");
        assert_eq!(rect(4), block, "through display: contents");
        assert_eq!(rect(5), Rect { x: 100.0, y: 20.0, w: 40.0, h: 30.0 }, "an image keeps its own");
        assert_eq!(rect(6).w, 50.0, "an inline-block keeps its own");
        assert!((page.element(2).unwrap().width_ratio - 0.7).abs() < 1e-6);
        assert!(reads_box("img", "inline") && reads_box("a", "block") && !reads_box("a", "inline"));
    }

    /// Text for screen readers only is read as hidden, with what is under
    /// it, by its class token alone (the saved pages have no style sheet to
    /// clip it); a token that merely contains one of the names is not one.
    #[test]
    fn screen_reader_text_is_hidden() {
        let classed = |parent, tag: &str, class: &str| NodeFacts { class: class.into(), ..el(parent, tag) };
        let nodes = vec![
            el(-1, "body"),
            el(0, "p"),
            classed(1, "span", "price-label sr-only"),
            el(2, "b"),
            classed(1, "span", "Visually-Hidden"),
            classed(1, "span", "not-sr-only"),
            classed(1, "a", "screen-reader-text skip-link"),
        ];
        let page = Page::from_facts(PageFacts { nodes, ..Default::default() }).unwrap();
        let hidden = |id| page.element(id).unwrap().hidden;
        assert_eq!((1..=6).map(hidden).collect::<Vec<_>>(), [false, true, true, true, false, true]);
        assert!(screen_reader_only("sr-only sr-only-focusable") && !screen_reader_only("srr-only only"));
    }

    /// The frameworks' display utilities, read at the width the page was
    /// walked at: hidden from a breakpoint up, or below it only; a site's
    /// own responsive class that shows the element leaves it shown.
    #[test]
    fn framework_display_classes_hide_at_their_widths() {
        let desk = |c: &str| hidden_by_framework_class(c, 1280.0);
        let phone = |c: &str| hidden_by_framework_class(c, 400.0);
        // Tailwind
        assert!(desk("hidden") && phone("hidden"));
        assert!(!desk("hidden md:block") && phone("hidden md:block"));
        assert!(desk("flex lg:hidden") && !phone("flex lg:hidden"));
        assert!(!desk("hidden sm:flex xl:block") && !desk("md:hidden xl:flex") && desk("md:flex xl:hidden"));
        assert!(!desk("2xl:hidden"), "1536 px and up only");
        // Bootstrap 4–5
        assert!(desk("d-none") && !desk("d-none d-md-block") && phone("d-none d-md-block"));
        assert!(desk("d-flex d-lg-none") && !phone("d-flex d-lg-none") && !desk("d-none d-xl-inline-flex"));
        assert!(!desk("d-xxl-none"), "1400 px and up only");
        // Bootstrap 3, Bulma, Foundation
        assert!(desk("hidden-lg") && !phone("hidden-lg") && desk("visible-xs") && !phone("visible-xs-block"));
        assert!(!desk("visible-sm visible-lg") && desk("is-hidden-desktop") && !phone("is-hidden-desktop"));
        assert!(desk("hide") && desk("hide-for-large") && desk("show-for-small-only") && !phone("show-for-small-only"));
        // A site's own responsive class shows it again; other names are not hiding ones.
        assert!(!desk("hide show@medium") && !desk("hidden display-block-desktop"));
        assert!(!desk("is-hiding hidden-text d-none-ish") && !desk("") && !desk("HIDDEN-LG-x"));
        assert!(desk("Hidden") && desk("D-NONE"), "case aside");
        // Components closed until a script opens them.
        assert!(desk("modal fade") && !desk("modal fade show") && desk("dropdown-menu") && !desk("dropdown-menu show"));
        assert!(!desk("modal-body") && !desk("modal-content"), "a modal's parts are hidden only through it");
    }

    /// On a rendered page whose frameworks' style sheets are there (its
    /// "md:hidden" elements hidden by the browser too), the browser's
    /// display is the page's: a paragraph the site's own sheet shows
    /// despite its "hidden" class is shown, with what is under it. Where
    /// the sheets are missing (the same classes rendered), or a closed
    /// modal is all that agrees (it may be hidden inline), the classes
    /// hide it, as in parsed HTML.
    #[test]
    fn framework_classes_yield_to_the_pages_own_sheets() {
        let shown = |parent, tag: &str, class: &str| NodeFacts { class: class.into(), ..boxed(parent, tag, "block", (0.0, 0.0, 600.0, 20.0)) };
        let gone = |parent, tag: &str, class: &str| NodeFacts { class: class.into(), hidden: true, ..el(parent, tag) };
        let hidden_at = |nodes: Vec<NodeFacts>, width: f32| {
            let page = Page::from_facts(PageFacts { nodes, viewport_width: width, viewport_height: 900.0, ..Default::default() }).unwrap();
            [1, 2, 3, 4].map(|id| page.element(id).unwrap().hidden)
        };
        // The lead paragraph, node 3, and a bold word in it.
        let lead = || [shown(0, "p", "lead hidden"), shown(3, "b", "")];
        let mut styled = vec![shown(-1, "body", ""), gone(0, "button", "md:hidden"), gone(0, "div", "flex lg:hidden")];
        styled.extend(lead());
        assert_eq!(hidden_at(styled.clone(), 1280.0), [true, true, false, false], "the sheets are there");
        assert_eq!(hidden_at(styled, 0.0), [true, true, true, true], "parsed: no rendered facts");
        let mut bare = vec![shown(-1, "body", ""), shown(0, "button", "md:hidden"), shown(0, "div", "flex lg:hidden")];
        bare.extend(lead());
        assert_eq!(hidden_at(bare, 1280.0), [true, true, true, true], "the sheets are missing");
        let mut modal = vec![shown(-1, "body", ""), gone(0, "div", "modal fade"), shown(0, "div", "")];
        modal.extend(lead());
        assert_eq!(hidden_at(modal, 1280.0), [true, false, true, true], "a closed modal is no sign of a sheet");
        // One agreeing element against four overruled: a page whose inline
        // sheet holds a few of the classes, its missing one the rest.
        let mut partial = vec![shown(-1, "body", ""), gone(0, "button", "md:hidden"), shown(0, "nav", "hidden")];
        partial.extend(lead());
        partial.push(shown(0, "aside", "d-none"));
        partial.push(shown(0, "div", "hide"));
        assert_eq!(hidden_at(partial, 1280.0), [true, true, true, true], "too many overruled");
        assert_eq!(FRAMEWORK_SHEET_MIN_AGREEING, 1);
    }

    /// Content the page hid until its scripts run is shown
    /// ([`reveal_hidden_content`]), but its text for screen readers only
    /// stays hidden: the scripts never show that ("Regular price" beside
    /// each price of a shop's grid).
    #[test]
    fn screen_reader_text_stays_hidden_in_revealed_content() {
        let text = |parent, t: &str| NodeFacts { text: t.into(), ..el(parent, TEXT_NODE_TAG) };
        let nodes = vec![
            el(-1, "body"),
            NodeFacts { hidden: true, ..el(0, "div") },
            NodeFacts { hidden: true, ..el(1, "p") },
            text(2, "A grid of coffees the page shows once its scripts have run, every one with its price."),
            NodeFacts { hidden: true, class: "visually-hidden".into(), ..el(2, "span") },
            text(4, "Regular price"),
            NodeFacts { hidden: true, ..el(4, "b") },
        ];
        let page = Page::from_facts(PageFacts { nodes, ..Default::default() }).unwrap();
        let hidden = |id| page.element(id).unwrap().hidden;
        assert_eq!([1, 2, 4, 6].map(hidden), [false, false, true, true]);
    }

    #[test]
    fn rejects_bad_shapes() {
        assert_eq!(Page::from_facts(PageFacts::default()).unwrap_err(), Error::EmptyPage);
        let facts = |nodes| PageFacts { nodes, ..Default::default() };
        assert_eq!(
            Page::from_facts(facts(vec![el(-1, "body"), el(5, "p")])).unwrap_err(),
            Error::BadParent { node: 1, parent: 5 }
        );
        assert_eq!(
            Page::from_facts(facts(vec![el(-1, "body"), el(-1, "p")])).unwrap_err(),
            Error::BadRoot { node: 1 }
        );
        let text = NodeFacts { text: "x".into(), ..el(0, TEXT_NODE_TAG) };
        let root_text = NodeFacts { parent: -1, ..text.clone() };
        assert_eq!(Page::from_facts(facts(vec![root_text])).unwrap_err(), Error::TextRoot);
        assert_eq!(
            Page::from_facts(facts(vec![el(-1, "body"), text, el(1, "p")])).unwrap_err(),
            Error::TextParent { node: 2 }
        );
        // The div's subtree ended with the p: a later child of the div would
        // make subtree(1) hold the p (found by tests/properties.rs).
        assert_eq!(
            Page::from_facts(facts(vec![el(-1, "body"), el(0, "div"), el(0, "p"), el(1, "span")])).unwrap_err(),
            Error::OutOfOrder { node: 3, parent: 1 }
        );
    }

    /// Facts given back as they are read (a large page) make the page
    /// they make when read whole.
    #[test]
    fn facts_given_back_as_read_make_the_same_page() {
        let mut nodes = vec![boxed(-1, "body", "block", (0.0, 0.0, 800.0, 600.0))];
        // Enough nodes for `from_facts` to give its facts back as it goes.
        let pairs = FACTS_RELEASED_IN * FACTS_RELEASED_MIN / 2 + 7;
        for i in 0..pairs {
            let p = nodes.len() as i64;
            nodes.push(boxed(0, "p", "block", (0.0, i as f32, 700.0, 20.0)));
            nodes.push(NodeFacts { text: format!("Paragraph {i}."), ..el(p, TEXT_NODE_TAG) });
        }
        let facts = PageFacts { nodes: nodes.clone(), viewport_width: 1000.0, ..Default::default() };
        let released = Page::from_facts(facts.clone()).unwrap();
        let total = nodes.len();
        let whole = Page::build(facts, total, &mut nodes.into_iter()).unwrap();
        assert_eq!(format!("{whole:?}"), format!("{released:?}"));
        assert_eq!((released.nodes.len(), released.children(0).len()), (total, pairs));
        let last = total - 1;
        assert_eq!(released.text(last), Some(format!("Paragraph {}.", pairs - 1).as_str()));
    }

    #[test]
    fn width_hints_resolve_against_the_parent() {
        let nodes = vec![
            el(-1, "body"),
            NodeFacts { style: "color: red; width: 50%".into(), ..el(0, "div") },
            NodeFacts { width: "50%".into(), ..el(1, "table") },
            el(2, "td"),
            NodeFacts { width: "640".into(), ..el(0, "div") },
        ];
        let page = Page::from_facts(PageFacts { nodes, ..Default::default() }).unwrap();
        let w = |i| page.element(i).unwrap().width_ratio;
        assert_eq!((w(0), w(1), w(2), w(3), w(4)), (1.0, 0.5, 0.25, 0.25, 0.5));
        assert_eq!(page.children(0), vec![1, 4]);
    }

    #[test]
    fn visual_facts_are_parsed_once() {
        let v = VisualFacts {
            w: 640.0,
            h: 72.0,
            display: "block".into(),
            position: "sticky".into(),
            font_size: "16px".into(),
            font_weight: "700".into(),
            line_height: "normal".into(),
            ..Default::default()
        };
        let nodes = vec![NodeFacts { visual: Some(v), ..el(-1, "p") }];
        let page = Page::from_facts(PageFacts {
            viewport_width: 1280.0,
            nodes,
            ..Default::default()
        })
        .unwrap();
        let e = page.element(0).unwrap();
        let vis = e.visual.as_ref().unwrap();
        assert_eq!(e.width_ratio, 0.5);
        assert_eq!(vis.position, Position::Sticky);
        assert_eq!(vis.font().unwrap().weight, 700);
        // 72px of 16px × 1.2 lines.
        assert_eq!(vis.lines, 4);
    }

    /// Facts decoded by [`PageFacts::from_json`] and by serde, checked
    /// equal (as `Debug` text: `PageFacts` is not `PartialEq`), and the
    /// pages built from them too.
    fn assert_decodes_as_serde(json: &str) {
        let ours = PageFacts::from_json(json).unwrap();
        let serde: PageFacts = serde_json::from_str(json).unwrap();
        assert_eq!(format!("{ours:?}"), format!("{serde:?}"));
        match (Page::from_facts(ours), Page::from_facts(serde)) {
            (Ok(a), Ok(b)) => assert_eq!(format!("{a:?}"), format!("{b:?}")),
            (Err(a), Err(b)) => assert_eq!(a, b),
            (a, b) => panic!("from_facts differs: {a:?} vs {b:?}"),
        }
    }

    #[test]
    fn from_json_reads_every_field_as_serde_does() {
        let json = r##"{
            "url": "https://example.test/a?b=c\u0026d", "title": "T\u00edtulo \ud83e\udd80",
            "lang": "en", "dir": "ltr",
            "meta": [{"key": "og:title", "content": "Hi"}, {"content": "no key"}, {}],
            "jsonLd": ["{\"@type\":\"Article\"}", ""],
            "viewportWidth": 1280, "viewportHeight": 899.5,
            "unknown": {"deep": [1, {"x": null}], "n": -1e5},
            "nodes": [
                {"parent": -1, "tag": "body", "id": "main", "class": "a b", "role": "main",
                 "dir": "rtl", "hidden": false, "ariaHidden": false, "width": "80%",
                 "style": "width: 50%", "visual": {"x": 8, "y": 8.25, "w": 1264, "h": 876.125,
                 "display": "block", "position": "static", "extra": true}},
                {"parent": 0, "tag": "a", "href": "", "rel": "nofollow", "itemprop": "url",
                 "visual": null},
                {"parent": 0, "tag": "a", "href": null, "ariaHidden": true},
                {"parent": 0, "tag": "a", "href": "/x"},
                {"parent": 0, "tag": "a"},
                {"parent": 0, "tag": "img", "src": "i.png", "alt": "An \"image\"", "hidden": true,
                 "visual": {}},
                {"parent": 0, "tag": "p", "visual": {"x": -3.5e1, "y": 0, "w": 0.1, "h": 1e-3,
                 "display": "inline", "position": "", "fontSize": "16px", "fontWeight": "700",
                 "lineHeight": "normal"}},
                {"parent": 6, "tag": "#text", "text": "Line\none\ttab \\ slash\/", "ignored": [[]]},
                {"tag": "span"}
            ]
        }"##;
        assert_decodes_as_serde(json);
        let facts = PageFacts::from_json(json).unwrap();
        let hrefs: Vec<Option<&str>> = facts.nodes[1..5].iter().map(|n| n.href.as_deref()).collect();
        assert_eq!(hrefs, [Some(""), None, Some("/x"), None]);
        assert_eq!(facts.nodes[8].parent, 0);
        assert_eq!(facts.nodes[5].visual, Some(VisualFacts::default()));
        assert_eq!(facts.meta[2], MetaFact::default());
        assert_eq!(facts.viewport_height, 899.5);
        for json in ["{}", r#"{"nodes":[]}"#, r#"{"nodes":[{}]}"#, " { \"meta\" : [ ] } "] {
            assert_decodes_as_serde(json);
        }
    }

    #[test]
    fn from_json_reads_a_real_dump_as_serde_does() {
        // A walker's facts of a real article page.
        assert_decodes_as_serde(include_str!("../../tests/fixtures/facts-walked-article.json"));
    }

    #[test]
    fn from_json_rejects_what_serde_rejects() {
        let cases = [
            (r#"{"nodes": 5}"#, "`nodes`: expected an array"),
            (r#"{"nodes": [{}, {"parent": "x"}]}"#, "`nodes[1].parent`: expected an integer"),
            (r#"{"nodes": [{"parent": 1.5}]}"#, "`nodes[0].parent`: expected an integer"),
            (r#"{"nodes": [{"tag": null}]}"#, "`nodes[0].tag`: expected a string"),
            (r#"{"nodes": [{"href": 5}]}"#, "`nodes[0].href`: expected a string or null"),
            (r#"{"nodes": [{"hidden": "true"}]}"#, "`nodes[0].hidden`: expected a boolean"),
            (r#"{"nodes": [{"ariaHidden": 1}]}"#, "`nodes[0].ariaHidden`: expected a boolean"),
            (r#"{"nodes": [{"visual": {"x": "1"}}]}"#, "`nodes[0].visual.x`: expected a number"),
            (r#"{"nodes": [{"visual": 0}]}"#, "`nodes[0].visual`: expected an object or null"),
            (r#"{"nodes": [{"visual": {"fontSize": 16}}]}"#, "`nodes[0].visual.fontSize`: expected a string"),
            (r#"{"nodes": ["p"]}"#, "`nodes[0]`: expected an object"),
            (r#"{"nodes": [{"tag": "p", "tag": "a"}]}"#, "`nodes[0].tag`: duplicate field"),
            (r#"{"url": null}"#, "`url`: expected a string"),
            (r#"{"url": "a", "url": "b"}"#, "`url`: duplicate field"),
            (r#"{"viewportWidth": "1280"}"#, "`viewportWidth`: expected a number"),
            (r#"{"meta": [{"key": 1}]}"#, "`meta[0].key`: expected a string"),
            (r#"{"meta": {}}"#, "`meta`: expected an array"),
            (r#"{"jsonLd": ["{}", {}]}"#, "`jsonLd[1]`: expected a string"),
            ("\"facts\"", "facts: expected an object"),
            ("null", "facts: expected an object"),
            (r#"{"nodes": [}"#, "json: expected a value at byte 11"),
            (r#"{"url": "a"} x"#, "json: trailing characters after the value at byte 13"),
        ];
        for (json, message) in cases {
            assert!(serde_json::from_str::<PageFacts>(json).is_err(), "serde accepts {json}");
            match PageFacts::from_json(json) {
                Err(Error::Decode(m)) => assert!(m.ends_with(message), "{json}: {m}"),
                other => panic!("{json}: {other:?}"),
            }
        }
        assert_eq!(
            PageFacts::from_json(r#"{"nodes": [{}, {"parent": "x"}]}"#).unwrap_err().to_string(),
            "pith: could not decode input: facts field `nodes[1].parent`: expected an integer"
        );
    }

    /// `Page::from_json` builds as it reads; the page is the one the
    /// facts give, whatever the order of the text's fields.
    #[test]
    fn page_from_json_is_the_page_of_the_facts() {
        let walked = include_str!("../../tests/fixtures/facts-walked-article.json");
        let both = |json: &str| {
            let streamed = Page::from_json(json).map(|p| format!("{p:?}"));
            let decoded = PageFacts::from_json(json).and_then(Page::from_facts).map(|p| format!("{p:?}"));
            (streamed, decoded)
        };
        let (a, b) = both(walked);
        assert!(a.is_ok(), "{a:?}");
        assert_eq!(a, b);
        // Nodes before the viewport: they wait for it.
        let mut value: serde_json::Value = serde_json::from_str(walked).unwrap();
        let nodes = value.as_object_mut().unwrap().remove("nodes").unwrap();
        assert!(value.get("viewportWidth").is_some());
        let rest = serde_json::to_string(&value).unwrap();
        let moved = format!("{{\"nodes\":{},{}", nodes, &rest[1..]);
        let (c, _) = both(&moved);
        assert_eq!(c, b);
        // Unknown fields of any shape are skipped.
        let extra = walked.replacen('{', r#"{"extra": [{"a": [1, {"b": null}], "c": "\u00e9"}, true, -1.5e3],"#, 1);
        assert_eq!(both(&extra).0, b);
        // A node the model refuses is the model's error, as before.
        let json = r#"{"viewportWidth": 800, "viewportHeight": 600, "nodes": [{"parent": -1, "tag": "body"}, {"parent": 5, "tag": "p"}]}"#;
        let (a, b) = both(json);
        assert!(matches!(Page::from_json(json), Err(Error::BadParent { node: 1, parent: 5 })), "{a:?}");
        assert_eq!(a, b);
        // And errors in the text are those of the facts' decoder.
        for json in [r#"{"nodes": [}"#, r#"{"url": "a"} x"#, r#"{"nodes": [{"visual": {"x": "1"}}]}"#, "null", r#"{"a": [1 2]}"#] {
            let (a, b) = both(json);
            assert!(a.is_err());
            assert_eq!(a, b, "{json}");
        }
    }

    /// Where the two decoders knowingly part: inputs no walker writes.
    #[test]
    fn where_from_json_differs_from_serde() {
        let serde = |json: &str| serde_json::from_str::<PageFacts>(json).map(|f| format!("{f:?}"));
        let ours = |json: &str| PageFacts::from_json(json).map(|f| format!("{f:?}"));
        // serde also reads a struct from an array of its fields in order.
        for json in [r#"["u", "t"]"#, r#"{"nodes": [[-1, "body"]]}"#, r#"{"nodes": [{"visual": []}]}"#] {
            assert!(serde(json).is_ok() && ours(json).is_err(), "{json}");
        }
        // serde_json reads `-0`, `1.0` and `1e0` as floats, which an i64
        // refuses; here a number is an f64, and one without a fraction is
        // an integer.
        for (json, parent) in [("-0", 0), ("1.0", 1), ("1e0", 1)] {
            let json = format!(r#"{{"nodes": [{{"parent": {json}}}]}}"#);
            assert!(serde(&json).is_err(), "{json}");
            assert_eq!(PageFacts::from_json(&json).unwrap().nodes[0].parent, parent);
        }
        // serde_json rejects a lone surrogate escape (which JSON.stringify
        // writes for one in a page's text); here it becomes U+FFFD.
        let json = r#"{"title": "a\ud83eb"}"#;
        assert!(serde(json).is_err());
        assert_eq!(PageFacts::from_json(json).unwrap().title, "a\u{fffd}b");
    }
}

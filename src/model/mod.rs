//! The page model: one flat arena of nodes, in document order, that every
//! method reads and every front-end fills (through [`PageFacts`]).
//!
//! Node ids are indices into [`Page::nodes`]. The front-ends keep a list of
//! the DOM nodes they walked in the same order, so an id maps straight back
//! to a live element (for the overlay, the devtools panel, speech).
//!
//! Visual facts ([`Visual`]) are present when a browser rendered the page and
//! absent for parsed HTML. Every method must work without them; where they
//! exist, methods may use them to see what HTML alone cannot.

mod facts;
pub(crate) use facts::{bit, set_bit};
mod packed;
mod tag;

pub use facts::{
    enters, is_frame, is_opaque, is_skipped, FALLBACK_TAG, reads_box, BOXED_INLINE_TAGS, style_property, walks_noscript, Builder, MetaFact, NodeFacts, PageFacts, VisualFacts,
    attributes_read, screen_reader_only, FRAME_TAGS, NORMAL_LINE_HEIGHT, READ_ATTRIBUTES, NOSCRIPT_MIN_MARKUP, OPAQUE_TAGS, SKIPPED_TAGS, TEXT_NODE_TAG,
};
pub use tag::Tag;
pub use packed::Packed;

use serde::Serialize;


/// Stands for a forced line break (`<br>`, a newline in `<pre>`) while
/// whitespace is collapsed: a private-use character, so collapsing keeps it.
const LINE_BREAK: char = '\u{E000}';
/// Stands for a preserved space inside `<pre>` while whitespace is collapsed.
const PRE_SPACE: char = '\u{E001}';

/// Index of a node in [`Page::nodes`].
pub type NodeId = usize;

/// A page as the methods see it.
#[derive(Debug, Clone, Default)]
pub struct Page {
    /// The page's address.
    pub url: String,
    /// `document.title`.
    pub doc_title: String,
    /// `lang` of the root element.
    pub lang: String,
    /// `dir` of the root element.
    pub dir: String,
    /// `<meta>` key/content pairs (key: `property`, `name` or `itemprop`).
    pub meta: Vec<MetaFact>,
    /// Texts of `<script type="application/ld+json">` blocks.
    pub json_ld: Vec<String>,
    /// What relative addresses resolve against (`document.baseURI`);
    /// empty: [`Page::url`].
    pub base_url: String,
    /// Layout viewport size in CSS pixels when the page was rendered.
    pub viewport: Option<Size>,
    /// The arena: node 0 is the walk's root (`<body>`), then document order.
    pub nodes: Vec<Node>,
    /// The elements, in document order ([`Page::kind`]).
    elements: Vec<Element>,
    /// The texts, one after another ([`Page::kind`]).
    texts: String,
    /// Frames the walk could not enter (cross-origin), by address.
    pub frames_skipped: Vec<String>,
    /// Every node's children, node after node ([`Page::children`]): one
    /// array for the page instead of a vector per node (on the
    /// 1,000,000-element page 8 bytes a node in wasm32 instead of 12 and an
    /// allocation; `tests/eval/SPEED.md`, 2026-11-27).
    child_ids: Vec<NodeId>,
    /// Where node `id`'s children start in `child_ids` (`id + 1`: where
    /// they end).
    child_start: Vec<u32>,
}

/// Width and height in CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Size {
    pub width: f32,
    pub height: f32,
}

/// One node of the arena (its children: [`Page::children`]; what it is:
/// [`Page::kind`]). Its parent is a `u32` with [`NO_PARENT`] for none
/// ([`Node::parent`]); an element is an index into the page's elements
/// and a text a range of the page's one text buffer. Elements in one
/// vector, not a box each, and texts in one buffer, not an allocation
/// each: 1.5 million fewer allocations and 10 MB less wasm memory on the
/// 1,000,000-element bench page, where an `Option<NodeId>` parent had made
/// a node 16 bytes, not 12 (`tests/eval/SPEED.md`, 2026-11-30).
#[derive(Debug, Clone)]
pub struct Node {
    parent: u32,
    /// The element's index in `Page::elements`, or the text's start in
    /// `Page::texts`.
    at: u32,
    /// The text's length in bytes, or [`ELEMENT`].
    len: u32,
}

/// [`Node`]'s parent when it has none (the root). Node ids fit in a `u32`:
/// the model keeps other per-node indices as `u32` too.
const NO_PARENT: u32 = u32::MAX;

/// [`Node::len`] of an element.
const ELEMENT: u32 = u32::MAX;

impl Node {
    /// The parent's id (none for the root).
    #[inline]
    pub fn parent(&self) -> Option<NodeId> {
        (self.parent != NO_PARENT).then_some(self.parent as NodeId)
    }

    /// Whether the node is an element (else a text).
    #[inline]
    pub fn is_element(&self) -> bool {
        self.len == ELEMENT
    }
}

/// What node is: an element or a text ([`Page::kind`]).
#[derive(Debug, Clone, Copy)]
pub enum NodeKind<'p> {
    Element(&'p Element),
    /// The text as the DOM holds it (whitespace not collapsed).
    Text(&'p str),
}

/// What the model knows of an element. Its strings are `Box<str>`, not
/// `String`: the model never grows them, and without the capacity word a
/// 1,000,000-element page's model is 27 MiB smaller in wasm
/// (`tests/eval/SPEED.md`, 2026-11-26). The attributes most elements lack
/// (an id, a role, an image's source…) and the name of a tag not in
/// [`Tag`] sit in one allocation of their own ([`Rare`]), absent where the
/// element has none of them: an element took 240 bytes natively and takes
/// 88, and with texts as `Box<str>` the 1,000,000-element page's model
/// 364 → 206 MiB natively (`tests/eval/SPEED.md`, 2026-11-27).
#[derive(Debug, Clone)]
pub struct Element {
    pub tag: Tag,
    /// `aria-hidden="true"`.
    pub aria_hidden: bool,
    /// Not rendered, itself or through an ancestor: `display: none`,
    /// `visibility: hidden`, the `hidden` attribute, the body of a closed
    /// `<details>`. The walk enters hidden subtrees (a tab or accordion
    /// panel is content) but reads no visual facts there.
    pub hidden: bool,
    /// Width as a share of the page width, 0..=1 (seed 000's WidthAttr).
    /// From the rendered box where known; otherwise from `width` attributes
    /// and inline styles, inherited from the parent when absent.
    pub width_ratio: f32,
    pub class: Box<str>,
    /// `href` of `<a>` elements that have one.
    pub href: Option<Box<str>>,
    /// Rendered facts, absent for parsed HTML.
    pub visual: Option<Visual>,
    rare: Option<Box<Rare>>,
}

/// An element's attributes that most elements lack (see [`Element`]).
#[derive(Debug, Clone, Default)]
pub struct Rare {
    /// The lower-case local name of a tag not in [`Tag`] (empty otherwise).
    pub name: Box<str>,
    pub id: Box<str>,
    pub role: Box<str>,
    /// `src` and `alt` of `<img>`.
    pub src: Box<str>,
    pub alt: Box<str>,
    /// `dir` attribute.
    pub dir: Box<str>,
    /// `rel` and `itemprop` attributes.
    pub rel: Box<str>,
    pub itemprop: Box<str>,
    /// The [`READ_ATTRIBUTES`] the element has, as (name, value).
    pub attrs: Vec<(String, String)>,
}

impl Rare {
    fn is_empty(&self) -> bool {
        self.name.is_empty()
            && self.id.is_empty()
            && self.role.is_empty()
            && self.src.is_empty()
            && self.alt.is_empty()
            && self.dir.is_empty()
            && self.rel.is_empty()
            && self.itemprop.is_empty()
            && self.attrs.is_empty()
    }
}

impl Element {
    /// An element of `tag`; `rare` is kept only where it holds something
    /// (its `name` only for [`Tag::Other`]).
    pub fn new(
        tag: Tag,
        class: Box<str>,
        href: Option<Box<str>>,
        mut rare: Rare,
        flags: (bool, bool),
        width_ratio: f32,
        visual: Option<Visual>,
    ) -> Element {
        if tag != Tag::Other {
            rare.name = Box::default();
        }
        let rare = (!rare.is_empty()).then(|| Box::new(rare));
        Element { tag, aria_hidden: flags.0, hidden: flags.1, width_ratio, class, href, visual, rare }
    }

    fn rare(&self, f: impl Fn(&Rare) -> &str) -> &str {
        self.rare.as_deref().map_or("", f)
    }

    /// Whether the element lays out inside its parent's lines: its computed
    /// `display` is inline-level or `contents` (no box of its own: its
    /// children lay out in the parent); where none is known (parsed HTML),
    /// its tag's default ([`Tag::is_inline_by_default`]).
    pub fn lays_out_inline(&self) -> bool {
        match &self.visual {
            Some(v) => v.display.is_inline_level() || v.display == Display::Contents,
            None => self.tag.is_inline_by_default(),
        }
    }

    /// Lower-case local name.
    pub fn name(&self) -> &str {
        match self.tag {
            Tag::Other => self.rare(|r| &r.name),
            t => t.name(),
        }
    }

    pub fn id(&self) -> &str {
        self.rare(|r| &r.id)
    }

    pub fn role(&self) -> &str {
        self.rare(|r| &r.role)
    }

    /// `src` of `<img>`.
    pub fn src(&self) -> &str {
        self.rare(|r| &r.src)
    }

    /// `alt` of `<img>`.
    pub fn alt(&self) -> &str {
        self.rare(|r| &r.alt)
    }

    /// `dir` attribute.
    pub fn dir(&self) -> &str {
        self.rare(|r| &r.dir)
    }

    /// `rel` attribute.
    pub fn rel(&self) -> &str {
        self.rare(|r| &r.rel)
    }

    /// `itemprop` attribute.
    pub fn itemprop(&self) -> &str {
        self.rare(|r| &r.itemprop)
    }

    /// The [`READ_ATTRIBUTES`] the element has, as (name, value).
    pub fn attrs(&self) -> &[(String, String)] {
        self.rare.as_deref().map_or(&[], |r| &r.attrs)
    }
}

/// Rendered facts of an element. The font is kept as its three fields, a
/// weight of 0 standing for none ([`Visual::font`]; a read weight is
/// 1..=1000): 32 bytes in wasm32 where an `Option<Font>` made it 40, and
/// the element 68 → 60 (8 MB on the 1,000,000-element bench page;
/// `tests/eval/SPEED.md`, 2026-11-30).
#[derive(Debug, Clone, PartialEq)]
pub struct Visual {
    /// Border box in document coordinates (CSS pixels).
    pub rect: Rect,
    pub display: Display,
    pub position: Position,
    /// Rendered line count (box height / line height) for elements that
    /// hold text directly; 0 when unknown.
    pub lines: u32,
    font_size: f32,
    line_height: f32,
    /// 0: no font read.
    font_weight: u16,
}

impl Visual {
    pub fn new(rect: Rect, display: Display, position: Position, font: Option<Font>, lines: u32) -> Visual {
        let mut v = Visual { rect, display, position, lines, font_size: 0.0, line_height: 0.0, font_weight: 0 };
        v.set_font(font);
        v
    }

    /// The computed font, read for elements that hold text directly.
    #[inline]
    pub fn font(&self) -> Option<Font> {
        (self.font_weight != 0).then_some(Font { size: self.font_size, weight: self.font_weight, line_height: self.line_height })
    }

    /// Sets the computed font (its weight 1..=1000, clamped so).
    pub fn set_font(&mut self, font: Option<Font>) {
        (self.font_size, self.line_height, self.font_weight) = match font {
            Some(f) => (f.size, f.line_height, f.weight.clamp(1, 1000)),
            None => (0.0, 0.0, 0),
        };
    }
}

/// A box in CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

/// Computed font facts.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Font {
    /// `font-size` in CSS pixels.
    pub size: f32,
    /// `font-weight`, 1..=1000.
    pub weight: u16,
    /// `line-height` in CSS pixels (`normal` resolved, see
    /// [`NORMAL_LINE_HEIGHT`]).
    pub line_height: f32,
}

/// Computed `display`, reduced to what layout-aware methods distinguish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Display {
    Block,
    Inline,
    /// Atomic inline boxes: `inline-block`, `inline-flex`, `inline-grid`,
    /// `inline-table`.
    InlineBlock,
    ListItem,
    Flex,
    Grid,
    Table,
    TableRow,
    TableCell,
    /// Other table parts (row groups, columns, captions).
    TableOther,
    /// `display: contents`: no box of its own; children lay out in the parent.
    Contents,
    None,
    Other,
}

impl Display {
    /// Parses a computed `display` value (either syntax: CSS Display 3 §2
    /// allows one keyword or the outer and inner pair). The values browsers
    /// compute, and what each is to Pith:
    ///
    /// | computed `display` | here | seen on |
    /// |---|---|---|
    /// | `block`, `flow-root`, `block flow`, `block flow-root`, `flow`, `-webkit-box`, `block ruby`, `block math` | Block | blocks; a display formula (`<math display=block>`; a formula's parts compute `block math` too, and the model reads those as inline: see `Tag::is_mathml`) |
    /// | `inline`, `inline flow`, `ruby`, `ruby-text`, `ruby-base`, `math`, `inline math`, `inline list-item` | Inline | phrasing, custom elements (inline by default), ruby, an inline formula and its parts |
    /// | `inline-block`, `inline-flex`, `inline-grid`, `inline-table`, `-webkit-inline-box` (either syntax) | InlineBlock | atomic inline boxes |
    /// | `list-item`, `flex`, `grid`, `table`, `table-row`, `table-cell`, other `table-*` | their own | lists, layouts, tables |
    /// | `contents` | Contents | wrappers without a box (their children lay out in the parent) |
    /// | `none` | None | never read: the walk marks these hidden |
    /// | anything else | Other (block-like) | future values |
    pub fn parse(s: &str) -> Display {
        match s.trim() {
            "block" | "flow-root" | "block flow" | "block flow-root" | "flow" | "-webkit-box"
            | "block ruby" | "block math" => Display::Block,
            "inline" | "inline flow" | "ruby" | "inline ruby" | "ruby-text" | "ruby-base"
            | "math" | "inline math" | "inline list-item" | "inline flow list-item" => {
                Display::Inline
            }
            "inline-block" | "inline flow-root" | "inline-flex" | "inline flex"
            | "inline-grid" | "inline grid" | "inline-table" | "inline table"
            | "-webkit-inline-box" => Display::InlineBlock,
            "list-item" | "block list-item" | "block flow list-item" => Display::ListItem,
            "flex" | "block flex" => Display::Flex,
            "grid" | "block grid" => Display::Grid,
            "table" | "block table" => Display::Table,
            "table-row" => Display::TableRow,
            "table-cell" => Display::TableCell,
            "contents" => Display::Contents,
            "none" => Display::None,
            s if s.starts_with("table-") => Display::TableOther,
            _ => Display::Other,
        }
    }

    /// Inline-level: lays out inside a line of its parent.
    pub fn is_inline_level(self) -> bool {
        matches!(self, Display::Inline | Display::InlineBlock)
    }
}

/// Computed `position`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Position {
    Static,
    Relative,
    Absolute,
    Fixed,
    Sticky,
}

impl Position {
    pub fn parse(s: &str) -> Position {
        match s.trim() {
            "relative" => Position::Relative,
            "absolute" => Position::Absolute,
            "fixed" => Position::Fixed,
            "sticky" | "-webkit-sticky" => Position::Sticky,
            _ => Position::Static,
        }
    }
}

impl Element {
    /// Whether the element is an `<a>` with an `href`.
    #[inline]
    pub fn is_link(&self) -> bool {
        self.tag == Tag::A && self.href.is_some()
    }

    /// The value of attribute `name`, when it is one of
    /// [`READ_ATTRIBUTES`] and present.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs().iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

impl Page {
    /// What relative addresses on the page resolve against.
    pub fn base(&self) -> &str {
        if self.base_url.is_empty() {
            &self.url
        } else {
            &self.base_url
        }
    }

    /// What node `id` is (it must be one of the page's).
    #[inline]
    pub fn kind(&self, id: NodeId) -> NodeKind<'_> {
        let n = &self.nodes[id];
        if n.len == ELEMENT {
            NodeKind::Element(&self.elements[n.at as usize])
        } else {
            NodeKind::Text(self.text_of(n))
        }
    }

    /// Text node `n`'s text. Not inlined: the slice's checks at each of
    /// the many callers made the wasm 14 KB larger (`twiggy diff`,
    /// 2026-11-30).
    #[inline(never)]
    fn text_of(&self, n: &Node) -> &str {
        &self.texts[n.at as usize..(n.at + n.len) as usize]
    }

    /// The element at `id`, if it is one.
    #[inline]
    pub fn element(&self, id: NodeId) -> Option<&Element> {
        let n = self.nodes.get(id)?;
        (n.len == ELEMENT).then(|| &self.elements[n.at as usize])
    }

    /// The element at `id`, if it is one, to change.
    pub fn element_mut(&mut self, id: NodeId) -> Option<&mut Element> {
        let n = self.nodes.get(id)?;
        (n.len == ELEMENT).then(|| &mut self.elements[n.at as usize])
    }

    /// The text at `id`, if it is a text node.
    #[inline]
    pub fn text(&self, id: NodeId) -> Option<&str> {
        let n = self.nodes.get(id)?;
        (n.len != ELEMENT).then(|| self.text_of(n))
    }

    /// The tag at `id` (None for text nodes).
    pub fn tag(&self, id: NodeId) -> Option<Tag> {
        self.element(id).map(|e| e.tag)
    }

    /// Ids of the subtree under `id` (itself first), in document order.
    /// The arena is in pre-order, so a subtree is a contiguous range.
    pub fn subtree(&self, id: NodeId) -> std::ops::Range<NodeId> {
        id..self.subtree_end(id)
    }

    /// One past the last id of `id`'s subtree.
    pub fn subtree_end(&self, id: NodeId) -> NodeId {
        let mut last = id;
        while let Some(&c) = self.children(last).last() {
            last = c;
        }
        last + 1
    }

    /// The children of node `id`, in document order.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        match (self.child_start.get(id), self.child_start.get(id + 1)) {
            (Some(&a), Some(&b)) => &self.child_ids[a as usize..b as usize],
            _ => &[],
        }
    }

    /// Sets [`Page::children`] from the nodes' parents (the arena in
    /// document order, so each parent's children come in order).
    pub(crate) fn link_children(&mut self) {
        let n = self.nodes.len();
        let mut start = vec![0u32; n + 1];
        for node in &self.nodes {
            if let Some(p) = node.parent() {
                start[p + 1] += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut ids = vec![0; start[n] as usize];
        let mut next: Vec<u32> = start[..n].to_vec();
        for (id, node) in self.nodes.iter().enumerate() {
            if let Some(p) = node.parent() {
                ids[next[p] as usize] = id;
                next[p] += 1;
            }
        }
        self.child_ids = ids;
        self.child_start = start;
    }

    /// Whether `a` is `b` or one of its ancestors.
    pub fn contains(&self, a: NodeId, b: NodeId) -> bool {
        b >= a && b < self.subtree_end(a)
    }

    /// The nearest ancestor-or-self that satisfies `pred`.
    pub fn closest(&self, mut id: NodeId, pred: impl Fn(&Element) -> bool) -> Option<NodeId> {
        loop {
            if let Some(e) = self.element(id) {
                if pred(e) {
                    return Some(id);
                }
            }
            id = self.nodes[id].parent()?;
        }
    }

    /// Whether `id` is an `<a>` with an `href`.
    pub fn is_link(&self, id: NodeId) -> bool {
        self.element(id).is_some_and(Element::is_link)
    }

    /// The rendered text under `id` (hidden subtrees left out), whitespace
    /// collapsed and trimmed, with a space where a block starts or ends
    /// or a `<br>` is, as a reader sees the lines apart ([`breaks_line`]):
    /// `<div>By Ada</div><div>Published May 1</div>` is "By Ada Published
    /// May 1", where the DOM's `textContent` glues "AdaPublished".
    pub fn text_content(&self, id: NodeId) -> String {
        self.text_content_within(id, usize::MAX).unwrap_or_default()
    }

    /// [`Page::text_content`] of `id` when it has at most `max` characters,
    /// else `None`, found without reading past them. Bylines and titles are
    /// short: reading each candidate's whole subtree made deep pages
    /// quadratic (tests/properties.rs: a random 5,000-deep chain with byline
    /// hints on about one element in five took 40 s in a release build).
    pub fn text_content_within(&self, id: NodeId, max: usize) -> Option<String> {
        self.text_within(id, max, ' ', false)
    }

    /// [`Page::text_content_within`] with a line break (`\n`) where a
    /// block starts or ends or a `<br>` is, a space elsewhere: a byline's
    /// name apart from the job title in the block under it ("Ada
    /// Lovelace\nTech Reporter").
    pub fn text_lines_within(&self, id: NodeId, max: usize) -> Option<String> {
        self.text_within(id, max, '\n', false)
    }

    /// [`Page::text_lines_within`] read from hidden elements too: the text
    /// of markup written for machines (a schema.org microdata author in a
    /// block hidden from the eye).
    pub fn hidden_text_lines_within(&self, id: NodeId, max: usize) -> Option<String> {
        self.text_within(id, max, '\n', true)
    }

    /// The text under `id` with `line` between blocks (see
    /// [`Page::text_content_within`]); hidden elements' text only with
    /// `hidden_too`.
    fn text_within(&self, id: NodeId, max: usize, line: char, hidden_too: bool) -> Option<String> {
        let mut out = String::new();
        let mut chars = 0;
        // Whitespace seen since the last character, after the first one: one
        // space if more text follows (leading and trailing runs are trimmed);
        // `line` where a block's edge is among it.
        let mut space = false;
        let mut edge = false;
        let end = self.subtree_end(id);
        // Where the blocks entered end (innermost last): a space after each.
        let mut block_ends: Vec<NodeId> = Vec::new();
        let mut n = id;
        while n < end {
            while block_ends.last().is_some_and(|&e| e <= n) {
                block_ends.pop();
                space |= chars > 0;
                edge |= chars > 0;
            }
            match self.kind(n) {
                NodeKind::Element(e) if e.hidden && !hidden_too => {
                    n = self.subtree_end(n);
                    continue;
                }
                NodeKind::Element(e) if n > id && breaks_line(e) => {
                    space |= chars > 0;
                    edge |= chars > 0;
                    block_ends.push(self.subtree_end(n));
                }
                NodeKind::Text(t) => {
                    for c in t.chars() {
                        if c.is_whitespace() {
                            space = chars > 0;
                            continue;
                        }
                        if std::mem::take(&mut space) {
                            out.push(if std::mem::take(&mut edge) { line } else { ' ' });
                            chars += 1;
                        }
                        out.push(c);
                        chars += 1;
                        if chars > max {
                            return None;
                        }
                    }
                }
                NodeKind::Element(_) => {}
            }
            n += 1;
        }
        Some(out)
    }

    /// The rendered text of inline content: the nodes `ids` and everything
    /// under them, with whitespace collapsed as CSS does (kept inside
    /// `<pre>`), `<br>` as a line break, lines trimmed and blank lines
    /// dropped. Text under hidden elements is left out unless
    /// `include_hidden` (the text of a hidden tab or accordion panel).
    pub fn inline_text(&self, ids: impl IntoIterator<Item = NodeId>, include_hidden: bool) -> String {
        let mut raw = String::new();
        for id in ids {
            let end = self.subtree_end(id);
            // Whether the text is inside a `<pre>`: one above `id` (or
            // `id`), or one met in the walk, whose subtree ends at
            // `pre_until` (the farthest such end). Asking every text node
            // for its `<pre>` ancestor walked to the root each time: 40 %
            // of this function's instructions (callgrind over `pith-lab
            // profile`, session 15).
            let outer_pre = self.closest(id, |e| e.tag == Tag::Pre).is_some();
            let mut pre_until = 0;
            let mut n = id;
            while n < end {
                if !include_hidden && self.element(n).is_some_and(|e| e.hidden) {
                    n = self.subtree_end(n);
                    continue;
                }
                let node = n;
                n += 1;
                match self.kind(node) {
                    // The page's own private-use characters (icon fonts)
                    // are no text, and would clash with the markers.
                    // (Both marks are encoded with a first byte 0xEE:
                    // most texts have none, found without decoding.)
                    NodeKind::Text(t) if t.as_bytes().contains(&0xEE) && t.contains([LINE_BREAK, PRE_SPACE]) => {
                        let clean = t.replace([LINE_BREAK, PRE_SPACE], "");
                        Self::push_inline(&mut raw, outer_pre || node < pre_until, &clean);
                    }
                    NodeKind::Text(t) => Self::push_inline(&mut raw, outer_pre || node < pre_until, t),
                    NodeKind::Element(e) if e.tag == Tag::Br => raw.push(LINE_BREAK),
                    NodeKind::Element(e) if e.tag == Tag::Pre => pre_until = pre_until.max(self.subtree_end(node)),
                    NodeKind::Element(_) => {}
                }
            }
        }
        // In one pass, into one string: whitespace collapsed (as
        // `text::collapse_whitespace`), lines (LINE_BREAK) trimmed, the
        // empty ones dropped, the rest joined by "\n", PRE_SPACE → ' '.
        // Collapsing, splitting, trimming and joining apart took five
        // allocations a leaf (DHAT over `pith-lab profile`, session 15).
        let mut out = String::with_capacity(raw.len());
        // Whether the line being read has a visible character yet, and
        // whether whitespace follows its last one.
        let (mut line, mut space) = (false, false);
        // Visible text `v` (at the line's start, or after whitespace).
        #[inline(always)]
        fn visible(out: &mut String, (line, space): (&mut bool, &mut bool), v: &str) {
            if !*line {
                if !out.is_empty() {
                    out.push('\n');
                }
                *line = true;
            } else if *space {
                out.push(' ');
            }
            *space = false;
            out.push_str(v);
        }
        let bytes = raw.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            // A run of visible ASCII (no whitespace, no control
            // character) goes in as one slice, not character by character
            // (session 33: `inline_text` 154 → 114 M instructions,
            // callgrind over `pith-lab profile wcxb-dev --limit 60`; through
            // `text::pieces`, as the article's inlines walk, 25 M more).
            let start = i;
            while i < bytes.len() && (0x21..0x7F).contains(&bytes[i]) {
                i += 1;
            }
            if i > start {
                visible(&mut out, (&mut line, &mut space), &raw[start..i]);
                continue;
            }
            let c = raw[i..].chars().next().unwrap_or(' ');
            i += c.len_utf8();
            if c == LINE_BREAK {
                (line, space) = (false, false);
            } else if c.is_whitespace() {
                space = line;
            } else if c == PRE_SPACE {
                visible(&mut out, (&mut line, &mut space), " ");
            } else {
                visible(&mut out, (&mut line, &mut space), c.encode_utf8(&mut [0; 4]));
            }
        }
        out
    }

    /// Appends a text node's text `t` to `raw`, keeping its spacing where
    /// it is inside a `<pre>` (`in_pre`).
    fn push_inline(raw: &mut String, in_pre: bool, t: &str) {
        if in_pre {
            raw.extend(t.chars().map(|c| match c {
                '\n' => LINE_BREAK,
                c if c.is_whitespace() => PRE_SPACE,
                c => c,
            }));
        } else {
            raw.push_str(t);
        }
    }

    /// Elements count (text nodes excluded).
    pub fn element_count(&self) -> usize {
        self.elements.len()
    }

    /// The first `<meta>` content for any of `keys` (compared lower-case),
    /// in the order of `keys`.
    pub fn meta_content(&self, keys: &[&str]) -> Option<&str> {
        keys.iter().find_map(|k| {
            self.meta
                .iter()
                .find(|m| m.key.split_whitespace().any(|part| part.eq_ignore_ascii_case(k)))
                .map(|m| m.content.trim())
                .filter(|c| !c.is_empty())
        })
    }
}

/// Whether an element starts a line of its own: a `<br>`, or a box that
/// is not inline-level ([`Element::lays_out_inline`]).
pub fn breaks_line(e: &Element) -> bool {
    e.tag == Tag::Br || !e.lays_out_inline()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use crate::html::parse_document;

    #[test]
    fn text_content_within_is_text_content_up_to_a_length() {
        use super::NodeKind;
        let p = parse_document(
            "<html><body><div> A \n <b>b</b><i hidden>x</i>c  d <p>  </p></div><p>\u{3000}</p>\
             <div><b>By <span>Ada</span></b><div>Published</div>May<br>1</div></body></html>",
            "u",
        )
        .unwrap();
        // Blocks and `<br>` apart, inline elements glued.
        assert_eq!(p.text_content(0), "A bc d By Ada Published May 1");
        assert_eq!(p.text_lines_within(0, 100).as_deref(), Some("A bc d\nBy Ada\nPublished\nMay\n1"));
        // The reference: every shown text joined, whitespace collapsed, trimmed.
        let reference = |id: usize| {
            let mut s = String::new();
            let mut ends: Vec<usize> = Vec::new();
            let mut n = id;
            while n < p.subtree_end(id) {
                // A block's start and end are spaces.
                ends.retain(|&e| {
                    if e <= n {
                        s.push(' ');
                    }
                    e > n
                });
                match p.kind(n) {
                    NodeKind::Element(e) if e.hidden => {
                        n = p.subtree_end(n);
                        continue;
                    }
                    NodeKind::Text(t) => s.push_str(t),
                    NodeKind::Element(e) => {
                        if n > id && super::breaks_line(e) {
                            s.push(' ');
                            ends.push(p.subtree_end(n));
                        }
                    }
                }
                n += 1;
            }
            crate::text::collapse_whitespace(&s).trim().to_string()
        };
        for id in 0..p.nodes.len() {
            let full = reference(id);
            assert_eq!(p.text_content(id), full, "node {id}");
            let n = full.chars().count();
            assert_eq!(p.text_content_within(id, n).as_deref(), Some(full.as_str()), "node {id}");
            if n > 0 {
                assert_eq!(p.text_content_within(id, n - 1), None, "node {id}");
            }
        }
    }

    #[test]
    fn inline_text_keeps_pre_lines_and_br_and_drops_private_use_glyphs() {
        let page = parse_document(
            "<html><body><p>Tap the <i>\u{e000}</i> icon<br>to share\u{e001}.</p>\
             <pre>fn main() {\n    go();\n}</pre></body></html>",
            "u",
        )
        .unwrap();
        let p = page.children(0)[0];
        assert_eq!(page.inline_text([p], false), "Tap the icon\nto share.");
        let pre = page.children(0)[1];
        assert_eq!(page.inline_text([pre], false), "fn main() {\n    go();\n}");
        // A <pre> found in the walk, below the node read, and one above it;
        // text after the <pre> is collapsed again.
        let page = parse_document(
            "<html><body><div><b>a  b</b> <pre><span>x  y\n z</span></pre><i> c   d </i></div></body></html>",
            "u",
        )
        .unwrap();
        let div = page.children(0)[0];
        assert_eq!(page.inline_text([div], false), "a b x  y\n z c d");
        let pre = *page.children(div).iter().find(|&&c| page.tag(c) == Some(super::Tag::Pre)).unwrap();
        let span = page.children(pre)[0];
        assert_eq!(page.inline_text([span], false), "x  y\n z");
    }
}

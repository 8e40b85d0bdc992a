//! Packed facts: the JS walker's form of [`PageFacts`] for the core in the
//! background (`extractPacked`), in place of JSON text.
//!
//! Two parts cross the wasm boundary: `strings`, every string of the facts
//! one after another with nothing between them, and `numbers`, a flat list
//! of numbers that gives the page's shape and each string's length in
//! UTF-16 code units (JavaScript's `length`, which the walker knows without
//! encoding anything). The walker writes both as it reads the page, with no
//! object per node, no JSON text and no escaping; the core reads them in one
//! pass into the page model's [`Builder`]. Measured against JSON text in
//! `tests/eval/SPEED.md` (2026-11-28, session 16).
//!
//! `numbers`, in order (a string's entry is its length):
//! - [`FORMAT`], viewport width, viewport height;
//! - the page's strings `url`, `title`, `lang`, `dir`, `baseUrl`; the number
//!   of `<meta>` facts, then each one's `key` and `content`; the number of
//!   JSON-LD scripts, then each one's text;
//! - records, each starting with its kind, until the list ends:
//!   - [`TEXT`]: parent, text;
//!   - [`ELEMENT`]: parent, flags ([`HIDDEN`] …), tag, then the strings
//!     whose flags are set in the order of [`STRING_FLAGS`], the box's x, y,
//!     w, h where [`BOX`] is set, and where [`ATTRS`] is set the number of
//!     attribute strings and each one (name, value, name, value…);
//!   - [`FONT`]: a node already given, its `font-size`, `font-weight` and
//!     `line-height` (the walker reads them at the element's first text,
//!     after its record);
//!   - [`FRAME_SKIPPED`]: the address of a frame the walk could not enter.
//!
//! `strings` holds the strings in the same order. Every field of
//! [`PageFacts`] packs ([`PageFacts::to_packed`]), so
//! `PageFacts::from_packed(&facts.to_packed())` is `facts` (a test checks it
//! on every dumped readability page).

use super::facts::{Builder, MetaFact, NodeFacts, PageFacts, VisualFacts};
use super::{Page, TEXT_NODE_TAG};
use crate::error::{Error, Result};

/// The format's version, first in `numbers`: a walker and a core of
/// different builds refuse each other instead of misreading.
pub const FORMAT: f64 = 1.0;

/// A text node's record.
pub const TEXT: f64 = 0.0;
/// An element's record.
pub const ELEMENT: f64 = 1.0;
/// Font facts of an element given before.
pub const FONT: f64 = 2.0;
/// A frame the walk could not enter.
pub const FRAME_SKIPPED: f64 = 3.0;

/// Element flags: [`NodeFacts::hidden`].
pub const HIDDEN: u32 = 1;
/// [`NodeFacts::aria_hidden`].
pub const ARIA_HIDDEN: u32 = 1 << 1;
/// The element has [`VisualFacts`]; its `display` is the first visual
/// string.
pub const VISUAL: u32 = 1 << 2;
/// The visual facts hold a box (x, y, w, h, after the strings).
pub const BOX: u32 = 1 << 3;
/// [`NodeFacts::href`] is present (possibly empty: `Some("")`).
pub const HREF: u32 = 1 << 4;
/// Attribute strings follow ([`NodeFacts::attrs`]).
pub const ATTRS: u32 = 1 << 5;
/// Flags of the optional strings, in the order their strings come: id,
/// class, role, href, src, alt, dir, rel, itemprop, width, style, then the
/// visual `display` and `position`.
pub const STRING_FLAGS: [u32; 13] = [
    1 << 6,  // id
    1 << 7,  // class
    1 << 8,  // role
    HREF,    // href
    1 << 9,  // src
    1 << 10, // alt
    1 << 11, // dir
    1 << 12, // rel
    1 << 13, // itemprop
    1 << 14, // width (parsed HTML only)
    1 << 15, // style (parsed HTML only)
    VISUAL,  // display
    1 << 16, // position
];

/// Every flag the format knows; others are an error.
const KNOWN_FLAGS: u32 = (1 << 17) - 1;

/// Packed facts: the two parts the walker gives.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Packed {
    pub strings: String,
    pub numbers: Vec<f64>,
}

/// Reads packed facts in order.
struct Reader<'a> {
    strings: &'a str,
    at: usize,
    numbers: &'a [f64],
    next: usize,
}

fn bad(what: &str) -> Error {
    Error::Decode(format!("packed facts: {what}"))
}

impl<'a> Reader<'a> {
    fn done(&self) -> bool {
        self.next == self.numbers.len()
    }

    fn number(&mut self) -> Result<f64> {
        let n = *self.numbers.get(self.next).ok_or_else(|| bad("the numbers end early"))?;
        self.next += 1;
        Ok(n)
    }

    /// A whole number in `min..=max`.
    fn int(&mut self, min: f64, max: f64) -> Result<i64> {
        let n = self.number()?;
        if n.fract() != 0.0 || !(min..=max).contains(&n) {
            return Err(bad("expected a whole number in range"));
        }
        Ok(n as i64)
    }

    fn count(&mut self) -> Result<usize> {
        // Each item counted takes a number at least: no count is larger
        // than the numbers left.
        let most = (self.numbers.len() - self.next) as f64;
        self.int(0.0, most).map(|n| n as usize)
    }

    /// The next string: as many UTF-8 bytes as make its length in UTF-16
    /// code units (a character from U+10000 up is two units, four bytes).
    fn str(&mut self) -> Result<&'a str> {
        let mut units = self.int(0.0, u32::MAX as f64)? as usize;
        let bytes = self.strings.as_bytes();
        let start = self.at;
        // Most strings are ASCII: a unit a byte, checked a word at a time.
        if let Some(ascii) = bytes.get(start..start.saturating_add(units)).filter(|b| b.is_ascii()) {
            self.at += ascii.len();
            return Ok(&self.strings[start..self.at]);
        }
        let mut i = start;
        while units > 0 {
            let b = *bytes.get(i).ok_or_else(|| bad("the strings end early"))?;
            let (len, u) = match b {
                0..=0x7f => (1, 1),
                0xc0..=0xdf => (2, 1),
                0xe0..=0xef => (3, 1),
                _ => (4, 2),
            };
            if u > units {
                return Err(bad("a length splits a character"));
            }
            units -= u;
            i += len;
        }
        // `i` stays on character boundaries of valid UTF-8 (or past the
        // end, caught here).
        let s = self.strings.get(start..i).ok_or_else(|| bad("the strings end early"))?;
        self.at = i;
        Ok(s)
    }

    fn string(&mut self) -> Result<String> {
        self.str().map(str::to_string)
    }

    fn strings(&mut self) -> Result<Vec<String>> {
        let n = self.count()?;
        (0..n).map(|_| self.string()).collect()
    }

    /// The page's facts before the records (no nodes), and the viewport.
    fn head(&mut self) -> Result<PageFacts> {
        if self.number()? != FORMAT {
            return Err(bad("not this build's format"));
        }
        let viewport_width = self.number()? as f32;
        let viewport_height = self.number()? as f32;
        let mut facts = PageFacts {
            url: self.string()?,
            title: self.string()?,
            lang: self.string()?,
            dir: self.string()?,
            base_url: self.string()?,
            viewport_width,
            viewport_height,
            ..PageFacts::default()
        };
        let metas = self.count()?;
        for _ in 0..metas {
            let key = self.string()?;
            facts.meta.push(MetaFact { key, content: self.string()? });
        }
        facts.json_ld = self.strings()?;
        Ok(facts)
    }

    /// The next record, handed to `out`.
    fn record(&mut self, out: &mut dyn Records) -> Result<()> {
        let kind = self.number()?;
        if kind == TEXT {
            let parent = self.int(-1.0, u32::MAX as f64)?;
            let text = self.string()?;
            return out.node(NodeFacts { parent, tag: TEXT_NODE_TAG.into(), text, ..NodeFacts::default() });
        }
        if kind == ELEMENT {
            return out.node(self.element()?);
        }
        if kind == FONT {
            let id = self.int(0.0, u32::MAX as f64)? as usize;
            let (size, weight, line_height) = (self.str()?, self.str()?, self.str()?);
            out.font(id, size, weight, line_height);
            return Ok(());
        }
        if kind == FRAME_SKIPPED {
            let src = self.string()?;
            out.frame_skipped(src);
            return Ok(());
        }
        Err(bad("unknown record"))
    }

    fn element(&mut self) -> Result<NodeFacts> {
        let parent = self.int(-1.0, u32::MAX as f64)?;
        // In range, so no unknown flag is set.
        let flags = self.int(0.0, KNOWN_FLAGS as f64)? as u32;
        if flags & BOX != 0 && flags & VISUAL == 0 {
            return Err(bad("unknown flags"));
        }
        let mut f = NodeFacts {
            parent,
            tag: self.string()?,
            hidden: flags & HIDDEN != 0,
            aria_hidden: flags & ARIA_HIDDEN != 0,
            ..NodeFacts::default()
        };
        let mut v = (flags & VISUAL != 0).then(VisualFacts::default);
        for (k, &flag) in STRING_FLAGS.iter().enumerate() {
            if flags & flag == 0 {
                continue;
            }
            let s = self.string()?;
            match k {
                0 => f.id = s,
                1 => f.class = s,
                2 => f.role = s,
                3 => f.href = Some(s),
                4 => f.src = s,
                5 => f.alt = s,
                6 => f.dir = s,
                7 => f.rel = s,
                8 => f.itemprop = s,
                9 => f.width = s,
                10 => f.style = s,
                11 => v.get_or_insert_with(VisualFacts::default).display = s,
                _ => v.get_or_insert_with(VisualFacts::default).position = s,
            }
        }
        if let (Some(v), true) = (v.as_mut(), flags & BOX != 0) {
            v.x = self.number()? as f32;
            v.y = self.number()? as f32;
            v.w = self.number()? as f32;
            v.h = self.number()? as f32;
        }
        if flags & ATTRS != 0 {
            f.attrs = self.strings()?;
        }
        f.visual = v;
        Ok(f)
    }

    /// Nothing may be left of either part.
    fn end(&self) -> Result<()> {
        if self.at != self.strings.len() {
            return Err(bad("strings left over"));
        }
        Ok(())
    }
}

/// Where records go.
trait Records {
    fn node(&mut self, f: NodeFacts) -> Result<()>;
    fn font(&mut self, id: usize, size: &str, weight: &str, line_height: &str);
    fn frame_skipped(&mut self, src: String);
}

/// Reads `strings` and `numbers` whole: the page's facts without nodes,
/// the records given to `out`.
fn read(strings: &str, numbers: &[f64], out: &mut dyn Records) -> Result<PageFacts> {
    let mut r = Reader { strings, at: 0, numbers, next: 0 };
    let head = r.head()?;
    while !r.done() {
        r.record(out)?;
    }
    r.end()?;
    Ok(head)
}

/// The model's builder, made once the head gives the viewport.
struct ToModel {
    builder: Builder,
    frames_skipped: Vec<String>,
}

impl Records for ToModel {
    fn node(&mut self, f: NodeFacts) -> Result<()> {
        self.builder.push(f)
    }
    fn font(&mut self, id: usize, size: &str, weight: &str, line_height: &str) {
        self.builder.set_font(id, size, weight, line_height);
    }
    fn frame_skipped(&mut self, src: String) {
        self.frames_skipped.push(src);
    }
}

/// The facts themselves (for tests, dumps and the walker comparison).
struct ToFacts {
    nodes: Vec<NodeFacts>,
    frames_skipped: Vec<String>,
}

impl Records for ToFacts {
    fn node(&mut self, f: NodeFacts) -> Result<()> {
        self.nodes.push(f);
        Ok(())
    }
    fn font(&mut self, id: usize, size: &str, weight: &str, line_height: &str) {
        if let Some(n) = self.nodes.get_mut(id) {
            n.set_font(size.into(), weight.into(), line_height.into());
        }
    }
    fn frame_skipped(&mut self, src: String) {
        self.frames_skipped.push(src);
    }
}

/// About this many numbers per node in a walker's packing (the readability
/// pages' facts: 3.6 at the median page): [`Page::from_packed`]'s guess at
/// the page's size.
const NUMBERS_PER_NODE: usize = 4;

/// The element records in `numbers`, counted without reading a string:
/// [`Page::from_packed`]'s room for elements (None where the numbers do
/// not read as the format; the build then finds what is wrong). Guessed
/// from the numbers' count instead (two thirds of [`NUMBERS_PER_NODE`]'s
/// nodes), the generated 1,000,000-element bench page had room for twice
/// its elements, 60 MB too many beside its packed facts; a page given too
/// little (the deep bench page has 10 numbers an element, the readability
/// pages 9 to 15) grows them by a quarter, a 75 MB block at a million
/// (`tests/eval/SPEED.md`, 2026-11-30).
fn element_records(numbers: &[f64]) -> Option<usize> {
    let count = |i: usize| numbers.get(i).map(|&n| n as usize);
    // The format, the viewport, the page's five strings, the metas (two
    // strings each) and the JSON-LD scripts.
    let mut i: usize = 8;
    i = i.saturating_add(1).saturating_add(count(i)?.saturating_mul(2));
    i = i.saturating_add(1).saturating_add(count(i)?);
    let mut elements = 0;
    while i < numbers.len() {
        let kind = numbers[i];
        i += 1;
        if kind == TEXT {
            i += 2;
        } else if kind == ELEMENT {
            let flags = count(i + 1)? as u32;
            // Parent, flags, tag, the strings flagged, the box.
            i += 3 + STRING_FLAGS.iter().filter(|&&f| flags & f != 0).count();
            if flags & BOX != 0 {
                i += 4;
            }
            if flags & ATTRS != 0 {
                i = i.saturating_add(1).saturating_add(count(i)?);
            }
            elements += 1;
        } else if kind == FONT {
            i += 4;
        } else if kind == FRAME_SKIPPED {
            i += 1;
        } else {
            return None;
        }
    }
    Some(elements)
}

impl Page {
    /// The model of packed facts (see the module's docs), each node built
    /// as it is read: the same page as `Page::from_facts` of
    /// [`PageFacts::from_packed`] (a test compares them).
    pub fn from_packed(strings: &str, numbers: &[f64]) -> Result<Page> {
        let (w, h) = (numbers.get(1).copied().unwrap_or(0.0) as f32, numbers.get(2).copied().unwrap_or(0.0) as f32);
        let elements = element_records(numbers).unwrap_or(0);
        let builder = Builder::with_capacity(w, h, numbers.len() / NUMBERS_PER_NODE, elements);
        let mut to = ToModel { builder, frames_skipped: Vec::new() };
        let mut facts = read(strings, numbers, &mut to)?;
        facts.frames_skipped = to.frames_skipped;
        to.builder.finish(facts)
    }
}

impl PageFacts {
    /// Facts from their packed form (see the module's docs).
    pub fn from_packed(strings: &str, numbers: &[f64]) -> Result<PageFacts> {
        let mut to = ToFacts { nodes: Vec::new(), frames_skipped: Vec::new() };
        let mut facts = read(strings, numbers, &mut to)?;
        facts.nodes = to.nodes;
        facts.frames_skipped = to.frames_skipped;
        Ok(facts)
    }

    /// These facts packed, as the JS walker packs them (for tests and
    /// tools: the extension's walker packs in JS as it reads the page).
    pub fn to_packed(&self) -> Packed {
        let mut p = Packed::default();
        let string = |p: &mut Packed, s: &str| {
            p.numbers.push(s.encode_utf16().count() as f64);
            p.strings.push_str(s);
        };
        p.numbers.extend([FORMAT, f64::from(self.viewport_width), f64::from(self.viewport_height)]);
        for s in [&self.url, &self.title, &self.lang, &self.dir, &self.base_url] {
            string(&mut p, s);
        }
        p.numbers.push(self.meta.len() as f64);
        for m in &self.meta {
            string(&mut p, &m.key);
            string(&mut p, &m.content);
        }
        p.numbers.push(self.json_ld.len() as f64);
        for s in &self.json_ld {
            string(&mut p, s);
        }
        for (id, n) in self.nodes.iter().enumerate() {
            if n.tag == TEXT_NODE_TAG {
                p.numbers.extend([TEXT, n.parent as f64]);
                string(&mut p, &n.text);
                continue;
            }
            let v = n.visual.as_ref();
            let strings: [Option<&str>; 13] = [
                Some(n.id.as_str()).filter(|s| !s.is_empty()),
                Some(n.class.as_str()).filter(|s| !s.is_empty()),
                Some(n.role.as_str()).filter(|s| !s.is_empty()),
                n.href.as_deref(),
                Some(n.src.as_str()).filter(|s| !s.is_empty()),
                Some(n.alt.as_str()).filter(|s| !s.is_empty()),
                Some(n.dir.as_str()).filter(|s| !s.is_empty()),
                Some(n.rel.as_str()).filter(|s| !s.is_empty()),
                Some(n.itemprop.as_str()).filter(|s| !s.is_empty()),
                Some(n.width.as_str()).filter(|s| !s.is_empty()),
                Some(n.style.as_str()).filter(|s| !s.is_empty()),
                v.map(|v| v.display.as_str()),
                v.map(|v| v.position.as_str()).filter(|s| !s.is_empty()),
            ];
            let boxed = v.is_some_and(|v| (v.x, v.y, v.w, v.h) != (0.0, 0.0, 0.0, 0.0));
            let mut flags = 0;
            for (s, flag) in strings.iter().zip(STRING_FLAGS) {
                if s.is_some() {
                    flags |= flag;
                }
            }
            flags |= if n.hidden { HIDDEN } else { 0 }
                | if n.aria_hidden { ARIA_HIDDEN } else { 0 }
                | if boxed { BOX } else { 0 }
                | if n.attrs.is_empty() { 0 } else { ATTRS };
            p.numbers.extend([ELEMENT, n.parent as f64, f64::from(flags)]);
            string(&mut p, &n.tag);
            for s in strings.into_iter().flatten() {
                string(&mut p, s);
            }
            if let (Some(v), true) = (v, boxed) {
                p.numbers.extend([v.x, v.y, v.w, v.h].map(f64::from));
            }
            if !n.attrs.is_empty() {
                p.numbers.push(n.attrs.len() as f64);
                for s in &n.attrs {
                    string(&mut p, s);
                }
            }
            if let Some(v) = v.filter(|v| !(v.font_size.is_empty() && v.font_weight.is_empty() && v.line_height.is_empty())) {
                p.numbers.extend([FONT, id as f64]);
                for s in [&v.font_size, &v.font_weight, &v.line_height] {
                    string(&mut p, s);
                }
            }
        }
        for s in &self.frames_skipped {
            p.numbers.push(FRAME_SKIPPED);
            string(&mut p, s);
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> PageFacts {
        let mut facts = PageFacts {
            url: "https://example.com/a".into(),
            title: "Título 𝔸".into(),
            lang: "en".into(),
            meta: vec![MetaFact { key: "og:type".into(), content: "article".into() }],
            json_ld: vec!["{\"@type\":\"Article\"}".into()],
            viewport_width: 1280.0,
            viewport_height: 900.0,
            frames_skipped: vec!["https://other.example/frame".into()],
            ..PageFacts::default()
        };
        let visual = |x: f32| Some(VisualFacts { x, y: 8.5, w: 700.25, h: 40.0, display: "block".into(), ..VisualFacts::default() });
        facts.nodes = vec![
            NodeFacts { parent: -1, tag: "body".into(), visual: visual(0.0), ..NodeFacts::default() },
            NodeFacts {
                parent: 0,
                tag: "p".into(),
                class: "lead".into(),
                visual: Some(VisualFacts {
                    font_size: "18px".into(),
                    font_weight: "400".into(),
                    line_height: "normal".into(),
                    position: "relative".into(),
                    ..visual(8.0).unwrap()
                }),
                ..NodeFacts::default()
            },
            NodeFacts { parent: 1, tag: TEXT_NODE_TAG.into(), text: "Ünïcode 😀 and \u{0} NUL, 中文".into(), ..NodeFacts::default() },
            NodeFacts { parent: 1, tag: "a".into(), href: Some(String::new()), aria_hidden: true, ..NodeFacts::default() },
            NodeFacts {
                parent: 0,
                tag: "img".into(),
                hidden: true,
                src: "i.png".into(),
                alt: "".into(),
                attrs: vec!["width".into(), "20".into()],
                ..NodeFacts::default()
            },
            NodeFacts { parent: 0, tag: "span".into(), visual: Some(VisualFacts { display: "inline".into(), ..VisualFacts::default() }), ..NodeFacts::default() },
        ];
        facts
    }

    #[test]
    fn facts_pack_and_unpack_unchanged() {
        let facts = page();
        let p = facts.to_packed();
        let back = PageFacts::from_packed(&p.strings, &p.numbers).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), serde_json::to_string(&facts).unwrap());
    }

    #[test]
    fn element_records_are_counted_without_the_strings() {
        let facts = page();
        let p = facts.to_packed();
        let elements = facts.nodes.iter().filter(|n| n.tag != TEXT_NODE_TAG).count();
        assert!(elements > 1);
        assert_eq!(element_records(&p.numbers), Some(elements));
        assert_eq!(element_records(&[FORMAT]), None);
    }

    #[test]
    fn lengths_are_utf16_units() {
        let p = page().to_packed();
        // The title "Título 𝔸": 6 + space + one astral character (2 units).
        assert_eq!(p.numbers[4], 9.0);
    }

    #[test]
    fn the_model_is_the_facts_model() {
        let facts = page();
        let p = facts.to_packed();
        let a = Page::from_packed(&p.strings, &p.numbers).unwrap();
        let b = Page::from_facts(facts).unwrap();
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let p = page().to_packed();
        // Every cut of either part, and numbers changed one at a time.
        for n in 0..p.numbers.len() {
            assert!(Page::from_packed(&p.strings, &p.numbers[..n]).is_err());
            for v in [-2.0, 0.5, 1e12, f64::NAN, 7.0] {
                let mut numbers = p.numbers.clone();
                numbers[n] = v;
                let _ = Page::from_packed(&p.strings, &numbers);
                let _ = PageFacts::from_packed(&p.strings, &numbers);
            }
        }
        for cut in 0..p.strings.len() {
            if p.strings.is_char_boundary(cut) {
                assert!(PageFacts::from_packed(&p.strings[..cut], &p.numbers).is_err());
            }
        }
        let mut other = p.numbers.clone();
        other[0] = FORMAT + 1.0;
        assert!(PageFacts::from_packed(&p.strings, &other).is_err());
    }
}

//! A small JSON (RFC 8259) parser: the core's one JSON reader, on every
//! target. It reads JSON-LD blocks and the JS walker's [`PageFacts`] text
//! in place of serde_json, which costs the shipped wasm about 50 KB where
//! this costs about 5 (one parser, no serde, no generics).
//!
//! * Nesting is walked with an explicit stack, never by recursion: a page's
//!   JSON-LD holding 100,000 nested `[` is an error, not a stack overflow.
//!   Depth is capped at [`MAX_DEPTH`].
//! * Keys that name a [`PageFacts`] field are not copied ([`Key`]).
//! * Objects keep their keys in document order; [`Value::get`] returns the
//!   last value of a repeated key.
//! * Numbers become `f64` (`str::parse`, correctly rounded); one too large
//!   for an `f64` is an error, as in serde_json.
//! * A `\u` escape of a lone UTF-16 surrogate becomes U+FFFD (serde_json
//!   rejects it; `JSON.stringify` writes one for a lone surrogate in a
//!   page's text).
//!
//! [`PageFacts`]: crate::model::PageFacts

use std::fmt;

/// The deepest nesting of arrays and objects [`parse`] accepts.
/// (serde_json's default is 128; schema.org JSON-LD rarely nests past 10.)
pub const MAX_DEPTH: usize = 512;

/// An object's key: borrowed when it is one of [`KNOWN_KEYS`], else owned.
pub type Key = std::borrow::Cow<'static, str>;

/// Keys [`parse`] gives without copying them: every field name of the
/// JS walker's `PageFacts` (`src/model/facts.rs`, camelCase as in its
/// JSON). A page's facts hold about ten keys per node; a `String` for
/// each was a third of the parser's allocations (`valgrind
/// --tool=callgrind` over `pith-cli facts`, 2026-11-24).
pub const KNOWN_KEYS: &[&str] = &[
    "parent", "tag", "text", "visual", "x", "y", "w", "h", "display", "position", "fontSize", "fontWeight",
    "lineHeight", "id", "class", "role", "href", "src", "alt", "dir", "rel", "itemprop", "ariaHidden", "hidden",
    "attrs", "width", "style", "key", "content", "url", "title", "lang", "meta", "jsonLd", "viewportWidth",
    "viewportHeight", "nodes", "framesSkipped", "baseUrl",
];

/// A parsed JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Value>),
    /// Members in document order, repeated keys included.
    Object(Vec<(Key, Value)>),
}

impl Value {
    /// The value of `key` in an object (the last one if repeated); `None`
    /// for a missing key or a value that is not an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// An object's members, in document order, repeated keys included.
    pub fn as_object(&self) -> Option<&[(Key, Value)]> {
        match self {
            Value::Object(members) => Some(members),
            _ => None,
        }
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }
}

/// Why a text is not JSON, and where: `offset` is the byte at which the
/// parser found the fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    pub offset: usize,
    pub message: &'static str,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "json: {} at byte {}", self.message, self.offset)
    }
}

impl std::error::Error for JsonError {}

/// Parses one JSON value, surrounded by optional whitespace, from `text`.
pub fn parse(text: &str) -> Result<Value, JsonError> {
    Parser { text, bytes: text.as_bytes(), pos: 0 }.value()
}

/// A pull reader over one JSON text: the caller asks for the value it
/// expects next, so a document is read without building its [`Value`]
/// tree. The JS walker's facts are read so ([`crate::model::Page::from_json`]):
/// each node's facts go to the page model as they are read, where the tree
/// was an allocation per object and the decoded facts a vector of the whole
/// page besides. Syntax errors are those of [`parse`], at the same bytes.
pub struct Reader<'a> {
    p: Parser<'a>,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader { p: Parser { text, bytes: text.as_bytes(), pos: 0 } }
    }

    /// An error at the reader's position.
    pub fn error(&self, message: &'static str) -> JsonError {
        JsonError { offset: self.p.pos, message }
    }

    /// The next value's first byte, whitespace skipped, not consumed.
    pub fn peek(&mut self) -> Result<u8, JsonError> {
        self.p.skip_ws().ok_or_else(|| self.error("unexpected end of input, expected a value"))
    }

    /// Whether `b` can start a JSON value.
    pub fn starts_value(b: u8) -> bool {
        matches!(b, b'[' | b'{' | b'"' | b't' | b'f' | b'n' | b'-' | b'0'..=b'9')
    }

    /// Consumes the `{` or `[` that [`Reader::peek`] returned.
    pub fn open(&mut self) {
        self.p.pos += 1;
    }

    /// The next member's key of the object being read (after its `{`, or
    /// after a member's value), with its `:` consumed; `None` at its `}`
    /// (consumed). A key without escapes is borrowed from the text.
    pub fn next_key(&mut self, first: bool) -> Result<Option<std::borrow::Cow<'a, str>>, JsonError> {
        match self.p.skip_ws() {
            Some(b'}') => {
                self.p.pos += 1;
                return Ok(None);
            }
            Some(b',') if !first => self.p.pos += 1,
            _ if !first => return Err(self.error("expected `,` or `}` in an object")),
            _ => {}
        }
        let key = self.p.raw_key()?;
        Ok(Some(key))
    }

    /// Whether the array being read (after its `[`, or after an item) has
    /// another item; its `]` is consumed when not.
    pub fn next_item(&mut self, first: bool) -> Result<bool, JsonError> {
        match self.p.skip_ws() {
            Some(b']') => {
                self.p.pos += 1;
                Ok(false)
            }
            Some(b',') if !first => {
                self.p.pos += 1;
                Ok(true)
            }
            _ if !first => Err(self.error("expected `,` or `]` in an array")),
            _ => Ok(true),
        }
    }

    /// A string (the next value must be one: see [`Reader::peek`]).
    pub fn string(&mut self) -> Result<String, JsonError> {
        self.p.skip_ws();
        self.p.string()
    }

    /// A number (the next value must start like one).
    pub fn number(&mut self) -> Result<f64, JsonError> {
        self.p.skip_ws();
        self.p.number()
    }

    /// `true`, `false` or `null`: `Some(bool)`, or `None` for `null`.
    pub fn literal(&mut self) -> Result<Option<bool>, JsonError> {
        match self.peek()? {
            b't' => self.p.literal("true", Value::Null).map(|_| Some(true)),
            b'f' => self.p.literal("false", Value::Null).map(|_| Some(false)),
            _ => self.p.literal("null", Value::Null).map(|_| None),
        }
    }

    /// Skips one value of any kind (an unknown field's), nested ones
    /// included, with an explicit stack as [`parse`] has.
    pub fn skip(&mut self) -> Result<(), JsonError> {
        // The closing byte of each open container.
        let mut open: Vec<u8> = Vec::new();
        loop {
            match self.peek()? {
                b @ (b'[' | b'{') => {
                    if open.len() >= MAX_DEPTH {
                        return Err(self.error("nesting too deep"));
                    }
                    self.p.pos += 1;
                    let close = if b == b'[' { b']' } else { b'}' };
                    if self.p.skip_ws() == Some(close) {
                        self.p.pos += 1;
                    } else {
                        open.push(close);
                        if b == b'{' {
                            self.p.raw_key()?;
                        }
                        continue;
                    }
                }
                b'"' => drop(self.p.string()?),
                b't' | b'f' | b'n' => drop(self.literal()?),
                b'-' | b'0'..=b'9' => drop(self.p.number()?),
                _ => return Err(self.error("expected a value")),
            }
            // A value is complete: close the containers it completes.
            loop {
                match (open.last().copied(), self.p.skip_ws()) {
                    (None, _) => return Ok(()),
                    (Some(b']'), Some(b',')) => {
                        self.p.pos += 1;
                        break;
                    }
                    (Some(b'}'), Some(b',')) => {
                        self.p.pos += 1;
                        self.p.raw_key()?;
                        break;
                    }
                    (Some(close), Some(b)) if b == close => {
                        self.p.pos += 1;
                        open.pop();
                    }
                    (Some(b']'), _) => return Err(self.error("expected `,` or `]` in an array")),
                    _ => return Err(self.error("expected `,` or `}` in an object")),
                }
            }
        }
    }

    /// The end of the text: only whitespace may follow the value read.
    pub fn end(&mut self) -> Result<(), JsonError> {
        match self.p.skip_ws() {
            Some(_) => Err(self.error("trailing characters after the value")),
            None => Ok(()),
        }
    }
}

/// An array or object being filled: the explicit stack of [`parse`]. Its
/// elements so far wait on a stack shared by all open containers, from
/// `start` on, and move to a `Vec` of their exact size when it closes (one
/// allocation per container, not one per doubling).
enum Frame {
    Array {
        start: usize,
    },
    /// `key`: the member whose value is being parsed.
    Object {
        start: usize,
        key: Key,
    },
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Parser<'a> {
    fn err<T>(&self, message: &'static str) -> Result<T, JsonError> {
        Err(JsonError { offset: self.pos, message })
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Skips whitespace and returns the next byte (not consumed).
    fn skip_ws(&mut self) -> Option<u8> {
        while let Some(&b) = self.bytes.get(self.pos) {
            if !matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                return Some(b);
            }
            self.pos += 1;
        }
        None
    }

    fn value(&mut self) -> Result<Value, JsonError> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut items: Vec<Value> = Vec::new();
        let mut members: Vec<(Key, Value)> = Vec::new();
        loop {
            // A value starts here; containers push a frame and go on to
            // their first element.
            let mut v = match self.skip_ws() {
                None => return self.err("unexpected end of input, expected a value"),
                Some(open @ (b'[' | b'{')) => {
                    if stack.len() >= MAX_DEPTH {
                        return self.err("nesting too deep");
                    }
                    self.pos += 1;
                    let close = if open == b'[' { b']' } else { b'}' };
                    if self.skip_ws() == Some(close) {
                        self.pos += 1;
                        if open == b'[' {
                            Value::Array(Vec::new())
                        } else {
                            Value::Object(Vec::new())
                        }
                    } else {
                        stack.push(if open == b'[' {
                            Frame::Array { start: items.len() }
                        } else {
                            Frame::Object { start: members.len(), key: self.key()? }
                        });
                        continue;
                    }
                }
                Some(b'"') => Value::String(self.string()?),
                Some(b't') => self.literal("true", Value::Bool(true))?,
                Some(b'f') => self.literal("false", Value::Bool(false))?,
                Some(b'n') => self.literal("null", Value::Null)?,
                Some(b'-' | b'0'..=b'9') => Value::Number(self.number()?),
                Some(_) => return self.err("expected a value"),
            };
            // A value is complete: add it to its container, closing every
            // container it completes, until one expects another element.
            loop {
                match stack.last_mut() {
                    None => {
                        if self.skip_ws().is_some() {
                            return self.err("trailing characters after the value");
                        }
                        return Ok(v);
                    }
                    Some(Frame::Array { .. }) => {
                        items.push(v);
                        match self.skip_ws() {
                            Some(b',') => {
                                self.pos += 1;
                                break;
                            }
                            Some(b']') => self.pos += 1,
                            _ => return self.err("expected `,` or `]` in an array"),
                        }
                    }
                    Some(Frame::Object { key, .. }) => {
                        members.push((std::mem::take(key), v));
                        match self.skip_ws() {
                            Some(b',') => {
                                self.pos += 1;
                                *key = self.key()?;
                                break;
                            }
                            Some(b'}') => self.pos += 1,
                            _ => return self.err("expected `,` or `}` in an object"),
                        }
                    }
                }
                v = match stack.pop() {
                    Some(Frame::Array { start }) => Value::Array(items.split_off(start)),
                    Some(Frame::Object { start, .. }) => Value::Object(members.split_off(start)),
                    None => unreachable!("the stack was not empty"),
                };
            }
        }
    }

    /// An object key and its `:`; a known key ([`KNOWN_KEYS`]) is not copied.
    fn key(&mut self) -> Result<Key, JsonError> {
        Ok(match self.raw_key()? {
            std::borrow::Cow::Borrowed(text) => {
                KNOWN_KEYS.iter().find(|k| **k == text).map_or_else(|| Key::Owned(text.to_string()), |k| Key::Borrowed(k))
            }
            std::borrow::Cow::Owned(text) => Key::Owned(text),
        })
    }

    /// An object key and its `:`. A key without escapes (nearly all) is
    /// read in place, borrowed from the text; any other goes through
    /// `string`.
    fn raw_key(&mut self) -> Result<std::borrow::Cow<'a, str>, JsonError> {
        if self.skip_ws() != Some(b'"') {
            return self.err("expected a string key");
        }
        let start = self.pos + 1;
        let plain = self.bytes[start..]
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
            .filter(|&end| self.bytes[start + end] == b'"');
        let key = match plain {
            Some(end) => {
                self.pos = start + end + 1;
                std::borrow::Cow::Borrowed(&self.text[start..start + end])
            }
            None => std::borrow::Cow::Owned(self.string()?),
        };
        if self.skip_ws() != Some(b':') {
            return self.err("expected `:` after an object key");
        }
        self.pos += 1;
        Ok(key)
    }

    fn literal(&mut self, word: &'static str, v: Value) -> Result<Value, JsonError> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(v)
        } else {
            self.err("expected a value")
        }
    }

    /// A number (RFC 8259 §6 grammar), parsed by the standard library.
    fn number(&mut self) -> Result<f64, JsonError> {
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.pos += 1;
        }
        let int_start = self.pos;
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return self.err("expected a digit in a number"),
        }
        // Integers of up to 15 digits (most numbers in facts) are exact in
        // an f64: no need for the general parser.
        let int = &self.bytes[int_start..self.pos];
        if int.len() <= 15 && !matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
            let n = int.iter().fold(0u64, |n, &d| n * 10 + u64::from(d - b'0')) as f64;
            return Ok(if negative { -n } else { n });
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return self.err("expected a digit after the decimal point");
            }
            self.digits();
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return self.err("expected a digit in the exponent");
            }
            self.digits();
        }
        match crate::text::parse_number(&self.text[start..self.pos]) {
            Some(n) if n.is_finite() => Ok(n),
            _ => Err(JsonError { offset: start, message: "number out of range" }),
        }
    }

    fn digits(&mut self) {
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
    }

    /// A string; `pos` is at its opening quote.
    fn string(&mut self) -> Result<String, JsonError> {
        self.pos += 1;
        let mut out = String::new();
        let mut start = self.pos;
        loop {
            // Runs of plain characters are copied whole: the bytes that end
            // them are ASCII, so the run's ends are character boundaries.
            let run = self.bytes[self.pos..].iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20);
            let Some(run) = run else {
                self.pos = self.bytes.len();
                return self.err("unterminated string");
            };
            self.pos += run;
            match self.bytes[self.pos] {
                b'"' => {
                    let run = &self.text[start..self.pos];
                    self.pos += 1;
                    // Empty unless there were escapes (each adds a char).
                    if out.is_empty() {
                        return Ok(run.to_string());
                    }
                    out.push_str(run);
                    return Ok(out);
                }
                b'\\' => {
                    out.push_str(&self.text[start..self.pos]);
                    self.pos += 1;
                    self.escape(&mut out)?;
                    start = self.pos;
                }
                _ => return self.err("control character in a string"),
            }
        }
    }

    /// One escape, after its backslash.
    fn escape(&mut self, out: &mut String) -> Result<(), JsonError> {
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.pos += 1;
                let unit = self.hex4()?;
                let c = match unit {
                    0xd800..=0xdbff => {
                        // A high surrogate pairs with an escaped low one
                        // right after it; anything else leaves it alone.
                        let next = self.bytes.get(self.pos..self.pos + 6);
                        let low = match next {
                            Some([b'\\', b'u', h @ ..]) => {
                                hex_value(h).filter(|l| (0xdc00..=0xdfff).contains(l))
                            }
                            _ => None,
                        };
                        match low {
                            Some(low) => {
                                self.pos += 6;
                                char::from_u32(0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00))
                            }
                            None => None,
                        }
                    }
                    _ => char::from_u32(unit),
                };
                out.push(c.unwrap_or(char::REPLACEMENT_CHARACTER));
                return Ok(());
            }
            _ => return self.err("invalid escape in a string"),
        };
        self.pos += 1;
        out.push(c);
        Ok(())
    }

    /// The four hex digits of a `\u` escape.
    fn hex4(&mut self) -> Result<u32, JsonError> {
        match self.bytes.get(self.pos..self.pos + 4).and_then(hex_value) {
            Some(v) => {
                self.pos += 4;
                Ok(v)
            }
            None => self.err("expected four hex digits after \\u"),
        }
    }
}

/// The value of four hex digits.
fn hex_value(digits: &[u8]) -> Option<u32> {
    digits.iter().try_fold(0u32, |acc, &d| Some(acc * 16 + (d as char).to_digit(16)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> Value {
        Value::String(v.into())
    }

    fn err(text: &str) -> JsonError {
        parse(text).expect_err(text)
    }

    #[test]
    fn scalars() {
        assert_eq!(parse("null").unwrap(), Value::Null);
        assert_eq!(parse(" true ").unwrap(), Value::Bool(true));
        assert_eq!(parse("\t\r\nfalse\n").unwrap(), Value::Bool(false));
        assert_eq!(parse(r#""abc""#).unwrap(), s("abc"));
        assert_eq!(parse(r#""""#).unwrap(), s(""));
    }

    #[test]
    fn numbers() {
        let n = |t: &str| parse(t).unwrap().as_f64().unwrap();
        assert_eq!(n("0"), 0.0);
        assert_eq!(n("42"), 42.0);
        assert_eq!(n("-17"), -17.0);
        assert!(n("-0").is_sign_negative());
        assert_eq!(n("3.25"), 3.25);
        assert_eq!(n("-0.5"), -0.5);
        assert_eq!(n("1e3"), 1000.0);
        assert_eq!(n("1E+3"), 1000.0);
        assert_eq!(n("2.5e-3"), 0.0025);
        assert_eq!(n("9007199254740993"), 9007199254740992.0);
        assert_eq!(n("0.1"), 0.1);
        assert_eq!(n("1e-400"), 0.0);
        for bad in ["01", "-", "1.", ".5", "1e", "1e+", "+1", "0x10", "1.5.2", "- 1", "NaN", "Infinity"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(err("1e400"), JsonError { offset: 0, message: "number out of range" });
        assert_eq!(err("[1, -1e999]").offset, 4);
    }

    #[test]
    fn escapes() {
        assert_eq!(parse(r#""a\"b\\c\/d\be\ff\ng\rh\ti""#).unwrap(), s("a\"b\\c/d\u{8}e\u{c}f\ng\rh\ti"));
        assert_eq!(parse(r#""\u0041\u00e9\u4e2D\u0000""#).unwrap(), s("Aé中\0"));
        assert_eq!(parse(r#""x\\""#).unwrap(), s("x\\"));
        for bad in [r#""\x""#, r#""\u12""#, r#""\u12G4""#, r#""\'""#, "\"\\", r#""\U0041""#] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(err(r#""ab\q""#), JsonError { offset: 4, message: "invalid escape in a string" });
    }

    #[test]
    fn unicode_passes_through() {
        let text = "\"café — 中文 — 🦀\"";
        assert_eq!(parse(text).unwrap(), s("café — 中文 — 🦀"));
        assert_eq!(parse(r#"{"ключ":"значение"}"#).unwrap().get("ключ"), Some(&s("значение")));
    }

    #[test]
    fn surrogates() {
        assert_eq!(parse(r#""\ud83e\udd80""#).unwrap(), s("🦀"));
        assert_eq!(parse(r#""\uD834\uDD1E!""#).unwrap(), s("𝄞!"));
        // Lone surrogates, either half, become U+FFFD; what follows stays.
        assert_eq!(parse(r#""a\ud83eb""#).unwrap(), s("a\u{fffd}b"));
        assert_eq!(parse(r#""a\udd80b""#).unwrap(), s("a\u{fffd}b"));
        assert_eq!(parse(r#""\ud83e""#).unwrap(), s("\u{fffd}"));
        assert_eq!(parse(r#""\ud83e\u0041""#).unwrap(), s("\u{fffd}A"));
        assert_eq!(parse(r#""\ud83e\ud83e\udd80""#).unwrap(), s("\u{fffd}🦀"));
        assert_eq!(parse(r#""\udd80\ud83e""#).unwrap(), s("\u{fffd}\u{fffd}"));
        assert_eq!(parse(r#""\ud83e\n""#).unwrap(), s("\u{fffd}\n"));
    }

    #[test]
    fn nesting() {
        let v = parse(r#" { "a" : [ 1 , { "b" : [ ] , "c" : { } } , [ [ null ] ] ] , "d" : "e" } "#).unwrap();
        let a = v.get("a").unwrap().as_array().unwrap();
        assert_eq!(a.len(), 3);
        assert_eq!(a[0], Value::Number(1.0));
        assert_eq!(a[1].get("b"), Some(&Value::Array(vec![])));
        assert_eq!(a[1].get("c"), Some(&Value::Object(vec![])));
        assert_eq!(a[2], Value::Array(vec![Value::Array(vec![Value::Null])]));
        assert_eq!(v.get("d").and_then(Value::as_str), Some("e"));
        assert!(v.is_object() && !v.is_array() && v.get("a").unwrap().is_array());
        assert_eq!(parse("[]").unwrap(), Value::Array(vec![]));
        assert_eq!(
            parse("[[],{}]").unwrap(),
            Value::Array(vec![Value::Array(vec![]), Value::Object(vec![])])
        );
    }

    #[test]
    fn keys_keep_their_order_and_the_last_repeat_wins() {
        let v = parse(r#"{"z":1,"a":2,"m":3,"a":4}"#).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().iter().map(|(k, _)| k.as_ref()).collect();
        assert_eq!(keys, ["z", "a", "m", "a"]);
        assert_eq!(v.get("a").and_then(Value::as_f64), Some(4.0));
        assert_eq!(v.get("nope"), None);
        assert_eq!(Value::Null.get("a"), None);
    }

    #[test]
    fn known_keys_are_not_copied() {
        let v = parse(r#"{"parent": 1, "par\u0065nt": 2, "parents": 3, "tag"  :4, "": 5, "ta\"g": 6}"#).unwrap();
        let kinds: Vec<(&str, bool)> =
            v.as_object().unwrap().iter().map(|(k, _)| (k.as_ref(), matches!(k, Key::Borrowed(_)))).collect();
        assert_eq!(
            kinds,
            [("parent", true), ("parent", false), ("parents", false), ("tag", true), ("", false), ("ta\"g", false)]
        );
        assert_eq!(v.get("tag").and_then(Value::as_f64), Some(4.0));
        // Errors as for any key.
        assert_eq!(parse(r#"{"tag""#), Err(JsonError { offset: 6, message: "expected `:` after an object key" }));
        assert_eq!(parse(r#"{"tag"#), Err(JsonError { offset: 5, message: "unterminated string" }));
    }

    #[test]
    fn accessors() {
        let v = parse(r#"{"s":"x","n":1.5,"b":true,"a":[1],"o":{"k":null}}"#).unwrap();
        assert_eq!(v.get("s").unwrap().as_str(), Some("x"));
        assert_eq!(v.get("n").unwrap().as_f64(), Some(1.5));
        assert_eq!(v.get("b").unwrap().as_bool(), Some(true));
        assert_eq!(v.get("a").unwrap().as_array(), Some(&[Value::Number(1.0)][..]));
        assert_eq!(v.get("o").unwrap().as_object().unwrap()[0].0, "k");
        assert_eq!(v.get("s").unwrap().as_f64(), None);
        assert_eq!(v.get("n").unwrap().as_str(), None);
        assert_eq!(v.get("b").unwrap().as_array(), None);
        assert_eq!(v.get("a").unwrap().as_object(), None);
        assert_eq!(v.get("o").unwrap().as_bool(), None);
    }

    #[test]
    fn errors() {
        let cases: &[(&str, usize, &str)] = &[
            ("", 0, "unexpected end of input, expected a value"),
            ("   ", 3, "unexpected end of input, expected a value"),
            ("[1,]", 3, "expected a value"),
            ("[1 2]", 3, "expected `,` or `]` in an array"),
            (r#"{"a":1,}"#, 7, "expected a string key"),
            (r#"{"a" 1}"#, 5, "expected `:` after an object key"),
            (r#"{"a":1"#, 6, "expected `,` or `}` in an object"),
            ("{1:2}", 1, "expected a string key"),
            ("[1", 2, "expected `,` or `]` in an array"),
            (r#""abc"#, 4, "unterminated string"),
            (r#"["abc]"#, 6, "unterminated string"),
            ("\"a\nb\"", 2, "control character in a string"),
            ("1 2", 2, "trailing characters after the value"),
            ("{} x", 3, "trailing characters after the value"),
            ("tru", 0, "expected a value"),
            ("nul", 0, "expected a value"),
            ("[True]", 1, "expected a value"),
            ("'a'", 0, "expected a value"),
            ("[,1]", 1, "expected a value"),
            ("\u{feff}{}", 0, "expected a value"),
        ];
        for &(text, offset, message) in cases {
            assert_eq!(err(text), JsonError { offset, message }, "{text:?}");
        }
        assert_eq!(err("[1,]").to_string(), "json: expected a value at byte 3");
    }

    #[test]
    fn deep_nesting_is_an_error_not_an_overflow() {
        for open in ["[", "{\"a\":"] {
            let deep = open.repeat(100_000);
            let e = err(&deep);
            assert_eq!(e.message, "nesting too deep");
            assert_eq!(e.offset, open.len() * MAX_DEPTH);
            // Closed, too.
            let close = if open == "[" { "]" } else { "}" };
            let deep = format!("{}1{}", open.repeat(100_000), close.repeat(100_000));
            assert_eq!(err(&deep).message, "nesting too deep");
        }
        // Up to the cap is fine, empty innermost container included.
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&ok).is_ok());
        let over = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert_eq!(err(&over).message, "nesting too deep");
    }

    #[test]
    fn agrees_with_serde_json() {
        fn from_serde(v: serde_json::Value) -> Value {
            match v {
                serde_json::Value::Null => Value::Null,
                serde_json::Value::Bool(b) => Value::Bool(b),
                serde_json::Value::Number(n) => Value::Number(n.as_f64().unwrap()),
                serde_json::Value::String(s) => Value::String(s),
                serde_json::Value::Array(a) => Value::Array(a.into_iter().map(from_serde).collect()),
                serde_json::Value::Object(o) => {
                    let mut members: Vec<(Key, Value)> =
                        o.into_iter().map(|(k, v)| (Key::Owned(k), from_serde(v))).collect();
                    members.sort_by(|a, b| a.0.cmp(&b.0));
                    Value::Object(members)
                }
            }
        }
        fn sorted(v: Value) -> Value {
            match v {
                Value::Array(a) => Value::Array(a.into_iter().map(sorted).collect()),
                Value::Object(o) => {
                    let mut members: Vec<(Key, Value)> =
                        o.into_iter().map(|(k, v)| (k, sorted(v))).collect();
                    members.sort_by(|a, b| a.0.cmp(&b.0));
                    Value::Object(members)
                }
                v => v,
            }
        }
        let text = r#"{"@context":"https://schema.org","@graph":[{"@type":["NewsArticle","Article"],
            "headline":"Caf\u00e9 \"quoted\" \ud83e\udd80","datePublished":"2024-01-02T03:04:05Z",
            "author":[{"@type":"Person","name":"A. B."}],"wordCount":1234,"ratio":-1.5e-3,
            "isFree":false,"image":null,"nested":[[[{"x":[0.1,2E2,-0]}]]]}]}"#;
        let ours = parse(text).unwrap();
        assert_eq!(sorted(ours), from_serde(serde_json::from_str(text).unwrap()));
    }
}

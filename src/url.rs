//! Addresses in the article: relative references resolved against the
//! page's base (RFC 3986 §5.2, with the leniency of the WHATWG URL parser
//! where pages rely on it), and the allow-lists that decide which addresses
//! the reader may use at all. Small on purpose: a full URL crate would add
//! more to the wasm than the whole article builder.
//!
//! What the reader may use:
//! * links: `http`, `https`, `mailto` ([`LINK_SCHEMES`]); anything else
//!   (`javascript:`, `data:`, `vbscript:`, `file:`, app schemes) becomes
//!   plain text;
//! * images: `http`, `https`, and `data:` of raster types
//!   ([`DATA_IMAGE_TYPES`]); never SVG (it can carry script).

use std::borrow::Cow;

/// Schemes a link in the reader may point to.
pub const LINK_SCHEMES: &[&str] = &["http", "https", "mailto"];

/// Schemes an image in the reader may load from (besides [`DATA_IMAGE_TYPES`]).
pub const IMAGE_SCHEMES: &[&str] = &["http", "https"];

/// `data:` image types the reader shows: raster formats only (HTML's image
/// types browsers decode without script; `image/svg+xml` is left out, as
/// SVG documents can hold script and links).
pub const DATA_IMAGE_TYPES: &[&str] =
    &["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/avif", "image/bmp"];

/// A reference cleaned as the WHATWG URL parser does before parsing
/// (URL Standard §4.4, "basic URL parser", steps 1–3): leading and trailing
/// C0 controls and spaces removed, ASCII tabs and newlines removed anywhere
/// (so `java\tscript:` is `javascript:`), and `\` read as `/`.
fn clean(reference: &str) -> Cow<'_, str> {
    let trimmed = reference.trim_matches(|c: char| c <= ' ');
    // Most references need nothing more: borrowed, not copied (a page's
    // links are resolved one by one).
    if !trimmed.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\r' | b'\\')) {
        return Cow::Borrowed(trimmed);
    }
    Cow::Owned(trimmed.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).map(|c| if c == '\\' { '/' } else { c }).collect())
}

/// The scheme of an absolute reference, as written (RFC 3986 §3.1:
/// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` before the first `:`;
/// compared with case ignored, [`scheme_in`]).
fn scheme_of(reference: &str) -> Option<&str> {
    let (head, _) = reference.split_once(':')?;
    let mut chars = head.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic() && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))).then_some(head)
}

/// Whether `url`'s scheme is one of `schemes` (lower-case), ASCII case ignored.
fn scheme_in(url: &str, schemes: &[&str]) -> bool {
    scheme_of(url).is_some_and(|s| schemes.iter().any(|k| k.eq_ignore_ascii_case(s)))
}

/// An absolute reference split into its five parts (RFC 3986 §3).
pub(crate) struct Parts<'a> {
    pub scheme: &'a str,
    pub authority: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
}

/// Splits an absolute URL (RFC 3986 appendix B's regular expression, by hand).
pub(crate) fn split(url: &str) -> Option<Parts<'_>> {
    let (scheme, rest) = url.split_once(':')?;
    let rest = rest.split('#').next().unwrap_or("");
    let (rest, query) = match rest.split_once('?') {
        Some((r, q)) => (r, Some(q)),
        None => (rest, None),
    };
    let (authority, path) = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r.find('/').unwrap_or(r.len());
            (Some(&r[..end]), &r[end..])
        }
        None => (None, rest),
    };
    Some(Parts { scheme, authority, path, query })
}

/// The lower-cased host of an absolute URL: its authority without user
/// information or port ("" when it has none).
pub(crate) fn host(url: &str) -> String {
    let authority = split(url).and_then(|p| p.authority).unwrap_or("");
    let host = authority.rsplit('@').next().unwrap_or("");
    host.split(':').next().unwrap_or("").to_ascii_lowercase()
}

/// [`remove_dot_segments`] of `path`, appended to `out`: a path without
/// dot segments (most) as it is, not copied twice.
fn push_path(out: &mut String, path: &str) {
    if path.split('/').any(|seg| seg == "." || seg == "..") {
        out.push_str(&remove_dot_segments(path));
    } else {
        out.push_str(path);
    }
}

/// RFC 3986 §5.2.4: removes `.` and `..` segments.
fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').collect();
    let last = segments.len() - 1;
    for (i, seg) in segments.iter().enumerate() {
        match *seg {
            "." | ".." => {
                if *seg == ".." && out.len() > 1 {
                    out.pop();
                }
                // A trailing dot segment leaves a trailing slash.
                if i == last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    let joined = out.join("/");
    if path.starts_with('/') && !joined.starts_with('/') {
        format!("/{joined}")
    } else {
        joined
    }
}

/// RFC 3986 §5.2.3: merges a relative path with the base's.
fn merge(base: &Parts, path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{path}");
    }
    match base.path.rfind('/') {
        Some(i) => format!("{}{path}", &base.path[..=i]),
        None => path.to_string(),
    }
}

/// `reference` resolved against `base` (RFC 3986 §5.2.2), cleaned first
/// (see [`clean`]). `None` when neither is usable (an empty reference, a
/// relative one without an absolute base). Fragments are kept.
pub fn resolve(base: &str, reference: &str) -> Option<String> {
    let r = clean(reference);
    if r.is_empty() {
        return None;
    }
    if scheme_of(&r).is_some() {
        return Some(r.into_owned());
    }
    let b = clean(base);
    scheme_of(&b)?;
    let base = split(&b)?;
    let (r_body, fragment) = match r.split_once('#') {
        Some((body, f)) => (body, Some(f)),
        None => (&*r, None),
    };
    // At most the base and the reference (one allocation, not one a part).
    let mut out = String::with_capacity(b.len() + r.len() + 1);
    out.push_str(base.scheme);
    out.push(':');
    if let Some(rest) = r_body.strip_prefix("//") {
        out.push_str("//");
        let end = rest.find('/').or_else(|| rest.find('?')).unwrap_or(rest.len());
        out.push_str(&rest[..end]);
        let after = &rest[end..];
        let (p, q) = after.split_once('?').map_or((after, None), |(p, q)| (p, Some(q)));
        push_path(&mut out, p);
        if let Some(q) = q {
            out.push('?');
            out.push_str(q);
        }
    } else {
        if let Some(a) = base.authority {
            out.push_str("//");
            out.push_str(a);
        }
        let (p, q) = r_body.split_once('?').map_or((r_body, None), |(p, q)| (p, Some(q)));
        if p.is_empty() {
            out.push_str(base.path);
            match q {
                Some(q) => {
                    out.push('?');
                    out.push_str(q);
                }
                None => {
                    if let Some(bq) = base.query {
                        out.push('?');
                        out.push_str(bq);
                    }
                }
            }
        } else {
            if p.starts_with('/') {
                push_path(&mut out, p);
            } else {
                push_path(&mut out, &merge(&base, p));
            }
            if let Some(q) = q {
                out.push('?');
                out.push_str(q);
            }
        }
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    Some(out)
}

/// `reference` resolved against `base` when the result is a link the
/// reader may show ([`LINK_SCHEMES`]).
pub fn link(base: &str, reference: &str) -> Option<String> {
    let abs = resolve(base, reference)?;
    scheme_in(&abs, LINK_SCHEMES).then_some(abs)
}

/// `reference` resolved against `base` when the result is an image the
/// reader may load ([`IMAGE_SCHEMES`], [`DATA_IMAGE_TYPES`]).
pub fn image(base: &str, reference: &str) -> Option<String> {
    let abs = resolve(base, reference)?;
    if scheme_in(&abs, IMAGE_SCHEMES) {
        return Some(abs);
    }
    if scheme_in(&abs, &["data"]) {
        let media = abs[5..].split([';', ',']).next().unwrap_or("").trim().to_ascii_lowercase();
        return DATA_IMAGE_TYPES.contains(&media.as_str()).then_some(abs);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3986 §5.4.1 "Normal Examples" and §5.4.2 "Abnormal Examples"
    /// (those a browser resolves the same way).
    #[test]
    fn rfc3986_examples() {
        let base = "http://a/b/c/d;p?q";
        let cases = [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../", "http://a/"),
            ("../../g", "http://a/g"),
            // §5.4.2
            ("../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
        ];
        for (r, want) in cases {
            // An empty reference is the document itself: not a link target.
            if r.is_empty() {
                assert_eq!(resolve(base, r), None);
                continue;
            }
            assert_eq!(resolve(base, r).as_deref(), Some(want), "{r}");
        }
    }

    #[test]
    fn the_shortcuts_give_what_the_full_steps_give() {
        // A path without dot segments is appended as it is.
        for p in ["", "/", "/a/b", "a/b/", "/a/./b", "/a/../b", "a/..", ".", "..", "/a/b/..", "/.../x", "/a.b/c..d/", "//x"] {
            let mut out = String::from("x:");
            push_path(&mut out, p);
            assert_eq!(out, format!("x:{}", remove_dot_segments(p)), "{p}");
        }
        // Cleaning gives what the full steps give; a reference that needs
        // none is borrowed.
        for r in ["plain", " padded ", "a b", "a\tb", "a\\b", "\u{1}x\u{7f}", "", "é/ü", "\n"] {
            let full: String = r
                .trim_matches(|c: char| c <= ' ')
                .chars()
                .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                .map(|c| if c == '\\' { '/' } else { c })
                .collect();
            assert_eq!(clean(r), full, "{r:?}");
        }
        assert!(matches!(clean("/a/b?c"), Cow::Borrowed("/a/b?c")));
        // The scheme is compared as written, case ignored.
        assert!(scheme_in("HTTPS://x", LINK_SCHEMES));
        assert!(!scheme_in("javascript:x", LINK_SCHEMES));
        assert!(!scheme_in("1http:x", LINK_SCHEMES));
    }

    #[test]
    fn hostile_schemes_are_not_links() {
        let base = "https://example.org/a/";
        for bad in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            " javascript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:alert(1)",
            "\u{1}javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "vbscript:msgbox(1)",
            "file:///etc/passwd",
        ] {
            assert_eq!(link(base, bad), None, "{bad:?}");
            assert_eq!(image(base, bad), None, "{bad:?}");
        }
        assert_eq!(link(base, "mailto:a@b.org").as_deref(), Some("mailto:a@b.org"));
        assert_eq!(link(base, "b\\c").as_deref(), Some("https://example.org/a/b/c"));
        assert_eq!(link(base, "//cdn.example.org/x").as_deref(), Some("https://cdn.example.org/x"));
    }

    #[test]
    fn only_raster_data_images() {
        let base = "https://example.org/";
        assert!(image(base, "data:image/png;base64,iVBORw0KGgo=").is_some());
        assert!(image(base, "DATA:image/GIF;base64,R0lG").is_some());
        assert_eq!(image(base, "data:image/svg+xml,<svg onload=alert(1)>"), None);
        assert_eq!(image(base, "data:text/html;base64,PHNjcmlwdD4="), None);
        assert_eq!(image(base, "img/a.png").as_deref(), Some("https://example.org/img/a.png"));
        assert_eq!(image("", "img/a.png"), None, "no base: nothing to resolve against");
    }
}

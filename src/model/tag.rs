//! HTML tag names the methods care about, as one enum, so that methods match
//! on variants instead of strings. Every other name is [`Tag::Other`]; the
//! element keeps its name as a string too.

macro_rules! tags {
    ($($variant:ident => $name:literal,)*) => {
        /// An element's tag, classified.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Tag {
            $($variant,)*
            /// A name not listed here (custom elements too).
            Other,
        }

        impl Tag {
            /// The tag for a lower-case local name.
            pub fn from_name(name: &str) -> Tag {
                match name {
                    $($name => Tag::$variant,)*
                    _ => Tag::Other,
                }
            }

            /// The listed name; empty for [`Tag::Other`] (the element
            /// keeps that name itself).
            pub fn name(self) -> &'static str {
                match self {
                    $(Tag::$variant => $name,)*
                    Tag::Other => "",
                }
            }
        }
    };
}

tags! {
    A => "a", Abbr => "abbr", Address => "address", Article => "article", Aside => "aside",
    Audio => "audio", B => "b", Bdi => "bdi", Bdo => "bdo", Big => "big",
    Blockquote => "blockquote", Body => "body", Br => "br", Button => "button",
    Canvas => "canvas", Caption => "caption", Center => "center", Cite => "cite", Code => "code",
    Data => "data", Dd => "dd", Del => "del", Details => "details", Dfn => "dfn", Dialog => "dialog",
    Div => "div", Dl => "dl", Dt => "dt", Em => "em", Embed => "embed", Fieldset => "fieldset",
    Figcaption => "figcaption", Figure => "figure", Font => "font", Footer => "footer",
    Form => "form", H1 => "h1", H2 => "h2", H3 => "h3", H4 => "h4", H5 => "h5", H6 => "h6",
    Header => "header", Hgroup => "hgroup", Hr => "hr", Html => "html", I => "i",
    Iframe => "iframe", Img => "img", Input => "input", Ins => "ins", Kbd => "kbd",
    Label => "label", Legend => "legend", Li => "li", Main => "main", Map => "map", Mark => "mark",
    Math => "math", Menu => "menu", Nav => "nav", Noscript => "noscript", Object => "object",
    Ol => "ol", Option => "option", Output => "output", P => "p", Picture => "picture",
    Pre => "pre", Q => "q", Rp => "rp", Rt => "rt", Ruby => "ruby", S => "s", Samp => "samp",
    Script => "script", Section => "section", Select => "select", Small => "small",
    Source => "source", Span => "span", Strike => "strike", Strong => "strong", Style => "style",
    Sub => "sub", Summary => "summary", Sup => "sup", Svg => "svg", Table => "table",
    Tbody => "tbody", Td => "td", Template => "template", Textarea => "textarea",
    Tfoot => "tfoot", Th => "th", Thead => "thead", Time => "time", Tr => "tr", Tt => "tt",
    U => "u", Ul => "ul", Var => "var", Video => "video", Wbr => "wbr",
    // MathML Core's elements (MathML Core, §3 "Presentation markup"): all
    // lay out inside the formula's line. `math` itself is listed above.
    Maction => "maction", Annotation => "annotation", AnnotationXml => "annotation-xml",
    Menclose => "menclose", Merror => "merror", Mfrac => "mfrac", Mi => "mi",
    Mmultiscripts => "mmultiscripts", Mn => "mn", Mo => "mo", Mover => "mover",
    Mpadded => "mpadded", Mphantom => "mphantom", Mprescripts => "mprescripts",
    Mroot => "mroot", Mrow => "mrow", Ms => "ms", Mspace => "mspace", Msqrt => "msqrt",
    Mstyle => "mstyle", Msub => "msub", Msubsup => "msubsup", Msup => "msup",
    Mtable => "mtable", Mtd => "mtd", Mtext => "mtext", Mtr => "mtr", Munder => "munder",
    Munderover => "munderover", Semantics => "semantics",
}

impl Tag {
    /// HTML's phrasing elements that render inline by default (HTML Living
    /// Standard, "Phrasing content", and the UA style sheet, §15.3). Used
    /// where no computed `display` is known (parsed HTML).
    pub fn is_inline_by_default(self) -> bool {
        use Tag::*;
        matches!(
            self,
            A | Abbr | B | Bdi | Bdo | Big | Br | Cite | Code | Data | Del | Dfn | Em | Font | I
                | Img | Ins | Kbd | Label | Map | Mark | Picture | Q | Rp | Rt | Ruby | S | Samp
                | Small | Span | Strike | Strong | Sub | Sup | Time | Tt | U | Var | Wbr
                | Button | Input | Output | Select | Textarea | Canvas | Svg | Math | Audio
                | Video | Iframe | Embed | Object
        ) || self.is_mathml()
    }

    /// MathML elements. Inside a formula every element is inline-level
    /// (MathML Core §2.1: `display: math` is an inline-level display, also
    /// for `mtable`), so a formula never splits the paragraph holding it.
    pub fn is_mathml(self) -> bool {
        use Tag::*;
        matches!(
            self,
            Math | Maction | Annotation | AnnotationXml | Menclose | Merror | Mfrac | Mi
                | Mmultiscripts | Mn | Mo | Mover | Mpadded | Mphantom | Mprescripts | Mroot
                | Mrow | Ms | Mspace | Msqrt | Mstyle | Msub | Msubsup | Msup | Mtable | Mtd
                | Mtext | Mtr | Munder | Munderover | Semantics
        )
    }

    /// The heading level of `h1`…`h6`.
    pub fn heading_level(self) -> Option<u8> {
        match self {
            Tag::H1 => Some(1),
            Tag::H2 => Some(2),
            Tag::H3 => Some(3),
            Tag::H4 => Some(4),
            Tag::H5 => Some(5),
            Tag::H6 => Some(6),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        assert_eq!(Tag::from_name("blockquote"), Tag::Blockquote);
        assert_eq!(Tag::from_name("my-widget"), Tag::Other);
        assert!(Tag::Span.is_inline_by_default());
        assert!(!Tag::Div.is_inline_by_default());
        assert_eq!(Tag::H3.heading_level(), Some(3));
        assert!(Tag::from_name("mfrac").is_inline_by_default(), "a formula's parts are inline");
        assert!(Tag::from_name("mtable").is_mathml());
    }
}

//! Cue: what the markup says a node is. HTML's sectioning elements, ARIA
//! landmark roles, and the words sites put in `class` and `id` (the
//! vocabulary Readability.js's `unlikelyCandidates` / `positive` /
//! `negative` patterns are built on). Written per node as the distance to
//! the nearest ancestor-or-self of each kind, so that a leaf knows how far
//! it sits inside a navigation bar or an article body.

use crate::model::{Element, Tag};
use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};

/// Distances are capped here (levels): farther is "not inside".
pub const MAX_DISTANCE: u32 = 12;

/// Name words of page furniture (Readability.js `unlikelyCandidates` and
/// `negative`, split into words, plus the names of cookie/consent and
/// sharing widgets common since).
pub const FURNITURE_WORDS: &[&str] = &[
    "nav", "navbar", "navigation", "menu", "submenu", "megamenu", "breadcrumb", "breadcrumbs",
    "footer", "header", "masthead", "sidebar", "aside", "widget", "banner", "ad", "ads",
    "advert", "advertisement", "sponsor", "sponsored", "promo", "share", "sharing", "social",
    "cookie", "consent", "gdpr", "newsletter", "subscribe", "subscription", "signup", "login",
    "popup", "modal", "related", "recommended", "recirculation", "trending", "popular",
    "pagination", "pager", "tags", "tag", "skip", "toolbar", "search", "copyright", "legal",
    "disclaimer", "shoutbox", "sitemap", "outbrain", "taboola", "rail", "topbar",
];

/// Name words of content (Readability.js `positive`, split into words, and
/// the names CMSs, forums, shops and documentation generators use).
pub const CONTENT_WORDS: &[&str] = &[
    "article", "content", "main", "post", "entry", "body", "text", "story", "blog", "prose",
    "markdown", "md", "rich", "richtext", "page", "hentry", "single", "docs", "doc",
    "documentation", "answer", "question", "message", "thread", "topic", "review", "reviews",
    "product", "description", "details", "specs", "specifications", "faq", "section",
];

/// Name words of comments and discussion (content on a forum, not on an
/// article).
pub const DISCUSSION_WORDS: &[&str] =
    &["comment", "comments", "reply", "replies", "discussion", "disqus", "respond", "responses"];

/// Name words of bylines and post metadata.
pub const META_WORDS: &[&str] =
    &["byline", "author", "meta", "date", "time", "published", "posted", "dateline", "avatar", "user", "username"];

/// Name words of a cookie consent dialog's container: the word "consent"
/// and GDPR's name. A page's wrapper may carry them too (`gdpr-enabled`),
/// so the decision bounds what it drops for them
/// (`decision::CONSENT_MAX_PAGE_SHARE`). See also [`COOKIE_NOTICE_WORDS`].
pub const CONSENT_WORDS: &[&str] = &["consent", "gdpr"];

/// Names consent-management platforms give their dialogs' containers
/// (OneTrust `onetrust-consent-sdk`, Cookiebot `CybotCookiebotDialog`,
/// Didomi `didomi-host`, Usercentrics `usercentrics-root`, TrustArc
/// `truste-consent-track`, Complianz `cmplz-cookiebanner`, iubenda, Osano,
/// Klaro, Borlabs, Termly, Axeptio, tarteaucitron, CookieYes, the
/// WordPress plugin CookieLawInfo): a platform's name is never a page's
/// wrapper, so their dialogs are dropped whatever their size.
pub const CONSENT_PLATFORMS: &[&str] = &[
    "onetrust", "cookiebot", "didomi", "usercentrics", "truste", "trustarc", "cmplz", "iubenda",
    "osano", "klaro", "borlabs", "termly", "axeptio", "tarteaucitron", "cookieyes", "cookielawinfo",
];

/// Name words of a forum signature: the lines a member's profile adds
/// under each of their posts (phpBB, vBulletin, XenForo, SMF, MyBB and
/// Invision all name the block `signature`). Not "sig": documentation
/// generators name a function's signature so (Sphinx `sig-object`), and
/// that is content. In wcxb-dev's forum threads 31 pages name such blocks;
/// 4,211 of their words are outside the truths, 128 inside (a count over
/// the saved HTML, 2026-11-27).
pub const SIGNATURE_WORDS: &[&str] = &["signature"];

/// Name words of an author's biography box. In wcxb-dev's articles such
/// blocks hold 5,820 words outside the truths and 165 inside (113 pages).
pub const BIO_WORDS: &[&str] = &["bio", "biography"];

/// Name words of a listing's filters (facets, refinements). In wcxb-dev's
/// collections such blocks hold 10,751 words outside the truths and 2,899
/// inside (68 pages; some truths keep a filter's values).
pub const FACET_WORDS: &[&str] = &["facet", "facets", "filter", "filters", "refinement", "refinements"];

/// ARIA roles of widgets whose content is choices, not text.
pub const WIDGET_ROLES: &[&str] = &["menu", "menubar", "listbox", "tooltip", "search"];

/// Blocks named by their class or their role for a rule after the model
/// (`decision::named_blocks`). Each writes a column of its own, 1 where the
/// node or an ancestor is of the family, else 0. Of the class, not the id:
/// wikis and documentation make a heading's id of its text
/// ("…(PGP_signature)").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Named {
    /// [`FACET_WORDS`] in the class: `markup.facets`.
    Facets,
    /// [`BIO_WORDS`] in the class: `markup.bio`.
    Bio,
    /// [`SIGNATURE_WORDS`] in the class: `markup.signature`.
    Signature,
    /// One of [`WIDGET_ROLES`]: `markup.widget`.
    Widget,
    /// `<dialog>` or an ARIA `dialog` or `alertdialog` (WAI-ARIA 1.2 §5.4): a
    /// layer over the page (a newsletter or sign-in popup, a cart drawer, a
    /// quick view), not the page: `markup.dialog`.
    Dialog,
}

/// Every [`Named`] family with its bit, in column order (after
/// `markup.consent`).
const NAMED: [(Named, u16); 5] = [
    (Named::Facets, FACET),
    (Named::Bio, BIO),
    (Named::Signature, SIGNATURE),
    (Named::Widget, WIDGET),
    (Named::Dialog, DIALOG),
];

impl Named {
    /// The family's column in the score table.
    pub fn key(self) -> &'static str {
        match self {
            Named::Facets => "markup.facets",
            Named::Bio => "markup.bio",
            Named::Signature => "markup.signature",
            Named::Widget => "markup.widget",
            Named::Dialog => "markup.dialog",
        }
    }

    fn bit(self) -> u16 {
        NAMED.iter().find(|(n, _)| *n == self).map_or(0, |&(_, b)| b)
    }

    /// Whether element `e` itself is of the family.
    pub fn names(self, e: &crate::model::Element) -> bool {
        // The class's words only for a family of them.
        let names = if self.bit() & CLASS_NAMED_BITS != 0 { element_kinds(e) } else { 0 };
        named_bits(e, names, &e.role().trim().to_ascii_lowercase()) & self.bit() != 0
    }
}

/// The words that make a name a cookie notice's with one of
/// [`COOKIE_NOTICE_WORDS`].
pub const COOKIE_WORDS: &[&str] = &["cookie", "cookies"];

/// A name with one of [`COOKIE_WORDS`] and one of these words is a cookie
/// notice's (`cookie-notice`, `cookie-law-info-bar`, `cookieBanner`,
/// `cookies-popup`); "cookie" alone is not (a recipe's `cookie-recipe`), nor
/// with "policy" (a privacy page's table of cookies is its content).
pub const COOKIE_NOTICE_WORDS: &[&str] = &[
    "notice", "banner", "bar", "popup", "modal", "message", "dialog", "law", "settings",
    "preferences", "wall", "overlay", "alert", "notification", "prompt",
];

/// The kinds whose distance is written, in column order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Nav,
    Header,
    Footer,
    Aside,
    Form,
    Main,
    Article,
    Link,
    List,
    Table,
    Heading,
    Control,
    Furniture,
    ContentName,
    Discussion,
    Meta,
    Code,
    Quote,
    Figure,
}

const KINDS: [Kind; 19] = [
    Kind::Nav,
    Kind::Header,
    Kind::Footer,
    Kind::Aside,
    Kind::Form,
    Kind::Main,
    Kind::Article,
    Kind::Link,
    Kind::List,
    Kind::Table,
    Kind::Heading,
    Kind::Control,
    Kind::Furniture,
    Kind::ContentName,
    Kind::Discussion,
    Kind::Meta,
    Kind::Code,
    Kind::Quote,
    Kind::Figure,
];

macro_rules! distance_column {
    ($key:literal, $label:literal, $source:literal, $what:literal) => {
        ColumnSpec {
            key: $key,
            signal: "markup",
            label: $label,
            source: $source,
            description: concat!("Levels up to the nearest ancestor-or-self that is ", $what, " (", "0 = itself; 12 = none within 12)."),
        }
    };
}

pub const COLUMNS: &[ColumnSpec] = &[
    distance_column!("markup.nav", "nav", "HTML <nav>, ARIA navigation", "a navigation landmark"),
    distance_column!("markup.header", "header", "HTML <header>, ARIA banner", "a header"),
    distance_column!("markup.footer", "footer", "HTML <footer>, ARIA contentinfo", "a footer"),
    distance_column!("markup.aside", "aside", "HTML <aside>, ARIA complementary", "an aside"),
    distance_column!("markup.form", "form", "HTML <form>, ARIA search/form", "a form"),
    distance_column!("markup.main", "main", "HTML <main>, ARIA main", "the main landmark"),
    distance_column!("markup.article", "article", "HTML <article>, ARIA article, schema.org itemprop articleBody", "an article"),
    distance_column!("markup.link", "link", "HTML <a href>", "a link"),
    distance_column!("markup.list", "list", "HTML <ul>/<ol>/<dl>/<menu>", "a list"),
    distance_column!("markup.table", "table", "HTML <table>", "a table"),
    distance_column!("markup.heading", "heading", "HTML <h1>–<h6>, ARIA heading", "a heading"),
    distance_column!("markup.control", "control", "HTML <button>/<label>/<select>/<option>/<input>, ARIA button/tab/menuitem", "a form control or button"),
    distance_column!("markup.furniture", "furniture name", "class/id words, Readability.js unlikelyCandidates/negative", "named like page furniture"),
    distance_column!("markup.contentName", "content name", "class/id words, Readability.js positive", "named like content"),
    distance_column!("markup.discussion", "discussion name", "class/id words", "named like comments or replies"),
    distance_column!("markup.meta", "meta name", "class/id words, Readability.js byline", "named like a byline or post metadata"),
    distance_column!("markup.code", "code", "HTML <pre>/<code>", "code"),
    distance_column!("markup.quote", "quote", "HTML <blockquote>/<q>", "a quotation"),
    distance_column!("markup.figure", "figure", "HTML <figure>/<figcaption>/<caption>", "a figure or caption"),
    ColumnSpec {
        key: "markup.consent",
        signal: "markup",
        label: "consent dialog",
        source: "class/id words of consent-management platforms and cookie notices",
        description: "2 where the node or an ancestor is a consent-management platform's dialog (by its name), 1 where one is named like a cookie consent dialog, else 0.",
    },
    ColumnSpec {
        key: "markup.facets",
        signal: "markup",
        label: "facets",
        source: "class words of a listing's filters",
        description: "1 where the node or an ancestor is named like a listing's filters (facets, refinements), else 0.",
    },
    ColumnSpec {
        key: "markup.bio",
        signal: "markup",
        label: "biography",
        source: "class words of an author's biography box",
        description: "1 where the node or an ancestor is named like an author's biography, else 0.",
    },
    ColumnSpec {
        key: "markup.signature",
        signal: "markup",
        label: "signature",
        source: "class words of forum software's post signatures",
        description: "1 where the node or an ancestor is named like a forum post's signature, else 0.",
    },
    ColumnSpec {
        key: "markup.widget",
        signal: "markup",
        label: "widget",
        source: "ARIA menu/menubar/listbox/tooltip, search",
        description: "1 where the node or an ancestor is a menu, a list box, a tooltip or the search landmark, else 0.",
    },
    ColumnSpec {
        key: "markup.dialog",
        signal: "markup",
        label: "dialog",
        source: "HTML <dialog>, ARIA dialog/alertdialog",
        description: "1 where the node or an ancestor is a dialog (a modal or popup layer), else 0.",
    },
];

/// The [`COLUMNS`] of distances, before `markup.consent` and the [`Named`]
/// families' columns.
const DISTANCE_COLUMNS: usize = KINDS.len();

/// Bits of [`name_kinds`]: which word lists a name word is on.
const FURNITURE: u16 = 1;
const CONTENT: u16 = 2;
const DISCUSSION: u16 = 4;
const META: u16 = 8;
const CONSENT: u16 = 16;
const COOKIE: u16 = 32;
const NOTICE: u16 = 64;
const PLATFORM: u16 = 128;
const SIGNATURE: u16 = 256;
const FACET: u16 = 512;
const BIO: u16 = 1024;
/// The bits of the [`Named`] families read from the class.
const CLASS_NAMED_BITS: u16 = FACET | BIO | SIGNATURE;
/// The [`Named`] families read from the role (and the tag): no word list's.
const WIDGET: u16 = 2048;
const DIALOG: u16 = 4096;

/// What name bits ([`name_kinds`]) say of a cookie consent dialog: 2 a
/// platform's, 1 named like one, 0 neither (`markup.consent`).
fn consent_kind(names: u16) -> u8 {
    if names & PLATFORM != 0 {
        2
    } else if names & CONSENT != 0 || (names & COOKIE != 0 && names & NOTICE != 0) {
        1
    } else {
        0
    }
}

/// What element `e`'s own class and id say of a cookie consent dialog
/// (2 a platform's, 1 named like one, 0 neither), without its ancestors'
/// names, which `markup.consent` adds.
pub fn consent_name(e: &crate::model::Element) -> u8 {
    consent_kind(element_kinds(e))
}

/// The [`Named`] families element `e` itself is of, given `names`, the
/// bits of its class and id words (the class is split again only when
/// those have a family's bit: rare), and `role`, its role trimmed and
/// lower-cased.
fn named_bits(e: &crate::model::Element, names: u16, role: &str) -> u16 {
    let class = if names & CLASS_NAMED_BITS == 0 { 0 } else { name_kinds(&e.class, "") & CLASS_NAMED_BITS };
    let widget = if WIDGET_ROLES.contains(&role) { WIDGET } else { 0 };
    let dialog = if e.tag == Tag::Dialog || role == "dialog" || role == "alertdialog" { DIALOG } else { 0 };
    class | widget | dialog
}

/// Whether element `e`'s class or id holds a word of the furniture,
/// content, discussion or meta lists: a name that says what its block is
/// (`pith-lab named`: hashed CSS-in-JS names never do).
pub fn names_tell(e: &crate::model::Element) -> bool {
    element_kinds(e) & (FURNITURE | CONTENT | DISCUSSION | META) != 0
}

/// [`name_kinds`] of element `e`'s class and id (0 without either).
fn element_kinds(e: &crate::model::Element) -> u16 {
    if e.class.is_empty() && e.id().is_empty() {
        0
    } else {
        name_kinds(&e.class, e.id())
    }
}

/// The word lists as one map, word → bits, built once. Looking each class
/// and id word up once, instead of scanning the four lists per word, took
/// the cue from 15 % of the core's time to 9 % over wcxb-dev (`pith-lab
/// signals wcxb-dev`, the two builds alternated twice, 2026-11-22):
/// utility class names give modern pages ten or twenty words per element.
/// Hashed with the vocabulary's FNV-1a: a sorted list searched by halves
/// saved almost nothing in the same comparison (14.5 % → 13.8 %). The map
/// adds 2.7 KB to the wasm.
pub(crate) type WordBits<K = &'static str> = std::collections::HashMap<K, u16, std::hash::BuildHasherDefault<crate::papers::keywords::Fnv1a>>;

/// [`WordBits`], built on first use.
fn word_bits() -> &'static WordBits {
    static WORDS: std::sync::OnceLock<WordBits> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let mut words = WordBits::default();
        for (list, bit) in [
            (FURNITURE_WORDS, FURNITURE),
            (CONTENT_WORDS, CONTENT),
            (DISCUSSION_WORDS, DISCUSSION),
            (META_WORDS, META),
            (CONSENT_WORDS, CONSENT),
            (CONSENT_PLATFORMS, PLATFORM),
            (COOKIE_WORDS, COOKIE),
            (COOKIE_NOTICE_WORDS, NOTICE),
            (SIGNATURE_WORDS, SIGNATURE),
            (FACET_WORDS, FACET),
            (BIO_WORDS, BIO),
        ] {
            for &w in list {
                *words.entry(w).or_insert(0) |= bit;
            }
        }
        words
    })
}

/// Which word lists any word of `class` and `id` is on (bits above).
fn name_kinds(class: &str, id: &str) -> u16 {
    let words = word_bits();
    let mut bits = 0;
    crate::text::each_name_token(class, id, |t| bits |= words.get(t).copied().unwrap_or(0));
    bits
}

/// Whether element `e` is of `kind`; `role` is its ARIA role, trimmed and
/// lower-cased once by the caller, and `names` the bits of its class and
/// id words ([`name_kinds`]), found once (all kinds are tested per element).
fn is_kind(e: &Element, kind: Kind, names: u16, role: &str) -> bool {
    match kind {
        Kind::Nav => e.tag == Tag::Nav || role == "navigation" || role == "menubar" || role == "menu",
        Kind::Header => e.tag == Tag::Header || role == "banner",
        Kind::Footer => e.tag == Tag::Footer || role == "contentinfo",
        Kind::Aside => e.tag == Tag::Aside || role == "complementary",
        Kind::Form => e.tag == Tag::Form || role == "search" || role == "form",
        Kind::Main => e.tag == Tag::Main || role == "main",
        Kind::Article => {
            e.tag == Tag::Article || role == "article" || e.itemprop().split_whitespace().any(|p| p == "articleBody")
        }
        Kind::Link => e.is_link(),
        Kind::List => matches!(e.tag, Tag::Ul | Tag::Ol | Tag::Dl | Tag::Menu),
        Kind::Table => e.tag == Tag::Table,
        Kind::Heading => e.tag.heading_level().is_some() || role == "heading",
        Kind::Control => {
            matches!(e.tag, Tag::Button | Tag::Label | Tag::Select | Tag::Option | Tag::Input | Tag::Textarea)
                || matches!(role, "button" | "tab" | "menuitem" | "option" | "switch" | "checkbox")
        }
        Kind::Furniture => names & FURNITURE != 0,
        Kind::ContentName => names & CONTENT != 0,
        Kind::Discussion => names & DISCUSSION != 0,
        Kind::Meta => names & META != 0,
        Kind::Code => matches!(e.tag, Tag::Pre | Tag::Code),
        Kind::Quote => matches!(e.tag, Tag::Blockquote | Tag::Q),
        Kind::Figure => matches!(e.tag, Tag::Figure | Tag::Figcaption | Tag::Caption),
    }
}

/// The kinds whose distances [`score`] works out in one pass over the
/// page: a byte each per node, in one `u64`. All 19 at once were 28 MB of
/// wasm memory on the 1,000,000-element bench page; one at a time, 1.5 MB
/// but 2.8 % more of the core's instructions over 60 wcxb-dev pages (19
/// passes); 8 at a time, 12 MB and three passes (`tests/eval/SPEED.md`,
/// 2026-11-30).
pub const DISTANCE_LANES: usize = 8;
const _: () = assert!(DISTANCE_LANES * 8 == u64::BITS as usize && MAX_DISTANCE < 0x7f);

/// A byte in every lane of a `u64`.
const LANE_ONES: u64 = 0x0101_0101_0101_0101;

/// Eight distances (a byte each, at most [`MAX_DISTANCE`]) one step down
/// the tree: 1 added to every lane, 13 brought back to 12, with no carry
/// between lanes (a lane's sum stays below 0x80).
fn step_down(d: u64) -> u64 {
    let x = d + LANE_ONES;
    x - (((x + LANE_ONES * (0x80 - (u64::from(MAX_DISTANCE) + 1))) & (LANE_ONES << 7)) >> 7)
}

/// Writes [`COLUMNS`] for every element, and for anonymous leaves their
/// parent's values.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let page = cx.page;
    let cols = table.add_all(COLUMNS);
    let n = page.nodes.len();
    let (cols, named_cols) = cols.split_at(DISTANCE_COLUMNS);
    let (consent_col, named_cols) = (named_cols[0], &named_cols[1..]);
    // Per element, bit k: it is of `KINDS[k]` itself. The distances are
    // then worked out [`DISTANCE_LANES`] kinds at a time.
    let mut is = vec![0u32; n];
    let mut consent = vec![0u8; n];
    // Per node, the Named families it or an ancestor is named by.
    let mut named = vec![0u16; n];
    let mut kinds_of_class: WordBits<&str> = WordBits::default();
    for id in 0..n {
        let Some(e) = page.element(id) else { continue };
        // Pages repeat their class names (utility classes, list items):
        // each distinct class of an element without an id is split once.
        let names = if e.id().is_empty() && !e.class.is_empty() {
            *kinds_of_class.entry(&*e.class).or_insert_with(|| element_kinds(e))
        } else {
            element_kinds(e)
        };
        let role = e.role().trim().to_ascii_lowercase();
        for (k, kind) in KINDS.iter().enumerate() {
            if is_kind(e, *kind, names, &role) {
                is[id] |= 1 << k;
            }
        }
        consent[id] = consent_kind(names).max(page.nodes[id].parent().map_or(0, |p| consent[p]));
        named[id] = named_bits(e, names, &role) | page.nodes[id].parent().map_or(0, |p| named[p]);
    }
    drop(kinds_of_class);
    // An anonymous leaf takes its parent's values (its own node's slots
    // are free: it is no element).
    let anonymous = || cx.seg.leaves.iter().filter(|l| !l.element);
    for leaf in anonymous() {
        (consent[leaf.id], named[leaf.id]) = (consent[leaf.parent], named[leaf.parent]);
    }
    // Column by column (`ScoreTable::set_each`): every element, then each
    // anonymous leaf.
    let ids: Vec<u32> = (0..n)
        .filter(|&id| page.element(id).is_some())
        .chain(anonymous().map(|l| l.id))
        .map(|id| id as u32)
        .collect();
    let elements = &ids[..ids.len() - anonymous().count()];
    // Each column compacted once written (`ScoreTable::compact`): on a
    // large page they are one value nearly everywhere.
    let row = |i: usize| ids[i] as usize;
    // Eight distances in a u64, a byte each (lane k: kind `first + k`).
    let far = LANE_ONES * MAX_DISTANCE as u64;
    let mut dist = vec![far; n];
    for (g, group) in cols.chunks(DISTANCE_LANES).enumerate() {
        let first = g * DISTANCE_LANES;
        for &id in elements {
            let id = id as usize;
            let mut d = page.nodes[id].parent().map_or(far, |p| step_down(dist[p]));
            let own = (is[id] >> first) & ((1 << DISTANCE_LANES) - 1);
            if own != 0 {
                for k in 0..DISTANCE_LANES {
                    if own & 1 << k != 0 {
                        d &= !(0xff << (8 * k));
                    }
                }
            }
            dist[id] = d;
        }
        for leaf in anonymous() {
            dist[leaf.id] = dist[leaf.parent];
        }
        for (k, &c) in group.iter().enumerate() {
            table.set_each(c, &ids, |i| f32::from((dist[row(i)] >> (8 * k)) as u8));
            table.compact();
        }
    }
    drop((dist, is));
    table.set_each(consent_col, &ids, |i| f32::from(consent[row(i)]));
    for (&c, &(_, bit)) in named_cols.iter().zip(NAMED.iter()) {
        table.compact();
        table.set_each(c, &ids, |i| if named[row(i)] & bit != 0 { 1.0 } else { 0.0 });
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Each lane steps as a saturating byte would, whatever its neighbours.
    #[test]
    fn eight_distances_step_down_as_bytes() {
        let far = MAX_DISTANCE as u8;
        for a in 0..=far {
            for b in 0..=far {
                let lanes: [u8; 8] = [a, b, far, 0, b, a, 1, far - 1];
                let stepped = step_down(u64::from_le_bytes(lanes)).to_le_bytes();
                assert_eq!(stepped, lanes.map(|x| (x + 1).min(far)), "{lanes:?}");
            }
        }
    }

    #[test]
    fn name_words_found_once_for_every_list() {
        let kinds = |class: &str, id: &str| name_kinds(class, id);
        assert_eq!(kinds("", ""), 0);
        assert_eq!(kinds("post-content sidebar", ""), CONTENT | FURNITURE);
        assert_eq!(kinds("commentList", "byline"), DISCUSSION | META);
        assert_eq!(kinds("flex items-center px-4", "x"), 0);
        // Every listed word is found, with the bits of every list it is on.
        for (list, bit) in [
            (FURNITURE_WORDS, FURNITURE),
            (CONTENT_WORDS, CONTENT),
            (DISCUSSION_WORDS, DISCUSSION),
            (META_WORDS, META),
            (SIGNATURE_WORDS, SIGNATURE),
            (FACET_WORDS, FACET),
            (BIO_WORDS, BIO),
        ] {
            for w in list {
                assert_ne!(kinds(w, "") & bit, 0, "{w}");
            }
        }
    }

    #[test]
    fn names_tell_what_a_block_is_unless_hashed_or_utilities() {
        let page = crate::html::parse_document(
            "<html><body><div class='site-footer'>a</div><div id='comments'>b</div>\
             <div class='css-1k2j3h'>c</div><div class='flex px-4'>d</div><div>e</div></body></html>",
            "u",
        )
        .unwrap();
        let tells: Vec<bool> = page.children(0).iter().map(|&id| names_tell(page.element(id).unwrap())).collect();
        assert_eq!(tells, [true, true, false, false, false]);
    }

    #[test]
    fn consent_dialogs_by_platform_and_by_name() {
        let kind = |class: &str, id: &str| consent_kind(name_kinds(class, id));
        assert_eq!(kind("", "onetrust-consent-sdk"), 2);
        assert_eq!(kind("", "CybotCookiebotDialog"), 2);
        assert_eq!(kind("cmplz-cookiebanner", ""), 2);
        assert_eq!(kind("cookie-notice", ""), 1);
        assert_eq!(kind("cookiesPopup", ""), 1);
        assert_eq!(kind("consent-banner", ""), 1);
        assert_eq!(kind("cookie-recipe", ""), 0);
        assert_eq!(kind("cookie-policy", ""), 0);
        assert_eq!(kind("footer", "main"), 0);
        // Inherited to the dialog's every node, and to its anonymous leaves.
        let html = "<html><body><p>Text</p><div id='didomi-host'><div><p>Purposes</p>Loose</div></div></body></html>";
        assert_eq!(column_at(html, "markup.consent", &["Text", "Purposes", "Loose"]), [0.0, 2.0, 2.0]);
    }

    #[test]
    fn named_families_columns_follow_consent_in_order() {
        let keys: Vec<&str> = COLUMNS[DISTANCE_COLUMNS + 1..=DISTANCE_COLUMNS + NAMED.len()].iter().map(|c| c.key).collect();
        assert_eq!(keys, NAMED.map(|(n, _)| n.key()));
        let html = "<html><body><p class='message-signature'>Sig</p><div class='facets'><p class='author-bio'>Both</p></div></body></html>";
        assert_eq!(column_at(html, "markup.signature", &["Sig", "Both"]), [1.0, 0.0]);
        assert_eq!(column_at(html, "markup.facets", &["Sig", "Both"]), [0.0, 1.0]);
        assert_eq!(column_at(html, "markup.bio", &["Sig", "Both"]), [0.0, 1.0]);
    }

    #[test]
    fn dialogs_by_tag_and_role_inherited() {
        let html = "<html><body><p>Page</p><div role='alertdialog'><p>Session ends soon</p></div><div role=' Dialog '><div><p>Sign in</p></div></div></body></html>";
        assert_eq!(column_at(html, "markup.dialog", &["Page", "Session ends soon", "Sign in"]), [0.0, 1.0, 1.0]);
    }

    /// Column `key`'s value at the leaves of `html` with these texts.
    fn column_at(html: &str, key: &str, texts: &[&str]) -> Vec<f32> {
        let (page, seg, t) = crate::cues::scored_html(html, score);
        let col = t.expect(key);
        texts.iter().map(|&text| t.get(col, seg.leaves.iter().find(|l| l.text(&page) == text).unwrap().id)).collect()
    }

    #[test]
    fn signatures_by_name_inherited() {
        let named = |class: &str, id: &str| name_kinds(class, id) & SIGNATURE != 0;
        assert!(named("signature", ""));
        assert!(named("message-signature", ""));
        assert!(named("ipsSignature", ""));
        assert!(!named("sig sig-object py", ""), "a documented function's signature is content");
        assert!(!named("signatures-collection", ""));
        let element = |class: &str, id: &str| {
            let page = crate::html::parse_document(&format!("<html><body><div class='{class}' id='{id}'>x</div></body></html>"), "http://127.0.0.1/").unwrap();
            let div = (0..page.nodes.len()).find(|&i| page.element(i).is_some_and(|e| e.name() == "div")).unwrap();
            Named::Signature.names(page.element(div).unwrap())
        };
        assert!(element("signature", ""));
        assert!(!element("", "PGP_signature"), "an id made of a heading's text");
        let html = "<html><body><div class='post'><p>My answer</p><div class='signature'><p>Sent from my phone</p>Loose</div></div></body></html>";
        assert_eq!(column_at(html, "markup.signature", &["My answer", "Sent from my phone", "Loose"]), [0.0, 1.0, 1.0]);
    }

    #[test]
    fn distances_to_landmarks_and_names() {
        let (page, seg, t) = crate::cues::scored_html(
            "<html><body><nav><ul><li><a href='/'>Home</a></li></ul></nav>\
             <div class='post-content'><p>Text</p></div></body></html>",
            score,
        );
        let nav = t.expect("markup.nav");
        let content = t.expect("markup.contentName");
        let home = seg.leaves.iter().find(|l| l.text(&page) == "Home").unwrap().id;
        let text = seg.leaves.iter().find(|l| l.text(&page) == "Text").unwrap().id;
        assert_eq!(t.get(nav, home), 2.0); // the li leaf → ul → nav
        assert_eq!(t.get(nav, text), MAX_DISTANCE as f32);
        assert_eq!(t.get(content, text), 1.0);
    }
}

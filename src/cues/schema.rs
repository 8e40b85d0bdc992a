//! Cue: what the page says it is. schema.org types in its JSON-LD, its
//! Open Graph `og:type`, and the words of its address's path. Written on
//! the root's row (node 0): they describe the page, not a node. The page
//! type classifier ([`crate::page_type`]) reads them with the structure.

use crate::json::{self, Value};

use crate::model::Page;
use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};

/// A family of schema.org types (schema.org's type hierarchy, grouped by
/// the page kind they announce) and of URL path words.
struct Family {
    key: &'static str,
    types: &'static [&'static str],
    og: &'static [&'static str],
    /// Words of the address's path or host labels.
    path_words: &'static [&'static str],
    /// Words of the title.
    title_words: &'static [&'static str],
}

const FAMILIES: &[Family] = &[
    Family {
        key: "article",
        types: &[
            "Article", "NewsArticle", "BlogPosting", "Blog", "Report", "ScholarlyArticle", "OpinionNewsArticle",
            "AnalysisNewsArticle", "ReviewNewsArticle", "LiveBlogPosting", "Review", "Recipe", "HowTo",
        ],
        og: &["article", "blog"],
        path_words: &["blog", "blogs", "news", "article", "articles", "post", "posts", "story", "stories", "insights", "magazine"],
        title_words: &["how", "why", "what", "guide", "tips", "ways", "vs", "review", "news", "blog", "story", "report", "opinion", "interview"],
    },
    Family {
        key: "product",
        types: &["Product", "ProductGroup", "IndividualProduct", "Offer", "AggregateOffer", "Vehicle", "SoftwareApplication", "Book"],
        og: &["product", "product.item", "og:product", "books.book"],
        path_words: &["product", "products", "item", "itm", "p", "dp", "shop", "store", "buy"],
        title_words: &["buy", "price", "sale", "shop", "review", "specs", "model", "edition", "pack", "size", "color", "colour"],
    },
    Family {
        key: "forum",
        types: &["DiscussionForumPosting", "QAPage", "Question", "Answer", "Comment", "SocialMediaPosting"],
        og: &[],
        path_words: &["forum", "forums", "community", "thread", "threads", "topic", "topics", "t", "questions", "discussion", "discussions", "answers", "viewtopic", "showthread", "r"],
        title_words: &["forum", "forums", "thread", "question", "questions", "answer", "answers", "discussion", "help", "issue", "problem", "error", "solved", "community"],
    },
    Family {
        key: "collection",
        types: &["CollectionPage", "ItemList", "OfferCatalog", "SearchResultsPage", "ProductCollection"],
        og: &[],
        path_words: &["collections", "collection", "category", "categories", "c", "catalog", "catalogue", "shop-all", "browse", "department"],
        title_words: &["shop", "collection", "collections", "category", "products", "sale", "men", "women", "kids", "accessories", "all"],
    },
    Family {
        key: "docs",
        types: &["TechArticle", "APIReference", "SoftwareSourceCode"],
        og: &[],
        path_words: &["docs", "doc", "documentation", "api", "reference", "manual", "guide", "guides", "tutorial", "tutorials", "learn", "developer", "developers", "sdk", "wiki", "help", "kb", "handbook"],
        title_words: &["documentation", "docs", "api", "reference", "guide", "manual", "tutorial", "introduction", "overview", "configuration", "install", "installation", "getting", "started", "sdk", "function", "class", "module", "syntax"],
    },
    Family {
        key: "service",
        types: &["Service", "FAQPage", "Organization", "LocalBusiness", "ProfessionalService", "Course", "EducationalOccupationalProgram", "Event", "MedicalClinic"],
        og: &["website", "business.business"],
        path_words: &["services", "service", "solutions", "pricing", "about", "contact", "features", "programs", "program", "plans", "support"],
        title_words: &["services", "service", "solutions", "pricing", "plans", "consulting", "agency", "company", "programs", "program", "contact", "about", "home", "welcome", "official"],
    },
    Family {
        key: "listing",
        types: &["ItemList", "ListItem", "JobPosting", "Event", "Course"],
        og: &[],
        path_words: &["list", "lists", "listings", "jobs", "events", "courses", "directory", "search", "results", "tag", "tags", "archive", "page"],
        title_words: &["list", "lists", "top", "best", "directory", "events", "jobs", "courses", "archive", "latest", "all", "results", "category"],
    },
];

/// Columns on the root row: per family, 1 where the page announces it (a
/// JSON-LD type, or og:type), 1 where its path or host has one of the
/// family's words, 1 where its title does; and facts of the address
/// itself.
pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec { key: "schema.article", signal: "schema", label: "article type", source: "schema.org JSON-LD @type, og:type", description: "1 where the page declares an article type (Article, NewsArticle, BlogPosting, …)." },
    ColumnSpec { key: "schema.product", signal: "schema", label: "product type", source: "schema.org JSON-LD @type, og:type", description: "1 where the page declares a product (Product, Offer, …)." },
    ColumnSpec { key: "schema.forum", signal: "schema", label: "forum type", source: "schema.org JSON-LD @type", description: "1 where the page declares a discussion (DiscussionForumPosting, QAPage, …)." },
    ColumnSpec { key: "schema.collection", signal: "schema", label: "collection type", source: "schema.org JSON-LD @type", description: "1 where the page declares a collection (CollectionPage, ItemList, …)." },
    ColumnSpec { key: "schema.docs", signal: "schema", label: "docs type", source: "schema.org JSON-LD @type", description: "1 where the page declares technical documentation (TechArticle, APIReference)." },
    ColumnSpec { key: "schema.service", signal: "schema", label: "service type", source: "schema.org JSON-LD @type, og:type website", description: "1 where the page declares a service, organisation, course, FAQ page or plain website." },
    ColumnSpec { key: "schema.listing", signal: "schema", label: "listing type", source: "schema.org JSON-LD @type", description: "1 where the page declares a list of items, jobs or events." },
    ColumnSpec { key: "schema.urlArticle", signal: "schema", label: "URL: article", source: "address path words", description: "1 where the address's path has an article word (blog, news, post, …)." },
    ColumnSpec { key: "schema.urlProduct", signal: "schema", label: "URL: product", source: "address path words", description: "1 where the address's path has a product word (product, item, shop, …)." },
    ColumnSpec { key: "schema.urlForum", signal: "schema", label: "URL: forum", source: "address path words", description: "1 where the address's path has a forum word (forum, thread, topic, questions, …)." },
    ColumnSpec { key: "schema.urlCollection", signal: "schema", label: "URL: collection", source: "address path words", description: "1 where the address's path has a collection word (collections, category, …)." },
    ColumnSpec { key: "schema.urlDocs", signal: "schema", label: "URL: docs", source: "address path words", description: "1 where the address's path has a documentation word (docs, api, reference, guide, …)." },
    ColumnSpec { key: "schema.urlService", signal: "schema", label: "URL: service", source: "address path words", description: "1 where the address's path has a service word (services, pricing, about, …)." },
    ColumnSpec { key: "schema.urlListing", signal: "schema", label: "URL: listing", source: "address path words", description: "1 where the address's path has a listing word (jobs, events, tag, archive, …)." },
    ColumnSpec { key: "schema.titleArticle", signal: "schema", label: "title: article", source: "title words", description: "1 where the title has an article word (how, why, guide, review, …)." },
    ColumnSpec { key: "schema.titleProduct", signal: "schema", label: "title: product", source: "title words", description: "1 where the title has a product word (buy, price, sale, …)." },
    ColumnSpec { key: "schema.titleForum", signal: "schema", label: "title: forum", source: "title words", description: "1 where the title has a forum word (forum, question, solved, …)." },
    ColumnSpec { key: "schema.titleCollection", signal: "schema", label: "title: collection", source: "title words", description: "1 where the title has a collection word (shop, category, collection, …)." },
    ColumnSpec { key: "schema.titleDocs", signal: "schema", label: "title: docs", source: "title words", description: "1 where the title has a documentation word (documentation, api, reference, …)." },
    ColumnSpec { key: "schema.titleService", signal: "schema", label: "title: service", source: "title words", description: "1 where the title has a service word (services, pricing, consulting, …)." },
    ColumnSpec { key: "schema.titleListing", signal: "schema", label: "title: listing", source: "title words", description: "1 where the title has a listing word (list, top, best, directory, …)." },
    ColumnSpec { key: "schema.urlDepth", signal: "schema", label: "URL depth", source: "address path", description: "Number of non-empty segments in the address's path (0 for a home page)." },
    ColumnSpec { key: "schema.urlDate", signal: "schema", label: "URL date", source: "address path", description: "1 where the path holds a year (19xx/20xx) as a segment or segment prefix, as dated posts do." },
    ColumnSpec { key: "schema.urlSlug", signal: "schema", label: "URL slug words", source: "address path", description: "Words of the path's last segment split at '-' and '_' (a post's or product's slug has many; a section's one or two)." },
    ColumnSpec { key: "schema.urlId", signal: "schema", label: "URL id", source: "address path", description: "1 where a path segment holds a run of at least four digits that is not a year prefix (a thread's, item's or post's id)." },
    ColumnSpec { key: "schema.urlQuery", signal: "schema", label: "URL query", source: "address query", description: "Number of parameters in the address's query (filters and sorting of category and search pages)." },
    ColumnSpec { key: "schema.jsonLd", signal: "schema", label: "JSON-LD", source: "script type=application/ld+json", description: "Number of JSON-LD blocks." },
];

/// Every `@type` in the page's JSON-LD (nested objects and `@graph`s too).
pub fn json_ld_types(page: &Page) -> Vec<String> {
    let mut out = Vec::new();
    for src in &page.json_ld {
        let src = src.trim().trim_start_matches("<![CDATA[").trim_end_matches("]]>");
        let Ok(v) = json::parse(src) else { continue };
        let mut stack = vec![&v];
        while let Some(v) = stack.pop() {
            match v {
                Value::Array(items) => stack.extend(items.iter()),
                Value::Object(o) => {
                    match v.get("@type") {
                        Some(Value::String(t)) => out.push(t.clone()),
                        Some(Value::Array(ts)) => out.extend(ts.iter().filter_map(|t| t.as_str().map(String::from))),
                        _ => {}
                    }
                    stack.extend(o.iter().map(|(_, x)| x).filter(|x| x.is_object() || x.is_array()));
                }
                _ => {}
            }
        }
    }
    out
}

/// The lower-cased segments of the address's path (none for an address
/// without an authority, such as `about:blank`).
pub(crate) fn path_segments(url: &str) -> Vec<String> {
    let path = crate::url::split(url).filter(|p| p.authority.is_some()).map_or("", |p| p.path);
    path.split('/').filter(|s| !s.is_empty()).map(|s| s.to_ascii_lowercase()).collect()
}

/// Whether a path segment holds a run of at least [`ID_MIN_DIGITS`] digits
/// other than a year (`2024-05-…` or `best-laptops-2024` dates a post;
/// `1145952` or `p470507` names a record).
fn has_id_digits(segment: &str) -> bool {
    let b = segment.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let run = &b[start..i];
            let year = run.len() == 4 && (run.starts_with(b"19") || run.starts_with(b"20"));
            if run.len() >= ID_MIN_DIGITS && !year {
                return true;
            }
        } else {
            i += 1;
        }
    }
    false
}

/// Digits in a run that make an id: four, so that years (handled apart),
/// sizes and version numbers (`v2`, `480`) do not count. Chosen by hand.
const ID_MIN_DIGITS: usize = 4;

/// Parameters in the address's query (`?a=1&b=2` has two).
fn query_parameters(url: &str) -> usize {
    let query = crate::url::split(url).and_then(|p| p.query).unwrap_or("");
    query.split('&').filter(|p| !p.is_empty()).count()
}

/// The lower-cased labels of the address's host before its last two
/// (`docs` of `docs.example.com`, `community` of `community.example.org`).
pub(crate) fn host_labels(url: &str) -> Vec<String> {
    let host = crate::url::host(url);
    let labels: Vec<&str> = host.split('.').collect();
    labels[..labels.len().saturating_sub(2)].iter().filter(|l| **l != "www").map(|l| l.to_string()).collect()
}

/// The lower-cased words of a title.
fn title_words(title: &str) -> Vec<String> {
    title.split(|c: char| !crate::text::is_word_char(c)).filter(|w| !w.is_empty()).map(crate::text::lower).collect()
}

/// Writes [`COLUMNS`] on row 0.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let page = cx.page;
    let c = table.add_all(COLUMNS);
    if page.nodes.is_empty() {
        return;
    }
    let types = json_ld_types(page);
    let og = page.meta_content(&["og:type"]).unwrap_or("").to_ascii_lowercase();
    let segments = path_segments(&page.url);
    let hosts = host_labels(&page.url);
    let words: Vec<&str> = segments.iter().chain(&hosts).flat_map(|s| s.split(['-', '_', '.'])).collect();
    let title = page.meta_content(&["og:title"]).map(str::to_string).unwrap_or_else(|| page.doc_title.clone());
    let titled = title_words(&title);
    for (i, f) in FAMILIES.iter().enumerate() {
        let declared = types.iter().any(|t| f.types.contains(&t.as_str())) || f.og.contains(&og.as_str());
        table.set(c[i], 0, if declared { 1.0 } else { 0.0 });
        // Single-letter words ("p", "t", "c", "r") only count as a whole segment.
        let in_path = segments.iter().any(|s| f.path_words.contains(&s.as_str()))
            || words.iter().any(|w| w.len() > 1 && f.path_words.contains(w));
        table.set(c[FAMILIES.len() + i], 0, if in_path { 1.0 } else { 0.0 });
        let in_title = titled.iter().any(|w| f.title_words.contains(&w.as_str()));
        table.set(c[2 * FAMILIES.len() + i], 0, if in_title { 1.0 } else { 0.0 });
        debug_assert_eq!(COLUMNS[i].key, format!("schema.{}", f.key));
    }
    let n = 3 * FAMILIES.len();
    table.set(c[n], 0, segments.len() as f32);
    let dated = segments.iter().any(|s| {
        let b = s.as_bytes();
        b.len() >= 4 && (b.starts_with(b"19") || b.starts_with(b"20")) && b[..4].iter().all(u8::is_ascii_digit)
            && (b.len() == 4 || !b[4].is_ascii_digit())
    });
    table.set(c[n + 1], 0, if dated { 1.0 } else { 0.0 });
    let slug = segments.last().map_or(0, |s| s.split(['-', '_']).filter(|w| !w.is_empty()).count());
    table.set(c[n + 2], 0, slug as f32);
    let id = segments.iter().any(|s| has_id_digits(s));
    table.set(c[n + 3], 0, if id { 1.0 } else { 0.0 });
    table.set(c[n + 4], 0, query_parameters(&page.url) as f32);
    table.set(c[n + 5], 0, page.json_ld.len() as f32);
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::html::parse_document;

    #[test]
    fn types_og_and_path_words() {
        let page = parse_document(
            r#"<html><head><meta property="og:type" content="product">
            <script type="application/ld+json">{"@graph":[{"@type":"BreadcrumbList"},{"@type":["Product"],"offers":{"@type":"Offer"}}]}</script>
            </head><body><p>x</p></body></html>"#,
            "https://shop.example/en/products/blue-widget-2024?x=1",
        )
        .unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        let mut t = ScoreTable::new(page.nodes.len());
        score(&cx, &mut t);
        let v = |k: &str| t.get(t.expect(k), 0);
        assert_eq!(v("schema.product"), 1.0);
        assert_eq!(v("schema.article"), 0.0);
        assert_eq!(v("schema.urlProduct"), 1.0);
        assert_eq!(v("schema.urlDepth"), 3.0);
        assert_eq!(v("schema.urlDate"), 0.0);
        assert_eq!(v("schema.urlSlug"), 3.0, "blue, widget, 2024");
        assert_eq!(v("schema.urlId"), 0.0, "2024 is a year");
        assert!(has_id_digits("1145952") && has_id_digits("p470507") && !has_id_digits("v2") && !has_id_digits("1999"));
        assert_eq!(v("schema.urlQuery"), 1.0);
        assert!(json_ld_types(&page).contains(&"Offer".to_string()));
    }
}

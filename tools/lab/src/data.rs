//! Data sets and their facts dumps: `DATASETS/<set>/ground-truth.json` and
//! `eval-out/facts/<set>/<id>.json.gz` (written by `./build.sh facts`).

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Deserialize;

use pith::{Page, PageFacts};

/// One page's ground truth (only what the lab reads).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Truth {
    pub article_body: Option<String>,
    pub page_type: Option<String>,
    pub url: Option<String>,
    pub title: Option<String>,
    pub byline: Option<String>,
    pub published_time: Option<String>,
    pub readerable: Option<bool>,
    pub with: Vec<String>,
    pub without: Vec<String>,
}

/// A data set.
pub struct DataSet {
    pub name: String,
    pub truth: BTreeMap<String, Truth>,
    pub facts_dir: PathBuf,
}

impl DataSet {
    pub fn load(datasets: &Path, facts_root: &Path, name: &str) -> Result<DataSet, String> {
        let gt = datasets.join(name).join("ground-truth.json");
        let text = std::fs::read_to_string(&gt).map_err(|e| format!("{}: {e}", gt.display()))?;
        let truth: BTreeMap<String, Truth> =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", gt.display()))?;
        Ok(DataSet { name: name.to_string(), truth, facts_dir: facts_root.join(name) })
    }

    /// The page's facts, if dumped, with the page's own address: the
    /// harness loads a page at its ground-truth URL (`tests/eval/pages.mjs`,
    /// `pageAddress`), but dumps made before it did hold the local server's
    /// address, so the address is set here the same way.
    pub fn facts(&self, id: &str) -> Option<PageFacts> {
        let json = read_text(&self.facts_dir.join(format!("{id}.json.gz"))).ok()?;
        let mut facts: PageFacts = serde_json::from_str(&json).ok()?;
        if let Some(url) = self.truth.get(id).and_then(|t| t.url.as_deref()).and_then(page_address) {
            facts.url = url;
        }
        if let Ok(share) = std::env::var("LAB_HASH_NAMES") {
            let share: f64 = share.parse().unwrap_or(1.0);
            // Pages chosen by a hash of their id: `share` of them.
            let pick = (fnv(&format!("hash:{id}")) % 1000) as f64 / 1000.0;
            if pick < share {
                hash_names(&mut facts);
            }
        }
        Some(facts)
    }

    pub fn page(&self, id: &str) -> Option<Page> {
        Page::from_facts(self.facts(id)?).ok()
    }

    /// The group a page belongs to for fold splits: its registrable domain
    /// where the truth has a real URL, else its id without a trailing
    /// number (ids such as `site-2` or `site.example_news_07`).
    pub fn group(&self, id: &str) -> String {
        let host = self.truth[id]
            .url
            .as_deref()
            .and_then(|u| u.split("://").nth(1))
            .map(|rest| rest.split(['/', '?', '#', ':']).next().unwrap_or("").to_ascii_lowercase())
            .unwrap_or_default();
        if !host.is_empty() && host != "fakehost" {
            return registrable(&host);
        }
        id.trim_end_matches(|c: char| c.is_ascii_digit()).trim_end_matches(['-', '_']).to_string()
    }

    /// The fold (0..k) of a page: a stable hash of its group.
    pub fn fold(&self, id: &str, k: u64) -> u64 {
        fnv(&self.group(id)) % k
    }
}

/// The address the harness loads a page at: its ground-truth URL without
/// the fragment, where that is an http(s) URL (as `pageAddress` in
/// `tests/eval/pages.mjs`).
pub fn page_address(url: &str) -> Option<String> {
    let url = url.trim();
    let url = url.split('#').next().unwrap_or("");
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"))?;
    let host = rest.split(['/', '?']).next().unwrap_or("");
    if host.is_empty() {
        return None;
    }
    // A bare origin gets the root path, as the browser's URL does.
    Some(if rest.len() == host.len() { format!("{url}/") } else { url.to_string() })
}

/// `www.news.example.co.uk` → `example.co.uk`: the last two labels, three
/// where the second-level label is a generic one under a country code.
pub fn registrable(host: &str) -> String {
    let labels: Vec<&str> = host.trim_start_matches("www.").split('.').collect();
    let n = labels.len();
    if n <= 2 {
        return labels.join(".");
    }
    let generic = ["co", "com", "org", "net", "ac", "gov", "edu", "or", "ne", "go"];
    let take = if labels[n - 1].len() == 2 && generic.contains(&labels[n - 2]) { 3 } else { 2 };
    labels[n - take..].join(".")
}

pub fn fnv(s: &str) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

/// Runs `f` over `items` on all cores, keeping the order of results.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = AtomicUsize::new(0);
    let mut out: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    let results: Vec<Vec<(usize, R)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= items.len() {
                            break;
                        }
                        mine.push((i, f(&items[i])));
                    }
                    mine
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("worker")).collect()
    });
    for part in results {
        for (i, r) in part {
            out[i] = Some(r);
        }
    }
    out.into_iter().map(|r| r.expect("every item")).collect()
}

/// A text file, gunzipped when its name ends in `.gz` (dumped facts).
pub fn read_text(path: &Path) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut text = String::new();
    let read = if path.extension().is_some_and(|x| x == "gz") {
        flate2::read::GzDecoder::new(file).read_to_string(&mut text)
    } else {
        std::io::BufReader::new(file).read_to_string(&mut text)
    };
    read.map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text)
}

/// A page from a file: dumped facts (`.json` or `.json.gz`, as
/// `eval-out/facts/` holds them) or HTML, parsed natively at `html_url`.
pub fn page_from_file(path: &Path, html_url: &str) -> Result<Page, String> {
    let text = read_text(path)?;
    let name = path.to_string_lossy();
    if name.ends_with(".json") || name.ends_with(".json.gz") {
        let facts = PageFacts::from_json(&text).map_err(|e| e.to_string())?;
        Page::from_facts(facts).map_err(|e| e.to_string())
    } else {
        pith::html::parse_document(&text, html_url).map_err(|e| e.to_string())
    }
}

/// Class and id names as CSS-in-JS and CSS-module builds ship them: every
/// name a short hash ("css-1k2j3h"), so no name says what a block is. The
/// screen-reader classes keep their names (utility frameworks keep them).
pub fn hash_names(facts: &mut pith::model::PageFacts) {
    let hashed = |names: &str| -> String {
        names
            .split_ascii_whitespace()
            .map(|n| if pith::model::screen_reader_only(n) { n.to_string() } else { format!("css-{:x}", fnv(n) & 0xff_ffff) })
            .collect::<Vec<_>>()
            .join(" ")
    };
    for n in &mut facts.nodes {
        if !n.class.is_empty() {
            n.class = hashed(&n.class);
        }
        if !n.id.is_empty() {
            n.id = hashed(&n.id);
        }
    }
}

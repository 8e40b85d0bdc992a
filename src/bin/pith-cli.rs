//! `pith-cli`: the core on parsed HTML, from the command line.
//!
//! ```text
//! pith-cli extract PAGE.html [URL]   print the Extraction as JSON
//! pith-cli text PAGE.html [URL]   print the article's title and text
//! pith-cli facts FACTS.json       print the Extraction of dumped PageFacts
//!                                 (a browser walk's, e.g. `./build.sh facts`)
//! ```
//! Parsed HTML has no layout: widths come from attributes and inline styles
//! only, so results can differ from the extension's on the live page. Facts
//! dumped from a browser carry its layout.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use std::process::exit;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cmd, path) = match (args.first(), args.get(1)) {
        (Some(c), Some(p)) => (c.as_str(), p.as_str()),
        _ => {
            eprintln!("usage: pith-cli (extract|text) PAGE.html [URL] | pith-cli facts FACTS.json");
            exit(2);
        }
    };
    let url = args.get(2).map(String::as_str).unwrap_or("");
    let input = match std::fs::read_to_string(path) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("pith: {path}: {e}");
            exit(1);
        }
    };
    let page = if cmd == "facts" {
        pith::model::Page::from_json(&input)
    } else {
        pith::html::parse_document(&input, url)
    };
    let result = page.and_then(|page| pith::extract(&page, &pith::Options::default()));
    match (cmd, result) {
        ("extract" | "facts", Ok(out)) => println!("{}", serde_json::to_string_pretty(&out).expect("serialisable")),
        ("text", Ok(out)) => println!("{}\n\n{}", out.title, out.text),
        (_, Err(e)) => {
            eprintln!("{e}");
            exit(1);
        }
        (other, _) => {
            eprintln!("pith: unknown command {other}");
            exit(2);
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

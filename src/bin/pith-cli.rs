//! `pith-cli`: the core on parsed HTML, from the command line.
//!
//! ```text
//! pith-cli extract PAGE.html [URL]   print the Extraction as JSON
//! pith-cli text PAGE.html [URL]   print the article's title and text
//! ```
//! Parsed HTML has no layout: widths come from attributes and inline styles
//! only, so results can differ from the extension's on the live page.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use std::process::exit;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cmd, path) = match (args.first(), args.get(1)) {
        (Some(c), Some(p)) => (c.as_str(), p.as_str()),
        _ => {
            eprintln!("usage: pith-cli (extract|text) PAGE.html [URL]");
            exit(2);
        }
    };
    let url = args.get(2).map(String::as_str).unwrap_or("");
    let html = match std::fs::read_to_string(path) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("pith: {path}: {e}");
            exit(1);
        }
    };
    let result = pith::html::parse_document(&html, url)
        .and_then(|page| pith::extract(&page, &pith::Options::default()));
    match (cmd, result) {
        ("extract", Ok(out)) => println!("{}", serde_json::to_string_pretty(&out).expect("serialisable")),
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

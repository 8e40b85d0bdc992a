//! `PageFacts::from_json` and `Page::from_json` (the core's own JSON
//! reader, used in the wasm build) against serde_json, and the packed
//! facts (`src/model/packed.rs`) packed and read back, on every facts dump the evaluation wrote for
//! the readability set (`./build.sh eval` →
//! `eval-out/facts/readability/*.json.gz`; the other sets' 1,500 dumps
//! agree too but take minutes in a debug build). Skipped when
//! there are none, or no `gzip` to read them (no decompressor in the
//! crate's dependencies); `src/model/facts.rs` checks a committed dump.

#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;
use std::process::Command;

use pith::{Page, PageFacts};

#[test]
fn from_json_decodes_every_eval_dump_as_serde_does() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("eval-out/facts/readability");
    let Ok(files) = std::fs::read_dir(&dir) else {
        eprintln!("skipped: no {}", dir.display());
        return;
    };
    let mut dumps: Vec<_> =
        files.flatten().map(|f| f.path()).filter(|p| p.to_string_lossy().ends_with(".json.gz")).collect();
    dumps.sort();
    let mut checked = 0;
    for path in &dumps {
        let Ok(out) = Command::new("gzip").arg("-dc").arg(path).output() else {
            eprintln!("skipped: no gzip");
            return;
        };
        let Ok(json) = String::from_utf8(out.stdout) else { panic!("{}: not UTF-8", path.display()) };
        assert!(out.status.success(), "{}: gzip failed", path.display());
        let ours = PageFacts::from_json(&json);
        let serde = serde_json::from_str::<PageFacts>(&json);
        let (ours, serde) = match (ours, serde) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => panic!("{}: from_json {:?}, serde {:?}", path.display(), a.err(), b.err()),
        };
        assert_eq!(format!("{ours:?}"), format!("{serde:?}"), "{}", path.display());
        let (a, b) = (Page::from_facts(ours), Page::from_facts(serde));
        assert_eq!(format!("{a:?}"), format!("{b:?}"), "{}: pages differ", path.display());
        // The page built as the text is read (the wasm's path) is the same.
        let streamed = Page::from_json(&json);
        assert_eq!(format!("{streamed:?}"), format!("{b:?}"), "{}: Page::from_json differs", path.display());
        // Packed (the JS walker's form for the background): the same facts
        // back, and the same page built from them.
        let facts = serde_json::from_str::<PageFacts>(&json).unwrap();
        let packed = facts.to_packed();
        let unpacked = PageFacts::from_packed(&packed.strings, &packed.numbers).unwrap();
        assert_eq!(format!("{unpacked:?}"), format!("{facts:?}"), "{}: packed facts differ", path.display());
        let from_packed = Page::from_packed(&packed.strings, &packed.numbers);
        assert_eq!(format!("{from_packed:?}"), format!("{b:?}"), "{}: Page::from_packed differs", path.display());
        checked += 1;
    }
    eprintln!("{checked} dumps decoded alike");
}

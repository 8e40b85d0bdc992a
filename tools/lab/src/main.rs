//! `pith-lab`: the core, natively, over PageFacts dumped from the live
//! browser (`./build.sh facts DATASET_DIR`), scored as the harness scores
//! it, and the training of the decision.
//!
//! ```text
//! cargo run --profile lab -p pith-lab -- eval [SET…] [--limit N] [--ids a,b] [--out DIR]
//! ```
//! SET is a data set name under the datasets folder (`PITH_DATASETS`, default
//! ../shared/datasets); facts are read from `eval-out/facts/<set>/`.

mod data;
mod gbdt;
mod labels;
mod score;
mod train;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use data::{par_map, DataSet};
use pith::extract::{extract, Options};

struct Args {
    cmd: String,
    folds: u64,
    write: bool,
    params: gbdt::Params,
    threshold: f32,
    sets: Vec<String>,
    limit: usize,
    ids: Option<Vec<String>>,
    out: PathBuf,
    datasets: PathBuf,
    facts: PathBuf,
}

fn parse_args() -> Args {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut a = Args {
        cmd: String::new(),
        folds: 5,
        write: false,
        params: gbdt::Params::default(),
        threshold: 0.5,
        sets: Vec::new(),
        limit: usize::MAX,
        ids: None,
        out: root.join("eval-out/lab"),
        datasets: std::env::var_os("PITH_DATASETS")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("../shared/datasets")),
        facts: root.join("eval-out/facts"),
    };
    let mut it = std::env::args().skip(1);
    while let Some(x) = it.next() {
        match x.as_str() {
            "--limit" => a.limit = it.next().and_then(|v| v.parse().ok()).unwrap_or(usize::MAX),
            "--ids" => a.ids = it.next().map(|v| v.split(',').map(String::from).collect()),
            "--out" => a.out = it.next().map(PathBuf::from).unwrap_or(a.out),
            "--facts" => a.facts = it.next().map(PathBuf::from).unwrap_or(a.facts),
            "--folds" => a.folds = it.next().and_then(|v| v.parse().ok()).unwrap_or(5),
            "--write" => a.write = true,
            "--trees" => a.params.trees = it.next().and_then(|v| v.parse().ok()).unwrap_or(a.params.trees),
            "--depth" => a.params.depth = it.next().and_then(|v| v.parse().ok()).unwrap_or(a.params.depth),
            "--lr" => a.params.learning_rate = it.next().and_then(|v| v.parse().ok()).unwrap_or(a.params.learning_rate),
            "--threshold" => a.threshold = it.next().and_then(|v| v.parse().ok()).unwrap_or(0.5),
            _ if a.cmd.is_empty() => a.cmd = x,
            _ => a.sets.push(x),
        }
    }
    if a.sets.is_empty() {
        a.sets = vec!["readability".into(), "cleanportaleval".into(), "wcxb-dev".into()];
    }
    a
}

fn main() {
    let a = parse_args();
    match a.cmd.as_str() {
        "eval" => {
            for set in &a.sets {
                match DataSet::load(&a.datasets, &a.facts, set) {
                    Ok(ds) => eval(&a, &ds),
                    Err(e) => eprintln!("{e}"),
                }
            }
        }
        "leaves" => {
            // Debug: one page's leaves with their label shares.
            let ds = DataSet::load(&a.datasets, &a.facts, &a.sets[0]).expect("set");
            for id in a.ids.iter().flatten() {
                let page = ds.page(id).expect("facts");
                let seg = pith::segment::segment(&page);
                let texts: Vec<&str> = seg.leaves.iter().map(|l| l.text.as_str()).collect();
                let shares = labels::leaf_shares(&texts, ds.truth[id].article_body.as_deref().unwrap_or(""));
                for (l, s) in seg.leaves.iter().zip(shares) {
                    let name = page.element(l.holder()).map(|e| e.name.as_str()).unwrap_or("?");
                    let t: String = l.text.chars().take(90).collect();
                    println!("{:5} {:>4} {:.2} {}{} {:?}", l.id, name, s, if l.hidden { "H" } else { " " }, if l.element { " " } else { "a" }, t);
                }
            }
        }
        "train" => {
            let sets: Vec<DataSet> =
                a.sets.iter().filter_map(|s| DataSet::load(&a.datasets, &a.facts, s).map_err(|e| eprintln!("{e}")).ok()).collect();
            train_cmd(&a, &sets);
        }
        "oracle" => {
            for set in &a.sets {
                match DataSet::load(&a.datasets, &a.facts, set) {
                    Ok(ds) => oracle(&a, &ds),
                    Err(e) => eprintln!("{e}"),
                }
            }
        }
        _ => {
            eprintln!("usage: pith-lab (eval|oracle) [SET…] [--limit N] [--ids a,b]");
            std::process::exit(2);
        }
    }
}

/// One page's result.
#[derive(serde::Serialize)]
struct PageResult {
    id: String,
    label: Option<String>,
    predicted: String,
    word: f64,
    precision: f64,
    recall: f64,
    #[serde(skip)]
    shingle: score::ShingleCounts,
    with: Option<f64>,
    without: Option<f64>,
    ms: f64,
}

fn eval(a: &Args, ds: &DataSet) {
    let mut ids: Vec<&String> = ds.truth.keys().collect();
    if let Some(only) = &a.ids {
        ids.retain(|id| only.contains(id));
    }
    ids.truncate(a.limit);
    let started = Instant::now();
    let results: Vec<Option<PageResult>> = par_map(&ids, |id| {
        let truth = &ds.truth[id.as_str()];
        let body = truth.article_body.as_deref()?;
        let page = ds.page(id)?;
        let t0 = Instant::now();
        let out = extract(&page, &Options { scores: false }).ok()?;
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        let w = score::word_score(body, &out.text);
        Some(PageResult {
            id: id.to_string(),
            label: truth.page_type.clone(),
            predicted: serde_json::to_value(out.page_type.kind).ok()?.as_str()?.to_string(),
            word: w.f1,
            precision: w.precision,
            recall: w.recall,
            shingle: score::shingle_counts(body, &out.text),
            with: score::snippet_rate(&truth.with, &out.text),
            without: score::snippet_rate(&truth.without, &out.text),
            ms,
        })
    });
    let missing = results.iter().filter(|r| r.is_none()).count();
    let results: Vec<PageResult> = results.into_iter().flatten().collect();
    report(ds, &results, missing, started.elapsed().as_secs_f64());
    let _ = std::fs::create_dir_all(&a.out);
    let path = a.out.join(format!("{}.json", ds.name));
    let _ = std::fs::write(&path, serde_json::to_string_pretty(&results).unwrap_or_default());
}

fn mean(v: impl Iterator<Item = f64>) -> f64 {
    let (s, n) = v.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
    if n == 0 {
        f64::NAN
    } else {
        s / n as f64
    }
}

fn report(ds: &DataSet, results: &[PageResult], missing: usize, secs: f64) {
    let (sp, sr, sf) = score::shingle_f1(&results.iter().map(|r| r.shingle).collect::<Vec<_>>());
    let mut ms: Vec<f64> = results.iter().map(|r| r.ms).collect();
    ms.sort_by(|x, y| x.total_cmp(y));
    let med = ms.get(ms.len() / 2).copied().unwrap_or(f64::NAN);
    println!(
        "\n## {} ({} pages, {} without facts, {:.1} s; extract median {:.2} ms)",
        ds.name,
        results.len(),
        missing,
        secs,
        med
    );
    println!(
        "word F1 {:.3} (P {:.3} R {:.3}) | shingle F1 {:.3} (P {:.3} R {:.3}) | with {:.3} without {:.3}",
        mean(results.iter().map(|r| r.word)),
        mean(results.iter().map(|r| r.precision)),
        mean(results.iter().map(|r| r.recall)),
        sf,
        sp,
        sr,
        mean(results.iter().filter_map(|r| r.with)),
        mean(results.iter().filter_map(|r| r.without)),
    );
    let mut by_type: BTreeMap<&str, Vec<&PageResult>> = BTreeMap::new();
    for r in results {
        if let Some(l) = &r.label {
            by_type.entry(l.as_str()).or_default().push(r);
        }
    }
    if by_type.is_empty() {
        return;
    }
    println!("| type | n | word F1 | P | R | type acc |");
    println!("|---|---|---|---|---|---|");
    for (t, rs) in &by_type {
        println!(
            "| {t} | {} | {:.3} | {:.3} | {:.3} | {:.2} |",
            rs.len(),
            mean(rs.iter().map(|r| r.word)),
            mean(rs.iter().map(|r| r.precision)),
            mean(rs.iter().map(|r| r.recall)),
            mean(rs.iter().map(|r| if r.predicted == *t { 1.0 } else { 0.0 })),
        );
    }
    let acc = mean(results.iter().filter(|r| r.label.is_some()).map(|r| {
        if r.label.as_deref() == Some(r.predicted.as_str()) {
            1.0
        } else {
            0.0
        }
    }));
    println!("page type accuracy {acc:.3}");
}

/// The best a leaf-level decision can do: every leaf the labels call
/// content, and nothing else.
fn oracle(a: &Args, ds: &DataSet) {
    let mut ids: Vec<&String> = ds.truth.keys().collect();
    if let Some(only) = &a.ids {
        ids.retain(|id| only.contains(id));
    }
    ids.truncate(a.limit);
    let started = Instant::now();
    let results: Vec<Option<PageResult>> = par_map(&ids, |id| {
        let truth = &ds.truth[id.as_str()];
        let body = truth.article_body.as_deref()?;
        let page = ds.page(id)?;
        let seg = pith::segment::segment(&page);
        let texts: Vec<&str> = seg.leaves.iter().map(|l| l.text.as_str()).collect();
        let shares = labels::leaf_shares(&texts, body);
        let text = seg
            .leaves
            .iter()
            .zip(&shares)
            .filter(|(_, &s)| s >= 0.5)
            .map(|(l, _)| l.text.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        let w = score::word_score(body, &text);
        Some(PageResult {
            id: id.to_string(),
            label: truth.page_type.clone(),
            predicted: truth.page_type.clone().unwrap_or_default(),
            word: w.f1,
            precision: w.precision,
            recall: w.recall,
            shingle: score::shingle_counts(body, &text),
            with: score::snippet_rate(&truth.with, &text),
            without: score::snippet_rate(&truth.without, &text),
            ms: 0.0,
        })
    });
    let missing = results.iter().filter(|r| r.is_none()).count();
    let results: Vec<PageResult> = results.into_iter().flatten().collect();
    report(ds, &results, missing, started.elapsed().as_secs_f64());
    let _ = std::fs::create_dir_all(&a.out);
    let path = a.out.join(format!("{}-oracle.json", ds.name));
    let _ = std::fs::write(&path, serde_json::to_string_pretty(&results).unwrap_or_default());
}

fn train_cmd(a: &Args, sets: &[DataSet]) {
    let t0 = Instant::now();
    let (names, pages) = train::collect(sets, a.folds);
    let rows: usize = pages.iter().map(|p| p.y.len()).sum();
    eprintln!("{} pages, {rows} leaves, {} features, collected in {:.1} s", pages.len(), names.len(), t0.elapsed().as_secs_f64());
    if a.folds > 1 {
        let res = train::held_out(sets, &names, &pages, a.folds, &a.params, a.threshold);
        println!("\n## held-out ({} folds by domain/site), params {:?}, threshold {}", a.folds, a.params, a.threshold);
        for ds in sets {
            let mine: Vec<_> = res.iter().filter(|r| r.0 == ds.name).collect();
            let counts: Vec<score::ShingleCounts> = mine.iter().map(|r| r.4).collect();
            let (_, _, sf) = score::shingle_f1(&counts);
            println!("{}: {} pages, word F1 {:.3}, shingle F1 {:.3}", ds.name, mine.len(), mean(mine.iter().map(|r| r.3)), sf);
            let mut by_type: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
            for r in &mine {
                if let Some(t) = &r.2 {
                    by_type.entry(t.as_str()).or_default().push(r.3);
                }
            }
            for (t, v) in by_type {
                println!("  {t:14} {:4} {:.3}", v.len(), mean(v.into_iter()));
            }
        }
        let path = a.out.join("held-out.json");
        let _ = std::fs::create_dir_all(&a.out);
        let rows: Vec<_> = res.iter().map(|r| serde_json::json!({"set": r.0, "id": r.1, "type": r.2, "word": r.3})).collect();
        let _ = std::fs::write(path, serde_json::to_string(&rows).unwrap_or_default());
    }
    if a.write {
        let model = train::train_all(&names, &pages, &a.params);
        let note = format!(
            "Trained on {} ({} pages, {rows} leaves); {:?}.",
            sets.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", "),
            pages.len(),
            a.params
        );
        let src = train::rust_source(&model, &names, a.threshold, &note);
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../src/decision/model.rs");
        std::fs::write(&path, src).expect("write the model");
        eprintln!("wrote {} ({} nodes)", path.display(), model.nodes());
    }
    eprintln!("done in {:.1} s", t0.elapsed().as_secs_f64());
}

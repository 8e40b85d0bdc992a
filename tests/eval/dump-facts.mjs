// Dumps each dataset page's PageFacts, as the web-sys walker reads them from
// the live page, so the core can be scored and tuned natively over the dumps
// in seconds (`cargo run --release -p pith-lab -- …`, see tools/lab).
//
//   node tests/eval/dump-facts.mjs DATASET_DIR [--out DIR] [--ids a,b] [--limit N]
//   (./build.sh facts DATASET_DIR … runs this after building.)
//
// Pages are served and isolated exactly as the evaluation serves them
// (tests/eval/pages.mjs: 1280×900, page scripts blocked, nothing else loaded).
// Writes DIR/<id>.json.gz (default DIR: eval-out/facts/<set>/).

import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { basename, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, DIST, CHROMIUM, chromiumArgs } from '../e2e/lib.mjs';
import { servePages, isolatePage, VIEWPORT } from './pages.mjs';

function parseArgs(argv) {
  const a = { dataset: null, out: null, ids: null, limit: Infinity };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') a.out = argv[++i];
    else if (argv[i] === '--ids') a.ids = argv[++i].split(',');
    else if (argv[i] === '--limit') a.limit = Number(argv[++i]);
    else if (!a.dataset) a.dataset = resolve(argv[i]);
    else throw new Error(`unexpected argument ${argv[i]}`);
  }
  if (!a.dataset) throw new Error('usage: dump-facts.mjs DATASET_DIR [--out DIR] [--ids a,b] [--limit N]');
  a.out = resolve(a.out || join(ROOT, 'eval-out', 'facts', basename(a.dataset)));
  return a;
}

async function main() {
  const a = parseArgs(process.argv.slice(2));
  const truth = JSON.parse(await readFile(join(a.dataset, 'ground-truth.json'), 'utf8'));
  let ids = Object.keys(truth);
  if (a.ids) ids = ids.filter((id) => a.ids.includes(id));
  ids = ids.slice(0, a.limit);
  // The wasm glue and the JS walker: a page whose own CSP (a <meta>) blocks
  // WebAssembly is read by the JS walker, which reads the same facts.
  const glue = `${await readFile(join(DIST, 'chrome/pkg/pith.js'), 'utf8')}
    ;${await readFile(join(DIST, 'chrome/content/walker.js'), 'utf8')}
    ;globalThis.wasm_bindgen = wasm_bindgen; globalThis.PithWalker = PithWalker;`;
  // As base64: a string crosses into the page far faster than an array of numbers.
  const wasmB64 = (await readFile(join(DIST, 'chrome/pkg/pith_bg.wasm'))).toString('base64');
  await mkdir(a.out, { recursive: true });

  const server = await servePages(join(a.dataset, 'pages'), truth);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await isolatePage(context, page, server);
  // A blank page with the core, made when a page forbids wasm.
  let blank = null;
  const unpacker = async () => {
    if (blank) return blank;
    blank = await browser.newPage();
    await blank.evaluate(`${glue}\n;0`);
    await blank.evaluate((b64) => wasm_bindgen({ module_or_path: Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)) }), wasmB64);
    return blank;
  };
  const started = Date.now();
  let failed = 0;
  for (const [i, id] of ids.entries()) {
    try {
      const response = await page.goto(server.urlOf(id), { waitUntil: 'load', timeout: 20000 });
      if (!response || !response.ok()) throw new Error(`HTTP ${response ? response.status() : 'no response'}`);
      await page.evaluate(`${glue}\n;0`);
      const read = await page.evaluate(async (b64) => {
        try {
          await wasm_bindgen({ module_or_path: Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)) });
        } catch {
          return { packed: PithWalker.walk(document).packed };
        }
        return { json: JSON.stringify(wasm_bindgen.readFacts(document)) };
      }, wasmB64);
      // The JS walker's packed facts, read back by the core in a page of
      // our own (this one forbids wasm).
      const json = read.json ?? await (await unpacker()).evaluate(
        ({ strings, numbers }) => JSON.stringify(wasm_bindgen.packedFacts(strings, numbers)), read.packed);
      await writeFile(join(a.out, `${id}.json.gz`), gzipSync(json));
    } catch (e) {
      failed++;
      process.stderr.write(`  ${id}: ${String(e.message).split('\n')[0]}\n`);
    }
    if ((i + 1) % 100 === 0) process.stderr.write(`  ${i + 1}/${ids.length} pages\n`);
  }
  await browser.close();
  await server.close();
  console.log(`dumped ${ids.length - failed} of ${ids.length} pages to ${a.out} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failed) process.exitCode = 1;
}

main().catch((e) => { console.error(e); process.exitCode = 1; });

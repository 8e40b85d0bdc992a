// Makes tests/eval/wcxb-ci-sample.json: the fixed sample of wcxb-dev that
// `./build.sh test` gates on (a full wcxb-dev run takes too long for CI).
//
//   node tests/eval/make-ci-sample.mjs [DATASET_DIR] [--per-type K] [--out FILE] [--check]
//   (defaults: ../shared/datasets/wcxb-dev, 8 per type, tests/eval/wcxb-ci-sample.json;
//   --check: write nothing, exit 1 if FILE differs from what would be written)
//
// Stratified by page type, chosen without looking at any page: it reads only
// the ids and `pageType` of ground-truth.json (never a text, a URL or a page).
// Within each type the ids are ordered by the SHA-256 of the id string and the
// first K are taken, so the sample is deterministic, spread over the set like
// a random draw, and stable (adding pages to the set only adds candidates).
// The sample is balanced (K of every type), not proportional: its mean score
// weights the seven types equally, while the full set is half articles.
// The output is a plain JSON array of ids (sorted), what run.mjs --ids-file reads.

import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function parseArgs(argv) {
  const a = {
    dataset: resolve(process.env.PITH_DATASETS || join(ROOT, '..', 'shared', 'datasets'), 'wcxb-dev'),
    perType: 8,
    out: join(ROOT, 'tests', 'eval', 'wcxb-ci-sample.json'),
    check: false,
  };
  let positional = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--per-type') a.perType = Number(argv[++i]);
    else if (argv[i] === '--out') a.out = resolve(argv[++i]);
    else if (argv[i] === '--check') a.check = true;
    else if (!positional) { a.dataset = resolve(argv[i]); positional = true; }
    else throw new Error(`unexpected argument ${argv[i]}`);
  }
  if (!(Number.isInteger(a.perType) && a.perType > 0)) throw new Error('--per-type: a positive integer');
  return a;
}

const hashOf = (id) => createHash('sha256').update(id, 'utf8').digest('hex');

/** The sample: the first `perType` ids of each page type, in SHA-256 order of the id. */
function sample(typeOf, perType) {
  const byType = new Map();
  for (const [id, type] of Object.entries(typeOf)) {
    if (typeof type !== 'string') continue;
    if (!byType.has(type)) byType.set(type, []);
    byType.get(type).push(id);
  }
  const chosen = {};
  for (const [type, ids] of byType) {
    chosen[type] = ids
      .map((id) => ({ id, h: hashOf(id) }))
      .sort((x, y) => (x.h < y.h ? -1 : x.h > y.h ? 1 : 0))
      .slice(0, perType)
      .map((x) => x.id);
  }
  return chosen;
}

async function main() {
  const a = parseArgs(process.argv.slice(2));
  const truth = JSON.parse(await readFile(join(a.dataset, 'ground-truth.json'), 'utf8'));
  // Only the ids and their page types go further.
  const typeOf = Object.fromEntries(Object.entries(truth).map(([id, t]) => [id, t.pageType]));
  const chosen = sample(typeOf, a.perType);
  const ids = Object.values(chosen).flat().sort();
  const text = `${JSON.stringify(ids, null, 1).replace(/\n /g, '\n  ')}\n`;
  const counts = Object.entries(chosen).sort(([x], [y]) => (x < y ? -1 : 1)).map(([t, l]) => `${t} ${l.length}`).join(', ');
  if (a.check) {
    const current = await readFile(a.out, 'utf8').catch(() => '');
    if (current !== text) {
      console.error(`${a.out} differs from the sample of ${a.dataset} (${a.perType} per type); run make-ci-sample.mjs`);
      process.exitCode = 1;
    } else {
      console.log(`${a.out} is up to date (${ids.length} ids: ${counts})`);
    }
    return;
  }
  await writeFile(a.out, text);
  console.log(`wrote ${a.out}: ${ids.length} ids (${counts})`);
}

main().catch((e) => { console.error(e); process.exitCode = 1; });

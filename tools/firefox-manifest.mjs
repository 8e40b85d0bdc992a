// Writes the Firefox variant of manifest.json to stdout: Firefox runs MV3
// background code as event-page scripts, not a service worker, and needs an
// add-on id.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const worker = manifest.background.service_worker;
manifest.background = {
  // The service worker importScripts() these itself; Firefox loads them in order.
  scripts: ['pkg/pith.js', 'messages.js', worker],
};
manifest.browser_specific_settings = {
  gecko: { id: 'pith@pith.invalid', strict_min_version: '128.0' },
};
process.stdout.write(JSON.stringify(manifest, null, 2) + '\n');

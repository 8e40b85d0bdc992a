// Writes the Firefox variant of manifest.json to stdout: Firefox runs MV3
// background code as event-page scripts, not a service worker, and needs an
// add-on id. Its messages are structured clones already, so Chromium's
// opt-in key for them (`message_serialization`) goes.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const worker = manifest.background.service_worker;
manifest.background = {
  // The service worker importScripts() these itself; Firefox loads them in order.
  scripts: ['pkg/pith.js', 'messages.js', worker],
};
delete manifest.message_serialization;
manifest.browser_specific_settings = {
  gecko: {
    id: 'pith@pith.invalid',
    strict_min_version: '140.0',
    // Pith sends nothing anywhere: pages are read and scored on the device.
    data_collection_permissions: { required: ['none'] },
  },
  // data_collection_permissions needs Firefox 140 on desktop, 142 on Android.
  gecko_android: { strict_min_version: '142.0' },
};
process.stdout.write(JSON.stringify(manifest, null, 2) + '\n');

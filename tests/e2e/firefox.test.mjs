// The Firefox build (dist/firefox) through Mozilla's own add-on linter, the
// check addons.mozilla.org runs: no errors, no warnings. (No Firefox runs
// here: Playwright's Firefox is a patched build it would have to download.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import linter from 'addons-linter';
import { DIST } from './lib.mjs';

test('the Firefox variant passes addons-linter without errors or warnings', async () => {
  const instance = linter.createInstance({
    config: {
      _: [join(DIST, 'firefox')],
      logLevel: 'fatal',
      stack: false,
      pretty: false,
      warningsAsErrors: false,
      metadata: false,
      output: 'none',
      boring: true,
      selfHosted: false,
    },
    runAsBinary: false,
  });
  const result = await instance.run();
  const messages = [...result.errors, ...result.warnings].map((m) => `${m.code}: ${m.message} (${m.file || ''})`);
  assert.deepEqual(messages, []);
  assert.equal(result.summary.errors, 0);
});

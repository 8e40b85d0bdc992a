// Debian's firefox-esr driven through geckodriver with a minimal
// WebDriver-classic client (plain HTTP, no library): enough to install the
// add-on, load pages, click the toolbar button in the browser's own UI, and
// read the reader tab. build.sh's setup installs both programs.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
/** Where `cargo install geckodriver` (build.sh setup) puts it. */
export const GECKODRIVER = process.env.GECKODRIVER
  || join(process.env.CARGO_HOME || join(homedir(), '.cargo'), 'bin', 'geckodriver');

/** The add-on id (tools/firefox-manifest.mjs). */
export const ADDON_ID = 'pith@pith.invalid';
/**
 * The toolbar widget of the add-on's action: Firefox names it after the
 * add-on id, lowercased, with every character outside [a-z0-9_-] replaced by
 * "_", plus "-browser-action" (makeWidgetId in Firefox's ExtensionUtils).
 */
export const ACTION_WIDGET_ID = `${ADDON_ID.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}-browser-action`;

/**
 * Time for geckodriver to answer /status after it starts: it answers within
 * about 50 ms here; a loaded 2-CPU machine gets ample margin.
 */
const DRIVER_START_MS = 10000;
/** Between polls of a state the tests wait for: short against the ~1 s reads measured. */
const POLL_MS = 50;

/**
 * Prefs for a quiet, test-only profile: no first-run pages, no update or
 * telemetry requests (tests make no network requests), unsigned add-ons.
 */
const PREFS = {
  'app.update.disabledForTesting': true,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'browser.aboutwelcome.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'datareporting.healthreport.uploadEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'extensions.update.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'xpinstall.signatures.required': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.newtabpage.enabled': false,
  'extensions.pocket.enabled': false,
};

/** The first of FIREFOX, GECKODRIVER that is missing, as a message; or null. */
export function missingPrograms() {
  const missing = [FIREFOX, GECKODRIVER].filter((p) => !existsSync(p));
  if (!missing.length) return null;
  return `missing ${missing.join(' and ')}: run ./build.sh (its setup installs firefox-esr with apt `
    + 'and geckodriver with cargo install; or set FIREFOX / GECKODRIVER)';
}

async function freePort() {
  const server = createServer();
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

/** An error answer of the WebDriver protocol, with its error code. */
class WebDriverError extends Error {
  constructor(method, path, value) {
    super(`${method} ${path}: ${value.error}: ${value.message}`);
    this.code = value.error;
  }
}

/** One WebDriver session: thin wrappers over the commands the tests use. */
export class Session {
  constructor(base, id) {
    this.base = base;
    this.id = id;
  }

  /** Sends a command of this session; returns the answer's `value`. */
  async cmd(method, path, body) {
    return command(this.base, method, `/session/${this.id}${path}`, body);
  }

  /** Runs `script` (a function body; `arguments` are `args`) in the current context. */
  execute(script, ...args) {
    return this.cmd('POST', '/execute/sync', { script, args });
  }

  /** Runs `fn` with the session in `context` ('chrome': the browser's own UI), then back in 'content' (pages). */
  async inContext(context, fn) {
    await this.cmd('POST', '/moz/context', { context });
    try {
      return await fn();
    } finally {
      await this.cmd('POST', '/moz/context', { context: 'content' });
    }
  }

  /** Installs the add-on in `dir` as a temporary add-on; returns its id. */
  installTemporaryAddon(dir) {
    return this.cmd('POST', '/moz/addon/install', { path: dir, temporary: true });
  }

  /** Loads `url` in the current tab; returns once it has loaded. */
  goto(url) {
    return this.cmd('POST', '/url', { url });
  }

  url() {
    return this.cmd('GET', '/url');
  }

  handles() {
    return this.cmd('GET', '/window/handles');
  }

  switchTo(handle) {
    return this.cmd('POST', '/window', { handle });
  }

  /** The id of the first element matching `css`, or null. */
  async find(css) {
    const found = await this.cmd('POST', '/elements', { using: 'css selector', value: css });
    if (!found.length) return null;
    return Object.values(found[0])[0];
  }

  /** A WebDriver element click (in the chrome context, Marionette clicks the element itself). */
  click(elementId) {
    return this.cmd('POST', `/element/${elementId}/click`, {});
  }
}

async function command(base, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new WebDriverError(method, path, json.value || {});
  return json.value;
}

/**
 * Starts geckodriver and a headless Firefox session with a fresh profile
 * (geckodriver makes one and deletes it at the end).
 * @returns {Promise<{session: Session, close: () => Promise<void>}>}
 */
export async function launchFirefox() {
  const missing = missingPrograms();
  if (missing) throw new Error(missing);
  const port = await freePort();
  const driver = spawn(GECKODRIVER, [
    '--host', '127.0.0.1', '--port', String(port),
    // Its WebDriver BiDi port (unused here) defaults to 9222, which another run may hold.
    '--websocket-port', String(await freePort()),
    '--binary', FIREFOX, '--log', 'error',
    // Lets the session run in the browser's own UI (context 'chrome'),
    // where the toolbar button is.
    '--allow-system-access',
  ], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  driver.stderr.on('data', (d) => { log = (log + d).slice(-4000); });
  const exited = new Promise((ok) => driver.once('exit', ok));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (driver.exitCode === null && driver.signalCode === null) driver.kill();
    await exited;
  };
  try {
    const deadline = Date.now() + DRIVER_START_MS;
    for (;;) {
      try {
        if ((await command(base, 'GET', '/status')).ready) break;
      } catch (e) {
        if (driver.exitCode !== null) throw new Error(`geckodriver exited (${driver.exitCode}): ${log}`);
        if (Date.now() > deadline) throw new Error(`geckodriver did not answer within ${DRIVER_START_MS} ms: ${e.message} ${log}`);
      }
      await new Promise((ok) => setTimeout(ok, POLL_MS));
    }
    const { sessionId } = await command(base, 'POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'firefox',
          'moz:firefoxOptions': {
            binary: FIREFOX,
            args: ['-headless'],
            prefs: PREFS,
          },
        },
      },
    });
    const session = new Session(base, sessionId);
    return {
      session,
      close: async () => {
        await session.cmd('DELETE', '').catch(() => {});
        await stop();
      },
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

/**
 * Clicks the add-on's toolbar button in the browser's UI, as a user does:
 * pins it to the toolbar first if it is not there (Firefox puts new add-ons'
 * buttons in the Extensions menu; "Pin to Toolbar" is the user's way out),
 * then a WebDriver element click on the button itself. The click's command
 * event takes the path of a user's click (the widget's onBeforeCommand and
 * onViewShowing in Firefox's ext-browserAction.js): Firefox grants the add-on
 * activeTab on the current tab and fires action.onClicked.
 */
export async function clickAction(session) {
  await session.inContext('chrome', async () => {
    await session.execute(`
      // (The browser window's own handle on its toolbar layout.)
      const { CustomizableUI } = window;
      const id = arguments[0];
      const placement = CustomizableUI.getPlacementOfWidget(id);
      if (!placement || placement.area !== CustomizableUI.AREA_NAVBAR) {
        CustomizableUI.addWidgetToArea(id, CustomizableUI.AREA_NAVBAR);
      }`, ACTION_WIDGET_ID);
    const button = await session.find(`#${ACTION_WIDGET_ID} .unified-extensions-item-action-button`);
    if (!button) throw new Error(`no toolbar button #${ACTION_WIDGET_ID} (is the add-on installed?)`);
    await session.click(button);
  });
}

/**
 * Waits for a tab (any window handle) whose URL satisfies `match`, and leaves
 * the session switched to it. Returns its handle and URL.
 */
export async function waitForTab(session, match, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let seen = [];
  while (Date.now() < deadline) {
    seen = [];
    for (const handle of await session.handles()) {
      try {
        await session.switchTo(handle);
        const url = await session.url();
        seen.push(url);
        if (match(url)) return { handle, url };
      } catch (e) {
        if (e.code !== 'no such window') throw e; // closed meanwhile
      }
    }
    await new Promise((ok) => setTimeout(ok, POLL_MS));
  }
  throw new Error(`no matching tab within ${timeoutMs} ms; tabs: ${seen.join(', ')}`);
}

/**
 * Polls `fn` until it returns a truthy value; `what` (a string, or a function
 * giving one) names what was awaited in the timeout error.
 */
export async function waitFor(fn, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`${typeof what === 'function' ? what() : what}: not within ${timeoutMs} ms`);
    await new Promise((ok) => setTimeout(ok, POLL_MS));
  }
}

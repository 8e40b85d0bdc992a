// Runs by itself (a content script the background registers, at
// document_idle, in top frames) on the pages of sites the user chose to
// "always open in reader view", and asks the background to open the reader
// for this tab. The background decides: it skips a page the user came back
// to from its reader. No globals: this world is shared with content.js.

(() => {
  /** PithMessages.CS_BG_AUTO_OPEN (messages.js, which is not loaded here). */
  const CS_BG_AUTO_OPEN = 'pith:cs-bg-auto-open';
  /** Documents the reader can read (as in the core, src/web/walk.rs); the site's images and text files stay as they are. */
  const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
  if (!HTML_TYPES.includes(document.contentType)) return;
  chrome.runtime.sendMessage({ type: CS_BG_AUTO_OPEN }).catch(() => {
    // The extension was reloaded or removed: nothing to open.
  });
})();

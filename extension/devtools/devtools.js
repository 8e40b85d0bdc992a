// The devtools page: adds the "Pith" panel (devtools/panel.html) to the
// browser's developer tools. Everything else happens in the panel.
chrome.devtools.panels.create('Pith', '/icons/pith-32.png', '/devtools/panel.html');

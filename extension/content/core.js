// Injected right after pkg/pith.js (the wasm core's glue, whose top-level
// `let wasm_bindgen` is not a property of the global object): files the
// glue under a symbol, where content.js finds it. A page's element ids are
// window properties in this world too, so the name `wasm_bindgen` is never
// read as proof that the glue is here; a symbol key cannot be shadowed.
globalThis[Symbol.for('pith.core')] = wasm_bindgen;

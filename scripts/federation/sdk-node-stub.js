// Stands in for @module-federation/sdk's node.js in our browser builds (decision 021): the runtime
// chooses `loadScriptNode` / `createScriptNode` only outside a browser, so their 8.6 KB (2.5 KB gzip)
// never ran on our pages. Reaching one of them is a bug worth a clear error.
function nodeOnly() {
  throw new Error('@module-federation/sdk node script loading is not bundled in this browser build (scripts/federation/sdk-node-stub.js)');
}
export const createScriptNode = nodeOnly;
export const loadScriptNode = nodeOnly;

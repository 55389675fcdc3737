// Loads the API server in a plain Node process (no Jest) with React, React DOM, zustand and the
// router made unresolvable, starts it on an in-memory database, and prints which modules Node
// loaded as JSON. dev-server/src/no-react.test.ts runs it (with tsx, as `npm start` does).
const Module = require('node:module');
const path = require('node:path');

const BROWSER_ONLY = /^(react|react-dom|react-router|react-router-dom|zustand|scheduler)(\/|$)/;
const refused = [];
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (BROWSER_ONLY.test(request)) {
    refused.push(request);
    throw new Error(`the server asked for '${request}'`);
  }
  return resolve.call(this, request, ...rest);
};

(async () => {
  const { startServer } = require(path.join(__dirname, '..', 'server.ts'));
  const server = await startServer({ port: 0, host: '127.0.0.1', databaseFile: ':memory:' });
  const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
  await server.close();
  const loaded = Object.keys(require.cache).filter(
    (p) => /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|zustand|scheduler)[\\/]/.test(p) || /\.tsx$/.test(p),
  );
  const contracts = Object.keys(require.cache)
    .filter((p) => /shared-contracts[\\/]src[\\/]/.test(p))
    .map((p) => p.replace(/^.*shared-contracts[\\/]src[\\/]/, ''));
  process.stdout.write(JSON.stringify({ status: health.status, refused, loaded, contracts }));
  process.exit(0);
})().catch((error) => {
  process.stdout.write(JSON.stringify({ error: String(error && error.stack ? error.stack : error), refused }));
  process.exit(1);
});

const { createConfig, createServerConfig } = require('../scripts/webpack.factory');
const browser = createConfig({
  dir: __dirname,
  name: 'visualLibrary',
  exposes: { './App': './src/VisualLibraryApp.tsx' },
});
// The modules the shell's renderer renders on the server (src/server.ts, decision 032).
const server = createServerConfig({ dir: __dirname, name: 'visualLibrary', entry: { remote: './src/server.ts' } });
module.exports = (env, argv) => [browser(env, argv), server(env, argv)];

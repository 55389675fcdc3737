const { createConfig, createServerConfig } = require('../scripts/webpack.factory');
const browser = createConfig({
  dir: __dirname,
  name: 'library',
  exposes: { './App': './src/LibraryApp.tsx', './FollowTopic': './src/FollowTopic.tsx', './ItemActions': './src/ItemActions.tsx' },
});
// The modules the shell's renderer renders on the server (src/server.ts, decision 032).
const server = createServerConfig({ dir: __dirname, name: 'library', entry: { remote: './src/server.ts' } });
module.exports = (env, argv) => [browser(env, argv), server(env, argv)];

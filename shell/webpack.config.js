const { createConfig, createServerConfig } = require('../scripts/webpack.factory');
const browser = createConfig({ dir: __dirname, name: 'shell', host: true });
// The pages rendered by the composition host (src/server.tsx, decision 032).
const server = createServerConfig({ dir: __dirname, name: 'shell', entry: { render: './src/server/render.tsx' }, host: true });
module.exports = (env, argv) => [browser(env, argv), server(env, argv)];

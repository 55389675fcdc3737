const { createConfig } = require('../scripts/webpack.factory');
module.exports = createConfig({
  dir: __dirname,
  name: 'video',
  exposes: { './App': './src/VideoApp.tsx' },
});

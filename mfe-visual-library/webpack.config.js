const { createConfig } = require('../scripts/webpack.factory');
module.exports = createConfig({
  dir: __dirname,
  name: 'visualLibrary',
  exposes: { './App': './src/VisualLibraryApp.tsx' },
});

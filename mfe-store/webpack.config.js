const { createConfig } = require('../scripts/webpack.factory');
module.exports = createConfig({
  dir: __dirname,
  name: 'store',
  exposes: { './App': './src/StoreApp.tsx', './MiniCart': './src/MiniCart.tsx' },
});

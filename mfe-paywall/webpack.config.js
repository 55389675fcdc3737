const { createConfig } = require('../scripts/webpack.factory');
module.exports = createConfig({
  dir: __dirname,
  name: 'paywall',
  exposes: { './ArticleGate': './src/ArticleGate.tsx' },
});

const { createConfig } = require('../scripts/webpack.factory');
module.exports = createConfig({
  dir: __dirname,
  name: 'library',
  exposes: { './App': './src/LibraryApp.tsx', './FollowTopic': './src/FollowTopic.tsx', './ItemActions': './src/ItemActions.tsx' },
});

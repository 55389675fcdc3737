const { createConfig } = require('../scripts/webpack.factory');
module.exports = createConfig({
  dir: __dirname,
  name: 'library',
  exposes: { './App': './src/LibraryApp.tsx', './FollowTopic': './src/follow/FollowTopic.tsx', './ItemActions': './src/actions/ItemActions.tsx' },
});

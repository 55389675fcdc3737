const { createConfig } = require('../scripts/webpack.factory');
module.exports = createConfig({ dir: __dirname, name: 'shell', host: true });

const { createConfig } = require('../../tools/webpack/create-config');

module.exports = createConfig({ dirname: __dirname, kind: 'remote', name: 'business', port: 4203, title: 'Huddle · business remote' });

const { createConfig } = require('../../tools/webpack/create-config');

module.exports = createConfig({ dirname: __dirname, kind: 'remote', name: 'fan', port: 4201, title: 'Huddle · fan remote' });

const { createConfig } = require('../../tools/webpack/create-config');

module.exports = createConfig({ dirname: __dirname, kind: 'host', name: 'shell', port: 4200, title: 'Huddle' });

const { createConfig } = require('../../tools/webpack/create-config');

module.exports = createConfig({ dirname: __dirname, kind: 'remote', name: 'admin', port: 4204, title: 'Huddle · admin remote' });

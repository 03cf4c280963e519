const { createConfig } = require('../../tools/webpack/create-config');

module.exports = createConfig({ dirname: __dirname, kind: 'remote', name: 'athlete', port: 4202, title: 'Huddle · athlete remote' });

const { createAppConfig } = require('../../tools/webpack/create-config');

module.exports = createAppConfig({ dirname: __dirname, kind: 'host', name: 'shell', port: 4200, title: 'Huddle', ssr: true });

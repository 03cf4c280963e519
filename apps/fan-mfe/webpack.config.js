const { createAppConfig } = require('../../tools/webpack/create-config');

// ssr: a guest runs this remote, and the shell's server renders a guest's first screen from it.
module.exports = createAppConfig({ dirname: __dirname, kind: 'remote', name: 'fan', port: 4201, title: 'Huddle · fan remote', ssr: true });

// A stylesheet imported by a component compiles to nothing in a server build: the page links the
// browser build's CSS instead (tools/webpack/create-config.js, createServerConfig).
module.exports = function emptyModule() {
  return 'module.exports = {};';
};

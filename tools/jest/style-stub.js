// Jest stand-in for imported stylesheets (see jest.preset.js).
module.exports = {};

module.exports = { ...require('../../jest.preset.js'), displayName: 'discovery', rootDir: __dirname, roots: ['<rootDir>/src'] };

module.exports = { ...require('../../jest.preset.js'), displayName: 'domain', rootDir: __dirname, roots: ['<rootDir>/src'] };

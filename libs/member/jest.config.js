module.exports = { ...require('../../jest.preset.js'), displayName: 'member', rootDir: __dirname, roots: ['<rootDir>/src'] };

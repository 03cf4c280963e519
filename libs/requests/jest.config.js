module.exports = { ...require('../../jest.preset.js'), displayName: 'requests', rootDir: __dirname, roots: ['<rootDir>/src'] };

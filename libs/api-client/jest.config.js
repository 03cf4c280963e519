module.exports = { ...require('../../jest.preset.js'), displayName: 'api-client', rootDir: __dirname, roots: ['<rootDir>/src'] };

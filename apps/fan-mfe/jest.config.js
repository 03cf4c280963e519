module.exports = { ...require('../../jest.preset.js'), displayName: 'fan-mfe', rootDir: __dirname, roots: ['<rootDir>/src'] };

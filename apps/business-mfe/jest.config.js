module.exports = { ...require('../../jest.preset.js'), displayName: 'business-mfe', rootDir: __dirname, roots: ['<rootDir>/src'] };

module.exports = { ...require('../../jest.preset.js'), displayName: 'admin-mfe', rootDir: __dirname, roots: ['<rootDir>/src'] };

module.exports = { ...require('../../jest.preset.js'), displayName: 'athlete-mfe', rootDir: __dirname, roots: ['<rootDir>/src'] };

module.exports = { ...require('../../jest.preset.js'), displayName: 'booking', rootDir: __dirname, roots: ['<rootDir>/src'] };

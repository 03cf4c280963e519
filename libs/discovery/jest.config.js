module.exports = { ...require('../../jest.preset.js'), displayName: 'requester', rootDir: __dirname, roots: ['<rootDir>/src'] };

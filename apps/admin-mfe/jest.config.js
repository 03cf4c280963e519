const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'admin-mfe',
  rootDir: __dirname,
  roots: ['<rootDir>/src'],
  // The screens import csv-stringify's browser build (ES modules); specs run the same library's CommonJS build.
  moduleNameMapper: { ...preset.moduleNameMapper, '^csv-stringify/browser/esm/sync$': 'csv-stringify/sync' },
};

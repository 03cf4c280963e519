// Lets a child process started by a test (node -r ./ts-register.js script.ts) run the API's
// TypeScript sources as Jest does (the real entrypoint src/main.ts, or a job worker): compiled by
// swc with decorator metadata, @huddle/domain pointing at its sources. Nothing is built beforehand.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { transformSync } = require('@swc/core');

const root = resolve(__dirname, '../../../..');
const aliases = { '@huddle/domain': join(root, 'libs/domain/src/index.ts') };

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases[request] ?? request, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};

// Runs a TypeScript entrypoint of the API (argv[2]) in a plain Node process, as `node dist/main.js`
// runs the built one: @swc/core compiles each .ts file on require with the options Jest uses, so a
// test can start the real entrypoint without a prior build (@huddle/* libraries load from their
// dist, which Nx builds before the API's tests).
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

require(resolve(process.argv[2]));

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..');

describe('generated schema', () => {
  it('is what `npm run generate` makes of openapi.json', async () => {
    // The CLI runs in its own Node process: its dependencies are ES modules Jest cannot load here.
    const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin/cli.js');
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'openapi.json'], { cwd: ROOT, maxBuffer: 32 * 1024 * 1024 });
    const committed = readFileSync(join(ROOT, 'src/generated/schema.ts'), 'utf8');
    if (committed !== stdout) {
      throw new Error('src/generated/schema.ts is out of date with openapi.json. Run `npm run openapi` (or `npm run generate -w @huddle/api-client`).');
    }
    expect(committed).toBe(stdout);
    // The generator is a separate Node process: on a busy machine it takes longer than Jest's 5 s default.
  }, 60_000);
});

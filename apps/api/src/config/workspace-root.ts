import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function declaresWorkspaces(packageJsonPath: string): boolean {
  try {
    const manifest: unknown = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
    return typeof manifest === 'object' && manifest !== null && 'workspaces' in manifest;
  } catch {
    return false;
  }
}

/**
 * The monorepo root: the nearest ancestor whose package.json declares npm workspaces. The API runs
 * from src (tests) and from dist (npm start), with any working directory, so paths such as the
 * data directory are anchored here instead of to the process's cwd. Outside the monorepo (a
 * deployed dist alone) the starting directory's nearest package root stands in.
 */
export function findWorkspaceRoot(start: string = __dirname): string {
  let firstPackageRoot: string | null = null;
  let current = start;
  for (;;) {
    const manifest = join(current, 'package.json');
    if (existsSync(manifest)) {
      if (declaresWorkspaces(manifest)) return current;
      firstPackageRoot ??= current;
    }
    const parent = dirname(current);
    if (parent === current) return firstPackageRoot ?? start;
    current = parent;
  }
}

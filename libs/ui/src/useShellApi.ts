import { useMemo } from 'react';
import { useShell } from './shell-context';

const instances = new WeakMap<(apiBase: string) => unknown, Map<string, unknown>>();

/**
 * The API a lib builds with `create` on the shell's API base ('/api/v1'): one instance per factory
 * and base for the page's lifetime, so every screen of a lib shares its client.
 */
export function useShellApi<T>(create: (apiBase: string) => T): T {
  const { apiBase } = useShell();
  return useMemo(() => {
    let byBase = instances.get(create);
    if (!byBase) {
      byBase = new Map();
      instances.set(create, byBase);
    }
    if (!byBase.has(apiBase)) byBase.set(apiBase, create(apiBase));
    return byBase.get(apiBase) as T;
  }, [create, apiBase]);
}

import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { remoteFallbackPlugin, type RemoteLoadFailure } from './remote-fallback-plugin';

type Lifecycle = 'beforeRequest' | 'beforeLoadShare' | 'afterResolve' | 'onLoad';

function failAt(lifecycle: Lifecycle) {
  const reported: RemoteLoadFailure[] = [];
  const fallback = { default: 'fallback' };
  const plugin = remoteFallbackPlugin(() => fallback, (failure) => reported.push(failure));
  const result = plugin.errorLoadRemote?.({
    id: 'fan/App',
    error: new Error('ScriptNetworkError'),
    from: 'runtime',
    lifecycle,
    origin: {} as ModuleFederation,
  });
  return { result, reported, fallback };
}

describe('remoteFallbackPlugin', () => {
  it('answers a failed remote module with the fallback and reports it once', () => {
    const { result, reported, fallback } = failAt('onLoad');
    expect(result).toBe(fallback);
    expect(reported).toHaveLength(1);
    expect(reported[0]?.id).toBe('fan/App');
  });

  it('lets a failed manifest pass on to the module stage instead of posing as a manifest', () => {
    const { result, reported } = failAt('afterResolve');
    expect(result).toBeUndefined();
    expect(reported).toHaveLength(0);
  });
});

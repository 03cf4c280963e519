import { exposedAppId, parseRemotesManifest, remoteEntryUrl, RETRY_PARAM } from './remote-registry';

const manifest = {
  fan: 'http://localhost:4201/mf-manifest.json',
  athlete: 'http://localhost:4202/mf-manifest.json',
  business: 'http://localhost:4203/mf-manifest.json',
  admin: 'http://localhost:4204/mf-manifest.json',
};

describe('parseRemotesManifest', () => {
  it('accepts a URL for every role remote', () => {
    expect(parseRemotesManifest(manifest)).toEqual(manifest);
  });

  it('refuses a manifest missing a remote, so a misconfigured deploy fails loudly', () => {
    const { admin: _admin, ...withoutAdmin } = manifest;
    expect(() => parseRemotesManifest(withoutAdmin)).toThrow('no URL for the admin remote');
    expect(() => parseRemotesManifest(null)).toThrow('not an object');
  });
});

describe('remoteEntryUrl', () => {
  it('uses the deployed URL on the first attempt', () => {
    expect(remoteEntryUrl(manifest.fan, 0)).toBe(manifest.fan);
  });

  it('makes every retry a URL no cache has seen', () => {
    const first = remoteEntryUrl(manifest.fan, 1);
    const second = remoteEntryUrl(manifest.fan, 2);
    expect(first).toBe(`http://localhost:4201/mf-manifest.json?${RETRY_PARAM}=1`);
    expect(second).not.toBe(first);
  });

  it('keeps existing query parameters and relative URLs relative', () => {
    expect(remoteEntryUrl('https://cdn.example/fan/mf-manifest.json?v=7', 3)).toBe(
      `https://cdn.example/fan/mf-manifest.json?v=7&${RETRY_PARAM}=3`,
    );
    expect(remoteEntryUrl('/remotes/fan/mf-manifest.json', 1)).toBe(`/remotes/fan/mf-manifest.json?${RETRY_PARAM}=1`);
  });
});

describe('exposedAppId', () => {
  it('names the one route-level module of a remote', () => {
    expect(exposedAppId('fan')).toBe('fan/App');
    expect(exposedAppId('admin')).toBe('admin/App');
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { SHELL_CONTRACT_VERSION } from './shell-contract';
import { ShellContextProvider, type ShellContextValue } from './shell-context';
import { testShell } from './testing';
import { useShellApi } from './useShellApi';

function shellOn(apiBase: string): ShellContextValue {
  return testShell({ apiBase });
}

describe('useShellApi', () => {
  it('builds one API per factory and API base, shared by every screen of the page', () => {
    const create = jest.fn((apiBase: string) => ({ apiBase }));
    const seen: { apiBase: string }[] = [];
    function Screen() {
      seen.push(useShellApi(create));
      return null;
    }
    const render = (apiBase: string) =>
      renderToStaticMarkup(
        <ShellContextProvider value={shellOn(apiBase)} requires={SHELL_CONTRACT_VERSION}>
          <Screen />
          <Screen />
        </ShellContextProvider>,
      );

    render('/api/v1');
    render('/api/v1');
    render('https://api.example.com/api/v1');

    expect(create).toHaveBeenCalledTimes(2);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).toBe(seen[0]);
    expect(seen[4]).toEqual({ apiBase: 'https://api.example.com/api/v1' });
  });
});

import { acquireScrollLock } from './scroll-lock';

function fakeBody(overflow = ''): HTMLElement {
  return { style: { overflow } } as unknown as HTMLElement;
}

describe('acquireScrollLock', () => {
  it('locks the page while any holder is active and restores the previous value after the last', () => {
    const body = fakeBody('auto');
    const releaseMenu = acquireScrollLock(body);
    const releaseDialog = acquireScrollLock(body);
    expect(body.style.overflow).toBe('hidden');
    releaseDialog();
    expect(body.style.overflow).toBe('hidden');
    releaseMenu();
    expect(body.style.overflow).toBe('auto');
  });

  it('ignores a second release of the same lock', () => {
    const body = fakeBody();
    const releaseA = acquireScrollLock(body);
    const releaseB = acquireScrollLock(body);
    releaseA();
    releaseA();
    expect(body.style.overflow).toBe('hidden');
    releaseB();
    expect(body.style.overflow).toBe('');
  });
});

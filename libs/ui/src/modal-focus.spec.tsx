/**
 * @jest-environment jsdom
 */
import { act, useRef, useState } from 'react';
import { AlertDialog } from './AlertDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal } from './Modal';
import { domRoot } from './testing';
import { useFocusTrap } from './useFocusTrap';

let dom: ReturnType<typeof domRoot>;

beforeEach(() => {
  dom = domRoot();
});

afterEach(() => dom.close());

const render = (element: React.ReactElement): void => dom.render(element);

/** Presses a key on the focused element as a keyboard would: the event bubbles up to document. */
function press(key: string, options: { shiftKey?: boolean } = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options });
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(event);
  });
  return event;
}

function focused(): string {
  const element = document.activeElement as HTMLElement | null;
  return element?.getAttribute('aria-label') ?? element?.textContent ?? '';
}

/** A page with an opener button and a modal of three buttons (Close, Back, Save). */
function Page({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onClose={close} title="Edit" footer={<button type="button">Save</button>}>
        <button type="button">Back</button>
      </Modal>
    </>
  );
}

function openPage(onClose?: () => void): HTMLButtonElement {
  render(<Page onClose={onClose} />);
  const opener = dom.host.querySelector('button') as HTMLButtonElement;
  act(() => {
    opener.focus();
    opener.click();
  });
  return opener;
}

describe('Modal focus', () => {
  it('moves focus into the dialog when it opens', () => {
    openPage();
    expect(document.querySelector('[role="dialog"]')?.contains(document.activeElement)).toBe(true);
    expect(focused()).toBe('Close');
  });

  it('keeps Tab and Shift+Tab cycling inside the dialog', () => {
    openPage();
    // Shift+Tab on the first element wraps to the last; Tab on the last wraps to the first.
    expect(press('Tab', { shiftKey: true }).defaultPrevented).toBe(true);
    expect(focused()).toBe('Save');
    expect(press('Tab').defaultPrevented).toBe(true);
    expect(focused()).toBe('Close');
    // Between the edges the browser's own order moves focus.
    expect(press('Tab').defaultPrevented).toBe(false);
  });

  it('brings focus back inside when it has left the dialog', () => {
    const opener = openPage();
    act(() => opener.focus());
    press('Tab');
    expect(focused()).toBe('Close');
  });

  it('closes on Escape and returns focus to the opener', () => {
    const onClose = jest.fn();
    const opener = openPage(onClose);
    press('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to the opener when closed by its Close button', () => {
    const opener = openPage();
    act(() => (document.activeElement as HTMLButtonElement).click());
    expect(document.activeElement).toBe(opener);
  });
});

describe('ConfirmDialog and AlertDialog', () => {
  it('ConfirmDialog cancels on Escape', () => {
    const onCancel = jest.fn();
    render(<ConfirmDialog open title="Log out?" message="Sure?" onConfirm={() => undefined} onCancel={onCancel} />);
    press('Escape');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('ConfirmDialog ignores Escape while its action runs (a blocking progress dialog)', () => {
    const onCancel = jest.fn();
    render(<ConfirmDialog open busy title="Log out?" message="Sure?" onConfirm={() => undefined} onCancel={onCancel} />);
    press('Escape');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('AlertDialog closes on Escape and traps focus on its one button and Close', () => {
    const onClose = jest.fn();
    render(<AlertDialog open title="Failed" message="It did not work" onClose={onClose} />);
    expect(focused()).toBe('Close');
    press('Tab', { shiftKey: true });
    expect(focused()).toBe('OK');
    press('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('useFocusTrap', () => {
  function Drawer({ open }: { open: boolean }) {
    const ref = useRef<HTMLElement>(null);
    const initial = useRef<HTMLButtonElement>(null);
    useFocusTrap(open, ref, initial);
    return open ? (
      <nav ref={ref}>
        <a href="/one">One</a>
        <button type="button" ref={initial}>
          Close menu
        </button>
        <button type="button" hidden>
          Hidden
        </button>
      </nav>
    ) : null;
  }

  it('focuses the chosen element, skips hidden ones and hands focus back on close', () => {
    render(
      <>
        <button type="button">Menu</button>
        <Drawer open={false} />
      </>,
    );
    const menuButton = dom.host.querySelector('button') as HTMLButtonElement;
    act(() => menuButton.focus());
    render(
      <>
        <button type="button">Menu</button>
        <Drawer open />
      </>,
    );
    expect(focused()).toBe('Close menu');
    press('Tab');
    expect(focused()).toBe('One');
    render(
      <>
        <button type="button">Menu</button>
        <Drawer open={false} />
      </>,
    );
    expect(document.activeElement).toBe(menuButton);
  });

  it('only the topmost trap holds Tab: a dialog opened over the menu', () => {
    function Both({ asking }: { asking: boolean }) {
      const menu = useRef<HTMLDivElement>(null);
      useFocusTrap(true, menu);
      return (
        <>
          <div ref={menu}>
            <button type="button">Menu entry</button>
          </div>
          <ConfirmDialog open={asking} title="Log out?" message="Sure?" onConfirm={() => undefined} onCancel={() => undefined} />
        </>
      );
    }
    render(<Both asking={false} />);
    expect(focused()).toBe('Menu entry');
    render(<Both asking />);
    expect(focused()).toBe('Close');
    press('Tab', { shiftKey: true });
    expect(focused()).toBe('Confirm');
    // Once the dialog is gone, the menu holds Tab again and has its focus back.
    render(<Both asking={false} />);
    expect(focused()).toBe('Menu entry');
    press('Tab');
    expect(focused()).toBe('Menu entry');
  });
});

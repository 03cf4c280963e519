/**
 * @jest-environment jsdom
 */
import { act, useState } from 'react';
import { domRoot } from '@huddle/ui/testing';
import type { BusinessExport } from './export-api';
import { ExportModal, ExportNote } from './ExportModal';
import { DEFAULT_EXPORT_CHOICE, exportScreen } from './export-view';
import type { BusinessExportController } from './useBusinessExport';

const RUNNING: BusinessExport = {
  id: 'e1',
  format: 'pdf',
  send: false,
  status: 'running',
  progress: 40,
  filename: 'huddle-statistics-acme-co-2026-11-27.pdf',
  emailed_to: null,
  error: null,
  created_at: '2026-11-27T10:00:00.000Z',
  download_path: null,
};

let dom: ReturnType<typeof domRoot>;

beforeEach(() => {
  dom = domRoot();
});

afterEach(() => dom.close());

const noop = () => undefined;

/** /stats's Export button, the page's note and the modal, around an export that is being prepared. */
function Page({ closed }: { closed: () => void }) {
  const [open, setOpen] = useState(false);
  const controller: BusinessExportController = {
    open,
    working: RUNNING,
    screen: exportScreen({ choice: DEFAULT_EXPORT_CHOICE, job: RUNNING, starting: false, startError: null, readError: null, saving: false, saveError: null }),
    show: () => setOpen(true),
    close: () => {
      closed();
      setOpen(false);
    },
    choose: noop,
    start: noop,
    retry: noop,
    saveAgain: noop,
    newExport: noop,
  };
  return (
    <>
      <button type="button" onClick={controller.show}>
        Export
      </button>
      <ExportNote controller={controller} />
      <ExportModal controller={controller} email="you@company.com" />
    </>
  );
}

function buttonNamed(name: string): HTMLButtonElement {
  const button = Array.from(document.querySelectorAll('button')).find((candidate) => candidate.textContent?.trim() === name);
  if (!button) throw new Error(`no button ${name}`);
  return button;
}

function click(button: HTMLButtonElement): void {
  act(() => {
    button.focus();
    button.click();
  });
}

/** Escape pressed where the focus is, as a keyboard would: the event bubbles up to document. */
function pressEscape(): void {
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  });
}

describe('the export modal while the export is prepared', () => {
  it('closes on Escape (the export goes on: the page notes it) and gives the focus back to Export', () => {
    const closed = jest.fn();
    dom.render(<Page closed={closed} />);
    click(buttonNamed('Export'));
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Preparing your export… 40%');
    pressEscape();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(document.activeElement?.textContent).toBe('Export');
    expect(dom.host.textContent).toContain('Export in progress… 40%');
  });

  it("opened again from the page's note, closes on Escape and gives the focus back to that note's Show", () => {
    const closed = jest.fn();
    dom.render(<Page closed={closed} />);
    click(buttonNamed('Export'));
    pressEscape();
    click(buttonNamed('Show'));
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    pressEscape();
    expect(closed).toHaveBeenCalledTimes(2);
    expect(document.activeElement?.textContent).toBe('Show');
  });
});

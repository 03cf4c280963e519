/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@huddle/domain';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { domRoot, testShell } from '@huddle/ui/testing';
import { RecordVideoModal } from './RecordVideoModal';
import { testRequest } from './spec-support';

/** A MediaRecorder that writes only the types in `supported`, remembering what it was asked to record in. */
function fakeRecorder(supported: readonly string[]): { made: Array<{ mimeType?: string }> } {
  const made: Array<{ mimeType?: string }> = [];
  class FakeMediaRecorder {
    static isTypeSupported(type: string): boolean {
      return supported.includes(type);
    }
    state = 'inactive';
    mimeType: string;
    constructor(_stream: unknown, options: { mimeType?: string } = {}) {
      made.push(options);
      this.mimeType = options.mimeType ?? '';
    }
    start(): void {
      this.state = 'recording';
    }
    stop(): void {
      this.state = 'inactive';
    }
  }
  Object.assign(globalThis, { MediaRecorder: FakeMediaRecorder });
  return { made };
}

let dom: ReturnType<typeof domRoot>;
let getUserMedia: jest.Mock;

beforeEach(() => {
  getUserMedia = jest.fn(async () => ({ getTracks: () => [] }));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined });
  dom = domRoot();
  dom.render(
    <QueryClientProvider client={new QueryClient()}>
      <ShellContextProvider value={testShell({ role: 2 })} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <RecordVideoModal request={testRequest({ type: 'shoutout', status: 2, viewer: 'athlete' })} type="shoutout" open onClose={() => undefined} onSent={() => undefined} />
        </ToastProvider>
      </ShellContextProvider>
    </QueryClientProvider>,
  );
});

afterEach(() => {
  dom.close();
  delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
});

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === name);
  if (!found) throw new Error(`No button "${name}"`);
  return found as HTMLButtonElement;
}

async function click(name: string): Promise<void> {
  await act(async () => {
    button(name).click();
  });
}

function alertText(): string | null {
  return document.querySelector('[role="alert"]')?.textContent ?? null;
}

async function choose(file: File): Promise<void> {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('recording a delivery video (Huddle takes mp4 or quicktime)', () => {
  it('records in mp4 where the browser can, never WebM', async () => {
    const recorder = fakeRecorder(['video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4;codecs=avc1,opus', 'video/mp4']);
    await click('Record with camera');
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    await click('Start recording');
    expect(recorder.made).toEqual([{ mimeType: 'video/mp4;codecs=avc1,opus' }]);
  });

  it('says so before opening the camera when the browser records only WebM (Firefox), and offers the file instead', async () => {
    fakeRecorder(['video/webm;codecs=vp8,opus', 'video/webm']);
    await click('Record with camera');
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(alertText()).toBe(MESSAGES.cameraCannotRecordMp4);
    expect(document.querySelector('input[type="file"][aria-label="Choose a video"]')).not.toBeNull();
  });

  it('refuses a chosen file that is not mp4 or quicktime with the spec’s message, and takes an mp4 to its preview', async () => {
    fakeRecorder(['video/mp4']);
    await choose(new File(['x'], 'clip.webm', { type: 'video/webm' }));
    expect(alertText()).toBe(MESSAGES.videoWrongType);
    expect(document.querySelector('video[aria-label="Preview"]')).toBeNull();
    await choose(new File(['x'], 'clip.mov', { type: 'video/quicktime' }));
    expect(alertText()).toBeNull();
    expect(document.querySelector('video[aria-label="Preview"]')).not.toBeNull();
  });
});

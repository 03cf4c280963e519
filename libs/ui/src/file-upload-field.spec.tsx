/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { FileUploadField } from './FileUploadField';
import { domRoot } from './testing';

let dom: ReturnType<typeof domRoot>;

beforeEach(() => {
  dom = domRoot();
});

afterEach(() => dom.close());

/** Chooses `file` in the field's input as a browser does: its files, then a change event. */
async function choose(input: HTMLInputElement, file: File): Promise<void> {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('FileUploadField with a slow check (a photo the server converts)', () => {
  it('waits while a choice is checked, and the last choice wins over an earlier one answered later', async () => {
    const answers = new Map<string, (problem: string | null) => void>();
    const accepted: string[] = [];
    dom.render(
      <FileUploadField
        label="Profile photo"
        accept=".heic"
        noun="photo"
        preview={<i />}
        hasFile={false}
        check={(file) => new Promise<string | null>((resolve) => answers.set(file.name, resolve))}
        onAccepted={(file) => accepted.push(file.name)}
        progress={null}
      />,
    );
    const input = dom.host.querySelector('input[type="file"]') as HTMLInputElement;

    await choose(input, new File(['a'], 'first.heic'));
    // Nothing else can be chosen while the first is checked.
    expect(input.disabled).toBe(true);

    // Were a second choice made anyway, its answer decides, whatever order the answers come in.
    await choose(input, new File(['b'], 'second.heic'));
    await act(async () => answers.get('second.heic')?.(null));
    expect(accepted).toEqual(['second.heic']);
    expect(input.disabled).toBe(false);
    await act(async () => answers.get('first.heic')?.('Unable to open image: invalid file type or exceeding file size (0)'));
    expect(accepted).toEqual(['second.heic']);
    expect(dom.host.textContent).not.toContain('Unable to open image');
  });
});

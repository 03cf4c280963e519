import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './class-names';
import { ProgressBar } from './ProgressBar';

export interface FileUploadFieldProps {
  label: string;
  /** The file input's accept list ('.jpg,.png,image/jpeg'). */
  accept: string;
  /** The stored file's preview, or the empty state; the owner draws it (a round photo, a player). */
  preview: ReactNode;
  /** Whether a file is already there: the button then offers to change it. */
  hasFile: boolean;
  /** What the file is called on the button and the progress bar: 'photo', 'video'. */
  noun: string;
  hint?: string;
  /** 'inline': preview beside the button (photos); 'stacked': preview above it (videos). */
  layout?: 'inline' | 'stacked';
  /**
   * Checks a chosen file before anything else happens to it, in the browser: its type and size,
   * whether it decodes, its duration. A message refuses the file and shows under the field.
   */
  check: (file: File) => Promise<string | null> | string | null;
  /** The file passed its checks: upload it, or open a step first (the photo cropper). */
  onAccepted: (file: File) => void;
  /** Upload progress from 0 to 1 while the owner uploads, else null. */
  progress: number | null;
  /** The owner's message: an upload that failed, the form's own ('Please, choose video'), a preview that failed to load. */
  error?: string | null;
  /** Told when checking or uploading starts and ends, so a form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
  /** Extra UI that belongs to the field (the cropper's dialog). */
  children?: ReactNode;
}

/**
 * The one file-upload field of the product (profile photos, intro videos, delivery videos): a
 * hidden file input behind a Choose/Change button, the owner's checks with their messages, a
 * progress bar while the owner uploads, and one message line. It knows nothing of the API: the
 * owner uploads and reports progress.
 */
export function FileUploadField({
  label,
  accept,
  preview,
  hasFile,
  noun,
  hint,
  layout = 'inline',
  check,
  onAccepted,
  progress,
  error,
  onBusyChange,
  children,
}: FileUploadFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [checking, setChecking] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // Counts choices: a check can be slow (a photo the server converts), and the last choice wins.
  const choices = useRef(0);
  const busy = checking || progress !== null;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const choose = async (file: File | undefined) => {
    // Cleared at once, so choosing the same file again is seen as a new choice.
    if (input.current) input.current.value = '';
    if (!file) return;
    const choice = (choices.current += 1);
    setChecking(true);
    let problem: string | null;
    try {
      problem = await check(file);
    } finally {
      if (choice === choices.current) setChecking(false);
    }
    // Chosen again while this one was checked: its answer is no longer wanted.
    if (choice !== choices.current) return;
    setRefused(problem);
    if (!problem) onAccepted(file);
  };

  const message = refused ?? error ?? null;

  return (
    <div className={cx('hd-field', message && 'hd-field--invalid')}>
      <span className="hd-field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className={cx('hd-upload', `hd-upload--${layout}`)}>
        {preview}
        <div className="hd-upload__actions">
          <input
            ref={input}
            id={id}
            type="file"
            accept={accept}
            className="hd-visually-hidden"
            aria-labelledby={`${id}-label`}
            disabled={busy}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()} loading={checking} disabled={busy}>
            {hasFile ? `Change ${noun}` : `Choose ${noun}`}
          </Button>
          {hint && <span className="hd-field__hint">{hint}</span>}
        </div>
      </div>
      {progress !== null && <ProgressBar value={progress} label={`Uploading ${noun}`} />}
      {message && (
        <p className="hd-field__error" role="alert">
          {message}
        </p>
      )}
      {children}
    </div>
  );
}

import { useId, useRef } from 'react';
import { profileUrl } from '@huddle/domain';
import { Button, useToast } from '@huddle/ui';

/** The shareable profile URL {origin}/@{username} (spec §1) with its Copy button. */
export function ProfileLink({ username }: { username: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const url = profileUrl(window.location.origin, username);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.show('Copied', 'success');
    } catch {
      // No clipboard access (an insecure origin, a denied permission): hand the visitor the text to copy.
      input.current?.select();
      toast.show('Could not copy the link. It is selected: copy it yourself.', 'error');
    }
  };

  return (
    <div className="rq-share">
      <label className="rq-share__label" htmlFor={id}>
        Profile link
      </label>
      <div className="rq-share__row">
        <input
          ref={input}
          id={id}
          className="hd-field__input rq-share__url"
          value={url}
          readOnly
          onFocus={(event) => event.target.select()}
        />
        <Button variant="secondary" size="sm" onClick={copy}>
          Copy
        </Button>
      </div>
    </div>
  );
}

import { useId, useRef } from 'react';
import { profileUrl } from '@huddle/domain';
import { Button, useHydrated, useToast } from '@huddle/ui';

/**
 * The page's origin. A first screen rendered on the server does not know the origin the visitor
 * used: it renders the path alone, and the browser fills in its origin once the page has hydrated.
 */
function usePageOrigin(): string {
  return useHydrated() ? window.location.origin : '';
}

/** The shareable profile URL {origin}/@{username} (spec §1) with its Copy button. */
export function ProfileLink({ username }: { username: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const url = profileUrl(usePageOrigin(), username);

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

/**
 * Page scroll is locked while any overlay is open (side menu, modal). Several can be open at
 * once (a confirm dialog above the menu), so locks are counted and the page scrolls again only
 * when the last one is released. The counter lives in this module, which is why @huddle/ui is a
 * federation singleton: the shell's menu and a remote's modal must share one count.
 */
let holders = 0;
let previousOverflow = '';

export function acquireScrollLock(body: HTMLElement): () => void {
  if (holders === 0) {
    previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
  }
  holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) body.style.overflow = previousOverflow;
  };
}

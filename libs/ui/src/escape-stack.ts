/**
 * Escape closes only the topmost overlay: a confirm dialog opened from the side menu closes
 * first, the menu on the next press. Overlays register in opening order; one document listener
 * serves them all.
 */
type Handler = { current: () => void };

const stack: Handler[] = [];

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape') return;
  const top = stack[stack.length - 1];
  if (top) {
    event.preventDefault();
    top.current();
  }
}

export function pushEscapeHandler(handler: Handler, target: Document): () => void {
  if (stack.length === 0) target.addEventListener('keydown', onKeyDown);
  stack.push(handler);
  return () => {
    const index = stack.lastIndexOf(handler);
    if (index !== -1) stack.splice(index, 1);
    if (stack.length === 0) target.removeEventListener('keydown', onKeyDown);
  };
}

export function escapeStackDepth(): number {
  return stack.length;
}

import { MAX_VISIBLE_TOASTS, toastReducer, type ToastMessage } from './toast-queue';

const toast = (id: number, text = `Toast ${id}`): ToastMessage => ({ id, text, tone: 'info' });

describe('toastReducer', () => {
  it('appends toasts and dismisses them by id', () => {
    const shown = toastReducer(toastReducer([], { type: 'show', toast: toast(1) }), { type: 'show', toast: toast(2) });
    expect(shown.map((t) => t.id)).toEqual([1, 2]);
    expect(toastReducer(shown, { type: 'dismiss', id: 1 }).map((t) => t.id)).toEqual([2]);
  });

  it('keeps only the newest toasts when a burst arrives', () => {
    let state: ToastMessage[] = [];
    for (let id = 1; id <= MAX_VISIBLE_TOASTS + 2; id += 1) state = toastReducer(state, { type: 'show', toast: toast(id) });
    expect(state).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(state[state.length - 1]?.id).toBe(MAX_VISIBLE_TOASTS + 2);
  });

  it('shows a repeated text once, as the newest', () => {
    const state = [toast(1, 'User has been updated'), toast(2, 'Payout sent')];
    const next = toastReducer(state, { type: 'show', toast: toast(3, 'User has been updated') });
    expect(next.map((t) => t.id)).toEqual([2, 3]);
  });
});

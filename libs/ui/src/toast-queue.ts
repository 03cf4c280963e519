export type ToastTone = 'info' | 'success' | 'error';

export interface ToastMessage {
  id: number;
  text: string;
  tone: ToastTone;
}

export type ToastAction = { type: 'show'; toast: ToastMessage } | { type: 'dismiss'; id: number };

/** At most this many toasts stack up; the oldest gives way so a burst never covers the screen. */
export const MAX_VISIBLE_TOASTS = 3;

export const TOAST_DURATION_MS = 4000;

export function toastReducer(state: readonly ToastMessage[], action: ToastAction): ToastMessage[] {
  switch (action.type) {
    case 'show': {
      // The same text twice in a row (a double-clicked action) shows once.
      const withoutDuplicate = state.filter((toast) => toast.text !== action.toast.text);
      return [...withoutDuplicate, action.toast].slice(-MAX_VISIBLE_TOASTS);
    }
    case 'dismiss':
      return state.filter((toast) => toast.id !== action.id);
  }
}

import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { cx } from './class-names';
import { Icon } from './Icon';
import { TOAST_DURATION_MS, toastReducer, type ToastMessage, type ToastTone } from './toast-queue';

export interface ToastApi {
  show: (text: string, tone?: ToastTone) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

function ToastItem({ toast, onDismiss }: { toast: ToastMessage; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <div className={cx('hd-toast', `hd-toast--${toast.tone}`)} role={toast.tone === 'error' ? 'alert' : 'status'}>
      <span className="hd-toast__text">{toast.text}</span>
      <button type="button" className="hd-icon-button hd-toast__close" onClick={() => onDismiss(toast.id)} aria-label="Dismiss">
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}

/** Holds the toasts of the whole page; the shell mounts it once and remotes call useToast. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => dispatch({ type: 'dismiss', id }), []);
  const api = useMemo<ToastApi>(
    () => ({
      show: (text, tone = 'info') => {
        const id = nextId.current;
        nextId.current += 1;
        dispatch({ type: 'show', toast: { id, text, tone } });
      },
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="hd-toasts" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider above it (the shell mounts one).');
  return api;
}

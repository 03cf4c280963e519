export interface LoadingViewProps {
  label?: string;
  /** Fills the viewport (app start) instead of the content area. */
  fullPage?: boolean;
}

export function LoadingView({ label = 'Loading', fullPage = false }: LoadingViewProps) {
  return (
    <div className={fullPage ? 'hd-state hd-state--full' : 'hd-state'} role="status" aria-live="polite">
      <span className="hd-spinner" aria-hidden="true" />
      <span className="hd-state__label">{label}</span>
    </div>
  );
}

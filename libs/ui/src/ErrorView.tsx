import { Button } from './Button';
import { Icon } from './Icon';

export interface ErrorViewProps {
  message: string;
  title?: string;
  /** Shows a Retry button; the caller decides what retrying means. */
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorView({ message, title, onRetry, retrying = false }: ErrorViewProps) {
  return (
    <div className="hd-state hd-state--error" role="alert">
      <span className="hd-state__icon hd-state__icon--error">
        <Icon name="alert" size={28} />
      </span>
      {title && <h2 className="hd-state__title">{title}</h2>}
      <p className="hd-state__text">{message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      )}
    </div>
  );
}

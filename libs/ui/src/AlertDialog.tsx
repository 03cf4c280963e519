import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

export interface AlertDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  buttonLabel?: string;
  onClose: () => void;
}

/** An alert the user acknowledges with one button (errors and outcomes the spec shows in an alert). */
export function AlertDialog({ open, title, message, buttonLabel = 'OK', onClose }: AlertDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title} size="sm" footer={<Button onClick={onClose}>{buttonLabel}</Button>}>
      <div className="hd-confirm__message" role="alert">
        {message}
      </div>
    </Modal>
  );
}

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { LIMITS, MESSAGES } from '@huddle/domain';
import { Button, Modal, TextAreaField, useToast } from '@huddle/ui';
import { useRequestsApi } from '../api/hooks';

/** 'Contact customer support' (spec §2): a message about this request, emailed to support. */
export function SupportModal({ requestId, open, onClose }: { requestId: string; open: boolean; onClose: () => void }) {
  const api = useRequestsApi();
  const toast = useToast();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => api.contactSupport(requestId, message.trim()),
    onSuccess: () => {
      toast.show(MESSAGES.reportSent, 'success');
      setMessage('');
      onClose();
    },
    onError: (failure) => setError(toApiError(failure).fieldErrors.message ?? toApiError(failure).message),
  });
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Contact customer support"
      footer={
        <Button
          variant="accent"
          loading={send.isPending}
          onClick={() => {
            if (message.trim() === '') return setError(MESSAGES.required);
            setError(null);
            send.mutate();
          }}
        >
          Send
        </Button>
      }
    >
      <TextAreaField
        label="What happened?"
        rows={5}
        maxLength={LIMITS.text.max}
        showCount
        value={message}
        error={error}
        onChange={(event) => setMessage(event.target.value)}
      />
    </Modal>
  );
}

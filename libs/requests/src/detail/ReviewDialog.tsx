import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { Button, Modal, StarRating } from '@huddle/ui';
import { useRequestsApi } from '../api/hooks';
import type { RequestView } from '../api/requests-api';

/** 'Rate or share' (spec §2, §5): a star rating is required before Submit. */
export function ReviewDialog({ request, open, onClose, onReviewed }: { request: RequestView; open: boolean; onClose: () => void; onReviewed: (request: RequestView) => void }) {
  const api = useRequestsApi();
  const [rate, setRate] = useState(0);
  const review = useMutation({
    mutationFn: () => api.review(request.id, rate),
    onSuccess: (reviewed) => {
      onReviewed(reviewed);
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Rate or share"
      size="sm"
      footer={
        <Button variant="accent" disabled={rate === 0} loading={review.isPending} onClick={() => review.mutate()}>
          Submit
        </Button>
      }
    >
      <div className="req-review">
        <p>How was it with {request.athlete.first_name ?? 'the athlete'}?</p>
        <StarRating value={rate} onChange={setRate} label="Your rating" size="lg" />
        {review.error && (
          <p className="hd-field__error" role="alert">
            {toApiError(review.error).message}
          </p>
        )}
      </div>
    </Modal>
  );
}

import { useState } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@huddle/api-client';
import { ErrorCode, SERVICE_LABELS } from '@huddle/domain';
import { EmptyView, ErrorView, Page, SkeletonList, useSearchParam, useShell, useShellApi, type ScreenProps } from '@huddle/ui';
import { BookingForm } from './BookingForm';
import { bookingApi, type BookableAthlete } from './booking-api';
import { isFormType } from './booking-labels';
import { CheckoutModal } from './checkout/CheckoutModal';
import './booking.css';

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.NotFound;
}

function athleteName(athlete: BookableAthlete | undefined): string {
  const name = [athlete?.first_name, athlete?.last_name].filter(Boolean).join(' ');
  return name || (athlete?.username ? `@${athlete.username}` : 'the athlete');
}

/**
 * /request-form/{athleteId}/{type} (spec §2): the booking form of one service, then the checkout.
 * Submitting makes an unpaid draft (the requester's alone); the checkout holds the card and only
 * then does the athlete see the request. `?pay={request id}` reopens the checkout of a draft
 * (the request detail's Pay button).
 */
export function BookingFormScreen({ params }: ScreenProps) {
  const { navigate } = useShell();
  const api = useShellApi(bookingApi);
  const queryClient = useQueryClient();
  const athleteId = params.id ?? '';
  const type = params.type;
  const [payParam, setPayParam] = useSearchParam('pay');
  const [drafted, setDrafted] = useState<string | null>(null);
  const checkoutId = drafted ?? payParam;

  const athlete = useQuery({
    queryKey: ['athletes', 'public', { athlete_id: athleteId }],
    queryFn: athleteId ? ({ signal }) => api.getAthlete(athleteId, signal) : skipToken,
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });

  const label = isFormType(type) ? SERVICE_LABELS[type] : 'service';
  const title = `Book ${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label.toLowerCase()}`;
  const name = athleteName(athlete.data);
  const back = () => navigate(`/p/@${athlete.data?.username ?? athleteId}`);

  const body = () => {
    if (!isFormType(type)) {
      return <EmptyView title="Not bookable here" text="Endorsement campaigns are created from the dashboard with Create campaign." />;
    }
    if (athlete.isPending) return <SkeletonList count={6} label="Loading the booking form" />;
    if (athlete.isError) {
      return isNotFound(athlete.error) ? (
        <EmptyView title="Athlete not found" text="We could not find this athlete" icon="user" />
      ) : (
        <ErrorView message={athlete.error.message} onRetry={() => void athlete.refetch()} retrying={athlete.isFetching} />
      );
    }
    const service = athlete.data.services.find((offered) => offered.type === type);
    if (!service) {
      return <EmptyView title={`No ${label.toLowerCase()}`} text={`${name} does not offer a ${label.toLowerCase()} right now.`} />;
    }
    return <BookingForm type={type} athlete={athlete.data} rate={service.rate} onDrafted={(request) => setDrafted(request.id)} />;
  };

  return (
    <Page title={title} subtitle={athlete.data ? `With ${name}` : undefined} width="narrow" onBack={back}>
      {body()}
      {checkoutId && (
        <CheckoutModal
          target={{ request_id: checkoutId }}
          payee={name}
          onClose={() => {
            setDrafted(null);
            if (payParam) setPayParam(null);
          }}
          onPaid={() => {
            // The request screens' cache (lists, a draft's page opened before) may hold it unpaid: read it again.
            void queryClient.invalidateQueries({ queryKey: ['requests'] });
            navigate(`/request/${checkoutId}`);
          }}
        />
      )}
    </Page>
  );
}

import { isServiceType, SERVICE_LABELS } from '@huddle/domain';
import { Page, Placeholder, useShell, type ScreenProps } from '@huddle/ui';

/** /request-form/{id}/{type} (spec §2): the booking form of one service, then the payment sheet. */
export function BookingFormScreen({ params }: ScreenProps) {
  const { navigate } = useShell();
  const athlete = params.id ?? '';
  const type = params.type;
  const service = isServiceType(type) ? SERVICE_LABELS[type] : 'Service';

  return (
    <Page title={`Book a ${service.toLowerCase()}`} subtitle={`With @${athlete}`} width="narrow" onBack={() => navigate(`/p/@${athlete}`)}>
      <Placeholder title="Booking form">
        Date and time, location, description, request name and social platforms, then the card payment sheet.
      </Placeholder>
    </Page>
  );
}

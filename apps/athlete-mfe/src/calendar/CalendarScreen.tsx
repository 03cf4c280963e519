import { Page } from '@huddle/ui';
import { Calendar } from './Calendar';

/** /calendar (issue 23): the athlete's accepted timed events, times in the browser's zone, and their private iCal feed. */
export function CalendarScreen() {
  return (
    <Page title="Calendar" subtitle="Your accepted events, in your time zone.">
      <Calendar />
    </Page>
  );
}

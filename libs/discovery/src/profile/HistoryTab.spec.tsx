import { renderToStaticMarkup } from 'react-dom/server';
import { MESSAGES } from '@huddle/domain';
import { HistoryTab } from './HistoryTab';

// 2026-03-04T12:00:00Z and 2026-02-10T12:00:00Z.
const MARCH_4 = 1772625600;
const FEBRUARY_10 = 1770724800;

describe('HistoryTab (public, guests included)', () => {
  it('shows each finished request as its type, the requester as the API names them for the public, and the date', () => {
    const html = renderToStaticMarkup(
      <HistoryTab
        history={[
          { type: 'shoutout', finished_at: MARCH_4, requester_name: 'Riley P.' },
          { type: 'endorsement', finished_at: FEBRUARY_10, requester_name: 'Lee Promotions' },
        ]}
      />,
    );
    expect(html).toContain('Video shoutout');
    expect(html).toContain('Booked by Riley P.');
    expect(html).toContain('Endorsement');
    expect(html).toContain('Booked by Lee Promotions');
    expect(html).toContain('dateTime="2026-03-04"');
    expect(html).toContain('dateTime="2026-02-10"');
  });

  it("shows the spec's empty text without history", () => {
    expect(renderToStaticMarkup(<HistoryTab history={[]} />)).toContain(MESSAGES.noHistory);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { mediaImageSources } from '@huddle/api-client';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import type { AthleteCard, AthleteProfile } from '../api/discovery-types';
import { AthleteTile } from '../dashboard/AthleteTile';
import { Avatar } from '../profile/Avatar';
import { ProfilePreview } from '../profile/ProfilePreview';
import { Photo } from './Photo';

const ID = '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10';
const PHOTO = `/media/images/${ID}.jpg`;
const SRCSET = `/api/v1/media/images/${ID}-w160.webp 160w, /api/v1/media/images/${ID}.webp 320w`;

const card: AthleteCard = {
  athlete_id: '9f0c4a52-3a4b-4d7e-8f55-0c1d2e3f4a5b',
  username: 'jordan.miles',
  first_name: 'Jordan',
  last_name: 'Miles',
  profile_photo: `/media/images/${'1'.repeat(8)}-0000-0000-0000-000000000000.jpg`,
  dashboard_photo: PHOTO,
  sports_played: 'Basketball',
  school_name: 'UCLA',
  endorsement_rate: null,
  rating: null,
  reviews_count: 0,
};

const shell = testShell({ role: 1 });

function tile(athlete: AthleteCard, priority: boolean): string {
  return renderToStaticMarkup(
    <Router ssrPath="/dashboard">
      <AthleteTile athlete={athlete} apiBase="/api/v1" priority={priority} />
    </Router>,
  );
}

/** The one <picture> of some markup: its WebP source's attributes and its img's, by name. */
function pictureOf(html: string): { source: Record<string, string>; img: Record<string, string> } {
  const picture = /<picture class="rq-photo"><source ([^>]*)\/><img ([^>]*)\/><\/picture>/.exec(html);
  if (!picture) throw new Error(`No <picture> in ${html}`);
  const attributes = (text: string) => Object.fromEntries([...text.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
  return { source: attributes(picture[1]), img: attributes(picture[2]) };
}

describe('photos for the screen (issue 14)', () => {
  it('renders a card photo as WebP for half a phone, a third of a tablet and 220 px on desktop, the JPEG for other browsers', () => {
    const { source, img } = pictureOf(tile(card, false));
    expect(source).toEqual({ type: 'image/webp', srcSet: SRCSET, sizes: '(min-width: 960px) 220px, (min-width: 640px) 31vw, 50vw' });
    expect(img).toMatchObject({ src: `/api/v1${PHOTO}`, alt: '', loading: 'lazy', fetchPriority: 'auto', decoding: 'async' });
  });

  it("loads a priority card's photo at once and first", () => {
    const { source, img } = pictureOf(tile(card, true));
    expect(source.srcSet).toBe(SRCSET);
    expect(img).toMatchObject({ loading: 'eager', fetchPriority: 'high' });
  });

  it('uses the profile photo when the athlete has no dashboard photo, and initials when there is none', () => {
    expect(pictureOf(tile({ ...card, dashboard_photo: null }, false)).img.src).toBe(`/api/v1${card.profile_photo}`);
    const html = tile({ ...card, dashboard_photo: null, profile_photo: null }, false);
    expect(html).not.toContain('<img');
    expect(html).toContain('JM');
  });

  it('renders a photo from elsewhere (S3, a CDN) as a plain img', () => {
    const html = tile({ ...card, dashboard_photo: 'https://bucket.example.com/images/a.jpg' }, false);
    expect(html).not.toContain('<picture');
    expect(html).toContain('<img src="https://bucket.example.com/images/a.jpg" alt="" loading="lazy"');
  });

  it('renders an avatar for its fixed 40 px, lazily', () => {
    const { source, img } = pictureOf(renderToStaticMarkup(<Avatar photo={PHOTO} initials="JM" apiBase="/api/v1" />));
    expect(source).toEqual({ type: 'image/webp', srcSet: SRCSET, sizes: '40px' });
    expect(img).toMatchObject({ src: `/api/v1${PHOTO}`, alt: '', loading: 'lazy' });
    expect(renderToStaticMarkup(<Avatar photo={null} initials="JM" apiBase="/api/v1" />)).toBe('<span class="rq-avatar" aria-hidden="true">JM</span>');
  });

  it("renders the profile's portrait, when there is no intro video, for the phone's width or 340 px beside the tabs", () => {
    // No username: the shareable link reads window.location, which a server render has not.
    const athlete = { ...card, username: null, intro_video: null, services: [], sports: [] } as unknown as AthleteProfile;
    const { source, img } = pictureOf(
      renderToStaticMarkup(
        <ShellContextProvider value={shell} requires={SHELL_CONTRACT_VERSION}>
          <ToastProvider>
            <ProfilePreview athlete={athlete} apiBase="/api/v1" />
          </ToastProvider>
        </ShellContextProvider>,
      ),
    );
    expect(source).toEqual({ type: 'image/webp', srcSet: SRCSET, sizes: '(min-width: 900px) 340px, 100vw' });
    expect(img).toMatchObject({ src: `/api/v1${PHOTO}`, alt: '', fetchPriority: 'high' });
  });

  it('passes the img attributes through in both forms', () => {
    const ours = renderToStaticMarkup(<Photo sources={mediaImageSources('/api/v1', PHOTO)!} sizes="10px" alt="Jordan" width={10} />);
    expect(pictureOf(ours).img).toMatchObject({ alt: 'Jordan', width: '10' });
    const elsewhere = renderToStaticMarkup(<Photo sources={mediaImageSources('/api/v1', 'blob:http://x/1')!} sizes="10px" alt="Jordan" />);
    expect(elsewhere).not.toContain('<picture');
    expect(elsewhere).toContain('<img src="blob:http://x/1" alt="Jordan"/>');
  });
});

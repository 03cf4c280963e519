import { renderToStaticMarkup } from 'react-dom/server';
import { LIMITS } from '@huddle/domain';
import { Badge } from './Badge';
import { EmptyView } from './EmptyView';
import { ErrorView } from './ErrorView';
import { FileUploadField } from './FileUploadField';
import { SkeletonList } from './SkeletonList';
import { StarRating } from './StarRating';

describe('Badge', () => {
  it('shows the count, capped at 99+ from 100 (spec §2)', () => {
    expect(renderToStaticMarkup(<Badge count={7} />)).toContain('>7<');
    expect(renderToStaticMarkup(<Badge count={99} />)).toContain('>99<');
    expect(renderToStaticMarkup(<Badge count={100} />)).toContain('>99+<');
  });

  it('renders nothing without unread items', () => {
    expect(renderToStaticMarkup(<Badge count={0} />)).toBe('');
  });
});

describe('SkeletonList', () => {
  it('draws the spec’s 20 placeholders by default', () => {
    const html = renderToStaticMarkup(<SkeletonList variant="card" />);
    expect(html.match(/hd-skeleton hd-skeleton--card/g)).toHaveLength(LIMITS.skeletonPlaceholders);
    expect(LIMITS.skeletonPlaceholders).toBe(20);
  });
});

describe('StarRating', () => {
  it('labels a read-only rating for screen readers', () => {
    expect(renderToStaticMarkup(<StarRating value={4.5} />)).toContain('aria-label="4.5 out of 5 stars"');
  });

  it('becomes a radio group when the user can rate', () => {
    const html = renderToStaticMarkup(<StarRating value={3} onChange={() => undefined} />);
    expect(html).toContain('role="radiogroup"');
    expect(html.match(/role="radio"/g)).toHaveLength(5);
    expect(html).toContain('aria-checked="true" aria-label="3 stars"');
  });
});

describe('EmptyView and ErrorView', () => {
  it('shows the empty text', () => {
    expect(renderToStaticMarkup(<EmptyView text="Athletes not found" />)).toContain('Athletes not found');
  });

  it('offers Retry only when the caller can retry', () => {
    expect(renderToStaticMarkup(<ErrorView message="Failed" />)).not.toContain('Retry');
    expect(renderToStaticMarkup(<ErrorView message="Failed" onRetry={() => undefined} />)).toContain('Retry');
  });
});

describe('FileUploadField', () => {
  const field = (props: Partial<Parameters<typeof FileUploadField>[0]> = {}) =>
    renderToStaticMarkup(
      <FileUploadField label="Intro video" accept=".mp4" noun="video" preview={<i />} hasFile={false} check={() => null} onAccepted={() => undefined} progress={null} {...props} />,
    );

  it('offers to choose a file, or to change the one there', () => {
    expect(field()).toContain('Choose video');
    expect(field({ hasFile: true })).toContain('Change video');
  });

  it('shows the upload’s progress and the owner’s message', () => {
    expect(field({ progress: 0.5 })).toContain('Uploading video 50%');
    const failed = field({ error: 'Please, choose video' });
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Please, choose video');
    expect(failed).toContain('hd-field--invalid');
  });
});

import { Link } from 'wouter';
import { cx, Icon } from '@huddle/ui';
import { pageItems } from './pagination';

export interface PaginationProps {
  page: number;
  count: number;
  /** The URL of a page: pages are links, so they can be opened in a new tab or shared. */
  hrefFor: (page: number) => string;
}

function Step({ page, count, hrefFor, direction }: PaginationProps & { direction: 'previous' | 'next' }) {
  const target = direction === 'previous' ? page - 1 : page + 1;
  const label = direction === 'previous' ? 'Previous' : 'Next';
  const content = (
    <>
      {direction === 'previous' && <Icon name="back" size={18} />}
      <span>{label}</span>
      {direction === 'next' && <span className="rq-pages__next-icon"><Icon name="back" size={18} /></span>}
    </>
  );
  if (target < 1 || target > count) {
    return (
      <span className="rq-pages__step rq-pages__step--disabled" aria-disabled="true">
        {content}
      </span>
    );
  }
  return (
    <Link href={hrefFor(target)} className="rq-pages__step" aria-label={`${label} page`}>
      {content}
    </Link>
  );
}

/** Numbered pages with Previous and Next; phones show 'Page 2 of 5' between the two steps. */
export function Pagination({ page, count, hrefFor }: PaginationProps) {
  if (count <= 1) return null;
  return (
    <nav className="rq-pages" aria-label="Pagination">
      <Step page={page} count={count} hrefFor={hrefFor} direction="previous" />
      <ol className="rq-pages__list">
        {pageItems(page, count).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="rq-pages__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                href={hrefFor(item)}
                className={cx('rq-pages__page', item === page && 'rq-pages__page--current')}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      <span className="rq-pages__compact">
        Page {page} of {count}
      </span>
      <Step page={page} count={count} hrefFor={hrefFor} direction="next" />
    </nav>
  );
}

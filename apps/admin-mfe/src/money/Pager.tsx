import { Link, useLocation, useSearch } from 'wouter';
import { buttonClassName, withSearchParam } from '@huddle/ui';

export interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
}

/** Previous, 'Page 2 of 5' and Next under a paged admin list; each step is a link with the page in the query string. */
export function Pager({ page, total, pageSize }: PagerProps) {
  const [pathname] = useLocation();
  const search = useSearch();
  const count = Math.max(1, Math.ceil(total / pageSize));
  if (count <= 1 && page <= 1) return null;
  const href = (target: number) => `${pathname}${withSearchParam(search, 'page', target === 1 ? null : String(target))}`;
  const step = (target: number, label: string) =>
    target >= 1 && target <= count ? (
      <Link href={href(target)} className={buttonClassName('secondary', 'sm')} aria-label={`${label} page`}>
        {label}
      </Link>
    ) : (
      <span className={`${buttonClassName('secondary', 'sm')} adm-pager__off`} aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className="adm-pager" aria-label="Pagination">
      {step(page - 1, 'Previous')}
      <span className="adm-pager__where">
        Page {Math.min(page, count)} of {count}
      </span>
      {step(page + 1, 'Next')}
    </nav>
  );
}

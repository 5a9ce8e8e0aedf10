import Link from 'next/link';

/** Previous and next links that keep the page's other query parameters. */
export function Pagination({ path, query, page, totalPages }: { path: string; query: Record<string, string>; page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const href = (n: number) => `${path}?${new URLSearchParams({ ...query, page: String(n) }).toString()}`;
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? <Link href={href(page - 1)} rel="prev">← Previous</Link> : <span />}
      <span>Page {page} of {totalPages}</span>
      {page < totalPages ? <Link href={href(page + 1)} rel="next">Next →</Link> : <span />}
    </nav>
  );
}

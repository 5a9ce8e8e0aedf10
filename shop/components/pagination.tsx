import { pageWords } from '@/lib/locale';
import { LocalLink as Link } from './local-link';

/** Previous and next links that keep the page's other query parameters. */
export async function Pagination({ path, query, page, totalPages }: { path: string; query: Array<[string, string]>; page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const words = await pageWords();
  const href = (n: number) => `${path}?${new URLSearchParams([...query, ['page', String(n)]]).toString()}`;
  return (
    <nav className="pagination" aria-label={words.pages}>
      {page > 1 ? <Link href={href(page - 1)} rel="prev">{words.previous}</Link> : <span />}
      <span>{words.pageOf(page, totalPages)}</span>
      {page < totalPages ? <Link href={href(page + 1)} rel="next">{words.next}</Link> : <span />}
    </nav>
  );
}

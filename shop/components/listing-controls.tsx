import { pageWords } from '@/lib/locale';
import { SORTS } from '@/lib/listing';

/** Sort and price range as a GET form: it works without JavaScript, and a URL keeps the choice. */
export async function ListingControls({ kept }: { kept: Record<string, string> }) {
  const words = await pageWords();
  return (
    <form method="get" className="listing-controls" aria-label={words.sortAndFilter}>
      {kept.q ? <input type="hidden" name="q" value={kept.q} /> : null}
      <label>
        {words.sortBy}{' '}
        <select name="sort" defaultValue={kept.sort ?? ''}>
          {SORTS.map((value) => <option key={value} value={value}>{words.sorts[value]}</option>)}
        </select>
      </label>
      <label>
        {words.priceFrom} <input name="min" inputMode="decimal" size={6} defaultValue={kept.min ?? ''} />
      </label>
      <label>
        {words.priceTo} <input name="max" inputMode="decimal" size={6} defaultValue={kept.max ?? ''} />
      </label>
      <button type="submit">{words.apply}</button>
    </form>
  );
}

import { SORTS } from '@/lib/listing';

/** Sort and price range as a GET form: it works without JavaScript, and a URL keeps the choice. */
export function ListingControls({ kept }: { kept: Record<string, string> }) {
  return (
    <form method="get" className="listing-controls" aria-label="Sort and filter">
      {kept.q ? <input type="hidden" name="q" value={kept.q} /> : null}
      <label>
        Sort by{' '}
        <select name="sort" defaultValue={kept.sort ?? ''}>
          {SORTS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </label>
      <label>
        Price from <input name="min" inputMode="decimal" size={6} defaultValue={kept.min ?? ''} />
      </label>
      <label>
        to <input name="max" inputMode="decimal" size={6} defaultValue={kept.max ?? ''} />
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}

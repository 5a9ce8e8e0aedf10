import type { components } from '@storefront-api/client';
import { pageWords } from '@/lib/locale';
import { listingHref, SORTS, type ListingFilters } from '@/lib/listing';
import { currencyDecimals } from '@/lib/store';
import { LocalLink as Link } from './local-link';

type Facets = components['schemas']['Facets'];

/** Values shown of a facet: the most frequent (the API's order), and every chosen one whatever its rank. */
const SHOWN_VALUES = 12;

/**
 * Sort, price range and, on a listing answering facets, a checkbox per brand and option value with
 * its count: one GET form, so it works without JavaScript and a URL keeps the choice. Applying it
 * keeps the sort and search words and starts again at page 1 (the form sends no page).
 */
export async function ListingControls({ kept, facets, filters, currency }: {
  kept: Array<[string, string]>; facets?: Facets; filters?: ListingFilters; currency?: string;
}) {
  const words = await pageWords();
  const value = (key: string) => kept.find(([k]) => k === key)?.[1] ?? '';
  const chosenOption = (name: string) => filters?.options[name] ?? [];
  // A chosen value the facets no longer count (nothing left under the other filters) stays a checked
  // box with 0, so applying the form again keeps it rather than dropping it unseen.
  const optionNames = [...new Set([...Object.keys(facets?.options ?? {}), ...Object.keys(filters?.options ?? {})])].sort();
  const vendors = withChosen(facets?.vendor ?? [], filters?.vendors ?? []);
  const groups = facets && filters ? [
    ...(vendors.length > 0 ? [{ legend: words.brand, name: 'vendor', values: vendors, chosen: filters.vendors }] : []),
    ...optionNames.map((name) => ({
      legend: optionTitle(name), name: `options[${name}]`, values: withChosen(facets.options?.[name] ?? [], chosenOption(name)), chosen: chosenOption(name),
    })),
  ] : [];
  // The range of the products listed, in whole units of the buyer's currency: the inputs' hints.
  const scale = 10 ** currencyDecimals(currency ?? 'USD');
  const whole = (minor: number | null | undefined, round: (n: number) => number) => (minor === null || minor === undefined ? undefined : String(round(minor / scale)));
  return (
    <form method="get" className={groups.length > 0 ? 'listing-controls listing-filters' : 'listing-controls'} aria-label={words.sortAndFilter}>
      {value('q') ? <input type="hidden" name="q" value={value('q')} /> : null}
      <label>
        {words.sortBy}{' '}
        <select name="sort" defaultValue={value('sort')}>
          {SORTS.map((sort) => <option key={sort} value={sort}>{words.sorts[sort]}</option>)}
        </select>
      </label>
      {groups.map((group) => (
        <fieldset key={group.name} className="facet">
          <legend>{group.legend}</legend>
          {[...group.values.slice(0, SHOWN_VALUES), ...group.values.slice(SHOWN_VALUES).filter((v) => group.chosen.includes(v.value))].map((v) => (
            <label key={v.value} className="checkbox">
              <input type="checkbox" name={group.name} value={v.value} defaultChecked={group.chosen.includes(v.value)} />
              {v.value} <span className="facet-count">({v.count})</span>
            </label>
          ))}
        </fieldset>
      ))}
      <fieldset className="facet price-range">
        <legend>{words.price}{currency ? ` (${currency})` : ''}</legend>
        <label>
          {words.priceFrom} <input name="min" inputMode="decimal" size={6} defaultValue={value('min')} placeholder={whole(facets?.price?.min, Math.floor)} />
        </label>
        <label>
          {words.priceTo} <input name="max" inputMode="decimal" size={6} defaultValue={value('max')} placeholder={whole(facets?.price?.max, Math.ceil)} />
        </label>
      </fieldset>
      <button type="submit">{words.apply}</button>
    </form>
  );
}

/** A facet's values, then each chosen value it does not count, with 0. */
function withChosen(values: Array<{ value: string; count: number }>, chosen: string[]): Array<{ value: string; count: number }> {
  return [...values, ...chosen.filter((value) => !values.some((v) => v.value === value)).map((value) => ({ value, count: 0 }))];
}

/** The brand, option and price choices in force, each a link to the same listing without it. */
export async function ActiveFilters({ path, kept }: { path: string; kept: Array<[string, string]> }) {
  const words = await pageWords();
  const removable = kept.filter(([key]) => key === 'vendor' || key === 'min' || key === 'max' || key.startsWith('options['));
  if (removable.length === 0) return null;
  const label = (key: string, value: string) => {
    if (key === 'vendor') return `${words.brand}: ${value}`;
    if (key === 'min') return `${words.priceFrom} ${value}`;
    if (key === 'max') return `${words.priceUpTo} ${value}`;
    return `${optionTitle(key.slice('options['.length, -1))}: ${value}`;
  };
  return (
    <nav className="active-filters" aria-label={words.activeFilters}>
      <ul className="chips">
        {removable.map(([key, value]) => (
          <li key={`${key}=${value}`}>
            <Link href={listingHref(path, kept, (k, v) => k === key && v === value)} aria-label={words.removeFilter(label(key, value))}>
              {label(key, value)}{' '}<span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
        <li><Link href={listingHref(path, kept, (k) => k !== 'sort' && k !== 'q')}>{words.clearFilters}</Link></li>
      </ul>
    </nav>
  );
}

/** An option's name as a heading: `size` reads Size. */
function optionTitle(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

import { iso31661, iso31662 } from 'iso-3166';

export interface Country {
  code: string;
  name: string;
}

export interface Subdivision {
  /** The ISO 3166-2 part after the country: `NY` for `US-NY`. */
  code: string;
  name: string;
}

/** Assigned ISO 3166-1 countries, by alpha-2 code. */
const isoNames = new Map(iso31661.map((c) => [c.alpha2, c.name]));

/** ISO 3166-2 subdivisions by country, in code order. */
const subdivisionsByCountry = new Map<string, Subdivision[]>();
for (const entry of iso31662) {
  const [country, code] = entry.code.split('-') as [string, string];
  const list = subdivisionsByCountry.get(country) ?? [];
  list.push({ code, name: entry.name });
  subdivisionsByCountry.set(country, list);
}
for (const list of subdivisionsByCountry.values()) list.sort((a, b) => a.code.localeCompare(b.code));

const displayNames = new Map<string, Intl.DisplayNames>();
/** Names already asked for, by language and code: `Intl.DisplayNames.of` costs microseconds a call, and every address shown asks. */
const namesByLang = new Map<string, Map<string, string>>();

/**
 * A country's name in a language: CLDR's common name (`South Korea`, not the ISO `Korea, Republic
 * of`), falling back to the ISO name. Undefined for a code that is no assigned ISO 3166-1 country.
 */
export function countryName(code: string, lang = 'en'): string | undefined {
  const known = namesByLang.get(lang)?.get(code);
  if (known !== undefined) return known;
  const isoName = isoNames.get(code);
  if (isoName === undefined) return undefined;
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'none' });
    displayNames.set(lang, names);
  }
  const name = names.of(code) ?? isoName;
  if (!namesByLang.has(lang)) namesByLang.set(lang, new Map());
  namesByLang.get(lang)!.set(code, name);
  return name;
}

const listsByLang = new Map<string, Country[]>();

/** Every assigned ISO 3166-1 country, sorted by name in the language (made once per language). */
export function allCountries(lang = 'en'): Country[] {
  let list = listsByLang.get(lang);
  if (!list) {
    list = [...isoNames.keys()].map((code) => ({ code, name: countryName(code, lang)! }));
    list.sort((a, b) => a.name.localeCompare(b.name, lang));
    listsByLang.set(lang, list);
  }
  return list;
}

/** The ISO 3166-2 subdivisions of a country (empty when it has none); undefined for an unknown country. */
export function subdivisionsOf(countryCode: string): Subdivision[] | undefined {
  if (!isoNames.has(countryCode)) return undefined;
  return subdivisionsByCountry.get(countryCode) ?? [];
}

export function subdivisionName(countryCode: string, code: string): string | undefined {
  return subdivisionsByCountry.get(countryCode)?.find((s) => s.code === code)?.name;
}

import { chooseCountry } from '@/app/actions';
import { countries } from '@/lib/checkout';
import { pageWords, requestLocale } from '@/lib/locale';
import { buyerMarket } from '@/lib/market';
import { shopInfo } from '@/lib/store';
import { languageName } from '@/lib/words';
import { LanguageLinks } from './language-links';

/**
 * The header's country and language pickers, once the store sells in a market besides its own. The
 * country is a form (it works without JavaScript) that picks the market, its currency with it; each
 * language is a link to the same page in it.
 */
export async function MarketPickers() {
  const shop = await shopInfo();
  if (shop.markets.length === 0) return null;
  const [locale, buyer, words, { shipping_countries: shipTo }] = await Promise.all([requestLocale(), buyerMarket(), pageWords(), countries()]);
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const codes = new Set([...shipTo.map((country) => country.code), ...shop.markets.flatMap((market) => market.countryCodes)]);
  if (buyer.countryCode) codes.add(buyer.countryCode);
  const options = [...codes].map((code) => {
    const currency = shop.markets.find((market) => market.countryCodes.includes(code))?.currency ?? shop.currency;
    return { code, label: `${names.of(code) ?? code} · ${currency}` };
  }).sort((a, b) => a.label.localeCompare(b.label, locale));
  return (
    <div className="market-pickers">
      {options.length > 1 ? (
        <form action={chooseCountry} className="country-picker">
          <label htmlFor="country-picker">{words.countryRegion}</label>
          <select id="country-picker" name="country_code" defaultValue={buyer.countryCode ?? ''} autoComplete="country">
            {options.map((option) => <option key={option.code} value={option.code}>{option.label}</option>)}
          </select>
          <button type="submit">{words.change}</button>
        </form>
      ) : null}
      {shop.locales.length > 1 ? (
        <LanguageLinks label={words.language} lang={shop.lang} current={locale} languages={shop.locales.map((each) => ({ locale: each, name: languageName(each) }))} />
      ) : null}
    </div>
  );
}

import { moneyFormat, pageWords } from '@/lib/locale';

/** A price in the page's language, and the compared price struck through beside it when it is higher (a sale). */
export async function Price({ price, compared, currency }: { price: number; compared?: number | null; currency: string }) {
  const [money, words] = await Promise.all([moneyFormat(), pageWords()]);
  const onSale = compared != null && compared > price;
  return (
    <span className="price">
      <span className={onSale ? 'price-now sale' : 'price-now'}>{money(price, currency)}</span>
      {onSale ? (
        <>
          {' '}
          <s className="price-was" aria-label={words.was(money(compared, currency))}>{money(compared, currency)}</s>
        </>
      ) : null}
    </span>
  );
}

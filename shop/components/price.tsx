import { money } from '@/lib/store';

/** A price, and the compared price struck through beside it when it is higher (a sale). */
export function Price({ price, compared, currency }: { price: number; compared?: number | null; currency: string }) {
  const onSale = compared != null && compared > price;
  return (
    <span className="price">
      <span className={onSale ? 'price-now sale' : 'price-now'}>{money(price, currency)}</span>
      {onSale ? (
        <>
          {' '}
          <s className="price-was" aria-label={`was ${money(compared, currency)}`}>{money(compared, currency)}</s>
        </>
      ) : null}
    </span>
  );
}

import { isGroupMember } from '@/lib/customer';
import { moneyFormat, pageWords } from '@/lib/locale';

/**
 * A price in the page's language, and the compared price struck through beside it when it is higher:
 * a sale, or for a signed-in member of a customer group their group's price (the API then compares it
 * with the regular price), labelled as theirs.
 */
export async function Price({ price, compared, currency }: { price: number; compared?: number | null; currency: string }) {
  const [money, words, member] = await Promise.all([moneyFormat(), pageWords(), isGroupMember()]);
  const onSale = compared != null && compared > price;
  return (
    <span className="price">
      {onSale && member ? <><span className="price-member">{words.yourPrice}</span>{' '}</> : null}
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

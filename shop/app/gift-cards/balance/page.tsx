import type { Metadata } from 'next';
import { pageWords } from '@/lib/locale';
import { checkBalance } from './actions';
import { BalanceForm } from './balance-form';

export async function generateMetadata(): Promise<Metadata> {
  const words = await pageWords();
  return { title: words.giftCardBalance.title, robots: { index: false } };
}

/** A gift card's balance, by its code: what is left, and until when. */
export default async function GiftCardBalancePage() {
  const w = (await pageWords()).giftCardBalance;
  return (
    <div className="content-page">
      <h1>{w.title}</h1>
      <p>{w.intro}</p>
      <BalanceForm action={checkBalance} labels={{ code: w.code, check: w.check, checking: w.checking, balance: w.balance, expires: w.expires }} />
    </div>
  );
}

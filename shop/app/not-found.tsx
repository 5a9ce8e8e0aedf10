import { LocalLink as Link } from '@/components/local-link';
import { localized, pageWords } from '@/lib/locale';

export default async function NotFound() {
  const words = await pageWords();
  return (
    <div className="message-page">
      <h1>{words.pageNotFound}</h1>
      <p>{words.notHere}</p>
      <form action={await localized('/search')} method="get" role="search">
        <label htmlFor="not-found-search">{words.searchTheShop}</label>{' '}
        <input id="not-found-search" type="search" name="q" />
        <button type="submit">{words.search}</button>
      </form>
      <p><Link href="/">{words.goHome}</Link></p>
    </div>
  );
}

import Link from 'next/link';

export default function NotFound() {
  return (
    <div className="message-page">
      <h1>Page not found</h1>
      <p>The page you asked for is not here: it may have moved or been taken down.</p>
      <form action="/search" method="get" role="search">
        <label htmlFor="not-found-search">Search the shop</label>{' '}
        <input id="not-found-search" type="search" name="q" />
        <button type="submit">Search</button>
      </form>
      <p><Link href="/">Go to the home page</Link></p>
    </div>
  );
}

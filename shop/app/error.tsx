'use client';

/** What a buyer sees when a page cannot be made (the API unreachable, say): a way to try again. */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="message-page" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown just now. Your cart is kept.</p>
      <p><button type="button" onClick={() => reset()}>Try again</button> or <a href="/">go to the home page</a>.</p>
    </div>
  );
}

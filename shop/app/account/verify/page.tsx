import type { Metadata } from 'next';
import { LocalLink as Link } from '@/components/local-link';
import { SubmitButton } from '@/components/submit-button';
import { verifyEmail } from '../actions';

// The page's address carries the verification token: no page it links to is told it (Referer).
export const metadata: Metadata = { title: 'Confirm your email', robots: { index: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The verification mail's link (`/account/verify?token=cvt_…`). Opening it changes nothing: the token
 * is used up only by the button's POST. Mail scanners and link previews open every link of a mail,
 * and a GET that spent the single-use token would leave the buyer's own click a failure.
 */
export default async function VerifyEmailPage({ searchParams }: Props) {
  const query = await searchParams;
  const token = typeof query.token === 'string' ? query.token : '';
  const error = typeof query.error === 'string' ? query.error : undefined;
  if (query.verified === '1') {
    return (
      <div className="content-page">
        <h1>Your email is confirmed</h1>
        <p role="status">Thank you: orders you placed with this email before you had an account are now in your account too.</p>
        <p><Link href="/account">Go to your account</Link></p>
      </div>
    );
  }
  return (
    <div className="content-page">
      <h1>Confirm your email</h1>
      {token === '' ? (
        <p className="form-error">This link has no verification token: open the link of the mail again.</p>
      ) : (
        <>
          {error ? <p className="form-error" role="alert">{error}</p> : null}
          <p>Confirm that this email is yours to finish setting up your account.</p>
          <form action={verifyEmail}>
            <input type="hidden" name="token" value={token} />
            <SubmitButton className="primary" pending="Confirming…">Confirm my email</SubmitButton>
          </form>
        </>
      )}
      <p>Link expired or already used? Sign in to <Link href="/account">your account</Link> and ask for a new one.</p>
    </div>
  );
}

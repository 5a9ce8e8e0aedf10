import type { Metadata } from 'next';
import { LocalLink as Link } from '@/components/local-link';
import { SubmitButton } from '@/components/submit-button';
import { resetPassword } from '../actions';

// The page's address carries the reset token: no page it links to is told it (Referer).
export const metadata: Metadata = { title: 'Set a new password', robots: { index: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The reset mail's link (`/account/reset?token=cpr_…`): a new password, twice. */
export default async function ResetPasswordPage({ searchParams }: Props) {
  const query = await searchParams;
  const token = typeof query.token === 'string' ? query.token : '';
  const error = typeof query.error === 'string' ? query.error : undefined;
  return (
    <div className="content-page">
      <h1>Set a new password</h1>
      {token === '' ? (
        <p className="form-error">This link has no reset token: open the link of the mail again, or ask for a new one.</p>
      ) : (
        <>
          {error ? <p className="form-error" role="alert" id="reset-error">{error}</p> : null}
          <form action={resetPassword}>
            <input type="hidden" name="token" value={token} />
            <div className="field">
              <label htmlFor="reset-password">New password</label>
              <input id="reset-password" name="password" type="password" autoComplete="new-password" required minLength={8} aria-describedby="reset-password-hint" />
              <p id="reset-password-hint" className="muted">At least 8 characters, and hard to guess: a few unrelated words make a good one.</p>
            </div>
            <div className="field">
              <label htmlFor="reset-password-confirmation">Confirm the new password</label>
              <input id="reset-password-confirmation" name="password_confirmation" type="password" autoComplete="new-password" required minLength={8} />
            </div>
            <SubmitButton className="primary" pending="Saving…">Set new password</SubmitButton>
          </form>
          <p className="muted">Setting a new password signs your account out on every device: sign in again with the new one.</p>
        </>
      )}
      <p>Link expired or already used? <Link href="/account/forgot">Ask for a new one</Link>.</p>
    </div>
  );
}

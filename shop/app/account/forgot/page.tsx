import type { Metadata } from 'next';
import { LocalLink as Link } from '@/components/local-link';
import { SubmitButton } from '@/components/submit-button';
import { requestPasswordReset } from '../actions';

export const metadata: Metadata = { title: 'Reset your password', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** "Forgot your password?": asks for the email the reset link goes to. */
export default async function ForgotPasswordPage({ searchParams }: Props) {
  const query = await searchParams;
  const error = typeof query.error === 'string' ? query.error : undefined;
  return (
    <div className="content-page">
      <h1>Reset your password</h1>
      {query.sent === '1' ? (
        // The same words whether the email has an account or not: the API tells nobody which emails do.
        <p role="status">If an account uses that email, we have mailed it a link to set a new password. The link works for one hour.</p>
      ) : (
        <>
          <p>Enter the email of your account: we will mail you a link to set a new password.</p>
          {error ? <p className="form-error" role="alert">{error}</p> : null}
          <form action={requestPasswordReset}>
            <div className="field">
              <label htmlFor="forgot-email">Email</label>
              <input id="forgot-email" name="email" type="email" autoComplete="email" required />
            </div>
            <SubmitButton className="primary" pending="Sending…">Send me a reset link</SubmitButton>
          </form>
        </>
      )}
      <p><Link href="/account">Back to sign in</Link></p>
    </div>
  );
}

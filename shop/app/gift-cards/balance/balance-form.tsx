'use client';

import { useActionState } from 'react';
import { SubmitButton } from '@/components/submit-button';
import type { BalanceState } from './actions';

/** The words the form shows, given by the page in its language. */
export interface BalanceLabels {
  code: string;
  check: string;
  checking: string;
  balance: string;
  expires: string;
}

/**
 * The code field and what the check answered. A form of a server action: it works before its
 * JavaScript arrives (the page comes back with the answer), and after it without a page load.
 */
export function BalanceForm({ action, labels }: { action: (previous: BalanceState, form: FormData) => Promise<BalanceState>; labels: BalanceLabels }) {
  const [state, formAction] = useActionState(action, {});
  return (
    <>
      <form action={formAction} className="gift-card-balance-form">
        <div className="field">
          <label htmlFor="gift-card-code">{labels.code}</label>
          <input id="gift-card-code" name="code" type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} required maxLength={64} />
        </div>
        <SubmitButton className="primary" pending={labels.checking}>{labels.check}</SubmitButton>
      </form>
      <div aria-live="polite">
        {state.error ? <p className="form-error" role="alert">{state.error}</p> : null}
        {state.card ? (
          <section className="gift-card-balance" aria-labelledby="gift-card-balance-heading">
            <h2 id="gift-card-balance-heading">{state.card.heading}</h2>
            <dl>
              <dt>{labels.balance}</dt>
              <dd className="gift-card-balance-amount">{state.card.balance}</dd>
              <dt>{labels.expires}</dt>
              <dd>{state.card.expires}</dd>
            </dl>
            {state.card.warning ? <p className="form-error">{state.card.warning}</p> : null}
          </section>
        ) : null}
      </div>
    </>
  );
}

import { JobThread, JobThreadError } from '../../lib/job-thread.js';
import { Problem, type FieldErrors } from '../../lib/problem.js';
import { SERVER_ROOT } from '../../server-root.js';
import type { PasswordEstimate, PasswordJob } from './password-estimate-job.js';

/** zxcvbn scores 0–4; 3 means "safely unguessable: moderate protection from an offline attack". */
export const MIN_PASSWORD_SCORE = 3;

/**
 * How many characters of a password (and of each of the customer's own words) zxcvbn judges. Its
 * work grows with the square of the length and more (bench/password-check.ts: 1–2 s for 256
 * l33t-spelt characters beside 255-character names, 50–110 ms for 64): a password whose first 64
 * characters a guesser would not try early is strong whatever follows, and one whose first 64 are
 * weak is refused.
 */
export const JUDGED_LENGTH = 64;

/**
 * Where passwords are judged: a thread of its own, so no password holds the API's thread, and one
 * thread, so a burst of sign-ups waits its turn there rather than taking both cores of a small
 * machine from the other requests. A judged password takes ~100 ms at most; the deadline is for a
 * thread that stopped answering.
 */
const passwordThread = new JobThread<PasswordJob, PasswordEstimate>({
  module: new URL('modules/customers/password-estimate-job.js', SERVER_ROOT),
  handler: 'estimatePassword',
  deadlineMs: 5_000,
  // The dictionaries take ~7 MB of heap: the cap keeps a fault in the thread from growing the process.
  resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 },
});

/** The customer's email and names, and each of their words, cut to the judged length: zxcvbn's known words. */
function knownWords(userInputs: Array<string | null | undefined>): string[] {
  const words = userInputs.flatMap((input) => (input ? [input, ...input.split(/[@.\s_+-]+/)] : []));
  return [...new Set(words.filter((word) => word.length > 0).map((word) => word.slice(0, JUDGED_LENGTH)))];
}

/**
 * Refuses, as `password` `too_weak`, a password a guesser would try early: common passwords and
 * their variations, keyboard patterns, sequences, dates, or the customer's own email and names
 * (`userInputs`). The message carries the estimator's reason when it gives one. The estimator runs
 * on a thread of its own and judges the first JUDGED_LENGTH characters, so no input holds the API's
 * thread.
 * @throws Problem unavailable (503) when the thread gave no answer (it could not start, died, or
 * passed its deadline): nothing is decided, the request may be retried.
 */
export async function checkPasswordStrength(password: string, userInputs: Array<string | null | undefined>, errors: FieldErrors): Promise<void> {
  let result: PasswordEstimate;
  try {
    result = await passwordThread.run({ password: password.slice(0, JUDGED_LENGTH), userInputs: knownWords(userInputs) });
  } catch (error) {
    if (error instanceof JobThreadError) throw new Problem('unavailable', 'The password could not be checked just now; retry the request');
    throw error;
  }
  if (result.score >= MIN_PASSWORD_SCORE) return;
  errors.add('password', 'too_weak', `is too easy to guess: ${result.reason ?? 'It would be guessed too soon.'}`);
}

import type { TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';

/** What the password thread is asked: a password, already cut to its judged length, and the customer's own words. */
export interface PasswordJob {
  password: string;
  userInputs: string[];
}

/** What the estimator says of it: zxcvbn's score (0–4) and its first reason, if it gives one. */
export interface PasswordEstimate {
  score: number;
  reason: string | null;
}

// Only the English messages of @zxcvbn-ts/language-en are read, not its word lists: those cost
// ~18 MB of heap and ~200 ms per thread for little over the common dictionary's 30,000 passwords.
const ENGLISH_MESSAGES = '@zxcvbn-ts/language-en/dist/translations.mjs';

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Built on the first job (~70 ms, ~7 MB of heap), in the thread. */
function passwordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import(ENGLISH_MESSAGES) as Promise<{ default: TranslationKeys }>,
    ]);
    return new Factory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs, translations: english.default });
  })();
  return estimator;
}

/** Runs one job; called in the password thread only (password-strength.ts loads this module there). */
export async function estimatePassword(job: PasswordJob): Promise<PasswordEstimate> {
  const { score, feedback } = (await passwordEstimator()).check(job.password, job.userInputs);
  return { score, reason: feedback.warning ?? feedback.suggestions[0] ?? null };
}

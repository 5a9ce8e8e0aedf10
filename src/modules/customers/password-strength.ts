import type { TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { FieldErrors } from '../../lib/problem.js';

/** zxcvbn scores 0–4; 3 means "safely unguessable: moderate protection from an offline attack". */
export const MIN_PASSWORD_SCORE = 3;

// Only the English messages of @zxcvbn-ts/language-en are read, not its word lists: those cost
// ~18 MB of heap and ~200 ms per process for little over the common dictionary's 30,000 passwords.
const ENGLISH_MESSAGES = '@zxcvbn-ts/language-en/dist/translations.mjs';

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Built on first use (~70 ms, ~7 MB), so processes that never see a password never pay for it. */
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

/**
 * Refuses, as `password` `too_weak`, a password a guesser would try early: common passwords and
 * their variations, keyboard patterns, sequences, dates, or the customer's own email and names
 * (`userInputs`). The message carries the estimator's reason when it gives one.
 */
export async function checkPasswordStrength(password: string, userInputs: Array<string | null | undefined>, errors: FieldErrors): Promise<void> {
  const inputs = userInputs.flatMap((input) => (input ? [input, ...input.split(/[@.\s_+-]+/)] : [])).filter((input) => input.length > 0);
  const result = (await passwordEstimator()).check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return;
  const reason = result.feedback.warning ?? result.feedback.suggestions[0] ?? 'It would be guessed too soon.';
  errors.add('password', 'too_weak', `is too easy to guess: ${reason}`);
}

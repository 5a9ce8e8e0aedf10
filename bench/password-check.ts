/**
 * The worst cases of the password strength check (src/modules/customers/password-strength.ts):
 * for each hostile input, what zxcvbn costs judging the whole 256 characters (as it did on the API's
 * thread before) and the first JUDGED_LENGTH (as its thread does now), and the longest event-loop
 * delay while checkPasswordStrength judges it. Best of 3 each; a measurement, not a test.
 *
 *   npx tsx bench/password-check.ts
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { FieldErrors } from '../src/lib/problem.js';
import { checkPasswordStrength, JUDGED_LENGTH } from '../src/modules/customers/password-strength.js';

const words = ['password', 'dragon', 'monkey', 'letmein', 'football', 'shadow', 'master', 'sunshine', 'princess', 'qwerty'];
const filled = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const longNames = ['x@' + filled(words.join(''), 240) + '.com', filled(`${words.join(' ')} `, 255), filled(`${[...words].reverse().join(' ')} `, 255)];
const cases: Array<[string, string, string[]]> = [
  ['l33t words', filled('p4$$w0rd!1@3', 256), []],
  ['l33t words, long names', filled('p4$$w0rd!1@3', 256), longNames],
  ['l33t symbols, long names', filled('4@8({6#!|1<9¡0$5+7%2', 256), longNames],
  ['glued words, long names', filled(words.join(''), 256), longNames],
  ['digits', filled('1234567890', 256), []],
  ['dates', filled('19840101', 256), []],
  ['keyboard row', filled('qwertyuiopasdfghjkl', 256), []],
];

/** The user inputs as the check fed them before it bounded them: each whole, and its words. */
const unboundedInputs = (inputs: string[]) => inputs.flatMap((input) => [input, ...input.split(/[@.\s_+-]+/)]).filter((input) => input.length > 0);

function bestOf3(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const estimator = (maxLength: number) => new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs, maxLength });
const whole = estimator(256);
const judged = estimator(JUDGED_LENGTH);
await checkPasswordStrength('warm-up the thread', [], new FieldErrors());

console.log(`case                         zxcvbn, 256 chars   zxcvbn, ${JUDGED_LENGTH} chars   loop delay during the check`);
for (const [label, password, inputs] of cases) {
  const before = bestOf3(() => whole.check(password, unboundedInputs(inputs)));
  const after = bestOf3(() => judged.check(password, unboundedInputs(inputs).map((input) => input.slice(0, JUDGED_LENGTH))));
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await sleep(5);
  await checkPasswordStrength(password, inputs, new FieldErrors());
  await sleep(5);
  histogram.disable();
  console.log(`${label.padEnd(28)} ${before.toFixed(1).padStart(12)} ms ${after.toFixed(1).padStart(14)} ms ${(histogram.max / 1e6).toFixed(1).padStart(20)} ms`);
}
process.exit(0);

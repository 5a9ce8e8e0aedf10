/**
 * The headless Chromium of the browser tests and of the dashboard's benchmark: the one the
 * @sparticuz/chromium package ships (unpacked to /tmp on first use), driven by playwright-core.
 * Free of vitest, so bench/ shares it.
 */
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';

// Flags @sparticuz/chromium sets for AWS Lambda that must not be used here: they turn off the
// same-origin rules and the site isolation the dashboard's page is meant to live under.
const LAMBDA_ONLY = new Set(['--disable-web-security', '--allow-running-insecure-content', '--single-process', '--no-zygote']);

/**
 * A host name that reaches this machine without being `localhost` or a loopback address, which
 * browsers treat as secure contexts: a page served there is plain http, as a shop's own host name
 * without TLS would be.
 */
export const PLAIN_HTTP_HOST = 'shop.test';

/** Chromium with the package's flags (less the Lambda-only ones) and `extraArgs`. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return playwright.launch({
    executablePath: await chromium.executablePath(),
    args: [
      ...chromium.args.filter((arg) => !LAMBDA_ONLY.has(arg) && !arg.startsWith('--headless')),
      `--host-resolver-rules=MAP ${PLAIN_HTTP_HOST} 127.0.0.1`,
      ...extraArgs,
    ],
    headless: true,
  });
}

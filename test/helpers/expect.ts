import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestResponse } from './test-app.js';

/** A word no other test uses: tests in a file share one database. */
export function uniqueWord(): string {
  return `w${randomBytes(5).toString('hex')}`;
}

/** An RFC 9457 problem with this status and code, and a title and detail a human can read. */
export function expectProblem(res: TestResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ type: `/docs/errors#${code}`, status, code });
  expect(typeof res.body.title).toBe('string');
  expect(res.body.title.length).toBeGreaterThan(0);
  expect(typeof res.body.detail).toBe('string');
  expect(res.body.detail.length).toBeGreaterThan(0);
}

/** The fields a problem's errors[] names. */
export function fieldsOf(res: TestResponse): string[] {
  return (res.body.errors ?? []).map((e: { field: string }) => e.field);
}

/** A 422 validation_failed naming each of these fields. */
export function expectInvalid(res: TestResponse, ...fields: string[]): void {
  expectProblem(res, 422, 'validation_failed');
  for (const field of fields) expect(fieldsOf(res), res.text).toContain(field);
}

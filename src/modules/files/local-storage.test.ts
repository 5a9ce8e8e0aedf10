import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.js';
import type { FileStorage } from './storage.js';

describe('LocalStorage.putStream', () => {
  const directory = mkdtempSync(join(tmpdir(), 'storefront-local-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  async function* lines(count: number, fail = false) {
    for (let i = 0; i < count; i++) yield `row ${i}\r\n`;
    if (fail) throw new Error('the export stopped');
  }

  it('writes what the stream yields under the key, and nothing of a stream that fails', async () => {
    const storage: FileStorage = new LocalStorage(directory);
    await storage.putStream('exp_a.1.csv', lines(3), 'text/csv');
    expect(readFileSync(join(directory, 'exp_a.1.csv'), 'utf8')).toBe('row 0\r\nrow 1\r\nrow 2\r\n');
    await expect(storage.putStream('exp_b.1.csv', lines(3, true), 'text/csv')).rejects.toThrow('the export stopped');
    expect(readdirSync(directory)).toEqual(['exp_a.1.csv']);
  });
});

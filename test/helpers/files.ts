import { randomBytes } from 'node:crypto';
import { parse as parseDisposition } from 'content-disposition';
import { expect } from 'vitest';
import type { TestContext, TestResponse } from './test-app.js';

/** Small files whose types a sniffer recognises from their first bytes. */
export const SAMPLES = {
  /** A 1×1 transparent PNG. */
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), randomBytes(64)]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), randomBytes(32)]),
  /** A Windows executable's header. */
  exe: Buffer.concat([Buffer.from('MZ'), randomBytes(126)]),
  zip: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(60)]),
  html: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
};

/** A PNG with random bytes after its image: a distinct file of that type, of about `size` bytes. */
export function pngOfSize(size = 256): Buffer {
  return Buffer.concat([SAMPLES.png, randomBytes(Math.max(0, size - SAMPLES.png.length))]);
}

export interface Part {
  name: string;
  /** A file part when set. */
  filename?: string;
  contentType?: string;
  body: Buffer | string;
}

/** A multipart/form-data body built by hand, so tests control every byte of it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----storefront${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Sends an upload with the given credential headers (the admin key unless told). */
export async function sendUpload(t: TestContext, parts: Part[], headers: Record<string, string> = { authorization: `Bearer ${t.adminKey}` }): Promise<TestResponse> {
  const body = multipart(parts);
  const response = await t.app.inject({ method: 'POST', url: '/v1/files', payload: body.payload, headers: { ...headers, ...body.headers } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    parsed = undefined;
  }
  return { status: response.statusCode, headers: response.headers, body: parsed, text: response.body };
}

/** Uploads a file as staff and returns the file object. */
export async function uploadFile(t: TestContext, body: Buffer = pngOfSize(), filename = 'photo.png'): Promise<any> {
  const res = await sendUpload(t, [{ name: 'file', filename, contentType: 'image/png', body }]);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** A served file's Content-Disposition as `inline; name` or `attachment; name`, however the name was quoted or encoded. */
export function disposition(headers: Record<string, unknown>): string {
  const parsed = parseDisposition(String(headers['content-disposition']));
  return `${parsed.type}; ${parsed.parameters.filename}`;
}

/** GETs a path (or a file's absolute url) and returns the raw answer. */
export async function fetchServed(t: TestContext, url: string, headers: Record<string, string> = {}) {
  const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
  return t.app.inject({ method: 'GET', url: path, headers });
}

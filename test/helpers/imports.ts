import { multipart, type Part } from './files.js';
import type { TestContext, TestResponse } from './test-app.js';

export const kindPart = (kind: string): Part => ({ name: 'kind', body: kind });
export const filePart = (body: Buffer | string, filename = 'products_export_1.csv'): Part => ({ name: 'file', filename, contentType: 'text/csv', body });

/** Posts an import's parts with the given credential headers (the admin key unless told). */
export async function sendImport(t: TestContext, parts: Part[], headers: Record<string, string> = { authorization: `Bearer ${t.adminKey}` }): Promise<TestResponse> {
  const body = multipart(parts);
  const response = await t.app.inject({ method: 'POST', url: '/v1/imports', payload: body.payload, headers: { ...headers, ...body.headers } });
  return { status: response.statusCode, headers: response.headers, body: JSON.parse(response.body), text: response.body };
}

import { Type, type Static } from 'typebox';
import type { Executor } from '../../db/database.js';
import type { FieldErrors } from '../../lib/problem.js';

/** An image given as exactly one of: an uploaded file's id, its filename, or an outside URL. */
export const ImageRef = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    filename: Type.Optional(Type.String({ maxLength: 255 })),
    url: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { description: 'exactly one of id, filename or url' },
);
export type ImageRef = Static<typeof ImageRef>;

export interface ResolvedImage {
  url: string;
  file_id: string | null;
}

/** Whether `text` is an absolute http or https URL. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Finds what an image reference points at. Problems are added to `errors` under `field`
 * (`image`, `images[2]`); the result is undefined then.
 */
export async function resolveImage(db: Executor, ref: ImageRef, field: string, errors: FieldErrors): Promise<ResolvedImage | undefined> {
  const given = (['id', 'filename', 'url'] as const).filter((k) => ref[k] !== undefined);
  if (given.length !== 1) {
    errors.add(field, 'invalid', 'must have exactly one of id, filename or url');
    return undefined;
  }
  if (ref.url !== undefined) {
    if (isHttpUrl(ref.url)) return { url: ref.url, file_id: null };
    errors.add(`${field}[url]`, 'invalid_format', 'must be an http or https URL');
    return undefined;
  }
  const file = ref.id !== undefined
    ? await db.selectFrom('files').select(['id', 'url']).where('id', '=', ref.id).executeTakeFirst()
    : await db.selectFrom('files').select(['id', 'url']).where('filename', '=', ref.filename!).executeTakeFirst();
  if (file) return { url: file.url, file_id: file.id };
  const key = ref.id !== undefined ? 'id' : 'filename';
  errors.add(`${field}[${key}]`, 'not_found', 'names no uploaded file');
  return undefined;
}

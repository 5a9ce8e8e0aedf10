import { slugify } from '../catalog/permalinks.js';

const MAX_ORIGINAL_LENGTH = 255;

/**
 * The client's name for a file, kept for display: the last path segment only, without control
 * characters, at most 255 characters.
 */
export function originalName(sent: string | undefined): string {
  const lastSegment = (sent ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = lastSegment.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_ORIGINAL_LENGTH);
  return clean === '' ? 'file' : clean;
}

/**
 * The file's name in the system: its original name made into a lowercase slug (no dots, slashes or
 * anything else a path could use), with the extension of the type sniffed from its bytes, never
 * the one the client claimed. `suffix` tells names apart when the plain one is taken.
 */
export function systemFilename(original: string, extension: string, suffix?: string): string {
  const base = slugify(original.replace(/\.[A-Za-z0-9]{1,8}$/, '')) || 'file';
  return `${suffix === undefined ? base : `${base}-${suffix}`}.${extension}`;
}

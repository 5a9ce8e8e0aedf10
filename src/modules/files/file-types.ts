/**
 * Whether a type is in a list such as `image/*,application/pdf,video/*` (STOREFRONT_FILE_TYPES,
 * STOREFRONT_FILES_INLINE): exact types or whole families.
 */
export function typeListed(mimeType: string, list: readonly string[]): boolean {
  return list.some((pattern) => (pattern.endsWith('/*') ? mimeType.startsWith(pattern.slice(0, -1)) : mimeType === pattern));
}

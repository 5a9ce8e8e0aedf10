/**
 * Which sniffed types may be uploaded, from a list such as `image/*,application/pdf,video/*`
 * (STOREFRONT_FILE_TYPES): exact types or whole families.
 */
export function typeAllowed(mimeType: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) => (pattern.endsWith('/*') ? mimeType.startsWith(pattern.slice(0, -1)) : mimeType === pattern));
}

/**
 * Whether a browser may show the file in place. Only media it renders without running anything
 * are; any other type a merchant allows is sent as a download, so an uploaded page or script can
 * never run on the API's origin.
 */
export function servedInline(mimeType: string): boolean {
  if (mimeType === 'image/svg+xml') return false;
  return /^(image|video|audio)\//.test(mimeType) || mimeType === 'application/pdf';
}

/** A yes-or-no filter from the address bar (`true`, `false`), or undefined: any. */
export function flagOf(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

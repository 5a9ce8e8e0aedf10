/** A product is published when `available_at` is null or has come (docs/api.md, Products). */
export function isPublished(availableAt: number | null, now = Date.now()): boolean {
  return availableAt === null || availableAt * 1000 <= now;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Unix seconds as the value of a `datetime-local` input, in the staff's time zone; null as empty. */
export function toLocalInput(seconds: number | null): string {
  if (seconds === null) return '';
  const date = new Date(seconds * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as Unix seconds; empty means published now (null). */
export function fromLocalInput(value: string): number | null {
  if (value.trim() === '') return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}

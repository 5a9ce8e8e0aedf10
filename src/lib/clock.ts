/** Current time in Unix seconds, the unit of every stored timestamp. */
export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/** A store date as the spec shows it: `YYYY-MM-DD HH:MM:SS` in UTC. */
export function storeDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

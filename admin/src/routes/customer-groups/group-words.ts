/** A group's size as staff say it: `No customers`, `1 customer`, `12 customers`. */
export function membersInWords(count: number): string {
  if (count === 0) return 'No customers';
  return `${count} customer${count === 1 ? '' : 's'}`;
}

/** What deleting a group does, said before staff confirm it. */
export const DELETE_CONSEQUENCE = 'its customers leave it and pay their regular prices, and its price lists no longer name it.';

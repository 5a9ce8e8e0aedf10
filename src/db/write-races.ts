/**
 * A unique or foreign-key violation: a concurrent write got there first, and a retry (which now
 * sees it) sorts it out.
 */
export function isConstraintRace(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
    || code === '23505' || code === '23503';
}

/** PostgreSQL's deadlock or serialization failure: the transaction was chosen to give way and may run again. */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '40P01' || code === '40001';
}

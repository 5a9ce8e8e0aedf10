/**
 * On PostgreSQL, backups are PostgreSQL's own tools' job (pg_dump, pg_restore, or the host's
 * snapshots and point-in-time recovery): `storefront backup` and `restore` print how, with the
 * configured connection's host, port, database and user. Never the password: the tools ask for it
 * or read PGPASSWORD or ~/.pgpass.
 */

/** A shell word as typed: quoted when it holds anything but plain characters. */
function shellWord(value: string): string {
  return /^[\w.,:/@%+=-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `--host=… --port=… --username=…` of a postgres:// URL, and its database. */
function connectionOf(url: string): { flags: string; database: string } {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username) || 'postgres';
  // A Unix socket is named by ?host=/path, as libpq allows.
  const host = decodeURIComponent(parsed.hostname) || parsed.searchParams.get('host') || 'localhost';
  const port = parsed.port || parsed.searchParams.get('port') || '5432';
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || user;
  return { flags: `--host=${shellWord(host)} --port=${shellWord(port)} --username=${shellWord(user)}`, database };
}

/** Where the tools find the password, which these lines leave out. */
const PASSWORD_NOTE = 'The password is asked for, or read from PGPASSWORD or ~/.pgpass; it is not shown here.';

/**
 * What to run instead of `storefront backup PATH` or `storefront restore PATH` on PostgreSQL, for
 * `url`: the direct URL when there is one (pg_dump and pg_restore need a session of their own, not a
 * transaction pooler's).
 */
export function postgresBackupGuide(command: 'backup' | 'restore', url: string, path: string): string {
  const { flags, database } = connectionOf(url);
  const file = shellWord(path);
  if (command === 'backup') {
    return [
      'storefront backup copies SQLite files only. On PostgreSQL, pg_dump takes a consistent backup while the servers run:',
      '',
      `  pg_dump ${flags} --format=custom --file=${file} ${shellWord(database)}`,
      '',
      PASSWORD_NOTE,
      "Use a pg_dump of at least the server's major version. Managed databases also offer snapshots and",
      'point-in-time recovery; see README.md, Operations.',
      '',
    ].join('\n');
  }
  const restored = shellWord(`${database}_restored`);
  return [
    'storefront restore replaces SQLite files only. On PostgreSQL, restore the dump into a new database with pg_restore:',
    '',
    `  createdb ${flags} ${restored}`,
    `  pg_restore ${flags} --dbname=${restored} --no-owner --exit-on-error --single-transaction ${file}`,
    '',
    `then stop every storefront serve and worker, point DATABASE_URL at ${restored} (or rename the databases),`,
    'run `storefront migrate` to bring it to this release\'s schema, and start them again.',
    PASSWORD_NOTE,
    '',
  ].join('\n');
}

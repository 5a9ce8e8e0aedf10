import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { runInSqliteTransaction, type Executor } from './database.js';

type Value = string | number | null;
type Row = Record<string, unknown>;
/**
 * What a query may be given: values, rows (of an insert, or the columns of an update; typed as `object`
 * so that row interfaces fit), and lists of either.
 */
type Argument = Value | object;

/** Where a parameter of the compiled SQL comes from: a path into the arguments, or a value the builder wrote itself. */
type Slot = { path: Array<number | string> } | { value: unknown };

interface Template {
  compiled: CompiledQuery;
  slots: Slot[];
}

const MARK = '\u0000compiled-argument:';
const MAX_SHAPES = 200;

/**
 * A query compiled once per database and shape, then run with new values. Kysely builds and compiles
 * every query anew, which on SQLite costs more than running a small indexed read (a fifth of a cart
 * update's time), so the statements of the hottest requests are kept compiled.
 *
 * `build` is first called with stand-ins for its arguments and must only hand them to Kysely as values:
 * it may not branch on them, compute with them or test them. The SQL is compiled once per shape of the
 * arguments (the length of each list, the columns of each row given a value), which is all the query
 * may depend on.
 */
export function compiledQuery<A extends Argument[], R>(
  build: (db: Executor, ...args: A) => Compilable<R>,
): (db: Executor, ...args: A) => Promise<QueryResult<R>> {
  const templates = new WeakMap<object, Map<string, Template>>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let byShape = templates.get(adapter);
    if (!byShape) templates.set(adapter, (byShape = new Map()));
    const key = args.map(shape).join('|');
    let template = byShape.get(key);
    if (!template) {
      // Lists as long as a request may make them give many shapes: keep a bounded number.
      if (byShape.size >= MAX_SHAPES) byShape.clear();
      byShape.set(key, (template = compile(db, build, args)));
    }
    const query = { ...template.compiled, parameters: template.slots.map((slot) => ('value' in slot ? slot.value : valueAt(args, slot.path))) };
    return runInSqliteTransaction<R>(db, query) ?? db.executeQuery<R>(query);
  };
}

function isRow(arg: unknown): arg is Row {
  return arg !== null && typeof arg === 'object' && !Array.isArray(arg);
}

function shape(arg: unknown): string {
  // The length leads: an empty list and a list of one value would otherwise both be `[]`.
  if (Array.isArray(arg)) return `${arg.length}[${arg.map((item) => shape(item)).join(',')}]`;
  if (isRow(arg)) return `{${Object.keys(arg).filter((column) => arg[column] !== undefined).join(',')}}`;
  return '';
}

function valueAt(args: unknown, path: Array<number | string>): unknown {
  let value = args as any;
  for (const step of path) value = value[step];
  return value;
}

function compile<A extends Argument[], R>(db: Executor, build: (db: Executor, ...args: A) => Compilable<R>, args: A): Template {
  const paths = new Map<string, Array<number | string>>();
  const standIn = (arg: unknown, path: Array<number | string>): unknown => {
    if (Array.isArray(arg)) return arg.map((item, i) => standIn(item, [...path, i]));
    if (isRow(arg)) {
      const defined = Object.keys(arg).filter((column) => arg[column] !== undefined);
      return Object.fromEntries(defined.map((column) => [column, standIn(arg[column], [...path, column])]));
    }
    const mark = `${MARK}${paths.size}`;
    paths.set(mark, path);
    return mark;
  };
  const compiled = build(db, ...(args.map((arg, i) => standIn(arg, [i])) as A)).compile();
  if (compiled.sql.includes(MARK)) throw new Error('compiledQuery: an argument was written into the SQL text, not passed as a parameter');
  const slots = compiled.parameters.map((parameter): Slot => {
    const path = typeof parameter === 'string' ? paths.get(parameter) : undefined;
    return path ? { path } : { value: parameter };
  });
  return { compiled, slots };
}

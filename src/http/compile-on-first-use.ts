/** The compilations put off and not made yet. */
const waiting = new Set<() => unknown>();

/**
 * `compile`, put off until what it makes is first needed: the function returned compiles on its first
 * call and returns the same result after. A server compiles only the schemas it is asked for (a
 * process starts a second sooner: the CLI, each of `serve --workers`), and the form variant of a
 * body only if a form ever arrives.
 */
export function compileOnFirstUse<F>(compile: () => F): () => F {
  let compiled: F | undefined;
  const made = (): F => {
    if (compiled === undefined) {
      compiled = compile();
      waiting.delete(made);
    }
    return compiled;
  };
  waiting.add(made);
  return made;
}

/**
 * Compiles everything put off so far, and throws if a schema did not compile, naming each that did
 * not (they are no longer waiting: their routes still throw on use). Compiled on first use only, a
 * bad schema would fail its route's first request: test/http/foundation/openapi.test.ts calls this
 * after building an app, so such a schema fails the tests instead.
 */
export function compileEverySchema(): void {
  const failures: string[] = [];
  for (const made of [...waiting]) {
    waiting.delete(made);
    try {
      made();
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (failures.length > 0) throw new Error(`${failures.length} schemas do not compile:\n${failures.join('\n')}`);
}

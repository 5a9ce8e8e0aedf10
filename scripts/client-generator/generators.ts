// Clients of the server's OpenAPI document as four popular generators write them, for
// test/client/generators.test.ts: each must read the document right and make a client that works.
// Here, in the client generator's workspace, because openapi-typescript, @hey-api/openapi-ts and the
// type check need the TypeScript 5 API (the project's TypeScript 7 has none).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { generate as orval } from 'orval';
import { generate as openapiTypescriptCodegen } from 'openapi-typescript-codegen';
import ts from 'typescript';

register('./typescript-5-hooks.mjs', import.meta.url);

/** The generators, by their package's name. */
export const GENERATORS = ['openapi-typescript', 'hey-api', 'orval', 'openapi-typescript-codegen'] as const;
export type Generator = (typeof GENERATORS)[number];

/** Where each generator's client is written under the output folder, and the module to import. */
export const ENTRY_POINTS: Record<Generator, string> = {
  'openapi-typescript': 'openapi-typescript/schema.ts',
  'hey-api': 'hey-api/index.ts',
  orval: 'orval/client.ts',
  'openapi-typescript-codegen': 'openapi-typescript-codegen/index.ts',
};

export interface GenerateOptions {
  /** orval's `override.mutator`: the function its fetch client calls instead of `fetch`. */
  orvalMutator?: { path: string; name: string };
}

/**
 * Writes the client of `generator` for `document` under `dir` (in `dir/<generator>/`), as its
 * command line would with the fetch client: openapi-typescript's types (openapi-fetch is the
 * client), hey-api's SDK, orval's fetch functions, openapi-typescript-codegen's services.
 */
export async function generateClient(generator: Generator, document: object, dir: string, options: GenerateOptions = {}): Promise<void> {
  const out = join(dir, generator);
  mkdirSync(out, { recursive: true });
  switch (generator) {
    case 'openapi-typescript': {
      writeFileSync(join(dir, ENTRY_POINTS[generator]), astToString(await openapiTS(document as OpenAPI3)));
      return;
    }
    case 'hey-api': {
      const { createClient } = await import('@hey-api/openapi-ts');
      await createClient({ input: document as never, output: out, logs: { level: 'silent' } });
      return;
    }
    case 'orval': {
      // orval reads its input from a file.
      const input = join(dir, 'openapi.json');
      writeFileSync(input, JSON.stringify(document));
      const override = options.orvalMutator ? { mutator: options.orvalMutator } : undefined;
      await orval({ input: { target: input }, output: { target: join(dir, ENTRY_POINTS[generator]), client: 'fetch', override } });
      return;
    }
    case 'openapi-typescript-codegen': {
      await openapiTypescriptCodegen({ input: document, output: out, httpClient: 'fetch', useOptions: true });
      return;
    }
  }
}

/** Every .ts file under a folder. */
function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).map((file) => join(dir, file));
}

/**
 * The TypeScript errors of the generated clients under `dir`, as a strict compile reports them
 * (`file(line,col): message`): none, if each generator understood the document.
 */
export function typeErrors(dir: string): string[] {
  const program = ts.createProgram(typeScriptFiles(dir), {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file) return message;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return `${diagnostic.file.fileName.slice(dir.length + 1)}(${line + 1},${character + 1}): ${message}`;
  });
}

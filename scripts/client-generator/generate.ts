// The typed client's sources generated from the server itself: its OpenAPI document (docs/openapi.json)
// and the TypeScript types openapi-typescript makes of it (src/client/schema.ts). `npm run
// client:generate` writes both; test/client/generated.test.ts fails while the committed ones differ
// from what the server describes now.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { LocalStorage } from '../../src/modules/files/local-storage.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the generated files are committed, relative to the repository. */
export const GENERATED_PATHS = { document: 'docs/openapi.json', types: 'src/client/schema.ts' } as const;

export interface GeneratedFiles {
  document: string;
  types: string;
}

/** The server's OpenAPI document, from the app built on an empty in-memory database with the default configuration. */
export async function currentDocument(): Promise<OpenAPI3> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' });
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    // Nothing is uploaded: the storage only has to exist for the app to build.
    const files = { storage: new LocalStorage(tmpdir()), maxBytes: config.fileMaxBytes, types: config.fileTypes, inline: config.filesInline, baseUrl: config.filesUrl };
    const app = await buildApp({ database, config, files, logger: false });
    try {
      await app.ready();
      return app.swagger() as unknown as OpenAPI3;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** The contents of the generated files as the server describes itself now. */
export async function generateClientFiles(): Promise<GeneratedFiles> {
  const document = await currentDocument();
  // rootTypes: each named schema is also exported by its own name (`Order`), not only as components['schemas']['Order'].
  const nodes = await openapiTS(document, { rootTypes: true, rootTypesNoSchemaPrefix: true });
  return {
    document: `${JSON.stringify(document, null, 2)}\n`,
    types: `${COMMENT_HEADER}${astToString(nodes)}`,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await generateClientFiles();
  writeFileSync(join(root, GENERATED_PATHS.document), files.document);
  writeFileSync(join(root, GENERATED_PATHS.types), files.types);
  console.log(`Wrote ${GENERATED_PATHS.document} and ${GENERATED_PATHS.types}.`);
}

/**
 * The folder the server's code runs from, as a URL: dist/ when built, src/ when run from source. The
 * built server is bundled (scripts/bundle-server.js) into dist/cli.js and chunks beside it, where
 * every module's `import.meta.url` is its chunk's; a file a module needs beside it (a thread's entry
 * point, the dashboard's build) is named from here instead, the same folder bundled or not.
 */
export const SERVER_ROOT = new URL('./', import.meta.url);

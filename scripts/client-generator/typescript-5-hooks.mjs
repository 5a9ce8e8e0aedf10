// A module resolution hook (node:module register): @hey-api/openapi-ts is hoisted to the root
// node_modules, where `typescript` is TypeScript 7, which has no JavaScript API. Its imports of
// `typescript` are resolved from this workspace instead, which holds TypeScript 5.
const workspace = new URL('./package.json', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/@hey-api/')) {
    return next(specifier, { ...context, parentURL: workspace });
  }
  return next(specifier, context);
}

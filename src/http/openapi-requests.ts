type Schema = { type?: unknown; properties?: Record<string, Schema>; items?: Schema };
type Parameter = { in?: string; schema?: Schema; style?: string; explode?: boolean };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema; encoding?: unknown }> } };

const isObject = (schema: Schema | undefined) => [schema?.type].flat().includes('object');

/**
 * Object-valued query parameters are read with bracket names (`price[min]=1000`, DESIGN.md §2):
 * OpenAPI calls that `deepObject`. Without it a generated client follows the default (`form`) and
 * sends `min=1000`.
 */
function describeDeepObjects(operation: Operation): void {
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query' || !isObject(parameter.schema)) continue;
    parameter.style = 'deepObject';
    parameter.explode = true;
  }
}

/**
 * Every JSON body is also taken form-encoded, with bracket names for what nests
 * (`customer[email]=…`, `items[0][id]=…`): the same schema, with `deepObject` for the members that
 * are objects or lists of objects. Lists of values repeat the name (`tags=a&tags=b`), the default.
 */
function describeFormBodies(operation: Operation): void {
  const content = operation.requestBody?.content;
  const json = content?.['application/json'];
  if (!content || !json?.schema) return;
  const nested = Object.entries(json.schema.properties ?? {}).filter(([, member]) => isObject(member) || isObject(member.items));
  content['application/x-www-form-urlencoded'] = {
    schema: json.schema,
    ...(nested.length > 0 ? { encoding: Object.fromEntries(nested.map(([name]) => [name, { style: 'deepObject', explode: true }])) } : {}),
  };
}

/** What the document says of requests beyond their schemas: how to write objects in a query string and in a form. */
export function documentRequests(paths: Record<string, Record<string, Operation>>): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      describeDeepObjects(operation);
      describeFormBodies(operation);
    }
  }
}

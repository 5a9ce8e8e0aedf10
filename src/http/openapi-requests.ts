type Schema = { type?: unknown; properties?: Record<string, Schema>; items?: Schema; additionalProperties?: Schema | boolean; anyOf?: Schema[]; required?: string[] };
type Parameter = { in?: string; schema?: Schema; style?: string; explode?: boolean };
type Operation = { parameters?: Parameter[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema; encoding?: unknown }> } };

const isObject = (schema: Schema | undefined) => [schema?.type].flat().includes('object');
const isArray = (schema: Schema | undefined) => [schema?.type].flat().includes('array');

/**
 * A deepObject member is one value: `options[color]=red`. Where the server also takes a list there
 * (`options[color][]=red&options[color][]=blue`, which OpenAPI cannot describe), the document shows
 * only the one value, else generators refuse the parameter (hey-api, openapi-fetch) or write the list
 * as they please (orval). The list's other form, comma-separated in the one value, is in the
 * parameter's description.
 */
function oneValue(member: Schema | boolean | undefined): Schema | boolean | undefined {
  if (typeof member !== 'object' || !member.anyOf) return member;
  const values = member.anyOf.filter((alternative) => !isArray(alternative));
  if (values.length === member.anyOf.length) return member;
  const { anyOf: _, ...rest } = member;
  return values.length === 1 ? { ...rest, ...values[0] } : { ...rest, anyOf: values };
}

/**
 * Object-valued query parameters are read with bracket names (`price[min]=1000`, DESIGN.md §2):
 * OpenAPI calls that `deepObject`. Without it a generated client follows the default (`form`) and
 * sends `min=1000`.
 */
function describeDeepObjects(operation: Operation): void {
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query' || !parameter.schema || !isObject(parameter.schema)) continue;
    parameter.style = 'deepObject';
    parameter.explode = true;
    const { properties, additionalProperties } = parameter.schema;
    if (properties) parameter.schema.properties = Object.fromEntries(Object.entries(properties).map(([name, member]) => [name, oneValue(member) as Schema]));
    if (additionalProperties !== undefined) parameter.schema.additionalProperties = oneValue(additionalProperties);
  }
}

/**
 * Bodies are documented as JSON only. The server also reads form-encoded bodies with bracket names
 * (`customer[email]=…`, docs/api.md), but a document offering both makes generators choose neither:
 * orval then sends its JSON without a Content-Type (text/plain, a 415). A body is `required` only
 * where its schema requires a member: elsewhere a request without one is read as `{}`.
 */
function describeBodies(operation: Operation): void {
  const body = operation.requestBody;
  const json = body?.content?.['application/json'];
  if (!body || !json) return;
  body.content = { 'application/json': json };
  body.required = (json.schema?.required ?? []).length > 0;
}

/** What the document says of requests beyond their schemas: how to write objects in a query string, and which bodies are needed. */
export function documentRequests(paths: Record<string, Record<string, Operation>>): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      describeDeepObjects(operation);
      describeBodies(operation);
    }
  }
}

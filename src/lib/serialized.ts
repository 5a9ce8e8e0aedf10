const SERIALIZED = Symbol('serialized');

/**
 * Records an answer holds already serialised as JSON (kept documents, catalog/product-documents.ts):
 * the response serializer (http/response-serialization.ts) puts their text in the answer as it is,
 * never parsing it. A list of them is an empty array carrying their texts, one of them an empty
 * object carrying its text: they are made only for answers that nothing looks into before they are
 * serialised (a storefront's read in the records' own text).
 */
export function serializedList<T>(texts: string[]): T[] {
  return Object.assign([] as T[], { [SERIALIZED]: texts });
}

export function serializedRecord<T>(text: string): T {
  return { [SERIALIZED]: text } as T;
}

const START = '{"data":';

/**
 * An answer `{data, …}` as JSON, with the serialised records of its `data` put in as they are and the
 * rest written by `serialize` (the route's serializer): the envelope's `data` comes first. Any other
 * answer is `serialize`'s alone.
 */
export function withSerializedData(payload: unknown, serialize: (payload: unknown) => string): string {
  const data = payload !== null && typeof payload === 'object' ? (payload as { data?: unknown }).data : undefined;
  const texts = data !== null && typeof data === 'object' ? (data as { [SERIALIZED]?: string | string[] })[SERIALIZED] : undefined;
  if (texts === undefined) return serialize(payload);
  if (!Array.isArray(texts)) {
    if (Object.keys(payload as object).length !== 1) throw new Error('a serialised record is answered alone in its envelope');
    return `${START}${texts}}`;
  }
  const rest = serialize({ ...(payload as object), data: [] });
  if (!rest.startsWith(`${START}[]`)) throw new Error('an answer with serialised records must begin with its data');
  return `${START}[${texts.join(',')}]${rest.slice(START.length + 2)}`;
}

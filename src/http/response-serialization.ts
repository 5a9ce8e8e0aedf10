import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { withSerializedData } from '../lib/serialized.js';
import { compileOnFirstUse } from './compile-on-first-use.js';

type Serialize = (data: unknown) => string;

/** Fastify's own serializer factory (fast-json-stringify), used for every schema not compiled yet. */
const compileAnew = SerializerSelector();

/**
 * Every response serializer this process made, by what it was made from: the server's settings and
 * the schema's JSON. Compiling them is, with the request validators (request-validation.ts), most of
 * what building the app costs: each is compiled on first use (compile-on-first-use.ts), and a process
 * that builds the app again (the tests build it hundreds of times) gets the same serializers back. A
 * serializer is a pure function of the document it writes.
 */
const compiled = new Map<string, Serialize>();

/** Fastify's serializer factory (`schemaController.compilersFactory.buildSerializer`), compiling each schema once per process. */
export const buildResponseSerializer: SerializerSelector.SerializerFactory = (externalSchemas, options) => {
  const compile = compileAnew(externalSchemas, options);
  const settings = JSON.stringify([externalSchemas, options]);
  return (route) => {
    const key = `${settings}\0${JSON.stringify(route.schema)}`;
    let serialize = compiled.get(key);
    if (!serialize) {
      const serializer = compileOnFirstUse(() => compile(route));
      compiled.set(key, (serialize = (data) => withSerializedData(data, serializer())));
    }
    return serialize;
  };
};

import AjvCompiler from '@fastify/ajv-compiler';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Serializer = (data: unknown) => string;

/**
 * Fastify compiles every route's schemas when the app starts: an Ajv validator for the input and a fast-json-stringify
 * serializer for each response status. Most of them are the same schema objects over and over (the error envelope
 * every call answers 4xx and 5xx with; the contract's schemas in each app a process builds: tests, two instances), so
 * each schema object is compiled once per process. One Ajv serves every app with the same options (Ajv keeps what it
 * compiled by schema object), exactly what Fastify's own compiler would build for each.
 */
const buildValidator = AjvCompiler();
const serializersByOptions = new Map<string, WeakMap<object, Serializer>>();

export const schemaController = {
  compilersFactory: {
    buildValidator,
    buildSerializer: ((externalSchemas?: unknown, serializerOptions?: fastJsonStringify.Options) => {
      const key = JSON.stringify([externalSchemas, serializerOptions]);
      let serializers = serializersByOptions.get(key);
      if (!serializers) {
        serializers = new WeakMap();
        serializersByOptions.set(key, serializers);
      }
      const cache = serializers;
      const options = { ...serializerOptions, schema: externalSchemas as fastJsonStringify.Options['schema'] };
      return ({ schema }: { schema: unknown }): Serializer => {
        let serializer = cache.get(schema as object);
        if (!serializer) {
          serializer = fastJsonStringify(schema as fastJsonStringify.AnySchema, options) as Serializer;
          cache.set(schema as object, serializer);
        }
        return serializer;
      };
    }) as CompilersFactory['buildSerializer'],
  },
} satisfies FastifyServerOptions['schemaController'];

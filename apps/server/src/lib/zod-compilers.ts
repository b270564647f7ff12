import {
  ResponseSerializationError,
  validatorCompiler as zodValidatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEncode, safeParse, type $ZodType } from 'zod/v4/core';

/**
 * Fastify's compilers for the routes' Zod schemas, the same contract as fastify-type-provider-zod's
 * (a request is parsed; an answer is checked, stripped of what its schema does not name, and
 * written as JSON) on Zod's compiled parsers (`z.compile`): a parse generated once per schema runs
 * several times faster than walking it per request, and a schema the compiler cannot model keeps
 * Zod's own parser, so the answers and the errors are Zod's either way.
 *
 * An answer is encoded (Zod's backward direction), which compiled parsers do not do. For a schema
 * whose every part reads the same both ways (objects, arrays, strings, numbers, enums, unions and
 * the like: no transform, pipe, codec, default or coercion) encoding is parsing, so its compiled
 * parse serves; any other keeps `safeEncode`.
 */

/** Parts that read a value the same forwards and backwards; a part with children is so when they are. */
const SAME_BOTH_WAYS = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'any',
  'unknown',
  'never',
  'enum',
  'literal',
  'template_literal',
  'object',
  'array',
  'tuple',
  'record',
  'union',
  'intersection',
  'optional',
  'nullable',
  'nonoptional',
]);

interface PartDef {
  type: string;
  coerce?: boolean;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  keyType?: $ZodType;
  valueType?: $ZodType;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  innerType?: $ZodType;
}

/** Whether encoding `schema` gives what parsing it gives (see above). */
export function readsSameBothWays(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as PartDef;
  if (!SAME_BOTH_WAYS.has(def.type) || def.coerce) return false;
  const children = [
    ...Object.values(def.shape ?? {}),
    def.catchall,
    def.element,
    ...(def.items ?? []),
    def.rest,
    def.keyType,
    def.valueType,
    ...(def.options ?? []),
    def.left,
    def.right,
    def.innerType,
  ];
  return children.every((child) => !child || readsSameBothWays(child, seen));
}

function schemaOf(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof z.core.$ZodType) return maybeSchema;
  const wrapped = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (wrapped instanceof z.core.$ZodType) return wrapped;
  throw new TypeError(`Not a Zod schema: ${JSON.stringify(maybeSchema)}`);
}

/**
 * A schema's compiled parser, made at its route's first use: generating one for each of the
 * server's hundreds of schemas would be done at every start, for routes a process may never serve.
 */
function compiledOnUse(schema: $ZodType): () => $ZodType {
  let compiled: $ZodType | undefined;
  return () => (compiled ??= z.compile(schema));
}

/**
 * A request part's (body, query, params, headers) parser: fastify-type-provider-zod's own, so a
 * misfit gives the same issues, on the schema's compiled parser.
 */
export function validatorCompiler(route: { schema: unknown; method: string; url: string }) {
  const compiled = compiledOnUse(schemaOf(route.schema));
  let validate: ReturnType<typeof zodValidatorCompiler> | undefined;
  return (data: unknown) => {
    validate ??= zodValidatorCompiler({ ...route, schema: compiled() });
    return validate(data);
  };
}

/** An answer's writer: checked and stripped by its schema, then JSON; a misfit is a server error. */
export function serializerCompiler({
  schema: maybeSchema,
  method,
  url,
}: {
  schema: unknown;
  method: string;
  url: string;
}) {
  const schema = schemaOf(maybeSchema);
  let compiled: (() => $ZodType) | null | undefined;
  return (data: unknown) => {
    compiled ??= readsSameBothWays(schema) ? compiledOnUse(schema) : null;
    const result = compiled ? safeParse(compiled(), data) : safeEncode(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

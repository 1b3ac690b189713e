import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

function zodSchemaOf(schema: unknown): ZodType {
  if (schema instanceof z.ZodType) return schema;
  const wrapped = (schema as { properties?: unknown } | null)?.properties;
  if (wrapped instanceof z.ZodType) return wrapped;
  throw new Error(`a response schema must be a zod schema: ${JSON.stringify(schema)}`);
}

type JsonSchema = { [key: string]: unknown };

/**
 * Shapes zod's JSON Schema for fast-json-stringify: `additionalProperties: false` made it refuse a
 * body with an extra property where zod would drop it (it never writes undeclared properties
 * anyway), and a nullable object as `anyOf [object, null]` made it run a validator on every call
 * to pick the branch, so that becomes `type: ['object', 'null']`.
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = forSerializer(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string') {
      const { anyOf: _, ...rest } = out;
      // an enum keeps null among its values: a union (anyOf) of such objects is told apart by
      // validating the value, which must not refuse the null it allows
      const nullable = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {};
      return { ...rest, ...other, ...nullable, type: [other.type, 'null'] };
    }
  }
  return out;
}

type TStringify = (data: unknown) => string;

/**
 * The compiled writer of each response schema, kept for the process: the schemas are the contract's
 * module constants, so every app built in one process (the test suites build one per file, about
 * 110 a dialect) compiles each once. Compiling every route's writer was about a sixth of the server
 * suite's CPU (zod's JSON Schema and fast-json-stringify's build, 0.3 s an app).
 */
const stringifiers = new WeakMap<ZodType, TStringify>();

function stringifierOf(zodSchema: ZodType): TStringify {
  let stringify = stringifiers.get(zodSchema);
  if (!stringify) {
    stringify = fastJson(
      forSerializer(
        z.toJSONSchema(zodSchema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }),
      ) as object,
    ) as TStringify;
    stringifiers.set(zodSchema, stringify);
  }
  return stringify;
}

/**
 * Response bodies are written by fast-json-stringify, compiled once per route from the zod
 * schema's JSON Schema. It writes only the properties the schema declares, so a row with extra
 * columns (a password hash, say) cannot leak, and it costs a fraction of validating every
 * response with zod and then running JSON.stringify (the largest single cost in the benchmark's
 * profile of a page of complaints). With `validate` (tests and development), zod also checks
 * each body against the contract first, so a handler that drifts from it fails loudly.
 */
export function compiledSerializer(opts: { validate: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    const stringify = stringifierOf(zodSchema);
    if (!opts.validate) return (data) => stringify(data);
    return (data) => {
      const result = zodSchema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}

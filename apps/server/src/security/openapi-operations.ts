import type { FastifyInstance } from 'fastify';
import { apiPrefix } from '../platform/access.ts';

/**
 * The API's operations as its OpenAPI document describes them, for suites that must cover every
 * endpoint, including ones added later, without being edited: each operation with its parameters
 * and its JSON body schema ($refs resolved), plus what a test needs to call it — sample values that
 * pass the schema, the kind of record each id names, and whether a value breaks its schema.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  /** What a value must not be: `{not: {}}` is a field that must be absent. */
  not?: JsonSchema;
};

type RawParameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type RawOperation = {
  parameters?: RawParameter[];
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, RawOperation>>; components?: { schemas?: Record<string, JsonSchema> } };

export type Parameter = { name: string; required: boolean; schema: JsonSchema };
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiOperation = {
  method: Method;
  /** The OpenAPI path, e.g. /api/v1/portfolios/{id}/holdings/{holdingId}. */
  path: string;
  /** "METHOD path", for messages. */
  name: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The body's media types and its schema (the JSON one when there are several). */
  body: { mediaTypes: string[]; schema: JsonSchema } | null;
  /** Declares bearer security, i.e. refuses an anonymous caller. */
  signedIn: boolean;
};

const methods: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Inlines every $ref (a recursive one becomes {}, which no walk descends into). */
function dereference(schema: JsonSchema, components: Record<string, JsonSchema>, seen: ReadonlySet<string> = new Set()): JsonSchema {
  if (schema.$ref) {
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return seen.has(schema.$ref) ? {} : dereference(target, components, new Set([...seen, schema.$ref]));
  }
  const inner = (child: JsonSchema) => dereference(child, components, seen);
  const list = (children: JsonSchema[] | undefined) => children?.map(inner);
  return {
    ...schema,
    ...(schema.properties && {
      properties: Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, inner(value)])),
    }),
    ...(typeof schema.additionalProperties === 'object' && { additionalProperties: inner(schema.additionalProperties) }),
    ...(schema.items && { items: inner(schema.items) }),
    ...(schema.anyOf && { anyOf: list(schema.anyOf) }),
    ...(schema.oneOf && { oneOf: list(schema.oneOf) }),
    ...(schema.allOf && { allOf: list(schema.allOf) }),
  };
}

/** Every operation under /api/v1 in the app's OpenAPI document. */
export function apiOperations(app: FastifyInstance): ApiOperation[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const components = document.components?.schemas ?? {};
  const resolve = (schema: JsonSchema | undefined) => dereference(schema ?? {}, components);
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith(`${apiPrefix}/`))
    .flatMap(([path, byMethod]) =>
      Object.entries(byMethod).flatMap(([key, operation]): ApiOperation[] => {
        const method = key.toUpperCase() as Method;
        if (!methods.includes(method)) return [];
        const parameters = (place: string) =>
          (operation.parameters ?? [])
            .filter((parameter) => parameter.in === place)
            .map((parameter) => ({
              name: parameter.name,
              required: parameter.required ?? place === 'path',
              schema: resolve(parameter.schema),
            }));
        const content = operation.requestBody?.content ?? {};
        const mediaTypes = Object.keys(content);
        const bodyType = mediaTypes.find((type) => type.includes('json')) ?? mediaTypes[0];
        return [
          {
            method,
            path,
            name: `${method} ${path}`,
            pathParams: parameters('path'),
            queryParams: parameters('query'),
            body: bodyType === undefined ? null : { mediaTypes, schema: resolve(content[bodyType]?.schema) },
            signedIn: (operation.security ?? []).length > 0,
          },
        ];
      }),
    );
}

/** The kinds of record an id in a path, a query or a body names. */
export type IdKind =
  | 'client'
  | 'household'
  | 'portfolio'
  | 'holding'
  | 'transaction'
  | 'user'
  | 'security'
  | 'model'
  | 'recommendation'
  | 'assessment'
  | 'template';

/** A path segment (the collection before `{id}`) or a field name (`client_id`) and the kind of id it names. */
const idKinds: Record<string, IdKind> = {
  clients: 'client',
  client_id: 'client',
  clientId: 'client',
  households: 'household',
  household_id: 'household',
  portfolios: 'portfolio',
  portfolio_id: 'portfolio',
  holdings: 'holding',
  holding_id: 'holding',
  transactions: 'transaction',
  users: 'user',
  advisor_id: 'user',
  user_id: 'user',
  securities: 'security',
  security_id: 'security',
  'model-portfolios': 'model',
  model_id: 'model',
  recommendations: 'recommendation',
  assessments: 'assessment',
  'assessment-templates': 'template',
  template_id: 'template',
};

/** A path parameter naming a record (a string id), not a number such as a questionnaire module. */
export const isIdParameter = (parameter: Parameter) => !['integer', 'number'].some((type) => acceptedTypes(parameter.schema).has(type));

/** The kind of record a path parameter names, read from the segment before it; undefined when nobody has classified it. */
export function pathIdKind(path: string, parameter: string): IdKind | undefined {
  const segments = path.split('/');
  const at = segments.indexOf(`{${parameter}}`);
  return at > 0 ? idKinds[segments[at - 1] ?? ''] : undefined;
}

/** True for a field that holds a record id (`client_id`, `clientId`, `id`…), whose kind `fieldIdKind` must then know. */
export const isIdField = (name: string) => name === 'id' || name.endsWith('_id') || /[a-z]Id$/.test(name);

export const fieldIdKind = (name: string): IdKind | undefined => idKinds[name];

/** The path with each {parameter} replaced by its (already URL-encoded) value. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return value;
  });
}

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** The options of a union (anyOf/oneOf), or the schema itself. */
export const optionsOf = (schema: JsonSchema): JsonSchema[] => schema.anyOf ?? schema.oneOf ?? [schema];

/** Every type a value of the schema may have, unions included. */
export const acceptedTypes = (schema: JsonSchema): Set<string> => new Set(optionsOf(schema).flatMap(typesOf));

/** An id for an id field (undefined: let the generator make one up). */
export type IdSource = (field: string) => string | undefined;

/** A string a field of this name and schema accepts: recognisable kinds by name, else plain text within the bounds. */
function sampleText(schema: JsonSchema, field: string, ids: IdSource, variant = 0): string {
  const id = isIdField(field) ? ids(field) : undefined;
  if (id !== undefined) return id;
  if (schema.pattern?.includes('[0-9a-f]{8}')) return '00000000-0000-4000-8000-000000000000';
  const digits = /^\^\\d\{(\d+)\}\$$/.exec(schema.pattern ?? '');
  if (digits) return '1'.repeat(Number(digits[1]));
  if (/email|username/.test(field)) return `sample.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  if (/password/.test(field)) return 'Sample#Pass2026';
  if (/date$|^(from|to)$/.test(field)) return '2024-03-15';
  if (/symbol/.test(field)) return 'AAPL';
  if (/phone/.test(field)) return '+1 303 555 0100';
  // A pattern the plain sample breaks (a slug, say): the first simple word that fits it.
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  const plain = variant === 0 ? 'Sample text' : `Sample text ${variant}`;
  const words = variant === 0 ? ['sample', 'SAMPLE', '1'] : [`sample${variant}`, `SAMPLE${variant}`, `${variant}`];
  const text = pattern && !pattern.test(plain) ? (words.find((word) => pattern.test(word)) ?? plain) : plain;
  return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
}

function sampleNumber(schema: JsonSchema): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
  const high = schema.maximum ?? schema.exclusiveMaximum ?? Number.MAX_SAFE_INTEGER;
  return Math.min(Math.max(1, Math.ceil(low)), high);
}

/**
 * A value the schema accepts, built from its required fields only (optional ones often come in
 * exclusive pairs: security_id or symbol). `field` names the value, for the guesses of sampleText.
 */
export function sampleOf(schema: JsonSchema, field: string, ids: IdSource, variant = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf?.[0]) return sampleOf(schema.allOf[0], field, ids, variant);
  const option = optionsOf(schema).find((candidate) => !typesOf(candidate).includes('null')) ?? optionsOf(schema)[0]!;
  if (option !== schema) return sampleOf(option, field, ids, variant);
  const [type] = typesOf(schema);
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => schema.required?.includes(name))
          .map(([name, property]) => [name, sampleOf(property, name, ids, variant)]),
      );
    // At least one item, so a list of references (household members) names something; items differ
    // in their text (`variant`), so a rule that they be unique (a question's options) holds.
    case 'array':
      return schema.items && (schema.maxItems ?? 1) > 0
        ? Array.from({ length: Math.max(1, schema.minItems ?? 0) }, (_, index) => sampleOf(schema.items!, field, ids, index))
        : [];
    case 'string':
      return sampleText(schema, field, ids, variant);
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** A field of a body: its path from the top and its schema. */
export type Field = { path: Array<string | number>; schema: JsonSchema };

/** Every property of an object schema, nested objects and list items included (a list's item counts as index 0). */
export function fieldsOf(schema: JsonSchema, path: Array<string | number> = []): Field[] {
  return optionsOf(schema).flatMap((option) => [
    ...Object.entries(option.properties ?? {}).flatMap(([name, property]) => [
      { path: [...path, name], schema: property },
      ...fieldsOf(property, [...path, name]),
    ]),
    ...(option.items ? fieldsOf(option.items, [...path, 0]) : []),
  ]);
}

/** The value at `path` of a body, undefined when a part of the path is missing. */
export const valueAt = (body: unknown, path: Array<string | number>): unknown =>
  path.reduce<unknown>(
    (value, key) => (value === undefined || value === null ? undefined : (value as Record<string | number, unknown>)[key]),
    body,
  );

/** The value at `path` of a sampled body, building missing parents (an optional object) from their samples. */
export function withValueAt(body: unknown, schema: JsonSchema, path: Array<string | number>, value: unknown, ids: IdSource): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  // In a union (a question of one type or another), the option where the field means something:
  // a body of another option (a choice question, for a scale's bounds) is replaced by its sample.
  const containers = optionsOf(schema).filter((option) => option.properties || option.items);
  const meaningful = (property: JsonSchema | undefined) =>
    property !== undefined && Object.keys(property).length > 0 && property.not === undefined;
  const holds = (option: JsonSchema) => (typeof key === 'number' ? Boolean(option.items) : meaningful(option.properties?.[key]));
  const container = containers.find(holds) ?? containers[0] ?? schema;
  const child = (typeof key === 'number' ? container.items : container.properties?.[key]) ?? {};
  const fixedValue = (property: JsonSchema) => property.const ?? (property.enum?.length === 1 ? property.enum[0] : undefined);
  const fits = Object.entries(container.properties ?? {}).every(
    ([name, property]) => fixedValue(property) === undefined || (body as Record<string, unknown> | null)?.[name] === fixedValue(property),
  );
  const base = fits ? body : sampleOf(container, String(key), ids);
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<string | number, unknown>;
  const current = copy[key] ?? sampleOf(child, String(key), ids);
  copy[key] = withValueAt(current, child, rest, value, ids);
  return copy;
}

/**
 * True when the value certainly breaks the schema (type, bounds, enum, pattern), so the answer must
 * refuse it and name its field. False when it may pass: rules the schema does not show (a date's
 * format) are the server's to apply.
 */
export function violates(value: unknown, schema: JsonSchema): boolean {
  if (schema.anyOf ?? schema.oneOf) return optionsOf(schema).every((option) => violates(value, option));
  if (schema.allOf) return schema.allOf.some((part) => violates(value, part));
  if (schema.const !== undefined && value !== schema.const) return true;
  if (schema.enum && !schema.enum.includes(value)) return true;
  const types = typesOf(schema);
  if (types.length === 0) return false;
  const typeOf = (candidate: unknown): string =>
    candidate === null ? 'null' : Array.isArray(candidate) ? 'array' : Number.isInteger(candidate) ? 'integer' : typeof candidate;
  const actual = typeOf(value);
  const typeMatches = types.includes(actual) || (actual === 'integer' && types.includes('number'));
  if (!typeMatches) return true;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return true;
    if (schema.minimum !== undefined && value < schema.minimum) return true;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return true;
    if (schema.maximum !== undefined && value > schema.maximum) return true;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return true;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.maxLength !== undefined && length > schema.maxLength) return true;
    if (schema.minLength !== undefined && length < schema.minLength) return true;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return true;
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return true;
    if (schema.minItems !== undefined && value.length < schema.minItems) return true;
    const { items } = schema;
    if (items && value.some((item) => violates(item, items))) return true;
  }
  if (actual === 'object') {
    const record = value as Record<string, unknown>;
    if (schema.required?.some((name) => !(name in record))) return true;
    if (Object.entries(schema.properties ?? {}).some(([name, property]) => name in record && violates(record[name], property))) return true;
  }
  return false;
}

import { randomBytes } from 'node:crypto';
import { unsafeInputIssues } from '../platform/input-safety.ts';
import type { Request } from './answer-rules.ts';
import { idSourceOf, pathIdsOf, requiredQuery, withFreshEmails, withQuery } from './sample-request.ts';
import {
  acceptedTypes,
  fieldsOf,
  fillPath,
  sampleOf,
  violates,
  withValueAt,
  type ApiOperation,
  type IdKind,
  type IdSource,
  type JsonSchema,
  type Parameter,
} from './openapi-operations.ts';

/** A hostile request and what its answer must show besides the rules every answer keeps. */
export type FuzzCase = Request & {
  /** What is hostile in it. */
  label: string;
  /** Must be refused (4xx): it breaks its schema or a rule every input keeps. */
  refuse: boolean;
  /** A 422 must have an issue whose loc starts here: the place that was bad. */
  loc?: Array<string | number>;
  /** The exact status expected (an anonymous call of a signed-in route: 401). */
  status?: number;
  /** Text that must appear nowhere in the answer. */
  secret?: string;
  /** Its body is to carry the record's sync_version as it is when sent (see withCurrentVersion). */
  versioned?: boolean;
};

type Hostile = { label: string; value: unknown };

const hostileTexts: Hostile[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'BEL', value: '\u0007' },
  { label: 'unpaired surrogate', value: '\ud800' },
  { label: '100,000 characters', value: 'x'.repeat(100_000) },
  { label: 'SQL/LIKE metacharacters', value: `%_\\'"` },
  { label: 'unicode', value: 'Zoë Ångström 😀 中文 \u202e' },
  // Shaped like a date, so a pattern lets it through, but no calendar has it.
  { label: 'February 30th', value: '2024-02-30' },
  { label: 'year 0', value: '0000-01-01' },
  { label: 'blank', value: '   ' },
];

// 1e-9 rounds to nothing at any column's scale; 2^31 is one past a Postgres integer.
const hostileNumbers: Hostile[] = [1e308, -1e308, 1e20, 2 ** 31, -1, 0, 1e-9, 'NaN', 'Infinity'].map((value) => ({
  label: String(value),
  value,
}));

// Parsed, so JSON.stringify writes the keys as own properties, exactly as an attacker would send them.
const pollutingObjects: Hostile[] = ['{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'].map((json) => ({
  label: json,
  value: JSON.parse(json),
}));

const manyItems = 10_000;

/** A 200-character password, plain and with a control character (refused by input safety, which echoes inputs). */
const secretText = `Zq7!${randomBytes(147).toString('base64url')}`.slice(0, 200);
const passwordSecrets = [secretText, `${secretText.slice(0, 199)}\u0007`];

/** Authorization headers no signed-in route may accept. */
const forgedAuthorizations: Array<[string, string]> = [
  [
    'unsigned token (alg none)',
    `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","typ":"access"}').toString('base64url')}.`,
  ],
  ['10,000-character token', `Bearer ${'a'.repeat(10_000)}`],
  ['token with a NUL', 'Bearer a\u0000b'],
];

/** Ids in a URL, already percent-encoded as a client would send them. */
const hostileIds: Hostile[] = [
  { label: 'malformed percent-encoding', value: '%E0%A4%A' },
  { label: '5,000 characters', value: 'a'.repeat(5_000) },
  { label: 'NUL', value: '%00' },
  { label: 'BEL', value: '%07' },
  { label: 'dot-dot-slash', value: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'SQL/LIKE metacharacters', value: '%25_%5C%27%22' },
  { label: 'unpaired surrogate', value: '%ED%A0%80' },
  { label: 'unknown UUID', value: '5b0c7a4e-0000-4000-8000-00000000dead' },
];

/** Refused in any field whatever its schema says (platform/input-safety.ts). */
const isUnsafe = (value: unknown) => unsafeInputIssues(value).length > 0;

/** Hostile values for a field of this schema, by the types it accepts. */
function hostileValuesFor(schema: JsonSchema, field: string, ids: IdSource): Hostile[] {
  const types = acceptedTypes(schema);
  const values: Hostile[] = [];
  if (types.has('string') || types.size === 0) values.push(...hostileTexts);
  if (types.has('number') || types.has('integer')) values.push(...hostileNumbers);
  if (types.has('integer') && !types.has('number')) values.push({ label: '3.5', value: 3.5 });
  const list = [schema, ...(schema.anyOf ?? [])].find((option) => option.items)?.items;
  if (list) values.push({ label: `${manyItems} items`, value: Array.from({ length: manyItems }, () => sampleOf(list, field, ids)) });
  if (types.has('object')) values.push(...pollutingObjects);
  return values;
}

/** Percent-encoding of text, lone surrogates included (as the three bytes a lax encoder writes). */
function percentEncode(text: string): string {
  return Array.from(text, (character) => {
    const code = character.charCodeAt(0);
    if (character.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(character);
  }).join('');
}

/** A URL carries UTF-8, which has no lone surrogates: the server receives replacement characters (or refuses). */
const carriedByUrl = (text: string) => {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

/** The value a query parameter's text becomes after the schema's coercion (numbers are coerced). */
function coerced(text: string, schema: JsonSchema): unknown {
  const types = acceptedTypes(schema);
  return !types.has('string') && (types.has('number') || types.has('integer')) ? Number(text) : text;
}

/** What the fuzz needs of an operation: the ids its baseline names, its caller's token and a body it accepts (see acceptedBody). */
export type FuzzTarget = { ids: Record<IdKind, string>; token: string; body: unknown };

const jsonHeaders = { 'content-type': 'application/json' };

/** The largest string a schema allows anywhere in it. */
const largestText = (schema: JsonSchema) =>
  Math.max(
    0,
    ...[{ path: [], schema }, ...fieldsOf(schema)]
      .flatMap(({ schema: field }) => [field, ...(field.anyOf ?? [])])
      .map((s) => s.maxLength ?? 0),
  );

/**
 * The hostile requests for one operation (a few for a bare GET, about 200 for the client update): each path id, each query parameter and each body
 * field in turn made hostile while the rest stays a valid baseline (so a refusal is about that
 * value), then the body as a whole (bad JSON, depth, content types, size, top-level type), a
 * password that must not be echoed, and the baseline itself, signed in and anonymous.
 */
export function fuzzCases(operation: ApiOperation, { ids, token, body: baselineBody }: FuzzTarget): FuzzCase[] {
  const idFor = idSourceOf(ids);
  const pathIds = pathIdsOf(operation, ids);
  const sampleQuery = requiredQuery(operation, idFor);
  const bodySchema = operation.body?.schema;
  const { method } = operation;
  const url = (pathOverrides: Record<string, string> = {}, pairs = sampleQuery) =>
    withQuery(fillPath(operation.path, { ...pathIds, ...pathOverrides }), pairs);
  const withJson = (payload: unknown) => (payload === undefined ? {} : { headers: jsonHeaders, payload: JSON.stringify(payload) });
  const cases: FuzzCase[] = [];
  const add = (label: string, fields: Omit<FuzzCase, 'label' | 'method' | 'token'> & { token?: string }) =>
    cases.push({ label: `${operation.name} ${label}`, method, token, ...withJson(baselineBody), ...fields });

  for (const parameter of operation.pathParams) {
    for (const { label, value } of hostileIds) {
      add(`path ${parameter.name} = ${label}`, {
        url: url({ [parameter.name]: String(value) }),
        refuse: true,
        loc: ['params', parameter.name],
      });
    }
  }

  const otherQuery = (name: string) => sampleQuery.filter(([other]) => other !== name);
  const queryCase = (parameter: Parameter, label: string, texts: string[], value: unknown) => {
    const pairs = [...otherQuery(parameter.name), ...texts.map((text): [string, string] => [parameter.name, percentEncode(text)])];
    // A blank query parameter reads as absent ("?risk_capacity=" is a select set to "All"), not as a value.
    const blank = texts.every((text) => text.trim() === '');
    const refuse = !blank && (violates(value, parameter.schema) || texts.some((text) => isUnsafe(text) && carriedByUrl(text)));
    add(`query ${parameter.name} = ${label}`, { url: url({}, pairs), refuse, loc: refuse ? ['querystring', parameter.name] : undefined });
  };
  for (const parameter of operation.queryParams) {
    const items = parameter.schema.items;
    for (const { label, value } of hostileValuesFor(items ?? parameter.schema, parameter.name, idFor)) {
      // A list goes into a query as the parameter repeated, below.
      if (Array.isArray(value)) continue;
      const text = String(value);
      queryCase(parameter, label, [text], items ? [coerced(text, items)] : coerced(text, parameter.schema));
    }
    const sample = String(sampleOf(items ?? parameter.schema, parameter.name, idFor));
    if (items) {
      queryCase(
        parameter,
        `${manyItems} items`,
        Array.from({ length: manyItems }, () => sample),
        Array(manyItems).fill(coerced(sample, items)),
      );
    } else {
      // Named twice, a single value arrives as a list.
      add(`query ${parameter.name} twice`, {
        url: url({}, [...otherQuery(parameter.name), [parameter.name, percentEncode(sample)], [parameter.name, percentEncode(sample)]]),
        refuse: false,
      });
    }
  }

  if (bodySchema) {
    const fields = fieldsOf(bodySchema);
    for (const field of fields) {
      const name = String(field.path.at(-1));
      for (const { label, value } of hostileValuesFor(field.schema, name, idFor)) {
        // Blank text where null is allowed reads as null (blankToNull in packages/domain).
        const blankAsNull = typeof value === 'string' && value.trim() === '' && acceptedTypes(field.schema).has('null');
        const refuse = violates(blankAsNull ? null : value, field.schema) || isUnsafe(value);
        add(`body ${field.path.join('.')} = ${label.slice(0, 40)}`, {
          url: url(),
          ...withJson(withValueAt(withFreshEmails(baselineBody, bodySchema, idFor), bodySchema, field.path, value, idFor)),
          refuse,
          loc: refuse ? ['body', ...field.path] : undefined,
          versioned: name !== 'sync_version',
        });
      }
    }
    const raw = (label: string, payload: string, headers: Record<string, string> = jsonHeaders) =>
      add(label, { url: url(), headers, payload, refuse: true });
    raw('invalid JSON', '{"a": ');
    raw('arrays nested 10,000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    raw('objects nested 10,000 deep', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    raw('text/xml', '<client><name>x</name></client>', { 'content-type': 'text/xml' });
    raw('multipart without boundary', '--x\r\n\r\nx\r\n--x--', { 'content-type': 'multipart/form-data' });
    raw('empty JSON body', '');
    for (const { label, value } of pollutingObjects) raw(`body ${label}`, JSON.stringify(value));
    // A route may take more than Fastify's 1 MiB (a CSV import): go past twice the largest text it
    // allows (room for JSON escapes), and never below Fastify's default.
    const limit = Math.max(1024 * 1024, 2 * largestText(bodySchema));
    raw(`body over ${limit} bytes`, JSON.stringify({ x: 'x'.repeat(limit + 1024) }));
    raw('form-encoded prototype keys', '__proto__=x&constructor=y', { 'content-type': 'application/x-www-form-urlencoded' });
    for (const value of ['a JSON string', ['a JSON array'], 42, null]) {
      if (violates(value, bodySchema))
        add(`body ${JSON.stringify(value)}`, { url: url(), ...withJson(value), refuse: true, loc: ['body'] });
    }
    for (const secret of passwordSecrets) {
      const secretBody = fields.reduce<unknown>((body, { path }) => {
        const name = String(path.at(-1));
        if (/password/.test(name)) return withValueAt(body, bodySchema, path, secret, idFor);
        return /email|username/.test(name) ? withValueAt(body, bodySchema, path, 'x', idFor) : body;
      }, baselineBody);
      if (JSON.stringify(secretBody).includes(secret))
        add('password not echoed', { url: url(), ...withJson(secretBody), refuse: false, secret: secret.slice(0, 24) });
    }
  }

  add('baseline', { url: url(), refuse: false });
  add('baseline, anonymous', { url: url(), token: undefined, refuse: operation.signedIn, ...(operation.signedIn ? { status: 401 } : {}) });
  if (operation.signedIn) {
    for (const [label, authorization] of forgedAuthorizations) {
      add(`baseline, ${label}`, {
        url: url(),
        token: undefined,
        headers: { ...(baselineBody === undefined ? {} : jsonHeaders), authorization },
        refuse: true,
        status: 401,
      });
    }
  }
  if (bodySchema) add('invalid JSON, anonymous', { url: url(), token: undefined, headers: jsonHeaders, payload: '{"a": ', refuse: true });
  return cases;
}

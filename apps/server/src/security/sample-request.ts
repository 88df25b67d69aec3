import type { FastifyInstance } from 'fastify';
import { issuesOf, send } from './answer-rules.ts';
import {
  fieldIdKind,
  fieldsOf,
  fillPath,
  isIdField,
  isIdParameter,
  optionsOf,
  pathIdKind,
  sampleOf,
  valueAt,
  withValueAt,
  type ApiOperation,
  type IdKind,
  type IdSource,
  type JsonSchema,
} from './openapi-operations.ts';

/**
 * Requests the server takes as well-formed, built from an operation's schemas: URLs naming given
 * records, bodies with their required fields (and what the server says is missing), ids put in place.
 */

/** Ids for id fields by their kind (`client_id` gets `ids.client`). */
export const idSourceOf =
  (ids: Partial<Record<IdKind, string>>): IdSource =>
  (field) => {
    const kind = fieldIdKind(field);
    return kind && ids[kind];
  };

/** The body with each id field whose kind `ids` knows set to that id (a household's members included). */
export function withIds(body: unknown, ids: IdSource): unknown {
  if (Array.isArray(body)) return body.map((item) => withIds(item, ids));
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      isIdField(key) && typeof value === 'string' ? (ids(key) ?? value) : withIds(value, ids),
    ]),
  );
}

/** The body with a new address in each e-mail field it fills, so a write is not refused only as the duplicate of the one before. */
export const withFreshEmails = (body: unknown, schema: JsonSchema, ids: IdSource): unknown =>
  fieldsOf(schema)
    .filter(({ path }) => /email/.test(String(path.at(-1))) && valueAt(body, path) !== undefined)
    .reduce((fresh, { path, schema: field }) => withValueAt(fresh, schema, path, sampleOf(field, 'email', ids), ids), body);

/** The operation's required query parameters with sample values, URL-encoded. */
export const requiredQuery = (operation: ApiOperation, ids: IdSource): Array<[string, string]> =>
  operation.queryParams.filter((p) => p.required).map((p) => [p.name, encodeURIComponent(String(sampleOf(p.schema, p.name, ids)))]);

/** A path with a query string of (already encoded) pairs. */
export const withQuery = (path: string, pairs: Array<[string, string]>) =>
  pairs.length === 0 ? path : `${path}?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`;

/** The operation's path parameters naming the records of `ids`. */
export const pathIdsOf = (operation: ApiOperation, ids: Record<IdKind, string>): Record<string, string> =>
  // An id of a kind nobody has classified fails the isolation suite (unclassifiedIds); meanwhile any record will do.
  Object.fromEntries(
    operation.pathParams.map((p) => [
      p.name,
      isIdParameter(p) ? ids[pathIdKind(operation.path, p.name) ?? 'client'] : String(sampleOf(p.schema, p.name, idSourceOf(ids))),
    ]),
  );

/** The operation's URL naming the records of `ids`, with sample values of its required query parameters. */
export const urlOf = (operation: ApiOperation, ids: Record<IdKind, string>) =>
  withQuery(fillPath(operation.path, pathIdsOf(operation, ids)), requiredQuery(operation, idSourceOf(ids)));

/** The schema of the field at `path`, looking through unions and list items. */
function schemaAt(schema: JsonSchema, path: Array<string | number>): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const key of path) {
    const container: JsonSchema | undefined =
      current && (optionsOf(current).find((option) => option.properties || option.items) ?? current);
    current = typeof key === 'number' ? container?.items : container?.properties?.[key];
  }
  return current;
}

/**
 * A body the operation takes as well-formed: the schema's required fields, then each optional field
 * a 422 asks for (a rule the schema cannot show: "security_id or symbol") added from its sample,
 * until the answer is no longer 422 about a missing field. Sent as `token`, so the last attempt may
 * have done what it asks; callers send it against records they may change.
 */
export async function acceptedBody(
  app: FastifyInstance,
  operation: ApiOperation,
  url: string,
  token: string,
  ids: IdSource,
): Promise<unknown> {
  const schema = operation.body?.schema;
  if (!schema) return undefined;
  let body = sampleOf(schema, 'body', ids);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const answer = await send(app, {
      method: operation.method,
      url,
      token,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    const missing = issuesOf(answer)
      .map((issue) => (Array.isArray(issue.loc) ? (issue.loc as Array<string | number>) : []))
      .filter((loc) => loc[0] === 'body' && loc.length > 1 && valueAt(body, loc.slice(1)) === undefined)
      .map((loc) => loc.slice(1));
    if (missing.length === 0) return body;
    for (const path of missing) {
      const field = schemaAt(schema, path);
      if (field) body = withValueAt(body, schema, path, sampleOf(field, String(path.at(-1)), ids), ids);
    }
  }
  return body;
}

/**
 * The body with the record's current `sync_version` when it carries one (read with a GET of the
 * same URL, where the API has one): a stale version answers 409 before any other rule is asked.
 */
export async function withCurrentVersion(app: FastifyInstance, url: string, token: string, body: unknown): Promise<unknown> {
  if (typeof body !== 'object' || body === null || !('sync_version' in body)) return body;
  const answer = await send(app, { method: 'GET', url: url.split('?')[0]!, token });
  const current = answer.status === 200 ? (JSON.parse(answer.text) as { sync_version?: unknown }).sync_version : undefined;
  return typeof current === 'number' ? { ...body, sync_version: current } : body;
}

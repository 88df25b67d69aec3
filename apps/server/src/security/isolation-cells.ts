import type { Request } from './answer-rules.ts';
import {
  acceptedTypes,
  fieldIdKind,
  fieldsOf,
  fillPath,
  isIdField,
  isIdParameter,
  optionsOf,
  pathIdKind,
  withValueAt,
  type ApiOperation,
  type IdKind,
  type JsonSchema,
} from './openapi-operations.ts';
import { idSourceOf, pathIdsOf, requiredQuery, withFreshEmails, withIds, withQuery } from './sample-request.ts';

/**
 * The requests of the isolation suite: an operation called by someone with the id of a record they
 * must not reach (another firm's, a colleague's, a deleted one) in the path, in the body or in a list
 * filter, and the lists they may read, searched for that record by name.
 */

export type Caller = {
  label: string;
  token: string;
  /** Reaches the suite's own records: admins and advisors do, a client user reaches only their own. */
  reachesOwn: boolean;
};

/**
 * Whose records to reach for (`name`): their ids by kind, their firm's when it is another, a name to
 * search for (the client's last name) and the kinds the caller may read anyway (a colleague's user record).
 */
export type Attack = {
  name: string;
  foreign: Partial<Record<IdKind, string>>;
  firmId?: string;
  searchFor: string;
  readable: ReadonlySet<IdKind>;
};

/** A query parameter that takes any text (a search), not an id, a choice or a pattern. */
const isFreeText = (name: string, schema: JsonSchema) =>
  !isIdField(name) &&
  acceptedTypes(schema).has('string') &&
  optionsOf(schema).every((option) => !option.enum && !option.pattern && !option.items);

/** path and body cells must be refused; extra (mass assignment) and list cells must answer without the foreign records. */
export type Cell = Request & { label: string; place: 'path' | 'body' | 'extra' | 'list' };

/** Ids a path, a query or a body names whose kind nobody has classified: each must be, so the suite covers it. */
export function unclassifiedIds(operation: ApiOperation): string[] {
  const fields = fieldsOf(operation.body?.schema ?? {}).map((field) => field.path.join('.'));
  return [
    ...operation.pathParams.filter((p) => isIdParameter(p) && !pathIdKind(operation.path, p.name)).map((p) => `path {${p.name}}`),
    ...operation.queryParams.filter((p) => isIdField(p.name) && !fieldIdKind(p.name)).map((p) => `query ${p.name}`),
    ...fields
      .filter((path) => isIdField(path.split('.').at(-1) ?? '') && !fieldIdKind(path.split('.').at(-1) ?? ''))
      .map((path) => `body ${path}`),
  ].map((where) => `${operation.name} ${where}`);
}

/** True when the operation names a record anywhere (path, query filter or body), so it has cells. */
export const namesRecords = (operation: ApiOperation) =>
  operation.pathParams.length > 0 ||
  operation.queryParams.some((p) => isIdField(p.name)) ||
  fieldsOf(operation.body?.schema ?? {}).some((field) => isIdField(String(field.path.at(-1))));

type CellInput = { operation: ApiOperation; caller: Caller; attack: Attack; own: Record<IdKind, string>; body: unknown };

export function isolationCells({ operation, caller, attack, own, body }: CellInput): Cell[] {
  const { method, path } = operation;
  const attacked = (kind: IdKind | undefined): kind is IdKind => kind !== undefined && attack.foreign[kind] !== undefined;
  const kindOf = (name: string) => pathIdKind(path, name)!;
  /** The URL naming the records of `ids`, with query parameters `extra` in place of samples. */
  const urlFor = (ids: Record<IdKind, string>, extra: Array<[string, string]> = []) =>
    withQuery(fillPath(path, pathIdsOf(operation, ids)), [
      ...requiredQuery(operation, idSourceOf(ids)).filter(([name]) => !extra.some(([other]) => other === name)),
      ...extra.map(([name, value]): [string, string] => [name, encodeURIComponent(value)]),
    ]);
  const schema = operation.body?.schema;
  const bodyWith = (ids: Record<IdKind, string>) =>
    body === undefined || !schema ? undefined : withFreshEmails(withIds(body, idSourceOf(ids)), schema, idSourceOf(ids));
  const cells: Cell[] = [];
  const add = (label: string, place: Cell['place'], url: string, payload: unknown) =>
    cells.push({
      label: `${caller.label} -> ${attack.name}: ${method} ${path} ${label}`,
      place,
      method,
      token: caller.token,
      url,
      ...(payload === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
    });

  // Path ids: all of them foreign, then (for a caller with records of its own) one at a time beside
  // its own, so a holding of another portfolio is refused even under a portfolio the caller reaches.
  const targets = operation.pathParams
    .map((p) => p.name)
    .filter((name) => attacked(kindOf(name)) && !(method === 'GET' && attack.readable.has(kindOf(name))));
  if (targets.length > 0) {
    const foreign = { ...own, ...attack.foreign };
    add('with foreign path ids', 'path', urlFor(foreign), bodyWith(foreign));
    if (caller.reachesOwn && operation.pathParams.length > 1) {
      for (const name of targets)
        add(`with a foreign {${name}} under own ids`, 'path', urlFor({ ...own, [kindOf(name)]: foreign[kindOf(name)] }), bodyWith(own));
    }
  }

  // Ids in the body of a write on the caller's own records: "open a portfolio for that client".
  if (caller.reachesOwn && schema && body !== undefined) {
    for (const field of fieldsOf(schema)) {
      const kind = fieldIdKind(String(field.path.at(-1)));
      if (!attacked(kind)) continue;
      add(
        `with a foreign body ${field.path.join('.')}`,
        'body',
        urlFor(own),
        withValueAt(bodyWith(own), schema, field.path, attack.foreign[kind], idSourceOf(own)),
      );
    }
  }

  // Ids in fields the body schema does not have (mass assignment): dropped or refused, never written.
  if (caller.reachesOwn && schema?.properties && typeof body === 'object' && body !== null) {
    const known = new Set(Object.keys(schema.properties));
    const named: Array<[string, string]> = [
      ...Object.entries(attack.foreign).map(([kind, id]): [string, string] => [`${kind}_id`, id]),
      ['firm_id', attack.firmId ?? ''],
    ];
    const extra = Object.fromEntries(named.filter(([key, id]) => id !== '' && !known.has(key)));
    if (Object.keys(extra).length > 0)
      add(`with foreign ${Object.keys(extra).join(', ')} the schema lacks`, 'extra', urlFor(own), {
        ...(bodyWith(own) as object),
        ...extra,
      });
  }

  // Lists: what the caller lists, finds by the foreign record's name, or filters by its id holds none of it.
  if (method === 'GET' && (caller.reachesOwn || operation.pathParams.length === 0)) {
    if (operation.pathParams.length === 0) add('listed', 'list', urlFor(own), undefined);
    for (const { name, schema: parameter } of operation.queryParams) {
      const kind = fieldIdKind(name);
      if (attacked(kind)) add(`filtered by a foreign ${name}`, 'list', urlFor(own, [[name, attack.foreign[kind]!]]), undefined);
      else if (operation.pathParams.length === 0 && isFreeText(name, parameter))
        add(`searched by ${name} for a foreign name`, 'list', urlFor(own, [[name, attack.searchFor]]), undefined);
    }
  }
  return cells;
}

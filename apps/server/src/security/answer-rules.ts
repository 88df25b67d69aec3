import type { FastifyInstance, InjectOptions } from 'fastify';
import { inputLimits } from '../platform/input-safety.ts';
import type { Method } from './openapi-operations.ts';

/**
 * The product's rules for any answer (DESIGN.md, API rules): no 5xx; an error is JSON
 * `{ "detail": "text" }`, or for 422 `{ "detail": [{ type, loc, msg, input, ctx }] }` whose echoed
 * `input` is a scalar cut to `inputLimits.echoedText` characters; any JSON answer parses.
 */

export type Request = { method: Method; url: string; headers?: Record<string, string>; payload?: string; token?: string };
export type Answer = { status: number; text: string; contentType: string; ms: number };
export type Issue = { type: unknown; loc: unknown; msg: unknown; input?: unknown; ctx?: unknown };

/** Sends the request through inject(), timing it; `token` becomes a bearer Authorization header. */
export async function send(app: FastifyInstance, request: Request): Promise<Answer> {
  const options: InjectOptions = {
    method: request.method,
    url: request.url,
    headers: { ...(request.token ? { authorization: `Bearer ${request.token}` } : {}), ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  };
  const started = performance.now();
  const response = await app.inject(options);
  const ms = performance.now() - started;
  return { status: response.statusCode, text: response.body, contentType: String(response.headers['content-type'] ?? ''), ms };
}

const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const locations = new Set(['body', 'querystring', 'params', 'headers']);

/** Why a 422 issue breaks the shape, or null. */
function issueProblem(issue: Issue): string | null {
  if (typeof issue !== 'object' || issue === null) return 'an issue is not an object';
  if (typeof issue.type !== 'string' || typeof issue.msg !== 'string') return 'an issue lacks type or msg text';
  const loc = issue.loc;
  if (!Array.isArray(loc) || !locations.has(loc[0]) || !loc.every((part) => typeof part === 'string' || typeof part === 'number')) {
    return `an issue's loc is not [location, ...path]: ${JSON.stringify(loc)}`;
  }
  if (!('input' in issue) || !isScalar(issue.input)) return "an issue's input is missing or not a scalar";
  if (typeof issue.input === 'string' && issue.input.length > inputLimits.echoedText + 1)
    return `an issue echoes ${issue.input.length} characters of input`;
  if (typeof issue.ctx !== 'object' || issue.ctx === null) return "an issue's ctx is missing";
  return null;
}

/** Why an answer breaks the rules (its status aside), or null when it keeps them. */
export function shapeProblem(answer: Answer): string | null {
  const isJson = answer.contentType.includes('json');
  if (answer.status < 400) {
    if (!isJson || answer.text === '') return null;
    try {
      JSON.parse(answer.text);
      return null;
    } catch {
      return 'a JSON answer does not parse';
    }
  }
  if (!isJson) return `an error answered as ${answer.contentType || 'no content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'an error body does not parse';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'an error body is not an object';
  // A stale sync_version answers 409 with the record as it is now (DESIGN.md): `current` beside `detail`.
  const allowed = answer.status === 409 ? ['detail', 'current'] : ['detail'];
  const extra = Object.keys(body).filter((key) => !allowed.includes(key));
  if (extra.length > 0) return `an error body has ${extra.join(', ')} beside detail`;
  const { detail } = body as { detail?: unknown };
  if (answer.status === 422 && Array.isArray(detail)) {
    if (detail.length === 0) return 'a 422 lists no issue';
    return detail.map((issue: Issue) => issueProblem(issue)).find((problem) => problem !== null) ?? null;
  }
  return typeof detail === 'string' ? null : 'detail is not text';
}

/** The issues of a 422 answer (empty for any other). */
export function issuesOf(answer: Answer): Issue[] {
  if (answer.status !== 422) return [];
  try {
    const { detail } = JSON.parse(answer.text) as { detail?: unknown };
    return Array.isArray(detail) ? (detail as Issue[]) : [];
  } catch {
    return [];
  }
}

/** One line naming a request and its answer, for assertion messages. */
export const describeExchange = (request: Request, answer: Answer, note = '') =>
  `${request.method} ${request.url.slice(0, 160)}${request.token ? '' : ' (anonymous)'}${note ? ` [${note}]` : ''} -> ${answer.status} ${answer.text.slice(0, 200)}`;

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ValidationIssue } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import type { z } from 'zod';
import { HttpError } from './http-error.ts';
import { echoableInput, inputLimits, unsafeInputIssues } from './input-safety.ts';

type ZodIssue = z.core.$ZodIssue;

/** A request that failed its zod schema; answered 422 in the shape the web app reads. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  validationContext?: string;
  constructor(readonly issues: ZodIssue[]) {
    super(messages.validationError);
    this.name = 'RequestValidationError';
  }
}

/**
 * Like fastify-type-provider-zod's validatorCompiler, but first refuses what no schema should have
 * to think about (see input-safety.ts), and asks zod to report the offending input, which the 422
 * body carries (`input`, made safe to echo), as the spec's front end expects.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const unsafe = unsafeInputIssues(data);
    if (unsafe.length > 0) return { error: new RequestValidationError(unsafe) };
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues.slice(0, inputLimits.issues)) };
  };

/** The issue's own figures (maximum, allowed values…): scalars and lists of scalars, never nested issues or inputs. */
function contextOf(rest: Record<string, unknown>): Record<string, unknown> {
  const scalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => scalar(value) || (Array.isArray(value) && value.every(scalar))));
}

function toValidationIssue(issue: ZodIssue, location: string): ValidationIssue {
  const { code, message, path, input, ...rest } = issue as ZodIssue & { input?: unknown };
  const loc = path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  return { type: code, loc: [location, ...loc], msg: message, input: echoableInput(loc, input), ctx: contextOf(rest) };
}

/** One error shape everywhere: {detail: text}, or 422 {detail: [issues]}. */
export function registerErrorHandling(
  app: FastifyInstance,
  htmlFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown,
): void {
  app.setErrorHandler((error: FastifyError | HttpError | RequestValidationError, request, reply) => {
    if (error instanceof RequestValidationError) {
      const location = error.validationContext ?? 'body';
      return reply.status(422).send({ detail: error.issues.map((issue) => toValidationIssue(issue, location)) });
    }
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ detail: error.detail });
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: error.message });
    if (isValueOutOfRange(error)) {
      // The request's values passed their schemas yet the database cannot hold a result (a sum
      // beyond numeric(18,2), say): the caller's input, not a fault of the server. Logged, since a
      // schema may lack a bound.
      request.log.warn({ err: error }, 'value out of the range the database holds');
      const issue: ValidationIssue = { type: 'too_big', loc: ['body'], msg: messages.valueOutOfRange, input: null, ctx: {} };
      return reply.status(422).send({ detail: [issue] });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (htmlFallback && isHtmlPageRequest(request)) return htmlFallback(request, reply);
    return reply.status(404).send({ detail: messages.notFound });
  });
}

/**
 * Fastify's `frameworkErrors`: a URL that is not valid percent-encoding answers 400, and a path
 * segment longer than any id (maxParamLength) 404 — it names nothing — both as {detail}.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(404).send({ detail: messages.notFound });
    return;
  }
  void reply.status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({ detail: messages.invalidUrl });
}

/** A browser navigation: GET (or HEAD) outside the API that accepts HTML. */
export function isHtmlPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url.startsWith('/api/') || request.url === '/api') return false;
  return acceptsHtml(request);
}

export const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * A rule of the request body broken where only the database can tell (an advisor of another firm,
 * a member of another household): answered 422 in the same shape as a schema failure, at `loc`.
 */
export function fieldError(path: string | Array<string | number>, message: string, input: unknown): RequestValidationError {
  return fieldErrors([{ path: Array.isArray(path) ? path : [path], message, input }]);
}

/** Several such rules broken at once, each at its own `loc`. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: Array<string | number>; message: string; input: unknown }>,
): RequestValidationError {
  return new RequestValidationError(
    issues.map(({ path, message, input }) => ({ code: 'custom', path, message, input }) as unknown as z.core.$ZodIssue),
  );
}

/** The SQLSTATE and constraint of a database error; drizzle wraps driver errors, so the cause is looked at too. */
function databaseError(error: unknown): { code?: unknown; constraint?: unknown } {
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    const found = (candidate ?? {}) as { code?: unknown; constraint?: unknown };
    if (typeof found.code === 'string' && /^[0-9A-Z]{5}$/.test(found.code)) return found;
  }
  return {};
}

/** A Postgres unique violation, optionally of one index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: name } = databaseError(error);
  return code === '23505' && (constraint === undefined || name === constraint);
}

/** Numeric, text or date values the columns cannot hold (SQLSTATE 22001, 22003, 22008). */
const outOfRangeCodes = new Set(['22001', '22003', '22008']);
const isValueOutOfRange = (error: unknown) => outOfRangeCodes.has(String(databaseError(error).code));

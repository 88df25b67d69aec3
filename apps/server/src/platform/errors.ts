import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ValidationIssue } from '@meridian/domain/auth';
import { messages } from '@meridian/domain/messages';
import type { z } from 'zod';
import { HttpError } from './http-error.ts';

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
 * Like fastify-type-provider-zod's validatorCompiler, but asks zod to report the offending input,
 * which the 422 body carries (`input`), as the spec's front end expects.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
  };

function toValidationIssue(issue: ZodIssue, location: string): ValidationIssue {
  const { code, message, path, input, ...ctx } = issue as ZodIssue & { input?: unknown };
  return {
    type: code,
    loc: [location, ...path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
    msg: message,
    input: input ?? null,
    ctx,
  };
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
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (htmlFallback && isHtmlPageRequest(request)) return htmlFallback(request, reply);
    return reply.status(404).send({ detail: messages.notFound });
  });
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
  const issue = { code: 'custom', path: Array.isArray(path) ? path : [path], message, input } as unknown as z.core.$ZodIssue;
  return new RequestValidationError([issue]);
}

/** A Postgres unique violation (drizzle wraps driver errors, so the cause is looked at too), optionally of one index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    const { code, constraint: name } = (candidate ?? {}) as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || name === constraint)) return true;
  }
  return false;
}

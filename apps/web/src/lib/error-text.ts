import { messages } from '@meridian/domain/shared/messages';
import { webMessages } from '@meridian/domain/shared/web-messages';

/** The error shape of RTK Query's fetchBaseQuery (kept structural so any caller can pass one). */
type HttpError = { status: number | string; data?: unknown; error?: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isHttpError(error: unknown): error is HttpError {
  return isRecord(error) && 'status' in error;
}

/** True when the request never got an answer (connection refused, offline, time-out). */
export function isNoResponse(error: unknown): boolean {
  return isHttpError(error) && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');
}

/** A list of backend validation errors ({type, loc, msg, input, ctx}) as one line. */
function validationListText(items: unknown[]): string {
  return items
    .map((item) => {
      if (typeof item === 'string' && item) return item;
      if (isRecord(item) && typeof item.msg === 'string' && item.msg) return item.msg;
      return messages.validationError;
    })
    .join(', ');
}

/** The server's message in a response body: a string, else detail, else message, else a list. */
export function serverMessage(data: unknown): string | null {
  if (typeof data === 'string') return data.trim() ? data : null;
  if (Array.isArray(data)) return data.length ? validationListText(data) : null;
  if (!isRecord(data)) return null;
  if (typeof data.detail === 'string' && data.detail) return data.detail;
  if (Array.isArray(data.detail) && data.detail.length) return validationListText(data.detail);
  if (typeof data.message === 'string' && data.message) return data.message;
  return null;
}

/**
 * Generic error text helper (spec §8): a string as is; a 429 gives the server's message or
 * 'Too many requests…'; else the response's text, detail, message or validation list; a request
 * that got no answer gives 'Network error…'; otherwise the screen's default.
 */
export function errorText(error: unknown, fallback: string = messages.errorOccurred): string {
  if (typeof error === 'string') return error || fallback;
  if (isNoResponse(error)) return messages.networkError;
  if (!isHttpError(error)) return fallback;
  const fromServer = serverMessage(error.data);
  if (error.status === 429) return fromServer ?? messages.tooManyRequests;
  return fromServer ?? fallback;
}

/** The list form of a server's validation answer, for screens that show problems as a list. */
export function errorList(error: unknown): string[] | null {
  if (!isHttpError(error) || !isRecord(error.data) || !Array.isArray(error.data.detail)) return null;
  return validationListText(error.data.detail).split(', ');
}

/**
 * HTTP-level message of the data services (spec §8): 429, 401, other answers, no answer, any
 * other failure.
 */
export function httpErrorMessage(error: unknown): string {
  if (isNoResponse(error)) return messages.networkError;
  if (isHttpError(error) && typeof error.status === 'number') {
    if (error.status === 429) return messages.rateLimited;
    if (error.status === 401) return messages.sessionExpired;
    const data = error.data;
    if (isRecord(data)) {
      if (typeof data.message === 'string' && data.message) return data.message;
      if (typeof data.detail === 'string' && data.detail) return data.detail;
      if (Array.isArray(data.detail) && data.detail.length) return validationListText(data.detail);
    }
    return webMessages.serverError(error.status);
  }
  const detail =
    isHttpError(error) && typeof error.error === 'string' ? error.error : error instanceof Error ? error.message : String(error);
  return webMessages.requestFailed(detail);
}

import { z } from 'zod';
import { messages } from './messages.ts';

/** Far above any id we issue (UUIDs have 36 characters, symbols 12): longer text is refused unread. */
export const idMaxLength = 100;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

/** The id of a record a body or query names: a UUID, or `message`. */
export const idSchema = (message: string) =>
  z.string({ error: message }).max(idMaxLength, { abort: true, error: message }).trim().regex(uuidPattern, message);

/**
 * A path parameter naming a record. Only its length is checked here: the lookup answers 404 for an
 * id that names nothing, as it does for one of another firm.
 */
export const pathId = (description: string) => z.string().max(idMaxLength, { error: messages.idInvalid }).describe(description);

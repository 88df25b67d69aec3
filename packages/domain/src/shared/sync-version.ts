import { wholeNumber } from './pagination.ts';

/** sync_version is a Postgres integer: nothing larger can name a version that was read. */
export const syncVersionMax = 2_147_483_647;

/** The sync_version a write names (a number or its text), with the one message of the caller. */
export const syncVersion = (message: string) => wholeNumber(message, 1, syncVersionMax);

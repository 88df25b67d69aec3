/** The record as it is now, sent with a 409 to a save made on an older version; null for any other failure. */
export function conflictCurrent<T>(error: unknown): T | null {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 409 || !('data' in error)) return null;
  return (error.data as { current?: T } | undefined)?.current ?? null;
}

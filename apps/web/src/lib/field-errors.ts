/**
 * The field messages of a 422 answer ({detail: [{loc: ['body', field], msg}]}), by field name;
 * null when the error is not one. Lets a form show the server's message under the field.
 */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 422) return null;
  const data = 'data' in error ? (error.data as { detail?: unknown } | undefined) : undefined;
  if (!data || !Array.isArray(data.detail)) return null;
  const fields: Record<string, string> = {};
  for (const item of data.detail as { loc?: unknown; msg?: unknown }[]) {
    if (!Array.isArray(item?.loc) || typeof item.msg !== 'string') continue;
    const path = item.loc[0] === 'body' ? item.loc.slice(1) : item.loc;
    const field = path.map(String).join('.');
    if (field && !(field in fields)) fields[field] = item.msg;
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

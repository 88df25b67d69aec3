import type { z } from 'zod';

/**
 * The first message at each path of a failed parse, the path joined with dots
 * (['definition', 'sections', 0, 'title'] is 'definition.sections.0.title'); 'form' for the root.
 * Keys match serverFieldErrors' (a 422's loc without 'body'), so both land at the same input.
 */
export function issuesByPath(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    if (!(field in fields)) fields[field] = issue.message;
  }
  return fields;
}

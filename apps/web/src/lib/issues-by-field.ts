import type { z } from 'zod';

/** The first message of each field of a failed parse (a path of ['quantity'] is 'quantity'). */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    if (!(field in fields)) fields[field] = issue.message;
  }
  return fields;
}

import type { AnswerIssue } from '@meridian/domain/assessments/answers';
import { serverFieldErrors } from '../../../lib/field-errors.ts';

/** The first message for each question. */
export function issuesByKey(issues: AnswerIssue[]): Record<string, string> {
  const byKey: Record<string, string> = {};
  for (const issue of issues) byKey[issue.key] ??= issue.message;
  return byKey;
}

/** A 422's messages by question (loc ['body', 'answers', key]); null when the failure is not one. */
export function serverAnswerErrors(error: unknown): Record<string, string> | null {
  const fields = serverFieldErrors(error);
  if (!fields) return null;
  const byKey: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    if (field.startsWith('answers.')) byKey[field.slice('answers.'.length)] = message;
  }
  return Object.keys(byKey).length > 0 ? byKey : null;
}

import type { z } from 'zod';

type ZodIssue = z.core.$ZodIssue;
type Path = Array<string | number>;

/** What any request input must respect before its own schema is asked. */
export const inputLimits = {
  /** Levels of objects and arrays: enough for any contract we have, far from a stack overflow. */
  depth: 32,
  /** Issues one answer lists at most. */
  issues: 20,
  /** Characters of a rejected text echoed back in a 422's `input`. */
  echoedText: 100,
};

export const inputMessages = {
  controlCharacter: 'Text may contain tabs and line breaks, but no other control characters (such as U+0000) and no unpaired surrogates',
  tooDeep: `Nested more than ${inputLimits.depth} levels deep`,
  fieldName: 'This field name is not allowed',
};

/**
 * Tabs and line breaks are text; every other C0 control and DEL is not. PostgreSQL cannot store
 * U+0000 at all, and the others have no place in a name, an address or a note, so they are refused
 * (422, naming the field) rather than stored altered. The pattern: an ASCII control character
 * other than tab, line feed and carriage return.
 */
const controlCharacter = /(?![\t\n\r])(?=\p{ASCII})\p{Cc}/u;
/** Half of a surrogate pair without the other half: not a character, and not storable as UTF-8. */
const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;
const isCleanText = (text: string) => !controlCharacter.test(text) && !unpairedSurrogate.test(text);
/** Keys that reach Object.prototype when merged naively: refused wherever they appear. */
const pollutingKeys = new Set(['__proto__', 'constructor', 'prototype']);

const issue = (path: Path, message: string, input: unknown): ZodIssue => ({ code: 'custom', path, message, input }) as unknown as ZodIssue;

/**
 * Problems of an input that no schema should have to think about: control characters and unpaired
 * surrogates in any text (keys included), nesting beyond `inputLimits.depth`, and prototype keys.
 * Walks iteratively, so a hostile depth cannot overflow the stack. Empty when the input is clean.
 */
export function unsafeInputIssues(data: unknown): ZodIssue[] {
  const issues: ZodIssue[] = [];
  const pending: Array<{ value: unknown; path: Path }> = [{ value: data, path: [] }];
  while (pending.length > 0 && issues.length < inputLimits.issues) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (!isCleanText(value)) issues.push(issue(path, inputMessages.controlCharacter, value));
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= inputLimits.depth) {
      issues.push(issue(path, inputMessages.tooDeep, null));
      continue;
    }
    const entries: Array<[string | number, unknown]> = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : Object.entries(value);
    for (const [key, item] of entries) {
      if (typeof key === 'string' && (pollutingKeys.has(key) || !isCleanText(key))) {
        issues.push(issue([...path, key], pollutingKeys.has(key) ? inputMessages.fieldName : inputMessages.controlCharacter, null));
        continue;
      }
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return issues;
}

/** Fields whose values are never echoed back, even when wrong. */
const secretField = /password|token|secret|recovery_code/i;

/**
 * The `input` a 422 may show: a scalar, with text cut to `inputLimits.echoedText` characters;
 * never an object or array (it may hold a password beside the field in question, and a hostile one
 * may be too deep to serialise), never the value of a secret field.
 */
export function echoableInput(path: Path, input: unknown): string | number | boolean | null {
  if (path.some((part) => typeof part === 'string' && secretField.test(part))) return null;
  if (typeof input === 'string') return input.length > inputLimits.echoedText ? `${input.slice(0, inputLimits.echoedText)}…` : input;
  if (typeof input === 'number' || typeof input === 'boolean') return input;
  return null;
}

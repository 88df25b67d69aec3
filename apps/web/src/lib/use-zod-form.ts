import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type UseFormProps } from 'react-hook-form';
import { z } from 'zod';
import { errorText } from './error-text.ts';
import { serverFieldErrors } from './field-errors.ts';

/** Where a message goes whose path is no field of the form: the banner. */
const bannerKey = 'form';

export type ZodFormOptions<V extends FieldValues> = {
  /** The request body the schema checks, made of the form's values (typed numbers parsed, a picked record as its id); the values themselves by default. */
  toBody?: (values: V) => unknown;
  /** The field that shows a body field's message when the form names it otherwise (benchmark_symbol → benchmark). */
  fieldOf?: Readonly<Record<string, Path<V>>>;
  /**
   * Fields with no input of their own (a list the dialog sends, its members): their messages show in
   * the banner. A test of a field's path instead, where the form's fields are many and numbered.
   */
  bannerFields?: readonly Path<V>[] | ((field: string) => boolean);
  /** Passed on to useForm (e.g. mode). */
  formOptions?: Pick<UseFormProps<V>, 'mode' | 'reValidateMode'>;
};

/**
 * The form field that shows the message at a body path (a 422's loc or a schema issue's path): the
 * field mapped from the path or its first segment, else the field at that path, else the banner.
 */
export function formFieldOf(values: FieldValues, path: string, fieldOf?: Readonly<Record<string, string>>): string {
  const [first = ''] = path.split('.');
  // Own entries only: a path such as `constructor` must not find Object.prototype's.
  const mapped = fieldOf && (Object.hasOwn(fieldOf, path) ? fieldOf[path] : Object.hasOwn(fieldOf, first) ? fieldOf[first] : undefined);
  if (mapped) return mapped;
  return path && get(values, path) !== undefined ? path : bannerKey;
}

const isFieldError = (value: object): value is { type: string; message?: unknown } => 'type' in value && typeof value.type === 'string';

/** Every message of a form's errors (or of one field's) by field path, e.g. `{ 'answers.p01': '…' }`. */
export function fieldMessages(errors: unknown, prefix = ''): Record<string, string> {
  if (!errors || typeof errors !== 'object') return {};
  if (isFieldError(errors)) return typeof errors.message === 'string' && errors.message ? { [prefix]: errors.message } : {};
  const messages: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key !== 'ref') Object.assign(messages, fieldMessages(value, prefix ? `${prefix}.${key}` : key));
  }
  return messages;
}

/**
 * The message of one field, or of a list as a whole: react-hook-form keeps a list's own message at
 * `<list>.root` when the schema names the list, and at the list's path when the server does.
 */
export function fieldMessage(errors: unknown, path: string): string | undefined {
  const at = (field: string): unknown => get(errors, field);
  const messageOf = (error: unknown) =>
    error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message
      ? error.message
      : undefined;
  return messageOf(at(path)) ?? messageOf(at(`${path}.root`));
}

/**
 * The shared schema as the form's resolver: the values are turned into the body, checked with the
 * schema, and each issue's message is put on the field that shows it (first message per field).
 */
function bodyResolver<V extends FieldValues, B>(
  schema: z.ZodType<B>,
  toBody: (values: V) => unknown,
  fieldOf?: Readonly<Record<string, string>>,
) {
  const formSchema = z.custom<V>().transform(async (values, context) => {
    const parsed = await schema.safeParseAsync(toBody(values));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const path = formFieldOf(values, issue.path.map(String).join('.'), fieldOf);
      context.addIssue({ code: 'custom', message: issue.message, path: path.split('.') });
    }
    return z.NEVER;
  });
  return zodResolver(formSchema);
}

const identity = <V>(values: V): unknown => values;

/**
 * One way to build a form: react-hook-form checked with a shared zod schema (packages/domain), its
 * messages under the fields, and one banner above them. `applyServerError` puts a 422's field messages
 * on the fields (the first one focused) and shows anything else in the banner; `showBanner` shows a
 * text of the screen's own. Submitting again clears both.
 */
export function useZodForm<V extends FieldValues, B>(
  schema: z.ZodType<B>,
  defaultValues: DefaultValues<V>,
  options: ZodFormOptions<V> = {},
) {
  const { toBody = identity, fieldOf, bannerFields = [], formOptions } = options;
  const inBanner = (field: string) =>
    field === bannerKey ||
    field.startsWith(`${bannerKey}.`) ||
    (typeof bannerFields === 'function'
      ? bannerFields(field)
      : bannerFields.some((shown) => field === shown || field.startsWith(`${shown}.`)));
  const resolver = useMemo(() => bodyResolver<V, B>(schema, toBody, fieldOf), [schema, toBody, fieldOf]);
  const form = useForm<V, unknown, B>({ ...formOptions, resolver, defaultValues });
  const { errors } = form.formState;

  const showBanner = (message: string) => form.setError('root.server', { type: 'server', message });

  /** A failed request: the 422's messages on their fields; the banner's text (also shown) for the rest, null when every message found its field. */
  const applyServerError = (error: unknown, fallback: string): string | null => {
    const fields = Object.entries(serverFieldErrors(error) ?? {});
    const values = form.getValues();
    const unplaced: string[] = [];
    let placed = 0;
    for (const [path, message] of fields) {
      const field = formFieldOf(values, path, fieldOf);
      if (inBanner(field)) unplaced.push(message);
      else form.setError(field as Path<V>, { type: 'server', message }, { shouldFocus: placed++ === 0 });
    }
    const text = fields.length === 0 ? errorText(error, fallback) : unplaced.length > 0 ? [...new Set(unplaced)].join(' ') : null;
    if (text) showBanner(text);
    return text;
  };

  const { root, ...fieldErrors } = errors;
  const bannerMessages = [
    root?.server?.message,
    ...Object.entries(fieldMessages(fieldErrors))
      .filter(([field]) => inBanner(field))
      .map(([, message]) => message),
  ].filter((message): message is string => Boolean(message));
  const banner = bannerMessages.length > 0 ? [...new Set(bannerMessages)].join(' ') : null;

  return { ...form, banner, showBanner, applyServerError };
}

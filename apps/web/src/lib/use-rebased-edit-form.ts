import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { conflictCurrent } from './conflict-current.ts';
import { errorText } from './error-text.ts';
import { changedFields, rebaseDraft, type DraftModel } from './record-draft.ts';
import { useZodForm, type ZodFormOptions } from './use-zod-form.ts';

export type DraftConflict<T> = { message: string; current: T };

type Options<T, V extends FieldValues, B, F extends keyof V & string> = {
  /** The record as the dialog opened it; the draft starts from it and is saved with its sync_version. */
  record: T;
  model: DraftModel<T, V, F>;
  schema: z.ZodType<B>;
  formOptions?: ZodFormOptions<V>;
  save: (body: B) => Promise<unknown>;
  onSaved: () => void;
  /** The banner's text for a 409 without a message of its own, and for any other failure. */
  messages: { changed: string; failed: string };
  /** A field's value in the current version, as the field's note shows it after a 409. */
  currentText: (current: T, field: F) => string;
};

/**
 * An edit dialog's form over a record saved with optimistic concurrency. A 409 keeps the user's edits on top of
 * the current version (the other fields take its values), and each edited field whose value differs from that
 * version says what it holds (`note`); `reload` drops the edits for the current version. Any other failure goes
 * through the form's one server-error path.
 */
export function useRebasedEditForm<T, V extends FieldValues, B, F extends keyof V & string>(options: Options<T, V, B, F>) {
  const { record, model, schema, formOptions, save, onSaved, messages, currentText } = options;
  const [base, setBase] = useState(record);
  const [conflict, setConflict] = useState<DraftConflict<T> | null>(null);
  const form = useZodForm(schema, model.draftOf(record) as DefaultValues<V>, formOptions);
  const differing = conflict ? changedFields(model, form.watch() as V, conflict.current) : new Set<F>();

  const note = (field: F) =>
    conflict && differing.has(field) ? `Current version: ${currentText(conflict.current, field) || '(empty)'}` : ' ';

  const submit = form.handleSubmit(async (body) => {
    try {
      await save(body);
      onSaved();
    } catch (error) {
      const current = conflictCurrent<T>(error);
      if (!current) {
        form.applyServerError(error, messages.failed);
        return;
      }
      form.reset(rebaseDraft(model, form.getValues(), base, current));
      setBase(current);
      setConflict({ message: errorText(error, messages.changed), current });
    }
  });

  const reload = () => {
    if (!conflict) return;
    form.reset(model.draftOf(conflict.current));
    setBase(conflict.current);
    setConflict(null);
  };

  return { ...form, conflict, note, submit, reload };
}

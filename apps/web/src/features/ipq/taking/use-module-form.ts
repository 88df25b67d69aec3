import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { useStore } from 'react-redux';
import type { z } from 'zod';
import type { IpqSession } from '@meridian/domain/ipq/contracts';
import { ipqModuleNumber, type IpqModule } from '@meridian/domain/ipq/module-list';
import { ipqModuleSchemas } from '@meridian/domain/ipq/modules';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { RootState } from '../../../app/store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { serverFieldErrors } from '../../../lib/field-errors.ts';
import { useSubmitIpqModuleMutation } from '../ipq-api.ts';
import { draftSaved, ipqSliceKeys, moduleCompleted, validationFailed } from '../ipq-slice.ts';
import { ipqTexts as text } from '../ipq-texts.ts';
import { moduleForms } from '../module-values.ts';

/** A draft is kept this long after the last keystroke (and at once when the module closes). */
const draftDelayMs = 300;

/** The shared schema of the module, run on the form's values turned into the API's data. */
function moduleResolver(module: IpqModule): Resolver<FieldValues> {
  const schema = ipqModuleSchemas[module] as unknown as z.ZodType<FieldValues, FieldValues>;
  const resolve = zodResolver(schema);
  const toData = moduleForms[module].toData as (values: FieldValues) => FieldValues;
  return (values, context, options) => resolve(toData(values), context, options);
}

/** Every message of a form's errors by field path (`answers.p01`). */
function messagesOf(errors: FieldErrors, prefix = ''): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value.message === 'string') messages[path] = value.message;
    else Object.assign(messages, messagesOf(value as FieldErrors, path));
  }
  return messages;
}

/**
 * One module's form: its answers start from the device's copy (the saved answers or the draft), each
 * change is kept as a draft, and saving validates with the shared schema then sends the module. The
 * server's 422 lands under the answers it names; anything else says the spec's
 * 'Failed to submit module {n} data' unless the server says why.
 */
export function useModuleForm(module: IpqModule, onSaved: (session: IpqSession) => void) {
  const moduleNumber = ipqModuleNumber(module);
  const dispatch = useAppDispatch();
  const sessionId = useAppSelector((state) => state.ipq.sessionId);
  const clientId = useAppSelector((state) => state.ipq.clientId);
  const store = useStore<RootState>();
  const resolver = useMemo(() => moduleResolver(module), [module]);
  // The values the form opens with, read once (the form owns them after; no re-render per draft saved).
  const [defaultValues] = useState(() => (store.getState().ipq.modules[ipqSliceKeys[module]].data ?? moduleForms[module].empty()) as FieldValues);
  const form = useForm<FieldValues>({ resolver, defaultValues });
  const [submitModule, submission] = useSubmitIpqModuleMutation();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let pending: FieldValues | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      if (pending === null) return;
      dispatch(draftSaved({ moduleNumber, data: structuredClone(pending), savedAt: new Date().toISOString() }));
      pending = null;
    };
    // subscribe() reports each change without re-rendering the form (watch() would, and defeats memoizing).
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        pending = values;
        clearTimeout(timer);
        timer = setTimeout(flush, draftDelayMs);
      },
    });
    return () => {
      unsubscribe();
      flush();
    };
  }, [form, dispatch, moduleNumber]);

  const refused = (errors: FieldErrors) => {
    setError(text.fixAnswers);
    dispatch(validationFailed({ moduleNumber, errors: messagesOf(errors) }));
  };

  const send = async (data: FieldValues) => {
    setError(null);
    if (!sessionId || !clientId) return;
    try {
      const session = await submitModule({ sessionId, clientId, moduleNumber, data }).unwrap();
      const saved = session.modules[module];
      dispatch(moduleCompleted({ moduleNumber, data: saved ? moduleForms[module].fromData(saved) : form.getValues(), savedAt: session.updated_at }));
      onSaved(session);
    } catch (caught) {
      const fields = Object.entries(serverFieldErrors(caught) ?? {});
      const placed = fields.filter(([path]) => form.getValues(path) !== undefined);
      const unplaced = fields.filter(([path]) => form.getValues(path) === undefined).map(([, message]) => message);
      placed.forEach(([path, message], index) => form.setError(path, { type: 'server', message }, { shouldFocus: index === 0 }));
      if (fields.length > 0) dispatch(validationFailed({ moduleNumber, errors: Object.fromEntries(fields) }));
      if (unplaced.length > 0) setError(unplaced.join(' '));
      else setError(placed.length > 0 ? text.fixAnswers : errorText(caught, ipqMessages.moduleFailed(moduleNumber)));
    }
  };

  return { form, submit: form.handleSubmit(send, refused), saving: submission.isLoading, error };
}

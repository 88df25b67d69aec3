import { useEffect, useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useStore } from 'react-redux';
import type { z } from 'zod';
import type { IpqSession } from '@meridian/domain/ipq/contracts';
import { ipqModuleNumber, type IpqModule } from '@meridian/domain/ipq/module-list';
import { ipqModuleSchemas } from '@meridian/domain/ipq/modules';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { RootState } from '../../../app/store.ts';
import { serverFieldErrors } from '../../../lib/field-errors.ts';
import { fieldMessages, useZodForm } from '../../../lib/use-zod-form.ts';
import { useSubmitIpqModuleMutation } from '../ipq-api.ts';
import { draftSaved, ipqSliceKeys, moduleCompleted, validationFailed } from '../ipq-slice.ts';
import { ipqTexts as text } from '../ipq-texts.ts';
import { moduleForms } from '../module-values.ts';

/** A draft is kept this long after the last keystroke (and at once when the module closes). */
const draftDelayMs = 300;

/** The shared schema of the module, run on the form's values turned into the API's data. */
const moduleSchema = (module: IpqModule) => ipqModuleSchemas[module] as unknown as z.ZodType<FieldValues>;
const moduleFormOptions = (module: IpqModule) => ({ toBody: moduleForms[module].toData as (values: FieldValues) => FieldValues });

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
  const options = useMemo(() => moduleFormOptions(module), [module]);
  // The values the form opens with, read once (the form owns them after; no re-render per draft saved).
  const [defaultValues] = useState(
    () => (store.getState().ipq.modules[ipqSliceKeys[module]].data ?? moduleForms[module].empty()) as FieldValues,
  );
  const { banner, showBanner, applyServerError, ...form } = useZodForm<FieldValues, FieldValues>(
    moduleSchema(module),
    defaultValues,
    options,
  );
  const { subscribe } = form;
  const [submitModule, submission] = useSubmitIpqModuleMutation();

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
    const unsubscribe = subscribe({
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
  }, [subscribe, dispatch, moduleNumber]);

  const refused = (errors: unknown) => {
    showBanner(text.fixAnswers);
    dispatch(validationFailed({ moduleNumber, errors: fieldMessages(errors) }));
  };

  const send = async (data: FieldValues) => {
    if (!sessionId || !clientId) return;
    try {
      const session = await submitModule({ sessionId, clientId, moduleNumber, data }).unwrap();
      const saved = session.modules[module];
      dispatch(
        moduleCompleted({
          moduleNumber,
          data: saved ? moduleForms[module].fromData(saved) : form.getValues(),
          savedAt: session.updated_at,
        }),
      );
      onSaved(session);
    } catch (caught) {
      const fields = serverFieldErrors(caught);
      if (fields) dispatch(validationFailed({ moduleNumber, errors: fields }));
      // Every message found its answer: the banner says to fix them.
      if (!applyServerError(caught, ipqMessages.moduleFailed(moduleNumber))) showBanner(text.fixAnswers);
    }
  };

  return { form, submit: form.handleSubmit(send, refused), saving: submission.isLoading, error: banner };
}

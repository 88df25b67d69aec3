import { useState } from 'react';
import { errorText } from './error-text.ts';

/**
 * Which dialog a record's page shows (`Dialog` names each, with what it acts on), and the error of
 * a confirmed action: `confirmation` gives a ConfirmDialog its state, and on confirm runs the action,
 * showing why in the open dialog when it fails.
 */
export function usePageDialogs<Dialog>() {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const close = () => {
    setDialog(null);
    setActionError(null);
  };
  const attempt = async (action: () => Promise<unknown>, failureText: string) => {
    try {
      await action();
    } catch (failure) {
      setActionError(errorText(failure, failureText));
    }
  };
  const confirmation = (open: boolean, busy: boolean, action: () => Promise<unknown>, failureText: string) => ({
    open,
    busy,
    error: actionError,
    onClose: close,
    onConfirm: () => void attempt(action, failureText),
  });
  return { dialog, setDialog, close, confirmation };
}

import { useState } from 'react';
import { errorText } from './error-text.ts';

/**
 * Which dialog a record's page shows (`Dialog` names each, with what it acts on), and the error of
 * a confirmed action: `attempt` runs it and, when it fails, shows why in the open dialog.
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
  return { dialog, setDialog, close, actionError, attempt };
}

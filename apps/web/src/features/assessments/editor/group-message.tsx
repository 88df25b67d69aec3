import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import { useFormState, type Path } from 'react-hook-form';
import { fieldMessage } from '../../../lib/use-zod-form.ts';
import type { EditorForm } from './editor-form.ts';
import type { TemplateDraft } from './template-draft.ts';

type Props = {
  control: EditorForm['control'];
  /** The list (sections, questions, options) or the item (a section, a question) whose own message this is. */
  name: Path<TemplateDraft>;
  /** A question's own message stands out as an alert; a list's or a section's is a line above its items. */
  alert?: boolean;
  testId?: string;
};

/** The message about a list or an item as a whole, where its items start; nothing when there is none. */
export function GroupMessage({ control, name, alert = false, testId }: Props) {
  const { errors } = useFormState({ control, name });
  const message = fieldMessage(errors, name);
  if (!message) return null;
  return alert ? (
    <Alert severity="error" sx={{ my: 1 }} data-testid={testId}>
      {message}
    </Alert>
  ) : (
    <FormHelperText error data-testid={testId}>
      {message}
    </FormHelperText>
  );
}

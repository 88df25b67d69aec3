import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { AssignmentResult } from '@meridian/domain/assessments/contracts';
import { assignmentCreateSchema } from '@meridian/domain/assessments/template-definition';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { serverFieldErrors } from '../../../lib/field-errors.ts';
import { issuesByPath } from '../issues-by-path.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useAssignTemplateMutation, useListTemplatesQuery } from '../assessments-api.ts';
import { ClientMultiPicker, type ClientChoice } from './client-multi-picker.tsx';

type Props = { open: boolean; onClose: () => void };

/** Assign assessment: an active questionnaire, the clients, an optional due date; then how many were assigned. */
export function AssignDialog({ open, onClose }: Props) {
  const templates = useListTemplatesQuery(undefined, { skip: !open });
  const [templateId, setTemplateId] = useState('');
  const [clients, setClients] = useState<ClientChoice[]>([]);
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<AssignmentResult | null>(null);
  const [assign, { isLoading }] = useAssignTemplateMutation();
  const active = (templates.data?.templates ?? []).filter((template) => template.is_active);

  const reset = () => {
    setTemplateId('');
    setClients([]);
    setDueDate('');
    setErrors({});
    setResult(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = assignmentCreateSchema.safeParse({ client_ids: clients.map((client) => client.id), due_date: dueDate || null });
    const found = parsed.success ? {} : issuesByPath(parsed.error);
    if (!templateId) found.template = text.chooseTemplate;
    setErrors(found);
    if (!parsed.success || !templateId) return;
    try {
      setResult(await assign({ templateId, ...parsed.data }).unwrap());
    } catch (failure) {
      setErrors(serverFieldErrors(failure) ?? { form: errorText(failure, text.assignFailed) });
    }
  };

  if (result) {
    return (
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="assign-result-title">
        <DialogTitle id="assign-result-title">{text.assignedTitle}</DialogTitle>
        <DialogContent>
          <Alert severity="success" data-testid="assign-result">
            {text.assigned(result.assigned, result.already_open)}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={reset}>{text.assignMore}</Button>
          <Button variant="contained" onClick={close}>
            {text.done}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const banner = errors.form ?? (templates.isError ? errorText(templates.error, text.templatesFailed) : null);
  return (
    <FormDialog open={open} titleId="assign-title" title={text.assignTitle} submitLabel={text.assignSubmit} busy={isLoading} onSubmit={submit} onClose={close}>
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="assign-error">
          {banner}
        </Alert>
      )}
      <TextField
        id="assign-template"
        select
        required
        label={text.template}
        value={templateId}
        onChange={(event) => setTemplateId(event.target.value)}
        error={Boolean(errors.template)}
        helperText={errors.template ?? ' '}
        fullWidth
        margin="dense"
      >
        {active.map((template) => (
          <MenuItem key={template.id} value={template.id}>
            {template.name}
          </MenuItem>
        ))}
      </TextField>
      <ClientMultiPicker id="assign-clients" value={clients} onChange={setClients} error={errors.client_ids} />
      <TextField
        id="assign-due-date"
        type="date"
        label={text.dueDate}
        value={dueDate}
        onChange={(event) => setDueDate(event.target.value)}
        error={Boolean(errors.due_date)}
        helperText={errors.due_date ?? ' '}
        fullWidth
        margin="dense"
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </FormDialog>
  );
}

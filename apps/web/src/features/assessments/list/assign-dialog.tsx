import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import type { AssignmentResult } from '@meridian/domain/assessments/contracts';
import { assignmentCreateSchema } from '@meridian/domain/assessments/template-definition';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useAssignTemplateMutation, useListTemplatesQuery } from '../assessments-api.ts';
import { ClientMultiPicker, type ClientChoice } from './client-multi-picker.tsx';

type Props = { open: boolean; onClose: () => void };
type Values = { template_id: string; clients: ClientChoice[]; due_date: string };

/** The contract's body, and the questionnaire it is sent for (a part of the address). */
const assignFormSchema = assignmentCreateSchema.extend({ template_id: z.string().min(1, text.chooseTemplate) });
const emptyForm: Values = { template_id: '', clients: [], due_date: '' };
const form = {
  toBody: ({ clients, due_date, template_id }: Values) => ({
    template_id,
    client_ids: clients.map((client) => client.id),
    due_date: due_date || null,
  }),
  fieldOf: { client_ids: 'clients' },
} as const;

/** Assign assessment: an active questionnaire, the clients, an optional due date; then how many were assigned. */
export function AssignDialog({ open, onClose }: Props) {
  const templates = useListTemplatesQuery(undefined, { skip: !open });
  const { register, control, handleSubmit, reset, banner, applyServerError } = useZodForm(assignFormSchema, emptyForm, form);
  const [result, setResult] = useState<AssignmentResult | null>(null);
  const [assign, { isLoading }] = useAssignTemplateMutation();
  const active = (templates.data?.templates ?? []).filter((template) => template.is_active);

  const startAgain = () => {
    reset(emptyForm);
    setResult(null);
  };
  const close = () => {
    startAgain();
    onClose();
  };

  const submit = handleSubmit(async ({ template_id: templateId, ...body }) => {
    try {
      setResult(await assign({ templateId, ...body }).unwrap());
    } catch (failure) {
      applyServerError(failure, text.assignFailed);
    }
  });

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
          <Button onClick={startAgain}>{text.assignMore}</Button>
          <Button variant="contained" onClick={close}>
            {text.done}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const shownBanner = banner ?? (templates.isError ? errorText(templates.error, text.templatesFailed) : null);
  return (
    <FormDialog
      open={open}
      titleId="assign-title"
      title={text.assignTitle}
      submitLabel={text.assignSubmit}
      busy={isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={close}
    >
      {shownBanner && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="assign-error">
          {shownBanner}
        </Alert>
      )}
      <FormSelectField
        control={control}
        name="template_id"
        id="assign-template"
        required
        label={text.template}
        options={active.map((template) => ({ value: template.id, label: template.name }))}
        fullWidth
        margin="dense"
      />
      <Controller
        name="clients"
        control={control}
        render={({ field, fieldState }) => (
          <ClientMultiPicker id="assign-clients" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <FormTextField
        register={register}
        control={control}
        name="due_date"
        id="assign-due-date"
        type="date"
        label={text.dueDate}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </FormDialog>
  );
}

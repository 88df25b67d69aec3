import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { bandDecisionSchema, type BandDecision, type BandDecisionResponse, type IpqResults } from '@meridian/domain/ipq/contracts';
import { riskBandLabels } from '@meridian/domain/model-portfolios/contracts';
import { riskBandLabel } from '@meridian/domain/clients/risk-band';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useDecideBandMutation } from '../ipq-api.ts';
import { ipqTexts as text } from '../ipq-texts.ts';

type Decision = BandDecision['decision'];

type Props = {
  results: IpqResults;
  decision: Decision;
  onClose: () => void;
  onDecided: (response: BandDecisionResponse, decision: Decision) => void;
};

const noteMax = 1000;

/** What the decision does, in the client's bands. */
function question({ client_name, current_band, band }: IpqResults, decision: Decision): string {
  const current = riskBandLabel(current_band).toLowerCase();
  const proposed = riskBandLabels[band.proposed].toLowerCase();
  return decision === 'confirm'
    ? `Change ${client_name}'s risk band from ${current} to ${proposed}? Their portfolios are then reviewed against the new band's model.`
    : `Keep ${client_name}'s risk band at ${current} instead of the proposed ${proposed}?`;
}

/** Confirms the proposed band or keeps the current one, with the note the audit trail keeps (required). */
export function BandDecisionDialog({ results, decision, onClose, onDecided }: Props) {
  const titleId = useId();
  const [decide, deciding] = useDecideBandMutation();
  const { control, handleSubmit, banner, applyServerError } = useZodForm<BandDecision, BandDecision>(bandDecisionSchema, {
    decision,
    note: '',
  });

  const submit = handleSubmit(async (body) => {
    try {
      const response = await decide({ sessionId: results.session_id, clientId: results.client_id, ...body }).unwrap();
      onDecided(response, decision);
    } catch (caught) {
      applyServerError(caught, text.decisionFailed);
    }
  });

  return (
    <FormDialog
      titleId={titleId}
      title={decision === 'confirm' ? text.confirmBand : text.keepBand}
      submitLabel={decision === 'confirm' ? text.confirmBand : text.keepBand}
      busy={deciding.isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormError message={banner} />
      <Typography sx={{ mb: 2 }}>{question(results, decision)}</Typography>
      <Controller
        name="note"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            id="band-decision-note"
            label={text.note}
            required
            multiline
            minRows={3}
            fullWidth
            autoFocus
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? `${text.noteHelp} ${field.value.length}/${noteMax}`}
            slotProps={{ htmlInput: { maxLength: noteMax } }}
          />
        )}
      />
    </FormDialog>
  );
}

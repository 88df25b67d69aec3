import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { modelMessages } from '@meridian/domain/advice-messages';
import { modelCreateSchema, modelLimits, modelUpdateSchema, riskBandLabels, riskBands, type ModelPortfolio, type RiskBand } from '@meridian/domain/model-portfolios';
import { assetClassLabel } from '@meridian/domain/securities';
import { ConflictAlert } from '../../../components/conflict-alert.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form.tsx';
import { conflictCurrent } from '../../../lib/conflict-current.ts';
import { errorText } from '../../../lib/error-text.ts';
import { serverFieldErrors } from '../../../lib/field-errors.ts';
import { issuesByField } from '../../../lib/issues-by-field.ts';
import { parseNumber } from '../../../lib/parse-number.ts';
import { modelTargets, type Draft } from '../build-draft.ts';
import { builderTexts } from '../builder-texts.ts';
import { useCreateModelPortfolioMutation, useUpdateModelPortfolioMutation } from '../portfolio-builder-api.ts';

type Props = {
  draft: Draft;
  /** The band the builder optimises for: a new model's band unless the advisor picks another. */
  band: RiskBand;
  onClose: () => void;
  onSaved: (model: ModelPortfolio) => void;
  /** After a 409: continue from the model as it is now. */
  onReload: (current: ModelPortfolio) => void;
};

/** The fields shown with their own message; any other problem (the targets) goes above the form. */
const fieldNames = ['name', 'risk_band', 'drift_band', 'description'];

const percent = (fraction: number) => `${Number((fraction * 100).toFixed(2))} %`;

/** A model's targets in one line: "VTI 35 %, AGG 25 %, …". */
const targetsText = (model: ModelPortfolio) =>
  model.targets.map((target) => `${target.security?.symbol ?? (target.asset_class ? assetClassLabel(target.asset_class) : '')} ${percent(target.weight)}`).join(', ');

/** Saves the build as a new model (POST) or as the loaded model's next version (PUT with its sync_version). */
export function SaveModelDialog({ draft, band, onClose, onSaved, onReload }: Props) {
  const loaded = draft.model;
  const [name, setName] = useState(loaded?.name ?? '');
  const [description, setDescription] = useState(loaded?.description ?? '');
  const [riskBand, setRiskBand] = useState<RiskBand>(loaded?.risk_band ?? band);
  const [drift, setDrift] = useState(String(((loaded?.drift_band ?? modelLimits.driftBandDefault) * 100).toFixed(1).replace(/\.0$/, '')));
  const [saveAsNew, setSaveAsNew] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<ModelPortfolio | null>(null);
  const [createModel, created] = useCreateModelPortfolioMutation();
  const [updateModel, updated] = useUpdateModelPortfolioMutation();
  const editing = loaded !== null && !saveAsNew;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const driftPercent = parseNumber(drift);
    const fields = {
      name,
      description: description.trim() ? description : null,
      risk_band: riskBand,
      drift_band: driftPercent === undefined ? undefined : driftPercent / 100,
      targets: modelTargets(draft),
    };
    let save: () => Promise<ModelPortfolio>;
    if (editing) {
      const parsed = modelUpdateSchema.safeParse({ ...fields, sync_version: loaded.sync_version });
      if (!parsed.success) return setErrors(issuesByField(parsed.error));
      save = () => updateModel({ id: loaded.id, ...parsed.data }).unwrap();
    } else {
      const parsed = modelCreateSchema.safeParse(fields);
      if (!parsed.success) return setErrors(issuesByField(parsed.error));
      save = () => createModel(parsed.data).unwrap();
    }
    setErrors({});
    setConflict(null);
    try {
      onSaved(await save());
    } catch (error) {
      const current = conflictCurrent<ModelPortfolio>(error);
      if (current) setConflict(current);
      else setErrors(serverFieldErrors(error) ?? { form: errorText(error, builderTexts.modelSaveFailed) });
    }
  };

  const formMessage = Object.entries(errors)
    .filter(([field]) => !fieldNames.includes(field))
    .map(([, message]) => message)
    .join(' ');
  return (
    <FormDialog
      titleId="save-model-title"
      title={editing ? builderTexts.updateModelTitle(loaded.name) : builderTexts.saveModelTitle}
      submitLabel={builderTexts.save}
      busy={created.isLoading || updated.isLoading}
      onSubmit={submit}
      onClose={onClose}
    >
      {conflict && (
        <ConflictAlert
          title={modelMessages.modelChanged}
          lead={builderTexts.conflictLead}
          rows={[
            [builderTexts.modelName, conflict.name],
            [builderTexts.riskBand, riskBandLabels[conflict.risk_band]],
            [builderTexts.targetsLabel, targetsText(conflict)],
          ]}
          reloadLabel={builderTexts.reload}
          onReload={() => onReload(conflict)}
          data-testid="model-conflict"
        />
      )}
      <FormError message={formMessage} />
      {loaded && (
        <FormControlLabel control={<Checkbox checked={saveAsNew} onChange={(event) => setSaveAsNew(event.target.checked)} />} label={builderTexts.saveAsNew} />
      )}
      <TextField
        id="model-name"
        label={builderTexts.modelName}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name ?? ' '}
        fullWidth
        margin="dense"
        autoFocus
      />
      <TextField
        select
        id="model-risk-band"
        label={builderTexts.riskBand}
        value={riskBand}
        onChange={(event) => setRiskBand(event.target.value as RiskBand)}
        error={Boolean(errors.risk_band)}
        helperText={errors.risk_band ?? ' '}
        fullWidth
        margin="dense"
      >
        {riskBands.map((value) => (
          <MenuItem key={value} value={value}>
            {riskBandLabels[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="model-drift-band"
        label={builderTexts.driftBand}
        value={drift}
        onChange={(event) => setDrift(event.target.value)}
        error={Boolean(errors.drift_band)}
        helperText={errors.drift_band ?? builderTexts.driftBandHelp}
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">±</InputAdornment>, endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
      />
      <TextField
        id="model-description"
        label={builderTexts.description}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description ?? ' '}
        fullWidth
        margin="dense"
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}

import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { z } from 'zod';
import { modelMessages } from '@meridian/domain/shared/advice-messages';
import {
  modelCreateSchema,
  modelLimits,
  modelUpdateSchema,
  riskBandLabels,
  riskBands,
  type ModelCreate,
  type ModelPortfolio,
  type ModelUpdate,
  type RiskBand,
} from '@meridian/domain/model-portfolios/contracts';
import { assetClassLabel } from '@meridian/domain/securities/contracts';
import { ConflictAlert } from '../../../components/conflict-alert.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormError, FormTextField } from '../../../components/form.tsx';
import { conflictCurrent } from '../../../lib/conflict-current.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
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

type Values = {
  name: string;
  description: string;
  risk_band: RiskBand;
  /** The drift band in percent, as typed. */
  drift: string;
  /** The build's targets, sent as they are; their messages go above the form. */
  targets: ModelCreate['targets'];
  /** The loaded model's version (null for a new model). */
  sync_version: number | null;
};

const riskBandOptions = riskBands.map((value) => ({ value, label: riskBandLabels[value] }));
const form = {
  toBody: ({ drift, description, ...values }: Values) => {
    const driftPercent = parseNumber(drift);
    return {
      ...values,
      description: description.trim() ? description : null,
      drift_band: driftPercent === undefined ? undefined : driftPercent / 100,
    };
  },
  fieldOf: { drift_band: 'drift' },
  bannerFields: ['targets'],
} as const;

const percent = (fraction: number) => `${Number((fraction * 100).toFixed(2))} %`;

/** A model's targets in one line: "VTI 35 %, AGG 25 %, …". */
const targetsText = (model: ModelPortfolio) =>
  model.targets
    .map(
      (target) => `${target.security?.symbol ?? (target.asset_class ? assetClassLabel(target.asset_class) : '')} ${percent(target.weight)}`,
    )
    .join(', ');

/** Saves the build as a new model (POST) or as the loaded model's next version (PUT with its sync_version). */
export function SaveModelDialog({ draft, band, onClose, onSaved, onReload }: Props) {
  const loaded = draft.model;
  const [conflict, setConflict] = useState<ModelPortfolio | null>(null);
  // Saving as a new model (POST) or as the loaded one's next version (PUT): the schema follows.
  const [saveAsNew, setSaveAsNew] = useState(false);
  const editing = loaded !== null && !saveAsNew;
  const schema: z.ZodType<ModelCreate | ModelUpdate> = editing ? modelUpdateSchema : modelCreateSchema;
  const { register, control, handleSubmit, banner, applyServerError } = useZodForm(
    schema,
    {
      name: loaded?.name ?? '',
      description: loaded?.description ?? '',
      risk_band: loaded?.risk_band ?? band,
      drift: ((loaded?.drift_band ?? modelLimits.driftBandDefault) * 100).toFixed(1).replace(/\.0$/, ''),
      targets: modelTargets(draft),
      sync_version: loaded?.sync_version ?? null,
    },
    form,
  );
  const [createModel, created] = useCreateModelPortfolioMutation();
  const [updateModel, updated] = useUpdateModelPortfolioMutation();

  const submit = handleSubmit(async (body) => {
    setConflict(null);
    try {
      onSaved(await (editing ? updateModel({ id: loaded.id, ...(body as ModelUpdate) }) : createModel(body as ModelCreate)).unwrap());
    } catch (error) {
      const current = conflictCurrent<ModelPortfolio>(error);
      if (current) setConflict(current);
      else applyServerError(error, builderTexts.modelSaveFailed);
    }
  });

  return (
    <FormDialog
      titleId="save-model-title"
      title={editing ? builderTexts.updateModelTitle(loaded.name) : builderTexts.saveModelTitle}
      submitLabel={builderTexts.save}
      busy={created.isLoading || updated.isLoading}
      onSubmit={(event) => void submit(event)}
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
      <FormError message={banner} />
      {loaded && (
        <FormControlLabel
          control={<Checkbox checked={saveAsNew} onChange={(event) => setSaveAsNew(event.target.checked)} />}
          label={builderTexts.saveAsNew}
        />
      )}
      <FormTextField register={register} control={control} name="name" id="model-name" label={builderTexts.modelName} autoFocus />
      <FormSelectField
        control={control}
        name="risk_band"
        id="model-risk-band"
        label={builderTexts.riskBand}
        options={riskBandOptions}
        fullWidth
        margin="dense"
      />
      <FormTextField
        register={register}
        control={control}
        name="drift"
        id="model-drift-band"
        label={builderTexts.driftBand}
        helperText={builderTexts.driftBandHelp}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: {
            startAdornment: <InputAdornment position="start">±</InputAdornment>,
            endAdornment: <InputAdornment position="end">%</InputAdornment>,
          },
        }}
      />
      <FormTextField
        register={register}
        control={control}
        name="description"
        id="model-description"
        label={builderTexts.description}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}

import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { TemplateSummary } from '@meridian/domain/assessments/contracts';
import { errorText } from '../../../lib/error-text.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useUpdateTemplateMutation } from '../assessments-api.ts';

type Props = { template: TemplateSummary; onError: (message: string | null) => void };

/** An admin turns a template on or off for new assignments (its responses stay); the version read is sent with it. */
export function ActiveSwitch({ template, onError }: Props) {
  const [update, { isLoading }] = useUpdateTemplateMutation();
  const toggle = async (isActive: boolean) => {
    onError(null);
    try {
      await update({ id: template.id, is_active: isActive, sync_version: template.sync_version }).unwrap();
    } catch (failure) {
      onError(errorText(failure, text.activeFailed));
    }
  };
  return (
    <FormControlLabel
      control={
        <Switch
          checked={template.is_active}
          disabled={isLoading}
          onChange={(event) => void toggle(event.target.checked)}
          slotProps={{ input: { 'aria-label': text.activeFor(template.name) } }}
        />
      }
      label={text.active}
    />
  );
}

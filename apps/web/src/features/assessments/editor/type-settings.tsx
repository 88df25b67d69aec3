import Box from '@mui/material/Box';
import type { Path } from 'react-hook-form';
import { FormCheckbox, FormTextField } from '../../../components/form.tsx';
import { editorTexts as text } from './editor-texts.ts';
import type { EditorForm, QuestionPath } from './editor-form.ts';
import type { TemplateDraft } from './template-draft.ts';

type FieldProps = {
  form: EditorForm;
  name: Path<TemplateDraft>;
  label: string;
  owner: string;
  flex: string;
  numeric?: boolean;
};

function SettingField({ form, name, label, owner, flex, numeric = false }: FieldProps) {
  return (
    <FormTextField
      register={form.register}
      control={form.control}
      name={name}
      size="small"
      label={label}
      helperText=""
      fullWidth={false}
      margin="none"
      sx={{ flex }}
      slotProps={{ htmlInput: { 'aria-label': `${owner} ${label.toLowerCase()}`, ...(numeric ? { inputMode: 'decimal' } : {}) } }}
    />
  );
}

const row = { display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 } as const;

type Props = {
  form: EditorForm;
  /** The question whose settings these are. */
  question: QuestionPath;
  /** "Question 2", so each input's name says which question it belongs to. */
  owner: string;
};

/** A scale question's range, the words at either end, and whether it is reverse-keyed. */
export function ScaleSettingsEditor({ form, question, owner }: Props) {
  const field = { form, owner };
  return (
    <Box sx={row}>
      <SettingField {...field} name={`${question}.scale.min`} label={text.scaleMin} flex="0 1 110px" numeric />
      <SettingField {...field} name={`${question}.scale.max`} label={text.scaleMax} flex="0 1 110px" numeric />
      <SettingField {...field} name={`${question}.scale.min_label`} label={text.scaleMinLabel} flex="1 1 160px" />
      <SettingField {...field} name={`${question}.scale.max_label`} label={text.scaleMaxLabel} flex="1 1 160px" />
      <FormCheckbox control={form.control} name={`${question}.scale.reverse`} label={text.reverse} />
    </Box>
  );
}

/** A number question's optional bounds and unit. */
export function NumberSettingsEditor({ form, question, owner }: Props) {
  const field = { form, owner };
  return (
    <Box sx={row}>
      <SettingField {...field} name={`${question}.number.min`} label={text.numberMin} flex="1 1 120px" numeric />
      <SettingField {...field} name={`${question}.number.max`} label={text.numberMax} flex="1 1 120px" numeric />
      <SettingField {...field} name={`${question}.number.unit`} label={text.unit} flex="1 1 120px" />
    </Box>
  );
}

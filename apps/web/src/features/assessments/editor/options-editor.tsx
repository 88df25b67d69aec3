import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { templateLimits } from '@meridian/domain/assessments/template-definition';
import { editorTexts as text } from './editor-texts.ts';
import type { ErrorScope } from './error-scope.ts';
import { moveItem, removeAt, replaceAt } from './draft-update.ts';
import { ItemToolbar } from './item-toolbar.tsx';
import { newOption, type OptionDraft } from './template-draft.ts';

/** An option on one line when there is room; on a phone its label beside its buttons, the value and score under them. */
const optionRow = {
  display: 'grid',
  gap: 1,
  alignItems: 'start',
  mt: 1,
  gridTemplateColumns: { xs: 'minmax(0, 1fr) 96px auto', sm: 'minmax(0, 2fr) minmax(0, 1fr) 96px auto' },
  gridTemplateAreas: { xs: '"label label tools" "value score ."', sm: '"label value score tools"' },
} as const;

type Props = {
  /** "Question 2", so each input's name says which question it belongs to. */
  owner: string;
  options: OptionDraft[];
  onChange: (next: OptionDraft[]) => void;
  errors: ErrorScope;
};

/** A choice question's options: value (the answer's slug), label (what the client reads) and score; add, move, remove. */
export function OptionsEditor({ owner, options, onChange, errors }: Props) {
  const listError = errors.at();
  const set = (index: number, patch: Partial<OptionDraft>) =>
    onChange(replaceAt(options, index, { ...(options[index] as OptionDraft), ...patch }));
  const add = () => {
    const taken = new Set(options.map((option) => option.value));
    let index = options.length;
    while (taken.has(`option-${index + 1}`)) index += 1;
    onChange([...options, newOption(index)]);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
        {`${text.options} (${owner})`}
      </Typography>
      {listError && (
        <FormHelperText error data-testid="options-error">
          {listError}
        </FormHelperText>
      )}
      {options.map((option, index) => {
        const item = text.option(index);
        const at = errors.scope(String(index));
        const name = (field: string) => `${owner} ${item.toLowerCase()} ${field.toLowerCase()}`;
        return (
          <Box key={option.uid} data-testid={`option-row-${index}`} sx={optionRow}>
            <TextField
              size="small"
              label={text.optionLabel}
              value={option.label}
              onChange={(event) => set(index, { label: event.target.value })}
              error={Boolean(at.at('label'))}
              helperText={at.at('label')}
              sx={{ gridArea: 'label' }}
              slotProps={{ htmlInput: { 'aria-label': name(text.optionLabel), maxLength: templateLimits.labelMax + 50 } }}
            />
            <TextField
              size="small"
              label={text.optionValue}
              value={option.value}
              onChange={(event) => set(index, { value: event.target.value })}
              error={Boolean(at.at('value'))}
              helperText={at.at('value')}
              sx={{ gridArea: 'value' }}
              slotProps={{ htmlInput: { 'aria-label': name(text.optionValue), spellCheck: false } }}
            />
            <TextField
              size="small"
              label={text.optionScore}
              value={option.score}
              onChange={(event) => set(index, { score: event.target.value })}
              error={Boolean(at.at('score'))}
              helperText={at.at('score')}
              sx={{ gridArea: 'score' }}
              slotProps={{ htmlInput: { 'aria-label': name(text.optionScore), inputMode: 'decimal' } }}
            />
            <Box sx={{ gridArea: 'tools', pt: 0.5 }}>
              <ItemToolbar
                item={`${owner} ${item.toLowerCase()}`}
                index={index}
                count={options.length}
                onMove={(offset) => onChange(moveItem(options, index, offset))}
                onRemove={() => onChange(removeAt(options, index))}
              />
            </Box>
          </Box>
        );
      })}
      <Button size="small" startIcon={<AddIcon />} onClick={add} disabled={options.length >= templateLimits.optionsMax} sx={{ mt: 1 }}>
        {text.addOption}
      </Button>
    </Box>
  );
}

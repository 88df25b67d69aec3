import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ScaleSettings } from '@meridian/domain/assessments/template-definition';

type Props = {
  name: string;
  scale: ScaleSettings;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  invalid: boolean;
  required: boolean;
};

/** The whole numbers from min to max. */
const pointsOf = ({ min, max }: ScaleSettings) => Array.from({ length: max - min + 1 }, (_, index) => min + index);

/**
 * A scale as a row of radios (arrow keys move along it), each named by its number and the ends by
 * their labels too ("1, Strongly disagree"); the end labels are shown at either side, above the row
 * on a phone so eleven points still fit 390 pixels.
 */
export function ScaleInput({ name, scale, value, onChange, disabled, invalid, required }: Props) {
  const points = pointsOf(scale);
  const nameOf = (point: number) => {
    if (point === scale.min && scale.min_label) return `${point}, ${scale.min_label}`;
    if (point === scale.max && scale.max_label) return `${point}, ${scale.max_label}`;
    return String(point);
  };
  return (
    <Box sx={{ maxWidth: 720 }}>
      {(scale.min_label || scale.max_label) && (
        <Box aria-hidden sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            {scale.min_label}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
            {scale.max_label}
          </Typography>
        </Box>
      )}
      <RadioGroup
        row
        name={name}
        value={value}
        onChange={(_event, next) => onChange(next)}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        sx={{ display: 'grid', gridTemplateColumns: `repeat(${points.length}, minmax(0, 1fr))`, gap: 0 }}
      >
        {points.map((point) => (
          <FormControlLabel
            key={point}
            value={String(point)}
            disabled={disabled}
            labelPlacement="bottom"
            sx={{ m: 0, minWidth: 0 }}
            control={<Radio size="small" sx={{ p: 0.75 }} slotProps={{ input: { 'aria-label': nameOf(point) } }} />}
            label={
              <Typography variant="caption" component="span" aria-hidden>
                {point}
              </Typography>
            }
          />
        ))}
      </RadioGroup>
    </Box>
  );
}

import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseNumber } from '../../lib/parse-number.ts';
import { weightValid } from './build-draft.ts';
import { builderTexts } from './builder-texts.ts';

export type WeightRow = { key: string; label: string; detail: string };

type Props = {
  rows: WeightRow[];
  weights: Record<string, string>;
  onWeight: (key: string, text: string) => void;
  /** Rows can be removed (securities; the five asset classes always stay). */
  onRemove?: (key: string) => void;
};

/** One line per row: what it is, a slider and a number field for its weight in percent, and a remove button. */
export function WeightRows({ rows, weights, onWeight, onRemove }: Props) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => {
        const text = weights[row.key] ?? '';
        const valid = weightValid(text);
        const value = valid ? (parseNumber(text) ?? 0) : 0;
        return (
          <Box
            component="li"
            key={row.key}
            data-testid={`weight-row-${row.label}`}
            sx={{
              display: 'grid',
              alignItems: 'center',
              columnGap: 2,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              // On a phone the name and the remove button share a line, the slider and the field the next.
              gridTemplateColumns: { xs: 'minmax(0, 1fr) 7.5rem', sm: 'minmax(0, 11rem) minmax(0, 1fr) 7.5rem auto' },
              gridTemplateAreas: {
                xs: onRemove ? '"name remove" "slider field"' : '"name name" "slider field"',
                sm: '"name slider field remove"',
              },
            }}
          >
            <Box sx={{ gridArea: 'name', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{row.label}</Typography>
              <Typography variant="body2" color="text.secondary" noWrap title={row.detail}>
                {row.detail}
              </Typography>
            </Box>
            <Slider
              sx={{ gridArea: 'slider', mx: 1, width: 'auto' }}
              value={Math.min(value, 100)}
              min={0}
              max={100}
              step={1}
              onChange={(_event, next) => onWeight(row.key, String(next))}
              aria-label={`${row.label} weight`}
              getAriaValueText={(next) => `${next} %`}
            />
            <TextField
              sx={{ gridArea: 'field' }}
              size="small"
              value={text}
              onChange={(event) => onWeight(row.key, event.target.value)}
              error={!valid}
              helperText={valid ? undefined : builderTexts.weightInvalid}
              slotProps={{
                htmlInput: { inputMode: 'decimal', placeholder: '0', 'aria-label': `${row.label} weight in percent` },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
            />
            {onRemove && (
              <Box sx={{ gridArea: 'remove', justifySelf: 'end' }}>
                <IconButton aria-label={`Remove ${row.label}`} onClick={() => onRemove(row.key)}>
                  <DeleteOutlinedIcon />
                </IconButton>
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

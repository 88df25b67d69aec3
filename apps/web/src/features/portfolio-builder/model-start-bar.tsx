import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { riskBandLabels, type ModelPortfolio } from '@meridian/domain/model-portfolios/contracts';
import { errorText } from '../../lib/error-text.ts';
import { builderTexts } from './builder-texts.ts';
import { useListModelPortfoliosQuery } from './portfolio-builder-api.ts';

type Props = { model: ModelPortfolio | null; onNew: () => void; onLoad: (model: ModelPortfolio) => void };

/** Where a build starts: blank, or one of the firm's models opened for editing. */
export function ModelStartBar({ model, onNew, onLoad }: Props) {
  const { data, error, isLoading } = useListModelPortfoliosQuery();
  const models = data?.models ?? [];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}>
      <Button variant="outlined" startIcon={<AddIcon />} onClick={onNew} sx={{ mt: 1 }}>
        {builderTexts.newBuild}
      </Button>
      <TextField
        select
        id="builder-load-model"
        label={builderTexts.loadModel}
        value={model && models.some((option) => option.id === model.id) ? model.id : ''}
        onChange={(event) => {
          const chosen = models.find((option) => option.id === event.target.value);
          if (chosen) onLoad(chosen);
        }}
        disabled={isLoading || models.length === 0}
        error={Boolean(error)}
        helperText={error ? errorText(error, builderTexts.modelsFailed) : model ? builderTexts.editing(model.name) : builderTexts.newDraft}
        sx={{ flex: '1 1 16rem', minWidth: 0 }}
      >
        {models.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            <Typography component="span" noWrap>
              {option.name}
              <Typography component="span" color="text.secondary">
                {` · ${riskBandLabels[option.risk_band]}`}
              </Typography>
            </Typography>
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { clientScreenMessages as text } from '@meridian/domain/client-screen-messages';
import type { AssessmentFilter, ClientListAction, ClientListState, RiskFilter } from './client-list-state.ts';

const riskOptions: { value: RiskFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'low', label: 'Conservative' },
  { value: 'medium', label: 'Moderate' },
  { value: 'high', label: 'Aggressive' },
];

const assessmentOptions: { value: AssessmentFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'Complete', label: 'Complete' },
  { value: 'In Progress', label: 'In Progress' },
  { value: 'Pending', label: 'Pending' },
];

/** Search (first name, last name or e-mail), risk profile, assessment status and Clear. */
export function ClientFilters({ state, dispatch }: { state: ClientListState; dispatch: (action: ClientListAction) => void }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      <TextField
        label="Search clients"
        placeholder="Name or e-mail"
        size="small"
        value={state.search}
        onChange={(event) => dispatch({ type: 'search', value: event.target.value })}
        sx={{ flex: '1 1 260px', maxWidth: 420 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search clients', maxLength: 100 },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
        }}
      />
      <TextField
        select
        label="Risk Profile"
        size="small"
        value={state.risk}
        onChange={(event) => dispatch({ type: 'risk', value: event.target.value as RiskFilter })}
        sx={{ minWidth: 170 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'risk-filter' } } }}
      >
        {riskOptions.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Assessment"
        size="small"
        value={state.assessment}
        onChange={(event) => dispatch({ type: 'assessment', value: event.target.value as AssessmentFilter })}
        sx={{ minWidth: 170 }}
      >
        {assessmentOptions.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" onClick={() => dispatch({ type: 'clear' })}>
        {text.clear}
      </Button>
    </Box>
  );
}

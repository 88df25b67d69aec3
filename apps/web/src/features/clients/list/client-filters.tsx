import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { notAssessed, riskBandFilterValues, riskBandLabel } from '@meridian/domain/clients/risk-band';
import { FilterSelect } from '../../../components/filter-select.tsx';
import type { AssessmentFilter, ClientListAction, ClientListState, RiskFilter } from './client-list-state.ts';

/** The "All" choice of both selects (the list state's 'all'). */
const all = { value: 'all', label: 'All' } as const;

/** The five bands, then the clients without one. */
const riskOptions: { value: RiskFilter; label: string }[] = riskBandFilterValues.map((value) => ({
  value,
  label: riskBandLabel(value === notAssessed ? null : value),
}));

const assessmentOptions: { value: AssessmentFilter; label: string }[] = [
  { value: 'Complete', label: 'Complete' },
  { value: 'In Progress', label: 'In Progress' },
  { value: 'Pending', label: 'Pending' },
];

/** Search (first name, last name or e-mail), risk band, assessment status and Clear. */
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
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <FilterSelect<RiskFilter>
        label="Risk Band"
        value={state.risk}
        all={all}
        options={riskOptions}
        onChange={(value) => dispatch({ type: 'risk', value })}
        minWidth={170}
        data-testid="risk-filter"
      />
      <FilterSelect<AssessmentFilter>
        label="Assessment"
        value={state.assessment}
        all={all}
        options={assessmentOptions}
        onChange={(value) => dispatch({ type: 'assessment', value })}
        minWidth={170}
      />
      <Button variant="outlined" onClick={() => dispatch({ type: 'clear' })}>
        {text.clear}
      </Button>
    </Box>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { responseStatuses, responseStatusLabels } from '@meridian/domain/assessments/template-definition';
import type { ResponseStatus } from '@meridian/domain/assessments/template-definition';
import { useAdvisorsQuery } from '../../clients/index.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useListTemplatesQuery } from '../assessments-api.ts';
import { noFilters, type AssessmentFilterState } from './assessment-filter-state.ts';

type Props = {
  value: AssessmentFilterState;
  onChange: (next: AssessmentFilterState) => void;
  /** A client user filters their own by status only. */
  statusOnly: boolean;
  /** Admins see the firm and may narrow it to one advisor's clients. */
  showAdvisor: boolean;
};

const select = { minWidth: 150, flex: { xs: '1 1 140px', sm: '0 0 auto' } } as const;
/** '' is "All": shown as such, with the label above it. */
const showAll = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** Status, questionnaire, advisor (admins), client search, overdue only, and Clear. */
export function AssessmentFilters({ value, onChange, statusOnly, showAdvisor }: Props) {
  const templates = useListTemplatesQuery(undefined, { skip: statusOnly });
  const advisors = useAdvisorsQuery(undefined, { skip: !showAdvisor });
  const set = (patch: Partial<AssessmentFilterState>) => onChange({ ...value, ...patch });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2 }}>
      {!statusOnly && (
        <TextField
          id="assessment-search"
          size="small"
          label={text.searchFilter}
          placeholder="Name or e-mail"
          value={value.search}
          onChange={(event) => set({ search: event.target.value })}
          sx={{ flex: '1 1 220px', maxWidth: 360 }}
          slotProps={{
            htmlInput: { maxLength: 100 },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          }}
        />
      )}
      <TextField id="assessment-status-filter" select size="small" label={text.statusFilter} value={value.status} onChange={(event) => set({ status: event.target.value as ResponseStatus | '' })} sx={select} slotProps={showAll}>
        <MenuItem value="">{text.all}</MenuItem>
        {responseStatuses.map((status) => (
          <MenuItem key={status} value={status}>
            {responseStatusLabels[status]}
          </MenuItem>
        ))}
      </TextField>
      {!statusOnly && (
        <TextField id="assessment-template-filter" select size="small" label={text.templateFilter} value={value.templateId} onChange={(event) => set({ templateId: event.target.value })} sx={select} slotProps={showAll}>
          <MenuItem value="">{text.all}</MenuItem>
          {(templates.data?.templates ?? []).map((template) => (
            <MenuItem key={template.id} value={template.id}>
              {template.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {showAdvisor && (
        <TextField id="assessment-advisor-filter" select size="small" label={text.advisorFilter} value={value.advisorId} onChange={(event) => set({ advisorId: event.target.value })} sx={select} slotProps={showAll}>
          <MenuItem value="">{text.all}</MenuItem>
          {(advisors.data?.advisors ?? []).map((advisor) => (
            <MenuItem key={advisor.id} value={advisor.id}>
              {`${advisor.first_name} ${advisor.last_name}`}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!statusOnly && (
        <FormControlLabel control={<Switch checked={value.overdue} onChange={(event) => set({ overdue: event.target.checked })} />} label={text.overdueFilter} />
      )}
      <Button variant="outlined" onClick={() => onChange(noFilters)}>
        {text.clear}
      </Button>
    </Box>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { responseStatuses, responseStatusLabels } from '@meridian/domain/assessments/template-definition';
import type { ResponseStatus } from '@meridian/domain/assessments/template-definition';
import { FilterSelect } from '../../../components/filter-select.tsx';
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

const select = { flex: { xs: '1 1 140px', sm: '0 0 auto' } } as const;
/** '' is "All". */
const all = { value: '', label: text.all } as const;
const statusOptions = responseStatuses.map((status) => ({ value: status, label: responseStatusLabels[status] }));

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
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      <FilterSelect<ResponseStatus | ''>
        id="assessment-status-filter"
        label={text.statusFilter}
        value={value.status}
        all={all}
        options={statusOptions}
        onChange={(status) => set({ status })}
        minWidth={150}
        sx={select}
      />
      {!statusOnly && (
        <FilterSelect
          id="assessment-template-filter"
          label={text.templateFilter}
          value={value.templateId}
          all={all}
          options={(templates.data?.templates ?? []).map((template) => ({ value: template.id, label: template.name }))}
          onChange={(templateId) => set({ templateId })}
          minWidth={150}
          sx={select}
        />
      )}
      {showAdvisor && (
        <FilterSelect
          id="assessment-advisor-filter"
          label={text.advisorFilter}
          value={value.advisorId}
          all={all}
          options={(advisors.data?.advisors ?? []).map((advisor) => ({
            value: advisor.id,
            label: `${advisor.first_name} ${advisor.last_name}`,
          }))}
          onChange={(advisorId) => set({ advisorId })}
          minWidth={150}
          sx={select}
        />
      )}
      {!statusOnly && (
        <FormControlLabel
          control={<Switch checked={value.overdue} onChange={(event) => set({ overdue: event.target.checked })} />}
          label={text.overdueFilter}
        />
      )}
      <Button variant="outlined" onClick={() => onChange(noFilters)}>
        {text.clear}
      </Button>
    </Box>
  );
}

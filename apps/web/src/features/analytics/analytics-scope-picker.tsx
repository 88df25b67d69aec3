import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { renderOptionWithDetail } from '../../components/option-with-detail.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { withChosenOption } from '../../lib/with-chosen-option.ts';
import { useAnalyticsHouseholdOptionsQuery, useAnalyticsPortfolioOptionsQuery, type AnalyticsScopeKind } from './analytics-api.ts';
import type { AnalyticsSelection } from './use-analytics-selection.ts';

type Option = { id: string; name: string; detail: string };

type Props = {
  selection: AnalyticsSelection;
  /** The chosen record's name once its analytics are in (it may be beyond the options loaded). */
  selectedName: string | undefined;
  onSelect: (next: AnalyticsSelection) => void;
};

const kindLabels: Record<AnalyticsScopeKind, string> = { portfolio: 'Portfolio', household: 'Household' };

/** Chooses a portfolio or a household, each searched on the server as the user types. */
export function AnalyticsScopePicker({ selection, selectedName, onSelect }: Props) {
  const [kind, setKind] = useState<AnalyticsScopeKind>(selection?.kind ?? 'portfolio');
  // A link to the other kind (a household's 'View analytics' while a portfolio is shown) switches the picker too.
  const [linkedKind, setLinkedKind] = useState(selection?.kind);
  if (selection && selection.kind !== linkedKind) {
    setLinkedKind(selection.kind);
    setKind(selection.kind);
  }
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim(), 250);
  const chosen = selection?.kind === kind ? selection : null;
  // The chosen record's name in the box is not a search: the first matches show.
  const search = chosen && term === selectedName ? '' : term;
  const portfolios = useAnalyticsPortfolioOptionsQuery(kind === 'portfolio' ? search : skipToken);
  const households = useAnalyticsHouseholdOptionsQuery(kind === 'household' ? search : skipToken);
  const options = useMemo<Option[]>(
    () =>
      kind === 'portfolio'
        ? (portfolios.data?.portfolios ?? []).map((p) => ({ id: p.id, name: p.name, detail: p.client_name }))
        : (households.data?.households ?? []).map((h) => ({
            id: h.id,
            name: h.name,
            detail: `${h.member_count} member${h.member_count === 1 ? '' : 's'} · ${h.advisor_name}`,
          })),
    [kind, portfolios.data, households.data],
  );
  const value = chosen
    ? (options.find((option) => option.id === chosen.id) ?? { id: chosen.id, name: selectedName ?? '', detail: '' })
    : null;

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        aria-label="Analyse"
        onChange={(_event, next: AnalyticsScopeKind | null) => {
          if (!next) return;
          setKind(next);
          setInput('');
        }}
      >
        <ToggleButton value="portfolio">Portfolio</ToggleButton>
        <ToggleButton value="household">Household</ToggleButton>
      </ToggleButtonGroup>
      <Autocomplete
        id="analytics-scope"
        size="small"
        sx={{ flex: '1 1 280px', maxWidth: 480 }}
        value={value}
        options={withChosenOption(options, value)}
        loading={kind === 'portfolio' ? portfolios.isFetching : households.isFetching}
        // Both are searched on the server.
        filterOptions={(all) => all}
        isOptionEqualToValue={(option, current) => option.id === current.id}
        getOptionLabel={(option) => option.name}
        renderOption={(props, option) => renderOptionWithDetail(props, option.name, option.detail)}
        onChange={(_event, next) => onSelect(next ? { kind, id: next.id } : null)}
        onInputChange={(_event, next) => setInput(next)}
        noOptionsText={kind === 'portfolio' ? 'No matching portfolios' : 'No matching households'}
        renderInput={(params) => <TextField {...params} label={kindLabels[kind]} />}
      />
    </Box>
  );
}

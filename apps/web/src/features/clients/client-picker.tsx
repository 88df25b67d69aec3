import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { renderOptionWithDetail } from '../../components/option-with-detail.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { withChosenOption } from '../../lib/with-chosen-option.ts';
import { useClientOptionsQuery } from './clients-api.ts';

export type ClientOption = { id: string; name: string; email?: string };

type Props = {
  id: string;
  label: string;
  value: ClientOption | null;
  onChange: (value: ClientOption | null) => void;
  error?: string | undefined;
  size?: 'small' | 'medium';
  helperText?: string;
  onBlur?: () => void;
};

/** Picks one of the clients in the user's reach, searching by name or e-mail as they type. */
export function ClientPicker({ id, label, value, onChange, error, size = 'medium', helperText = ' ', onBlur }: Props) {
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim(), 250);
  // With nothing typed (or the chosen client's name shown) the first clients by name are offered.
  const search = value && term === value.name ? '' : term;
  const { data, isFetching } = useClientOptionsQuery(search || (value ? skipToken : ''));
  const options = useMemo<ClientOption[]>(
    () => (data?.clients ?? []).map((client) => ({ id: client.id, name: `${client.first_name} ${client.last_name}`, email: client.email })),
    [data],
  );
  return (
    <Autocomplete
      id={id}
      size={size}
      value={value}
      options={withChosenOption(options, value)}
      loading={isFetching}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.name}
      renderOption={(props, option) => renderOptionWithDetail(props, option.name, option.email)}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, next) => setInput(next)}
      onBlur={onBlur}
      noOptionsText={term ? 'No matching clients' : 'Type to search clients'}
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error ?? helperText} />}
    />
  );
}

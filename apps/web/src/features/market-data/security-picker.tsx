import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { formatDollars } from '@meridian/domain/shared/format';
import type { Security } from '@meridian/domain/securities/contracts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useSecurityOptionsQuery } from './market-data-api.ts';

export type SecurityOption = Pick<Security, 'id' | 'symbol' | 'name'> & Partial<Pick<Security, 'last_close' | 'simulated' | 'sector'>>;

type Props = {
  id: string;
  label: string;
  value: SecurityOption | null;
  onChange: (value: SecurityOption | null) => void;
  error?: string | undefined;
  helperText?: string;
  autoFocus?: boolean;
};

/** Picks a security by symbol prefix or name over GET /securities/search. */
export function SecurityPicker({ id, label, value, onChange, error, helperText = ' ', autoFocus }: Props) {
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim(), 250);
  const search = value && input === optionLabel(value) ? '' : term;
  const { data, isFetching } = useSecurityOptionsQuery(search || skipToken);
  const options: SecurityOption[] = data?.securities ?? [];
  return (
    <Autocomplete
      id={id}
      value={value}
      options={value && !options.some((option) => option.symbol === value.symbol) ? [value, ...options] : options}
      loading={isFetching}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.symbol === chosen.symbol}
      getOptionLabel={optionLabel}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest} data-testid={`security-option-${option.symbol}`}>
            <span style={{ display: 'flex', width: '100%', gap: 12, justifyContent: 'space-between' }}>
              <span>
                <strong>{option.symbol}</strong> {option.name}
              </span>
              {option.last_close != null && <span style={{ opacity: 0.7 }}>{formatDollars(option.last_close)}</span>}
            </span>
          </li>
        );
      }}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, next) => setInput(next)}
      noOptionsText={term ? 'No matching securities' : 'Type a symbol or name'}
      renderInput={(params) => (
        <TextField {...params} label={label} autoFocus={autoFocus} error={Boolean(error)} helperText={error ?? helperText} />
      )}
    />
  );
}

const optionLabel = (option: SecurityOption) => (option.name ? `${option.symbol} — ${option.name}` : option.symbol);

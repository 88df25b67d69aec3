import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { renderOptionWithDetail } from '../../../components/option-with-detail.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useAssessmentClientOptionsQuery } from '../assessments-api.ts';

export type ClientChoice = { id: string; name: string; email: string };

type Props = {
  id: string;
  value: ClientChoice[];
  onChange: (next: ClientChoice[]) => void;
  error?: string | undefined;
};

/** Picks any number of the clients in reach, searching GET /clients by name or e-mail as the user types. */
export function ClientMultiPicker({ id, value, onChange, error }: Props) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 250);
  const { data, isFetching } = useAssessmentClientOptionsQuery(search);
  const options = useMemo<ClientChoice[]>(() => {
    const found = (data?.clients ?? []).map((client) => ({
      id: client.id,
      name: `${client.first_name} ${client.last_name}`,
      email: client.email,
    }));
    // The chosen ones stay among the options, so MUI keeps their chips whatever the search shows.
    return [...value, ...found.filter((client) => !value.some((chosen) => chosen.id === client.id))];
  }, [data, value]);
  return (
    <Autocomplete
      id={id}
      multiple
      filterSelectedOptions
      value={value}
      options={options}
      loading={isFetching}
      filterOptions={(all) => all.filter((option) => !value.some((chosen) => chosen.id === option.id))}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.name}
      renderOption={(props, option) => renderOptionWithDetail(props, option.name, option.email)}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      // Choosing a client clears what was typed (MUI resets it), ready for the next one.
      onInputChange={(_event, next) => setInput(next)}
      noOptionsText={search ? text.noMatchingClients : text.typeToSearch}
      renderInput={(params) => (
        <TextField {...params} label={text.clients} required error={Boolean(error)} helperText={error ?? text.clientsHelp} margin="dense" />
      )}
    />
  );
}

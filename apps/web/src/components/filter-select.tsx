import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

type FilterOption<V extends string> = { value: V; label: string };

type Props<V extends string> = {
  id?: string;
  label: string;
  value: V;
  /** The first choice, which shows every row ("All statuses"). */
  all: FilterOption<V>;
  options: readonly FilterOption<V>[];
  /** A new choice; the list goes back to its first page (usePaging's `filterBy`). */
  onChange: (value: V) => void;
  minWidth?: number;
  sx?: object;
  'data-testid'?: string;
};

/** A list's "All / one value" filter: a small select whose first choice shows everything. */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  all,
  options,
  onChange,
  minWidth = 160,
  sx,
  'data-testid': testId,
}: Props<V>) {
  return (
    <TextField
      id={id}
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      sx={{ minWidth, ...sx }}
      // The "All" choice may be '', which MUI shows only with displayEmpty (and the label shrunk above it).
      slotProps={{
        select: { displayEmpty: true, ...(testId ? { inputProps: { 'data-testid': testId } } : {}) },
        inputLabel: { shrink: true },
      }}
    >
      {[all, ...options].map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

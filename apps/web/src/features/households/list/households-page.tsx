import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { clientLimits } from '@meridian/domain/clients/contracts';
import { useAppSelector } from '../../../app/hooks.ts';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { householdTexts } from '../household-texts.ts';
import { useListHouseholdsQuery } from '../households-api.ts';
import { HouseholdsTable } from './households-table.tsx';
import { NewHouseholdDialog } from './new-household-dialog.tsx';

/** The list's page sizes (as the portfolio list), default 10. */
export const householdPageSizes = [5, 10, 25, 50];

/** /households: the households in the user's reach, searched by name and paged on the server. */
export function HouseholdsPage() {
  const readOnly = useAppSelector((state) => state.auth.user?.role_name === 'client');
  const { page, setPage, perPage, setPerPage } = usePaging(10);
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  const [creating, setCreating] = useState(false);
  const { data, error, isLoading, isFetching, isError } = useListHouseholdsQuery({
    page: page + 1,
    per_page: perPage,
    search: search || undefined,
  });

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
            Households
          </Typography>
          <Typography variant="subtitle1" color="text.secondary">
            Families whose portfolios you look at together
          </Typography>
        </Box>
        {!readOnly && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New Household
          </Button>
        )}
      </Box>
      <Paper variant="outlined">
        <Box sx={{ p: 2 }}>
          <TextField
            id="household-search"
            size="small"
            label="Search households"
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setPage(0);
            }}
            slotProps={{
              htmlInput: { maxLength: clientLimits.searchMaxLength },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
        </Box>
        <ListStatus
          noun="households"
          fetching={isFetching}
          loading={isLoading}
          error={isError ? errorText(error, householdTexts.fetchHouseholdsFailed) : null}
          empty={
            data && data.total === 0 && !isError
              ? search
                ? 'No households match this search.'
                : 'No households yet. Group a family with New Household.'
              : null
          }
          emptyTestId="households-empty"
        />
        {data && data.total > 0 && !isError && (
          <>
            <HouseholdsTable households={data.households} />
            <ListPagination
              total={data.total}
              page={page}
              perPage={perPage}
              perPageOptions={householdPageSizes}
              onPage={setPage}
              onPerPage={setPerPage}
            />
          </>
        )}
      </Paper>
      <NewHouseholdDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

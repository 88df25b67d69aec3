import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { formatDollars } from '@meridian/domain/shared/format';
import type { Security } from '@meridian/domain/securities/contracts';
import { marketDataMessages as text } from '@meridian/domain/securities/market-data-messages';
import { errorText } from '../../../lib/error-text.ts';
import { useSearchSecuritiesQuery, type SecuritySearchArgs } from '../market-data-api.ts';
import { PriceSourceChip } from '../price-source-chip.tsx';
import { RiskChip } from '../risk-chip.tsx';
import { assetClassLabel } from '../security-labels.ts';

const columns = ['Symbol', 'Name', 'Sector', 'Asset class', 'Risk', 'Last close', 'Source'] as const;

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** The debounced search; null while the box is empty. */
  args: SecuritySearchArgs | null;
  onSelect: (security: Security) => void;
};

function ResultRow({ security, onSelect }: { security: Security; onSelect: (security: Security) => void }) {
  return (
    <TableRow
      hover
      tabIndex={0}
      data-testid={`search-result-${security.symbol}`}
      aria-label={`${security.symbol} ${security.name}: open its price history`}
      onClick={() => onSelect(security)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect(security);
        }
      }}
      sx={{ cursor: 'pointer' }}
    >
      <TableCell sx={{ fontWeight: 600 }}>{security.symbol}</TableCell>
      <TableCell>{security.name}</TableCell>
      <TableCell>{security.sector}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{assetClassLabel(security.asset_class)}</TableCell>
      <TableCell>
        <RiskChip rating={security.risk_rating} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
        {security.last_close === null ? text.noPrice : formatDollars(security.last_close)}
      </TableCell>
      <TableCell>
        <PriceSourceChip simulated={security.simulated} hasPrice={security.last_close !== null} />
      </TableCell>
    </TableRow>
  );
}

/** Search box over the securities master (symbol prefix or name), with its matches in a table. */
export function SecuritySearch({ value, onChange, args, onSelect }: Props) {
  const { data, currentData, error, isFetching, isError } = useSearchSecuritiesQuery(args ?? skipToken);
  const results = args && data && !isError ? data.securities : [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="search-heading" sx={{ mb: 3 }}>
      <Typography id="search-heading" variant="h6" component="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
        {text.searchTitle}
      </Typography>
      <TextField
        value={value}
        onChange={(event) => onChange(event.target.value)}
        label={text.searchLabel}
        helperText={text.searchHelp}
        type="search"
        autoComplete="off"
        id="security-search"
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mx: 2, mb: 1, width: { xs: 'calc(100% - 32px)', sm: 420 } }}
      />
      {/* Fixed height: the table does not jump while a search runs. */}
      <LinearProgress aria-label="Searching" sx={{ visibility: isFetching ? 'visible' : 'hidden' }} />
      {args && isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(error, text.searchSecuritiesFailed)}
        </Alert>
      )}
      {args && currentData && currentData.securities.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {text.noMatches(args.q)}
        </Typography>
      )}
      {results.length > 0 && (
        <>
          <TableContainer>
            <Table size="small" aria-labelledby="search-heading">
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell
                      key={column}
                      align={column === 'Last close' ? 'right' : 'left'}
                      sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                    >
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {results.map((security) => (
                  <ResultRow key={security.id} security={security} onSelect={onSelect} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {data && data.total > results.length && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
              {text.searchShowing(results.length, data.total)}
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}

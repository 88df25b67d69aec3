import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { Security } from '@meridian/domain/securities/contracts';
import { marketDataMessages as text } from '@meridian/domain/securities/market-data-messages';
import { useAppSelector } from '../../app/hooks.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import type { SecuritySearchArgs } from './market-data-api.ts';
import { PriceImport } from './price-import.tsx';
import { SecurityDetailDialog } from './security/security-detail-dialog.tsx';
import { SecuritySearch } from './security/security-search.tsx';
import { useShownPricesSimulated } from './use-shown-prices-simulated.ts';
import { useWatchlist } from './watchlist/use-watchlist.ts';
import { WatchlistTable } from './watchlist/watchlist-table.tsx';

const searchDebounceMs = 300;

type Selection = { symbol: string; name: string };

/**
 * /market-data: the configured watchlist with a year of closes each, a search over the securities
 * master, one security's chart in a dialog and, for the platform operator, the price import (prices are every firm's). Simulated prices are
 * labelled wherever they show.
 */
export function MarketDataPage() {
  const watchlist = useWatchlist();
  const isOperator = useAppSelector((state) => state.auth.user?.is_operator === true);
  const [searchText, setSearchText] = useState('');
  const term = useDebouncedValue(searchText.trim(), searchDebounceMs);
  const searchArgs = useMemo<SecuritySearchArgs | null>(() => (term ? { q: term } : null), [term]);
  const anySimulated = useShownPricesSimulated(watchlist.loading ? [] : watchlist.symbols, searchArgs);
  const [selected, setSelected] = useState<Selection | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const open = (selection: Selection) => {
    setSelected(selection);
    setDialogOpen(true);
  };

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
        {text.title}
      </Typography>
      <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 3 }}>
        {text.subtitle}
      </Typography>
      {anySimulated && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="simulated-alert">
          {text.simulatedAlert}
        </Alert>
      )}
      <WatchlistTable symbols={watchlist.symbols} loading={watchlist.loading} onSelect={(symbol, name) => open({ symbol, name })} />
      <SecuritySearch
        value={searchText}
        onChange={setSearchText}
        args={searchArgs}
        onSelect={(security: Security) => open({ symbol: security.symbol, name: security.name })}
      />
      {isOperator && <PriceImport />}
      <SecurityDetailDialog
        open={dialogOpen}
        symbol={selected?.symbol ?? null}
        name={selected?.name ?? null}
        onClose={() => setDialogOpen(false)}
      />
    </>
  );
}

import Typography from '@mui/material/Typography';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { returnFigure, SignedValue } from '../../components/signed-value.tsx';

/**
 * A client's time-weighted return over the period the list asked for (a fraction: 0.052 shows
 * +5.2% with an arrow up); '—' while they have no valued history.
 */
export function ClientPerformance({ performance }: { performance: number | null }) {
  if (performance === null) {
    return (
      <Typography variant="body2" color="text.secondary" component="span" data-testid="client-performance">
        {text.noValue}
      </Typography>
    );
  }
  return <SignedValue figure={returnFigure(performance)} trend data-testid="client-performance" />;
}

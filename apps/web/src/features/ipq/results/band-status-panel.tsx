import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatShortDate } from '@meridian/domain/shared/format';
import type { BandDecision, IpqResults } from '@meridian/domain/ipq/contracts';
import { riskBandLabels } from '@meridian/domain/model-portfolios/contracts';
import { riskBandLabel } from '@meridian/domain/clients/risk-band';
import { bandStatusLabels } from '../band-status-labels.ts';
import { ipqTexts as text } from '../ipq-texts.ts';
import { ResultsSection } from './results-section.tsx';

type Props = {
  results: IpqResults;
  /** Staff decide a proposal awaiting confirmation; a client reads what happens next. */
  canDecide: boolean;
  onDecide: (decision: BandDecision['decision']) => void;
  /** What the decision just made did (announced once it arrives). */
  outcome: string | null;
};

const statusColours = {
  applied: 'success',
  awaiting_confirmation: 'warning',
  confirmed: 'success',
  kept: 'info',
  superseded: 'default',
} as const;

/** What settles a proposal that is not awaiting anyone, in a sentence. */
function settledText({ band, client_name }: IpqResults): string {
  const who = band.decided_by ? ` by ${band.decided_by}` : '';
  const when = band.decided_at ? ` on ${formatShortDate(band.decided_at)}` : '';
  if (band.status === 'applied') return `The proposed band was already ${client_name}'s band: applied at once.`;
  if (band.status === 'confirmed') return `Confirmed${who}${when}.`;
  if (band.status === 'kept') return `The current band was kept${who}${when}.`;
  return 'A later questionnaire replaced this proposal.';
}

/** The band this questionnaire proposes against the client's, what became of it, and (for staff) the decision. */
export function BandStatusPanel({ results, canDecide, onDecide, outcome }: Props) {
  const { band, current_band: current } = results;
  const awaiting = band.status === 'awaiting_confirmation';
  return (
    <ResultsSection title={text.bandHeading} testId="band-status">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography>
          Proposed <strong>{riskBandLabels[band.proposed]}</strong> · current <strong>{riskBandLabel(current)}</strong>
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={statusColours[band.status]}
          label={bandStatusLabels[band.status]}
          data-testid="band-status-chip"
        />
      </Box>
      {awaiting && canDecide && (
        <Alert severity="warning" className="no-print">
          The questionnaire proposes a different band: confirm it or keep the current one, with a note.
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
            <Button variant="contained" color="warning" onClick={() => onDecide('confirm')}>
              {text.confirmBand}
            </Button>
            <Button variant="outlined" color="inherit" onClick={() => onDecide('keep')}>
              {text.keepBand}
            </Button>
          </Box>
        </Alert>
      )}
      {awaiting && !canDecide && <Alert severity="info">{text.clientWaits}</Alert>}
      {!awaiting && (
        <Typography variant="body2" data-testid="band-settled">
          {settledText(results)}
        </Typography>
      )}
      {band.note && (
        <Box component="blockquote" sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }} data-testid="band-note">
            {band.note}
          </Typography>
        </Box>
      )}
      <Typography role="status" variant="body2" sx={{ mt: outcome ? 1 : 0, fontWeight: 500 }} data-testid="band-outcome">
        {outcome ?? ''}
      </Typography>
    </ResultsSection>
  );
}

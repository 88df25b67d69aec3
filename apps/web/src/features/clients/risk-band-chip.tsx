import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { Client } from '@meridian/domain/clients/contracts';
import { derivedRiskProfile, riskBandLabel, riskLevelOfBand } from '@meridian/domain/clients/risk-band';
import { riskTone } from '@meridian/domain/shared/format';

type Band = Client['risk_band'];

/** How a band was set, in words: the questionnaire, or the advisor by hand with their reason. */
export function riskBandOrigin(client: Pick<Client, 'risk_band' | 'risk_band_source' | 'risk_band_reason'>): string {
  if (!client.risk_band) return 'No questionnaire completed and no band set by the advisor yet.';
  if (client.risk_band_source === 'advisor') return `Set by the advisor: ${client.risk_band_reason ?? ''}`.trim();
  return 'From the investor questionnaire.';
}

/** The client's risk band, five levels, in the spec's colours (conservative green to aggressive red); grey "Not assessed" without one. */
export function RiskBandChip({ band, title }: { band: Band; title?: string }) {
  const chip = (
    <Chip
      label={riskBandLabel(band)}
      color={riskTone(riskLevelOfBand(band))}
      variant={band ? 'filled' : 'outlined'}
      size="small"
      data-testid="risk-band-chip"
    />
  );
  return title ? (
    <Tooltip title={title}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
}

/** The spec's three-level chip (Conservative, Moderate, Aggressive), derived from the band and saying so on hover. */
export function DerivedRiskChip({ band }: { band: Band }) {
  const derived = derivedRiskProfile(band);
  if (!derived) return <Chip label={riskBandLabel(null)} variant="outlined" size="small" data-testid="derived-risk-chip" />;
  return (
    <Tooltip title={derived.derivation}>
      <Chip
        label={derived.profile}
        color={riskTone(riskLevelOfBand(band))}
        size="small"
        tabIndex={0}
        aria-description={derived.derivation}
        data-testid="derived-risk-chip"
      />
    </Tooltip>
  );
}

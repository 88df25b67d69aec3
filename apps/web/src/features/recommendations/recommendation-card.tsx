import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatShortDate } from '@meridian/domain/shared/format';
import {
  canTransition,
  recommendationStatusLabels,
  recommendationTypeLabels,
  type Recommendation,
  type RecommendationStatus,
} from '@meridian/domain/recommendations/contracts';
import { useOpenedOnce } from '../../lib/use-opened-once.ts';
import { RecommendationDetails } from './recommendation-details.tsx';
import { RecommendationStatusChip } from './recommendation-status-chip.tsx';
import { recommendationTexts as text } from './recommendation-texts.ts';

type Props = {
  recommendation: Recommendation;
  /** On a client's page, which of their portfolios it is about. */
  showPortfolio: boolean;
  /** Staff act on it; a client user only reads it. */
  readOnly: boolean;
  /** A decision on this recommendation is being sent. */
  busy: boolean;
  /** Why the last decision on it was refused. */
  error: string | null;
  onMove: (status: RecommendationStatus) => void;
};

/** The moves a person makes, in the order they sit on the card; the domain's transitions say which apply. */
const nextSteps: { status: RecommendationStatus; label: string; variant: ButtonProps['variant']; color?: ButtonProps['color'] }[] = [
  { status: 'rejected', label: text.reject, variant: 'outlined' },
  { status: 'accepted', label: text.accept, variant: 'contained' },
  { status: 'implemented', label: text.markImplemented, variant: 'contained', color: 'success' },
];

/** When it was decided or implemented, else when it was proposed (a pending one is refreshed by each generation). */
function dateLine({ status, updated_at, decided_at, implemented_at }: Recommendation): string {
  const when = status === 'implemented' ? implemented_at : status === 'pending' ? null : decided_at;
  return when ? `${recommendationStatusLabels[status]} ${formatShortDate(when)}` : `Proposed ${formatShortDate(updated_at)}`;
}

/** One recommendation: what and why, its details on demand, and the next step its status allows. */
export function RecommendationCard({ recommendation, showPortfolio, readOnly, busy, error, onMove }: Props) {
  const { status, model } = recommendation;
  const [expanded, setExpanded] = useState(false);
  // The details are built when first shown and kept, so closing them still animates.
  const detailsBuilt = useOpenedOnce(expanded);
  const id = useId();
  const titleId = `${id}-title`;
  const detailsId = `${id}-details`;
  const context = [
    showPortfolio ? recommendation.portfolio_name : null,
    model ? `Model: ${model.name}` : text.noModel,
    dateLine(recommendation),
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      data-testid="recommendation"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 600, flexGrow: 1, minWidth: { xs: '100%', sm: 0 } }}>
          {recommendation.title}
        </Typography>
        <Chip label={recommendationTypeLabels[recommendation.type]} size="small" variant="outlined" data-testid="recommendation-type" />
        <RecommendationStatusChip status={status} />
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid="recommendation-context">
        {context}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {recommendation.rationale}
      </Typography>
      {error !== null && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Button
          size="small"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded(!expanded)}
          endIcon={<ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
          sx={{ mr: 'auto' }}
        >
          {expanded ? text.hideDetails : text.showDetails}
        </Button>
        {!readOnly &&
          nextSteps
            .filter((step) => canTransition(status, step.status))
            .map((step) => (
              <Button
                key={step.status}
                size="small"
                variant={step.variant}
                color={step.color}
                disabled={busy}
                onClick={() => onMove(step.status)}
              >
                {step.label}
              </Button>
            ))}
      </Box>
      <Collapse in={expanded} id={detailsId}>
        {detailsBuilt && <RecommendationDetails recommendation={recommendation} />}
      </Collapse>
    </Box>
  );
}

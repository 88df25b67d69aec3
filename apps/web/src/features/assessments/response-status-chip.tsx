import Chip from '@mui/material/Chip';
import { responseStatusLabels, type ResponseStatus } from '@meridian/domain/assessments/template-definition';

const tone = { complete: 'success', in_progress: 'info', pending: 'default' } as const;

/** An assessment's status in the spec's words: Complete green, In Progress blue, Pending grey. */
export function ResponseStatusChip({ status }: { status: ResponseStatus }) {
  return <Chip label={responseStatusLabels[status]} color={tone[status]} size="small" variant="outlined" data-testid="assessment-status" />;
}

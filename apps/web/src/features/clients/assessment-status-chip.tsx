import Chip from '@mui/material/Chip';
import type { AssessmentStatus } from '@meridian/domain/clients/contracts';

const assessmentTone = { Complete: 'success', 'In Progress': 'info', Pending: 'default' } as const;

/** A client's assessment status: Complete green, In Progress blue, Pending grey; the label says it too. */
export function AssessmentStatusChip({ status }: { status: AssessmentStatus }) {
  return <Chip label={status} color={assessmentTone[status]} size="small" variant="outlined" />;
}

import InsightsIcon from '@mui/icons-material/Insights';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Household } from '@meridian/domain/households/contracts';
import { RecordHeader } from '../../../components/record-header.tsx';

type Props = { household: Household; readOnly: boolean; onEdit: () => void; onDelete: () => void };

/** Name, advisor and notes, with View analytics, Edit and Delete. */
export function HouseholdHeader({ household, readOnly, onEdit, onDelete }: Props) {
  return (
    <RecordHeader
      back={{ to: '/households', label: 'Households' }}
      readOnly={readOnly}
      onEdit={onEdit}
      onDelete={onDelete}
      actions={
        <Button
          component={RouterLink}
          to={`/portfolio-analytics?household=${household.id}`}
          variant="contained"
          startIcon={<InsightsIcon />}
        >
          View analytics
        </Button>
      }
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {household.name}
      </Typography>
      <Typography variant="subtitle1" color="text.secondary" data-testid="household-subtitle">
        {`Advisor ${household.advisor_name} · ${household.member_count} member${household.member_count === 1 ? '' : 's'}`}
      </Typography>
      {household.notes && (
        <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="household-notes">
          {household.notes}
        </Typography>
      )}
    </RecordHeader>
  );
}

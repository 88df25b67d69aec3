import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import type { Client } from '@meridian/domain/clients/contracts';
import { formatCompactDollars, formatShortDate } from '@meridian/domain/shared/format';
import { AssessmentStatusChip } from '../assessment-status-chip.tsx';
import { ClientAvatar } from '../client-avatar.tsx';
import { ClientPerformance } from '../client-performance.tsx';
import { RiskCapacityChip } from '../risk-capacity-chip.tsx';
import { ClientRowMenu } from './client-row-menu.tsx';
import { RecordRow } from '../../../components/record-row.tsx';
import { TextLink } from '../../../components/text-link.tsx';

type Props = {
  client: Client;
  /** The client list adds the last activity before the actions; the dashboard leaves it out. */
  showLastActivity?: boolean;
  /** A width the e-mail is cut to (with an ellipsis), in a narrower table. */
  emailMaxWidth?: number;
};

/**
 * One client of a table: who, how much, how it did over the period, risk, assessment, (last activity,)
 * actions. The name links to the client's profile, and a click elsewhere on the row opens it too.
 */
export function ClientRow({ client, showLastActivity = false, emailMaxWidth }: Props) {
  const name = `${client.first_name} ${client.last_name}`;
  const profile = `/clients/${encodeURIComponent(client.id)}/profile`;
  return (
    <RecordRow to={profile} data-testid="client-row">
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <ClientAvatar firstName={client.first_name} lastName={client.last_name} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              <TextLink to={profile}>{name}</TextLink>
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              component="p"
              sx={emailMaxWidth === undefined ? undefined : { maxWidth: emailMaxWidth }}
            >
              {client.email}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      <TableCell align="right">{formatCompactDollars(client.aum)}</TableCell>
      <TableCell align="right">
        <ClientPerformance performance={client.performance} />
      </TableCell>
      <TableCell>
        <RiskCapacityChip capacity={client.profile.risk_capacity} />
      </TableCell>
      <TableCell>
        <AssessmentStatusChip status={client.assessment_status} />
      </TableCell>
      {showLastActivity && <TableCell>{formatShortDate(client.last_activity_at)}</TableCell>}
      <TableCell align="right">
        <ClientRowMenu clientId={client.id} name={name} />
      </TableCell>
    </RecordRow>
  );
}

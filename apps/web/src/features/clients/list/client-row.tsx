import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Client } from '@meridian/domain/clients/contracts';
import { formatCompactDollars, formatShortDate } from '@meridian/domain/shared/format';
import { ResponsiveRow } from '../../../components/responsive-table.tsx';
import { AssessmentStatusChip } from '../assessment-status-chip.tsx';
import { ClientAvatar } from '../client-avatar.tsx';
import { ClientPerformance } from '../client-performance.tsx';
import { RiskBandChip } from '../risk-band-chip.tsx';
import { ClientRowMenu } from './client-row-menu.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { useOpensRecord } from '../../../lib/use-opens-record.ts';

type Props = {
  client: Client;
  /** The client list adds the last activity before the actions; the dashboard leaves it out. */
  showLastActivity?: boolean;
  /** A width the e-mail is cut to (with an ellipsis), in a narrower table. */
  emailMaxWidth?: number;
};

/**
 * One client of a table: who, how much, how it did over the period, risk, assessment, (last
 * activity,) actions. The table's columns say which of them a phone folds into the row's details.
 * The name links to the client's profile, and a click elsewhere on the row opens it too.
 */
export function ClientRow({ client, showLastActivity = false, emailMaxWidth }: Props) {
  const name = `${client.first_name} ${client.last_name}`;
  const profile = `/clients/${encodeURIComponent(client.id)}/profile`;
  const opensProfile = useOpensRecord(profile);
  return (
    <ResponsiveRow
      hover
      data-testid="client-row"
      name={name}
      {...opensProfile}
      cells={[
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
        </Box>,
        formatCompactDollars(client.aum),
        <ClientPerformance performance={client.performance} />,
        <RiskBandChip band={client.risk_band} />,
        <AssessmentStatusChip status={client.assessment_status} />,
        ...(showLastActivity ? [formatShortDate(client.last_activity_at)] : []),
        <ClientRowMenu clientId={client.id} name={name} />,
      ]}
    />
  );
}

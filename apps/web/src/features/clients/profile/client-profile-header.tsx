import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Client } from '@meridian/domain/clients/contracts';
import { experienceLabel, formatWholeDollars, netWorthCategory } from '@meridian/domain/shared/format';
import { ClientAvatar } from '../client-avatar.tsx';
import { RiskBandChip, riskBandOrigin } from '../risk-band-chip.tsx';

/** Name, age, risk, net-worth category, experience and advisor; the page's actions on the right. */
export function ClientProfileHeader({ client, actions }: { client: Client; actions?: ReactNode }) {
  const name = `${client.first_name} ${client.last_name}`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <ClientAvatar firstName={client.first_name} lastName={client.last_name} size={64} />
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {client.age === null ? 'Age not recorded' : `Age ${client.age}`} · Advisor: {client.advisor_name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <RiskBandChip band={client.risk_band} title={riskBandOrigin(client)} />
          <Chip
            size="small"
            variant="outlined"
            label={`${netWorthCategory(client.profile.net_worth)}${client.profile.net_worth === null ? '' : ` · ${formatWholeDollars(client.profile.net_worth)}`}`}
          />
          <Chip size="small" variant="outlined" label={experienceLabel(client.profile.investment_experience)} />
        </Box>
      </Box>
      {actions && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} className="no-print">
          {actions}
        </Box>
      )}
    </Paper>
  );
}

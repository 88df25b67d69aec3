import InsightsIcon from '@mui/icons-material/Insights';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { accountTypeLabels, type Portfolio } from '@meridian/domain/portfolios/contracts';
import { RecordHeader } from '../../../components/record-header.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { StatusChip } from '../status-chip.tsx';

type Props = { portfolio: Portfolio; readOnly: boolean; onEdit: () => void; onDelete: () => void };

/** Name, client, account type, status and benchmark, with a link to its analytics, Edit and Delete. */
export function PortfolioHeader({ portfolio, readOnly, onEdit, onDelete }: Props) {
  return (
    <RecordHeader
      back={{ to: '/portfolios', label: 'Portfolios' }}
      readOnly={readOnly}
      onEdit={onEdit}
      onDelete={onDelete}
      actions={
        <Button
          component={RouterLink}
          to={`/portfolio-analytics?portfolio=${portfolio.id}`}
          variant="outlined"
          startIcon={<InsightsIcon />}
        >
          Analytics
        </Button>
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
          {portfolio.name}
        </Typography>
        <StatusChip status={portfolio.status} />
      </Box>
      <Typography variant="subtitle1" color="text.secondary" data-testid="portfolio-subtitle">
        <TextLink to={`/clients/${portfolio.client_id}/profile`}>{portfolio.client_name}</TextLink>
        {` · ${accountTypeLabels[portfolio.account_type]} · Benchmark ${portfolio.benchmark_symbol}`}
      </Typography>
    </RecordHeader>
  );
}

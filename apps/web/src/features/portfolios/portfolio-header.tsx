import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TextLink } from '../../components/text-link.tsx';
import { accountTypeLabels, type Portfolio } from '@meridian/domain/portfolios';
import { StatusChip } from './status-chip.tsx';

type Props = { portfolio: Portfolio; readOnly: boolean; onEdit: () => void; onDelete: () => void };

/** Name, client, account type, status and benchmark, with Edit and Delete. */
export function PortfolioHeader({ portfolio, readOnly, onEdit, onDelete }: Props) {
  return (
    <>
      <Button component={RouterLink} to="/portfolios" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        Portfolios
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
              {portfolio.name}
            </Typography>
            <StatusChip status={portfolio.status} />
          </Box>
          <Typography variant="subtitle1" color="text.secondary" data-testid="portfolio-subtitle">
            <TextLink to={`/clients/${portfolio.client_id}/profile`}>
              {portfolio.client_name}
            </TextLink>
            {` · ${accountTypeLabels[portfolio.account_type]} · Benchmark ${portfolio.benchmark_symbol}`}
          </Typography>
        </Box>
        {!readOnly && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={onEdit}>
              Edit
            </Button>
            <Button variant="outlined" color="error" startIcon={<DeleteOutlinedIcon />} onClick={onDelete}>
              Delete
            </Button>
          </Box>
        )}
      </Box>
    </>
  );
}

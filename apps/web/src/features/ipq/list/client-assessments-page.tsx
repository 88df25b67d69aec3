import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks.ts';
import { CompactTable, type CompactColumn } from '../../../components/compact-table.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useGetClientQuery } from '../../clients/index.ts';
import { useClientAssessmentsQuery } from '../ipq-api.ts';
import { ipqTexts as text } from '../ipq-texts.ts';
import { AssessmentRow } from './assessment-row.tsx';

const columns: CompactColumn[] = [
  { label: 'Started' },
  { label: 'Status' },
  { label: 'Progress', hideBelow: 'sm' },
  { label: 'Completed', hideBelow: 'md' },
  { label: 'Risk band', hideBelow: 'sm' },
  { label: 'Open', align: 'right' },
];

/**
 * /clients/{id}/assessment: the client's questionnaires, newest first, with their status, progress
 * and the band each proposed; the way to start a new one or resume the open one, and to results.
 */
export function ClientAssessmentsPage() {
  const { clientId = '' } = useParams();
  const isClient = useAppSelector((state) => state.auth.user?.role_name === 'client');
  const client = useGetClientQuery(clientId);
  const list = useClientAssessmentsQuery(clientId);
  const assessments = list.data?.assessments ?? [];
  const open = assessments.find((each) => each.status !== 'complete');
  const id = encodeURIComponent(clientId);
  const startLabel =
    open?.status === 'in_progress' ? text.resumeQuestionnaire : assessments.length > 0 && !open ? text.startNew : text.startQuestionnaire;

  return (
    <Box sx={{ maxWidth: 1000 }}>
      {!isClient && (
        <Button component={RouterLink} to={`/clients/${id}/profile`} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
          {text.backToProfile}
        </Button>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 500, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            {text.listTitle}
          </Typography>
          <Typography color="text.secondary">
            {client.data ? `${client.data.first_name} ${client.data.last_name} · ${text.title}` : text.title}
          </Typography>
        </Box>
        <Button component={RouterLink} to={`/ipq-assessment/${id}`} variant="contained">
          {startLabel}
        </Button>
      </Box>
      <Paper variant="outlined">
        <ListStatus
          noun="questionnaires"
          fetching={list.isFetching}
          loading={list.isLoading}
          error={list.isError ? errorText(list.error, text.listFailed) : null}
          empty={list.data && assessments.length === 0 ? text.listEmpty : null}
          emptyTestId="assessments-empty"
        />
        {assessments.length > 0 && (
          <CompactTable label={text.listTitle} columns={columns}>
            {assessments.map((assessment) => (
              <AssessmentRow key={assessment.session_id} clientId={clientId} assessment={assessment} />
            ))}
          </CompactTable>
        )}
      </Paper>
    </Box>
  );
}

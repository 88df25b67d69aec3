import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { formatDollars, formatShortDate, formatSignedPercent } from '@meridian/domain/shared/format';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { RecommendationsPanel } from '../../recommendations/index.ts';
import { ClientPortfolioList } from '../client-portfolio-list.tsx';
import { useClientPortfoliosQuery, useClientSummaryQuery, useGetClientQuery } from '../clients-api.ts';
import { Field, ProfileSection } from '../profile-section.tsx';
import { ClientDeleteDialog } from './client-delete-dialog.tsx';
import { ClientProfileHeader } from './client-profile-header.tsx';
import { ClientRecentTransactions } from './client-recent-transactions.tsx';

const roleLabel = (role: string | null) => (role ? role.charAt(0).toUpperCase() + role.slice(1) : 'Member');

/** /clients/{id}/profile: the client 360 view. */
export function ClientProfilePage() {
  const { clientId = '' } = useParams();
  const { data: client, error, isLoading } = useGetClientQuery(clientId);
  const summary = useClientSummaryQuery(clientId);
  const portfolios = useClientPortfoliosQuery(clientId);
  const [deleting, setDeleting] = useState(false);

  if (isLoading) return <PageSpinner />;
  if (error || !client) {
    return (
      <>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 500, mb: 3 }}>
          {text.profileTitle}
        </Typography>
        <Alert severity="error">{errorText(error, text.fetchClientFailed)}</Alert>
      </>
    );
  }
  const id = encodeURIComponent(client.id);
  const household = summary.data?.household;
  const list = portfolios.data?.portfolios ?? [];

  return (
    <>
      <ClientProfileHeader
        client={client}
        actions={
          <>
            <Button component={RouterLink} to={`/clients/${id}/edit`} variant="contained" startIcon={<EditOutlined />}>
              {text.edit}
            </Button>
            <Button component={RouterLink} to={`/clients/${id}/report`} variant="outlined" startIcon={<DescriptionOutlined />}>
              {text.generateReport}
            </Button>
            <Button component={RouterLink} to={`/clients/${id}/assessment`} variant="outlined" startIcon={<QuizOutlined />}>
              Questionnaire
            </Button>
            <Button color="error" variant="outlined" startIcon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
              {text.delete}
            </Button>
          </>
        }
      />
      {/* minmax(0, …): a wide table scrolls inside its card instead of widening the page on a phone. */}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          <ProfileSection title="Contact">
            <Field label="E-mail" value={client.email} />
            <Field label="Phone" value={client.phone ?? '—'} />
            <Field label="Birth date" value={client.birth_date ? formatShortDate(client.birth_date) : '—'} />
            <Field label="Address" value={client.address ?? '—'} />
            <Field label="Client since" value={formatShortDate(client.created_at)} />
            <Field label="Last activity" value={formatShortDate(client.last_activity_at)} />
            <Field label="Assessment" value={summary.data?.assessment_status ?? '—'} />
          </ProfileSection>
          <ProfileSection title={household ? `Household: ${household.name}` : 'Household'} testId="household">
            {summary.error && <Alert severity="warning">{errorText(summary.error, text.fetchSummaryFailed)}</Alert>}
            {!summary.error && !summary.data && <Skeleton height={60} />}
            {summary.data && !household && <Typography color="text.secondary">{text.noHousehold}</Typography>}
            {household?.members.map((member) => (
              <Field
                key={member.client_id}
                label={roleLabel(member.role)}
                value={
                  member.client_id === client.id ? (
                    `${member.first_name} ${member.last_name} (this client)`
                  ) : (
                    <RouterLink to={`/clients/${encodeURIComponent(member.client_id)}/profile`}>
                      {member.first_name} {member.last_name}
                    </RouterLink>
                  )
                }
              />
            ))}
          </ProfileSection>
          <ProfileSection title="Goals and notes">
            <Typography variant="subtitle2">Financial goals</Typography>
            <Typography
              variant="body2"
              color={client.profile.financial_goals ? 'text.primary' : 'text.secondary'}
              sx={{ mb: 2, whiteSpace: 'pre-line' }}
            >
              {client.profile.financial_goals ?? text.noGoals}
            </Typography>
            <Typography variant="subtitle2">Notes</Typography>
            <Typography variant="body2" color={client.notes ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-line' }}>
              {client.notes ?? text.noNotes}
            </Typography>
          </ProfileSection>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, minWidth: 0 }}>
          <ProfileSection title="Portfolios" testId="portfolios">
            {summary.data && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="client-figures">
                AUM {formatDollars(summary.data.aum)} · unrealised {formatDollars(summary.data.gain_loss)} (
                {formatSignedPercent(summary.data.gain_loss_percent)})
              </Typography>
            )}
            {portfolios.error && <Alert severity="warning">{errorText(portfolios.error, portfolioMessages.fetchPortfoliosFailed)}</Alert>}
            {portfolios.isLoading && <Skeleton variant="rectangular" height={120} />}
            {portfolios.data && <ClientPortfolioList portfolios={list} />}
          </ProfileSection>
          <ProfileSection title="Recent transactions" testId="transactions">
            {portfolios.data && <ClientRecentTransactions portfolios={list} />}
          </ProfileSection>
        </Box>
      </Box>
      {/* The whole width: its trade tables have seven columns. */}
      <Box sx={{ mt: 3 }}>
        <RecommendationsPanel clientId={client.id} />
      </Box>
      <ClientDeleteDialog client={client} open={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}

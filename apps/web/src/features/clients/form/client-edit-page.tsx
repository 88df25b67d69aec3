import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import type { UpdateClientBody } from '@meridian/domain/clients/client-body';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useAppSelector } from '../../../app/hooks.ts';
import { useGetClientQuery, useUpdateClientMutation } from '../clients-api.ts';
import { ClientForm } from './client-form.tsx';
import { clientToForm } from './client-form-values.ts';

/** /clients/{id}/edit: the record as read, saved with its sync_version (a stale one answers 409). */
export function ClientEditPage() {
  const { clientId = '' } = useParams();
  const isAdmin = useAppSelector((state) => state.auth.user?.role_name === 'admin');
  const { data: client, error, isLoading } = useGetClientQuery(clientId, { refetchOnMountOrArgChange: true });
  const [updateClient] = useUpdateClientMutation();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 500, mb: 3 }}>
        {text.editTitle}
      </Typography>
      {isLoading && <PageSpinner />}
      {error && <Alert severity="error">{errorText(error, text.fetchClientFailed)}</Alert>}
      {client && (
        <ClientForm
          key={`${client.id}:${client.sync_version}`}
          mode="edit"
          defaultValues={clientToForm(client)}
          chooseAdvisor={isAdmin}
          advisorName={client.advisor_name}
          failureText={text.updateClientFailed}
          cancelTo={`/clients/${encodeURIComponent(client.id)}/profile`}
          onSave={(body) => updateClient({ id: client.id, body: body as UpdateClientBody }).unwrap()}
        />
      )}
    </>
  );
}

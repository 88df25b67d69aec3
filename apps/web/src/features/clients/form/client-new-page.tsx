import Typography from '@mui/material/Typography';
import type { CreateClientBody } from '@meridian/domain/clients/client-body';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { useAppSelector } from '../../../app/hooks.ts';
import { displayName } from '../../../lib/user-display.ts';
import { useCreateClientMutation } from '../clients-api.ts';
import { ClientForm } from './client-form.tsx';
import { emptyClientForm } from './client-form-values.ts';

/** /clients/new: an advisor's new client is their own; an admin chooses one of the firm's advisors. */
export function ClientNewPage() {
  const user = useAppSelector((state) => state.auth.user);
  const isAdmin = user?.role_name === 'admin';
  const [createClient] = useCreateClientMutation();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 500, mb: 3 }}>
        {text.newTitle}
      </Typography>
      <ClientForm
        mode="create"
        defaultValues={emptyClientForm}
        chooseAdvisor={isAdmin}
        advisorName={isAdmin ? '' : displayName(user)}
        failureText={text.createClientFailed}
        cancelTo="/clients"
        onSave={(body) => createClient(body as CreateClientBody).unwrap()}
      />
    </>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { HouseholdMember } from '@meridian/domain/households/contracts';
import { householdMessages } from '@meridian/domain/households/messages';
import { useAppSelector } from '../../../app/hooks.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RefreshErrorAlert } from '../../../components/refresh-error-alert.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { usePageDialogs } from '../../../lib/use-page-dialogs.ts';
import { AddMemberDialog } from '../members/add-member-dialog.tsx';
import { EditHouseholdDialog } from './edit-household-dialog.tsx';
import { HouseholdHeader } from './household-header.tsx';
import { HouseholdMembers, memberName } from '../members/household-members.tsx';
import { HouseholdSummary } from './household-summary.tsx';
import { householdTexts } from '../household-texts.ts';
import { useDeleteHouseholdMutation, useGetHouseholdQuery, useSetHouseholdMembersMutation } from '../households-api.ts';
import { memberInputsOf } from '../members/member-inputs.ts';

type Dialog = { kind: 'edit' | 'add' | 'delete' } | { kind: 'remove'; member: HouseholdMember };

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/** /households/:householdId: the household's figures and members, with edit, add/remove member and delete. */
export function HouseholdPage() {
  const { householdId = '' } = useParams();
  const navigate = useNavigate();
  const readOnly = useAppSelector((state) => state.auth.user?.role_name === 'client');
  const { data: household, error, isLoading } = useGetHouseholdQuery(householdId);
  const { dialog, setDialog, close, confirmation } = usePageDialogs<Dialog>();
  const [setMembers, removal] = useSetHouseholdMembersMutation();
  const [deleteHousehold, deletion] = useDeleteHouseholdMutation();

  if (isLoading) return <PageSpinner />;
  if (!household) {
    return (
      <>
        <Alert severity="error" sx={{ mb: 2 }}>
          {isNotFound(error) ? householdMessages.householdNotFound : errorText(error, householdTexts.fetchHouseholdFailed)}
        </Alert>
        <Button component={RouterLink} to="/households">
          Back to households
        </Button>
      </>
    );
  }
  return (
    <>
      <HouseholdHeader
        household={household}
        readOnly={readOnly}
        onEdit={() => setDialog({ kind: 'edit' })}
        onDelete={() => setDialog({ kind: 'delete' })}
      />
      <RefreshErrorAlert error={error} fallback={householdTexts.fetchHouseholdFailed} />
      <HouseholdSummary household={household} />
      <HouseholdMembers
        household={household}
        readOnly={readOnly}
        onAdd={() => setDialog({ kind: 'add' })}
        onRemove={(member) => setDialog({ kind: 'remove', member })}
      />

      {dialog?.kind === 'edit' && <EditHouseholdDialog household={household} onClose={close} />}
      {dialog?.kind === 'add' && <AddMemberDialog household={household} onClose={close} />}
      <ConfirmDialog
        title="Remove member"
        confirmLabel="Remove"
        {...confirmation(
          dialog?.kind === 'remove',
          removal.isLoading,
          async () => {
            if (dialog?.kind !== 'remove') return;
            const members = memberInputsOf(household).filter((member) => member.client_id !== dialog.member.client_id);
            await setMembers({ household, members, sync_version: household.sync_version }).unwrap();
            close();
          },
          householdTexts.updateMembersFailed,
        )}
      >
        {dialog?.kind === 'remove' &&
          `Remove ${memberName(dialog.member)} from ${household.name}? They stay your client, without a household.`}
      </ConfirmDialog>
      <ConfirmDialog
        title="Delete household"
        confirmLabel="Delete"
        {...confirmation(
          dialog?.kind === 'delete',
          deletion.isLoading,
          async () => {
            await deleteHousehold({ household, sync_version: household.sync_version }).unwrap();
            void navigate('/households', { replace: true });
          },
          householdTexts.deleteHouseholdFailed,
        )}
      >
        {`Delete ${household.name}? Its members stay your clients, without a household; their portfolios are unchanged.`}
      </ConfirmDialog>
    </>
  );
}

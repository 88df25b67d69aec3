import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { VerifyTwoFactorRequest } from '@meridian/domain/auth/contracts';
import { FormError, FormTextField, SubmitButton } from '../../../components/form.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { recoveryCodeFormSchema, sanitizeCode, twoFactorCodeFormSchema } from './two-factor-forms.ts';

/** Resolves to an error text, or null on success. */
type Submit = (request: VerifyTwoFactorRequest) => Promise<string | null>;
type Props = { onVerify: Submit; submitLabel?: string; allowRecoveryCode?: boolean };

const showFailure = (showBanner: (message: string) => void, failure: string | null) => {
  if (failure) showBanner(failure);
};

function CodeForm({ onVerify, submitLabel }: { onVerify: Submit; submitLabel: string }) {
  const {
    control,
    handleSubmit,
    banner,
    showBanner,
    formState: { isSubmitting },
  } = useZodForm(twoFactorCodeFormSchema, { token: '' });
  const submit = handleSubmit(async ({ token }) => showFailure(showBanner, await onVerify({ token })));
  return (
    <Box component="form" method="post" noValidate onSubmit={submit}>
      <FormError message={banner} />
      <Controller
        name="token"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            id="two-factor-code"
            label="Verification Code"
            value={field.value}
            name={field.name}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(sanitizeCode(event.target.value))}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? ' '}
            autoComplete="one-time-code"
            autoFocus
            fullWidth
            margin="dense"
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                maxLength: 6,
                style: { letterSpacing: '0.4em', textAlign: 'center', fontSize: '1.4rem' },
              },
            }}
          />
        )}
      />
      <SubmitButton submitting={isSubmitting}>{submitLabel}</SubmitButton>
    </Box>
  );
}

function RecoveryForm({ onVerify, submitLabel }: { onVerify: Submit; submitLabel: string }) {
  const {
    register,
    control,
    handleSubmit,
    banner,
    showBanner,
    formState: { isSubmitting },
  } = useZodForm(recoveryCodeFormSchema, { recovery_code: '' });
  const submit = handleSubmit(async ({ recovery_code }) => showFailure(showBanner, await onVerify({ recovery_code })));
  return (
    <Box component="form" method="post" noValidate onSubmit={submit}>
      <FormError message={banner} />
      <FormTextField
        register={register}
        control={control}
        name="recovery_code"
        id="two-factor-recovery-code"
        label="Recovery Code"
        autoComplete="off"
        autoFocus
      />
      <SubmitButton submitting={isSubmitting}>{submitLabel}</SubmitButton>
    </Box>
  );
}

/** A 6-digit code field, optionally with the switch to a recovery code. */
export function TwoFactorCodeForm({ onVerify, submitLabel = 'Verify', allowRecoveryCode = false }: Props) {
  const [useRecovery, setUseRecovery] = useState(false);
  return (
    <Box>
      {useRecovery ? (
        <RecoveryForm onVerify={onVerify} submitLabel={submitLabel} />
      ) : (
        <CodeForm onVerify={onVerify} submitLabel={submitLabel} />
      )}
      {allowRecoveryCode && (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component="button" type="button" variant="body2" onClick={() => setUseRecovery(!useRecovery)}>
            {useRecovery ? 'Use a verification code instead' : 'Use a recovery code instead'}
          </Link>
        </Box>
      )}
    </Box>
  );
}

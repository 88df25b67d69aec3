import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { FormError, FormTextField, SubmitButton } from '../../../components/form.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useConfirmPasswordResetMutation, useRequestPasswordResetMutation } from '../auth-api.ts';

export const resetSteps = ['Request Reset', 'Set New Password', 'Complete'] as const;
export const redirectAfterResetMs = 3000;

type RequestForm = z.input<typeof passwordResetRequestSchema>;
type ConfirmForm = z.input<typeof passwordResetConfirmSchema>;
/** The token comes with the link and has no field: its message shows above the form. */
const confirmForm = { bannerFields: ['token'] } as const;

function RequestStep() {
  const [requestReset] = useRequestPasswordResetMutation();
  const [sentNotice, setSentNotice] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    banner,
    applyServerError,
    formState: { isSubmitting },
  } = useZodForm<RequestForm, z.output<typeof passwordResetRequestSchema>>(passwordResetRequestSchema, { email: '' });
  const form = { register, control };

  const submit = handleSubmit(async ({ email }) => {
    try {
      const answer = await requestReset({ email }).unwrap();
      setSentNotice(answer.detail || messages.resetRequested);
    } catch (caught) {
      applyServerError(caught, messages.resetRequestFailed);
    }
  });

  if (sentNotice) {
    return (
      <Alert severity="success">
        <AlertTitle>{webMessages.checkYourEmail}</AlertTitle>
        {sentNotice} Follow the link in the email to set a new password.
      </Alert>
    );
  }

  return (
    <Box component="form" method="post" noValidate onSubmit={submit}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Enter the email address of your account and we will send you a link to reset your password.
      </Typography>
      <FormError message={banner} />
      <FormTextField {...form} name="email" id="reset-email" label="Email" type="email" autoComplete="email" autoFocus />
      <SubmitButton submitting={isSubmitting}>Send Reset Link</SubmitButton>
    </Box>
  );
}

function NewPasswordStep({ token, onDone }: { token: string; onDone: () => void }) {
  const [confirmReset] = useConfirmPasswordResetMutation();
  const {
    register,
    control,
    handleSubmit,
    banner,
    applyServerError,
    formState: { errors, isSubmitting },
  } = useZodForm<ConfirmForm, z.output<typeof passwordResetConfirmSchema>>(
    passwordResetConfirmSchema,
    { token, new_password: '', confirm_password: '' },
    confirmForm,
  );
  const form = { register, control };
  // The server refused the link or the password: a new link may be what is needed.
  const failed = Boolean(errors.root?.server);

  const submit = handleSubmit(async (form) => {
    try {
      await confirmReset(form).unwrap();
      onDone();
    } catch (caught) {
      applyServerError(caught, messages.resetConfirmFailed);
    }
  });

  return (
    <Box component="form" method="post" noValidate onSubmit={submit}>
      <FormError message={banner} />
      {failed && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          <Link component={RouterLink} to="/forgot-password">
            Request a new reset link
          </Link>
        </Typography>
      )}
      <FormTextField
        {...form}
        name="new_password"
        id="reset-new-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        autoFocus
      />
      <FormTextField
        {...form}
        name="confirm_password"
        id="reset-confirm-password"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton submitting={isSubmitting}>Reset Password</SubmitButton>
    </Box>
  );
}

/** /forgot-password and /reset-password: request, set new password (with ?token=), complete. */
export function PasswordResetPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);
  const activeStep = done ? 2 : token ? 1 : 0;

  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(() => navigate('/login', { replace: true }), redirectAfterResetMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <PublicLayout heading="Reset Password" maxWidth={520}>
      {/* Once complete, every step shows as done. */}
      <Stepper activeStep={done ? resetSteps.length : activeStep} alternativeLabel sx={{ mb: 3 }}>
        {resetSteps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {activeStep === 0 && <RequestStep />}
      {activeStep === 1 && token && <NewPasswordStep token={token} onDone={() => setDone(true)} />}
      {activeStep === 2 && (
        <Alert severity="success">
          <AlertTitle>Password Reset Complete</AlertTitle>
          Your password has been changed. Redirecting you to sign in...
        </Alert>
      )}
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          Back to Sign In
        </Link>
      </Typography>
    </PublicLayout>
  );
}

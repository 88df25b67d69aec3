import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { TwoFactorSetupResponse, VerifyTwoFactorRequest } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { FormError } from '../../../components/form.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useConfirmTwoFactorSetupMutation, useSetupTwoFactorMutation } from '../auth-api.ts';
import { storeUser } from '../complete-sign-in.ts';
import { TwoFactorCodeForm } from './two-factor-code-form.tsx';

const setupSteps = ['Prepare', 'Scan QR Code', 'Verify', 'Complete'] as const;
const redirectAfterSetupMs = 2000;

/** 2FA setup: prepare, scan the QR code (secret and recovery codes shown once), verify, complete. */
export function TwoFactorSetup({ onComplete }: { onComplete?: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { isLoading, isAuthenticated, user } = useAppSelector((state) => state.auth);
  const [setup, { isLoading: preparing }] = useSetupTwoFactorMutation();
  const [confirm] = useConfirmTwoFactorSetupMutation();
  const [step, setStep] = useState(0);
  const [secret, setSecret] = useState<TwoFactorSetupResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (step !== 3) return undefined;
    const timer = setTimeout(() => (onComplete ? onComplete() : navigate('/dashboard')), redirectAfterSetupMs);
    return () => clearTimeout(timer);
  }, [step, onComplete, navigate]);

  if (isLoading) return <PageSpinner />;
  if (!isAuthenticated) return <Navigate to="/login" replace />;

  const prepare = async () => {
    setError(null);
    try {
      setSecret(await setup().unwrap());
      setStep(1);
    } catch (caught) {
      setError(errorText(caught, messages.twoFactorSetupFailed));
    }
  };

  const onVerify = async (request: VerifyTwoFactorRequest): Promise<string | null> => {
    try {
      const answer = await confirm(request).unwrap();
      if (!answer.success) return messages.twoFactorVerifyFailed;
      if (user) storeUser(dispatch, { ...user, two_factor_enabled: true });
      setStep(3);
      return null;
    } catch (caught) {
      return errorText(caught, messages.twoFactorVerificationFailed);
    }
  };

  return (
    <Box>
      {/* On the last step every step shows as done. */}
      <Stepper activeStep={step === setupSteps.length - 1 ? setupSteps.length : step} alternativeLabel sx={{ mb: 3 }}>
        {setupSteps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <FormError message={error} />
      {step === 0 && (
        <Box>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Two-factor authentication adds a second step to signing in: after your password you enter a 6-digit code from an authenticator
            app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).
          </Typography>
          <Button variant="contained" fullWidth size="large" onClick={prepare} disabled={preparing}>
            Get Started
          </Button>
        </Box>
      )}
      {step === 1 && secret && (
        <Box>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Scan this QR code with your authenticator app.
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <Box component="img" src={secret.qrCode} alt="QR code for your authenticator app" sx={{ width: 200, height: 200 }} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            Or enter this key manually:
          </Typography>
          <Typography
            variant="body1"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', bgcolor: 'grey.100', p: 1, borderRadius: 1, mb: 2 }}
            data-testid="two-factor-secret"
          >
            {secret.secret}
          </Typography>
          <Alert severity="warning" sx={{ mb: 2 }}>
            Save these recovery codes somewhere safe. Each can be used once if you lose your phone. They will not be shown again.
          </Alert>
          <Box
            component="ul"
            sx={{
              display: 'grid',
              gridTemplateColumns: '1fr 1fr',
              gap: 0.5,
              listStyle: 'none',
              p: 1,
              m: 0,
              mb: 2,
              fontFamily: 'monospace',
              bgcolor: 'grey.100',
              borderRadius: 1,
            }}
          >
            {secret.recovery_codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <Button variant="contained" fullWidth size="large" onClick={() => setStep(2)}>
            Next
          </Button>
        </Box>
      )}
      {step === 2 && (
        <Box>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Enter the 6-digit code shown in your authenticator app to finish.
          </Typography>
          <TwoFactorCodeForm onVerify={onVerify} submitLabel="Verify and Enable" />
          <Button sx={{ mt: 1 }} fullWidth onClick={() => setStep(1)}>
            Back
          </Button>
        </Box>
      )}
      {step === 3 && (
        <Box sx={{ textAlign: 'center' }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 56, mb: 1 }} />
          <Typography variant="h6">{webMessages.twoFactorSetupComplete}</Typography>
          <Typography variant="body2" color="text.secondary">
            Your account is now protected with two-factor authentication.
          </Typography>
        </Box>
      )}
    </Box>
  );
}

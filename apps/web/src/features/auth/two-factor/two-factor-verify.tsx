import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import type { VerifyTwoFactorRequest } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { useAppDispatch } from '../../../app/hooks.ts';
import { errorText } from '../../../lib/error-text.ts';
import { tokenStore } from '../../../lib/token-store.ts';
import { useVerifyTwoFactorLoginMutation } from '../auth-api.ts';
import { completeSignIn } from '../complete-sign-in.ts';
import { TwoFactorCodeForm } from './two-factor-code-form.tsx';

/** Second step of a 2FA login: the held challenge token is exchanged for the real tokens. */
export function TwoFactorVerify() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [verify] = useVerifyTwoFactorLoginMutation();
  // Read once: completeSignIn clears the stored challenge, and a re-render before the route
  // change must not turn that into a redirect to /login.
  const [challenge] = useState(() => tokenStore.getChallenge());

  if (!challenge) return <Navigate to="/login" replace />;

  const onVerify = async (request: VerifyTwoFactorRequest): Promise<string | null> => {
    try {
      const answer = await verify({ ...request, challengeToken: challenge.accessToken }).unwrap();
      const { access_token, refresh_token, expires_in } = answer;
      const user = answer.user ?? challenge.user;
      if (!answer.success || !access_token || !refresh_token || !expires_in || !user) {
        return messages.twoFactorVerifyFailed;
      }
      completeSignIn(dispatch, { access_token, refresh_token, expires_in, user }, challenge.remember);
      navigate('/dashboard', { replace: true });
      return null;
    } catch (caught) {
      return errorText(caught, messages.twoFactorVerificationFailed);
    }
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, textAlign: 'center' }}>
        Enter the 6-digit code from your authenticator app.
      </Typography>
      <TwoFactorCodeForm onVerify={onVerify} allowRecoveryCode />
      <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login" onClick={() => tokenStore.clearChallenge()}>
          Back to Sign In
        </Link>
      </Typography>
    </>
  );
}

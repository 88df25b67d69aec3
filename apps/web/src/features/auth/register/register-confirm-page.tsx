import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { confirmRegistrationRequestSchema } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { useAppDispatch } from '../../../app/hooks.ts';
import { FormError } from '../../../components/form.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useConfirmRegistrationMutation } from '../auth-api.ts';
import { completeSignIn } from '../complete-sign-in.ts';

/** /register/confirm?token=: the e-mailed link creates the account, signs the user in and opens /dashboard. */
export function RegisterConfirmPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const parsed = confirmRegistrationRequestSchema.safeParse({ token: params.get('token') ?? '' });
  const token = parsed.success ? parsed.data.token : null;
  const [confirmRegistration] = useConfirmRegistrationMutation();
  const [error, setError] = useState<string | null>(null);
  // A token works once, so the development double run of effects must not send it twice.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    confirmRegistration({ token })
      .unwrap()
      .then(
        (signIn) => {
          completeSignIn(dispatch, signIn, false);
          navigate('/dashboard', { replace: true });
        },
        (caught: unknown) => setError(errorText(caught, messages.registerFailed)),
      );
  }, [token, confirmRegistration, dispatch, navigate]);

  const problem = token ? error : messages.invalidRegistrationLink;
  return (
    <PublicLayout heading={webMessages.createAccount}>
      {problem ? (
        <>
          <FormError message={problem} />
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/register">
              Register again
            </Link>
          </Typography>
        </>
      ) : (
        <PageSpinner />
      )}
    </PublicLayout>
  );
}

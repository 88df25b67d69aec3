import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { loginFormSchema, type LoginForm } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { FormCheckbox, FormError, FormTextField, SubmitButton } from '../../../components/form.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { tokenStore } from '../../../lib/token-store.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useLoginMutation } from '../auth-api.ts';
import { clearAuthError, loginFailure, loginStart, twoFactorPending } from '../../session/index.ts';
import { ChangePasswordDialog } from '../password/change-password-dialog.tsx';
import { completeSignIn } from '../complete-sign-in.ts';

/** /login (spec §2 and §4 Login flow). */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { error, notice } = useAppSelector((state) => state.auth);
  const [login] = useLoginMutation();
  const [mustChangePassword, setMustChangePassword] = useState(false);
  // The banner is the session's (auth slice): a notice or failure may come from elsewhere too.
  const { register, control, handleSubmit, formState } = useZodForm<LoginForm, LoginForm>(loginFormSchema, {
    email: '',
    password: '',
    remember: false,
  });
  const form = { register, control };
  const { isSubmitting } = formState;

  useEffect(() => {
    dispatch(clearAuthError());
  }, [dispatch]);

  const submit = handleSubmit(async ({ email, password, remember }) => {
    dispatch(loginStart());
    try {
      const response = await login({ email, password }).unwrap();
      if (response.two_factor_required) {
        tokenStore.holdChallenge(response.access_token, response.user, remember);
        dispatch(twoFactorPending());
        navigate('/two-factor?mode=verify');
        return;
      }
      completeSignIn(dispatch, response, remember);
      if (response.user.password_must_change) {
        setMustChangePassword(true);
        return;
      }
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      dispatch(loginFailure(errorText(caught, messages.loginFailed)));
    }
  });

  return (
    <PublicLayout heading={webMessages.welcomeBack}>
      <Box component="form" method="post" noValidate onSubmit={submit}>
        {notice && !error && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        <FormError message={error} />
        <FormTextField {...form} name="email" id="login-email" label="Email" type="email" autoComplete="email" autoFocus />
        <FormTextField {...form} name="password" id="login-password" label="Password" type="password" autoComplete="current-password" />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <FormCheckbox control={control} name="remember" label="Remember me" />
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <SubmitButton submitting={isSubmitting}>Sign In</SubmitButton>
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to="/register">
            Don&apos;t have an account? Sign Up
          </Link>
        </Typography>
      </Box>
      <ChangePasswordDialog open={mustChangePassword} required onSuccess={() => navigate('/dashboard', { replace: true })} />
    </PublicLayout>
  );
}

import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { loginFormSchema, type VerifyTwoFactorRequest } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { formatCountdown } from '@meridian/domain/auth/session';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { FormError, FormTextField, SubmitButton } from '../../../components/form.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { errorText, isNoResponse } from '../../../lib/error-text.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useLoginMutation, useVerifyTwoFactorLoginMutation } from '../auth-api.ts';
import { TwoFactorCodeForm } from '../two-factor/two-factor-code-form.tsx';
import { useGetTestAccountsQuery } from './api-token-api.ts';
import { useCountdown } from './use-countdown.ts';

const credentialsSchema = loginFormSchema.pick({ email: true, password: true });
type Credentials = z.infer<typeof credentialsSchema>;

type IssuedToken = { accessToken: string; expiresInMs: number };

export const copiedNoticeMs = 2000;

function TokenPanel({ token, onReset }: { token: IssuedToken; onReset: () => void }) {
  const remaining = useCountdown(token.expiresInMs);
  const [copied, setCopied] = useState(false);
  const expired = remaining <= 0;

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), copiedNoticeMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.accessToken);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2">Access token</Typography>
        <Chip
          size="small"
          color={expired ? 'error' : 'success'}
          label={expired ? webMessages.tokenExpired : webMessages.tokenExpiresIn(formatCountdown(remaining))}
        />
      </Stack>
      <TextField
        value={token.accessToken}
        fullWidth
        multiline
        minRows={3}
        slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Access token', style: { fontFamily: 'monospace', fontSize: 12 } } }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Use it as <code>Authorization: Bearer &lt;token&gt;</code> (the Authorize button in the API documentation).
      </Typography>
      {copied && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {webMessages.tokenCopied}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>
          Copy Token
        </Button>
        <Button variant="outlined" onClick={onReset}>
          Sign in again
        </Button>
      </Stack>
    </Box>
  );
}

/** The API token page (served at /api/v1/auth/login): sign in to get a bearer token for /docs. */
export function ApiTokenPage() {
  const [login] = useLoginMutation();
  const [verify] = useVerifyTwoFactorLoginMutation();
  const testAccounts = useGetTestAccountsQuery();
  const [token, setToken] = useState<IssuedToken | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    clearErrors,
    banner,
    showBanner,
    formState: { isSubmitting },
  } = useZodForm<Credentials, Credentials>(credentialsSchema, { email: '', password: '' });
  const form = { register, control };

  const submit = handleSubmit(async (credentials) => {
    try {
      const answer = await login(credentials).unwrap();
      if (answer.two_factor_required) {
        setChallenge(answer.access_token);
        return;
      }
      setToken({ accessToken: answer.access_token, expiresInMs: answer.expires_in * 1000 });
    } catch (caught) {
      showBanner(isNoResponse(caught) ? messages.networkError : messages.apiTokenAuthFailed);
    }
  });

  const verifyCode = async (request: VerifyTwoFactorRequest): Promise<string | null> => {
    if (!challenge) return messages.apiTokenAuthFailed;
    try {
      const answer = await verify({ ...request, challengeToken: challenge }).unwrap();
      if (!answer.success || !answer.access_token || !answer.expires_in) return messages.twoFactorVerifyFailed;
      setChallenge(null);
      setToken({ accessToken: answer.access_token, expiresInMs: answer.expires_in * 1000 });
      return null;
    } catch (caught) {
      return errorText(caught, messages.twoFactorVerificationFailed);
    }
  };

  const reset = () => {
    setToken(null);
    setChallenge(null);
    clearErrors();
  };

  return (
    <PublicLayout heading="API Authentication" maxWidth={760}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Sign in to obtain a bearer token for the Meridian API and its interactive documentation.
      </Typography>
      {token ? (
        <TokenPanel token={token} onReset={reset} />
      ) : challenge ? (
        <Box>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Enter the 6-digit code from your authenticator app.
          </Typography>
          <TwoFactorCodeForm onVerify={verifyCode} allowRecoveryCode />
        </Box>
      ) : (
        <Box component="form" method="post" noValidate onSubmit={submit}>
          <FormError message={banner} />
          <FormTextField {...form} name="email" id="api-email" label="Email" type="email" autoComplete="email" />
          <FormTextField {...form} name="password" id="api-password" label="Password" type="password" autoComplete="current-password" />
          <SubmitButton submitting={isSubmitting}>Get Token</SubmitButton>
        </Box>
      )}
      {testAccounts.data && testAccounts.data.length > 0 && !token && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Default test accounts (development)
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Default test accounts">
              <TableHead>
                <TableRow>
                  <TableCell>Role</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Password</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {testAccounts.data.map((account) => (
                  <TableRow key={account.email}>
                    <TableCell>{account.role}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{account.name}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{account.email}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{account.password}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => {
                          setValue('email', account.email);
                          setValue('password', account.password);
                        }}
                        disabled={Boolean(challenge)}
                      >
                        Use
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, alignItems: 'center', justifyContent: 'space-between' }}>
        <Link component={RouterLink} to="/login" variant="body2">
          Back to Sign In
        </Link>
        <Button variant="outlined" endIcon={<OpenInNewIcon />} onClick={() => window.open('/docs', '_blank', 'noopener,noreferrer')}>
          Open API Documentation
        </Button>
      </Stack>
    </PublicLayout>
  );
}

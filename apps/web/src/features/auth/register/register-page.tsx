import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { registerFormSchema } from '@meridian/domain/auth/contracts';
import { messages } from '@meridian/domain/shared/messages';
import { webMessages } from '@meridian/domain/shared/web-messages';
import { FormError, FormTextField, SubmitButton } from '../../../components/form.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useRegisterMutation } from '../auth-api.ts';

type RegisterFormInput = z.input<typeof registerFormSchema>;

const roleChoices = [
  { value: 'client', label: 'Client' },
  { value: 'advisor', label: 'Advisor' },
] as const;

function SignInLink() {
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login">
        Already have an account? Sign In
      </Link>
    </Typography>
  );
}

/** /register and /app: 'Create Your Account'; on success, 'Check Your Email' for the link. */
export function RegisterPage() {
  const [registerUser] = useRegisterMutation();
  const [sentNotice, setSentNotice] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    banner,
    applyServerError,
    formState: { isSubmitting },
  } = useZodForm<RegisterFormInput, z.output<typeof registerFormSchema>>(registerFormSchema, {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    password: '',
    confirm_password: '',
    role: 'client',
  });

  const form = { register, control };

  const submit = handleSubmit(async (form) => {
    try {
      const answer = await registerUser({
        email: form.email,
        password: form.password,
        first_name: form.first_name,
        last_name: form.last_name,
        ...(form.phone ? { phone: form.phone } : {}),
        role: form.role,
      }).unwrap();
      setSentNotice(answer.detail || messages.registrationLinkSent(form.email));
    } catch (caught) {
      applyServerError(caught, messages.registerFailed);
    }
  });

  // The account exists once the e-mailed link is opened (/register/confirm), which signs the user in.
  if (sentNotice) {
    return (
      <PublicLayout heading={webMessages.createAccount} maxWidth={560}>
        <Alert severity="success">
          <AlertTitle>{webMessages.checkYourEmail}</AlertTitle>
          {sentNotice}
        </Alert>
        <SignInLink />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout heading={webMessages.createAccount} maxWidth={560}>
      <Box component="form" method="post" noValidate onSubmit={submit}>
        <FormError message={banner} />
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField {...form} name="first_name" id="register-first-name" label="First Name" autoComplete="given-name" required />
          <FormTextField {...form} name="last_name" id="register-last-name" label="Last Name" autoComplete="family-name" required />
        </Box>
        <FormTextField {...form} name="email" id="register-email" label="Email" type="email" autoComplete="email" required />
        <FormTextField {...form} name="phone" id="register-phone" label="Phone (optional)" type="tel" autoComplete="tel" />
        <FormTextField
          {...form}
          name="password"
          id="register-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <FormTextField
          {...form}
          name="confirm_password"
          id="register-confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <Controller
          name="role"
          control={control}
          render={({ field }) => (
            <TextField
              select
              id="register-role"
              label="Role"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              inputRef={field.ref}
              fullWidth
              margin="dense"
              helperText=" "
            >
              {roleChoices.map((choice) => (
                <MenuItem key={choice.value} value={choice.value}>
                  {choice.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <SubmitButton submitting={isSubmitting}>Create Account</SubmitButton>
        <SignInLink />
      </Box>
    </PublicLayout>
  );
}

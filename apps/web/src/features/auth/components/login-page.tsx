import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { PRODUCT_NAME, ZTokenRequestSchema } from '@keystone/contracts';
import { SIGN_OUT_MESSAGES, useSession } from '../../../lib/session-store';
import { signIn } from '../api/sign-in';

const ZLoginFormSchema = ZTokenRequestSchema.pick({ username: true, password: true });
type TLoginForm = { username: string; password: string };

/** Shown whenever no access token is stored (000 §2). */
export function LoginPage() {
  const [error, setError] = useState<string | null>(null);
  const signOutReason = useSession((s) => s.signOutReason);
  const { register, handleSubmit, setValue, formState } = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginFormSchema),
    defaultValues: { username: '', password: '' },
  });
  const onSubmit = handleSubmit(async ({ username, password }) => {
    const message = await signIn(username.trim(), password);
    // The password field is cleared after each attempt.
    setValue('password', '');
    setError(message);
  });
  return (
    <Box
      component="main"
      sx={[
        { minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' },
        (t) => t.applyStyles('dark', { bgcolor: 'background.default' }),
      ]}
    >
      <Paper
        component="form"
        onSubmit={onSubmit}
        sx={{ p: 4, width: 360, maxWidth: 'calc(100vw - 24px)', display: 'grid', gap: 2 }}
        noValidate
      >
        <Typography variant="h5" component="h1">
          {PRODUCT_NAME}
        </Typography>
        {signOutReason && !error && (
          <Alert severity="info" data-testid="session-ended">
            {SIGN_OUT_MESSAGES[signOutReason]}
          </Alert>
        )}
        <TextField
          label="Username"
          autoComplete="username"
          autoFocus
          {...register('username')}
          error={!!formState.errors.username}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={!!formState.errors.password}
        />
        {error && (
          <Alert severity="error" data-testid="login-error">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          Submit
        </Button>
      </Paper>
    </Box>
  );
}

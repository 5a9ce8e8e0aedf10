import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from 'storefront/client';
import { FormAlert } from '../../components/problem-alert';
import { problemOf, splitProblem } from '../../lib/problems';
import { anonymousClient, sessionFor, type Session } from '../../lib/session';

interface Credentials {
  email: string;
  password: string;
  otp: string;
}

/**
 * Email and password (`POST /v1/users/token`). When the server answers that the account needs a code
 * (a 422 on `otp`), the form asks for the code of the authenticator app, or a recovery code, and
 * signs in with all three.
 */
export function PasswordSignInForm({ onSignedIn, onKeyPasted }: {
  onSignedIn: (session: Session) => void;
  /** A whole API key pasted in the email field: staff who sign in with a key need not look for its form. */
  onKeyPasted: (key: string) => void;
}) {
  const [asksCode, setAsksCode] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<Credentials>({
    initialValues: { email: '', password: '', otp: '' },
    validate: {
      email: (value) => (value.trim() === '' ? 'Enter your email' : null),
      password: (value) => (value === '' ? 'Enter your password' : null),
      otp: (value) => (asksCode && value.trim() === '' ? 'Enter the code' : null),
    },
  });
  const signIn = useMutation({
    mutationFn: async ({ email, password, otp }: Credentials) => {
      const body = { email: email.trim(), password, ...(asksCode ? { otp: otp.trim() } : {}) };
      return unwrap(await anonymousClient().POST('/v1/users/token', { body })).data;
    },
    onSuccess: (user) => onSignedIn(sessionFor(user.token)),
    onError: (error) => {
      const problem = problemOf(error);
      const onCode = problem.errors?.find((fault) => fault.field === 'otp');
      if (problem.status === 422 && onCode && !asksCode) {
        // The password was right: the account has two-factor sign-in.
        setAsksCode(true);
        return;
      }
      if (problem.status === 401) {
        if (asksCode) form.setFieldError('otp', 'This code is wrong or was already used');
        else form.setFieldError('password', 'Wrong email or password');
        return;
      }
      const split = splitProblem(error, ['email', 'password', 'otp']);
      form.setErrors(split.fields);
      // Too many tries (429) and anything else: the server's words above the button.
      setMessage(split.rest);
    },
  });

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        setMessage(null);
        signIn.mutate(values);
      })}
      noValidate
    >
      <Stack>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          data-autofocus
          autoFocus
          readOnly={asksCode}
          {...form.getInputProps('email')}
          onPaste={(event) => {
            const pasted = event.clipboardData.getData('text').trim();
            if (!isApiKey(pasted)) return;
            event.preventDefault();
            onKeyPasted(pasted);
          }}
        />
        {/* Plain inputs typed as passwords: Mantine's PasswordInput marks its wrapper, not the input, invalid. */}
        <TextInput label="Password" type="password" autoComplete="current-password" readOnly={asksCode} {...form.getInputProps('password')} />
        {asksCode && (
          <TextInput
            label="Code from your authenticator app"
            description="Or one of your recovery codes"
            autoComplete="one-time-code"
            spellCheck={false}
            autoFocus
            {...form.getInputProps('otp')}
          />
        )}
        <FormAlert message={message} />
        <Button type="submit" loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

/** A whole staff key (`sk_…`, `rk_…`), as pasted. */
export function isApiKey(text: string): boolean {
  return /^(sk|rk)_\S{16,}$/.test(text);
}

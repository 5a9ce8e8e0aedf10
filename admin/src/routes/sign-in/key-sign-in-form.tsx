import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unwrap } from 'storefront/client';
import { problemOf } from '../../lib/problems';
import { sessionFor, type Session } from '../../lib/session';
import { isApiKey } from './password-sign-in-form';

/** Sign-in by pasting an API key (`sk_…`, `rk_…`): pasting a whole key signs in. */
export function KeySignInForm({ onSignedIn, pasted }: { onSignedIn: (session: Session) => void; pasted?: string }) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { key: pasted ?? '' },
    validate: { key: (value) => (value.trim() === '' ? 'Enter your admin key' : null) },
  });
  const check = useMutation({
    mutationFn: async (key: string) => {
      const session = sessionFor(key);
      // Any staff credential may read what it may do; a channel key or an unknown one is refused.
      unwrap(await session.client.GET('/v1/access'));
      return session;
    },
    onSuccess: onSignedIn,
    onError: (error) => {
      const problem = problemOf(error);
      const refused = problem.status === 401 || problem.status === 403;
      form.setFieldError('key', refused ? 'This key is not a staff key of this store' : problem.detail);
    },
  });

  // A key pasted in the email field of the other form is tried at once.
  useEffect(() => {
    if (pasted) check.mutate(pasted);
  }, [pasted]);

  return (
    <form onSubmit={form.onSubmit(({ key }) => check.mutate(key.trim()))} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          Sign in with an API key (<code>sk_…</code>, or a read-only <code>rk_…</code>). It is kept in this tab only and
          forgotten when you sign out or close it.
        </Text>
        {/* A plain input typed as a password: Mantine's PasswordInput marks its wrapper, not the input, invalid. */}
        <TextInput
          type="password"
          label="Admin key"
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          autoFocus
          key={form.key('key')}
          {...form.getInputProps('key')}
          onPaste={(event) => {
            // A whole key pasted signs in at once: nothing is left to type.
            const pasted = event.clipboardData.getData('text').trim();
            if (!isApiKey(pasted) || check.isPending) return;
            event.preventDefault();
            form.setFieldValue('key', pasted);
            check.mutate(pasted);
          }}
        />
        <Button type="submit" loading={check.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

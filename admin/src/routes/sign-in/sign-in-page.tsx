import { Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { unwrap } from 'storefront/client';
import { problemOf } from '../../lib/problems';
import { sessionFor, signIn } from '../../lib/session';

const route = getRouteApi('/sign-in');

/** Sign-in with an admin key (`sk_…`) or a read-only one (`rk_…`), kept for this tab only; pasting a whole key signs in. */
export function SignInPage() {
  const { redirect, reason } = route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { key: '' },
    validate: { key: (value) => (value.trim() === '' ? 'Enter your admin key' : null) },
  });
  const check = useMutation({
    mutationFn: async (key: string) => {
      const session = sessionFor(key);
      // A staff-only list: it answers a staff key (read-only included) and refuses any other.
      unwrap(await session.client.GET('/v1/api_keys', { params: { query: { per_page: 1 } } }));
      return session;
    },
    onSuccess: (session) => {
      signIn(session);
      // Back to the address asked for before signing in, its filters included.
      if (redirect) void router.navigate({ href: redirect, replace: true });
      else void navigate({ to: '/', replace: true });
    },
    onError: (error) => {
      const problem = problemOf(error);
      const refused = problem.status === 401 || problem.status === 403;
      form.setFieldError('key', refused ? 'This key is not a staff key of this store' : problem.detail);
    },
  });

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <form onSubmit={form.onSubmit(({ key }) => check.mutate(key.trim()))}>
          <Stack>
            <Title order={1} size="h2">
              Storefront admin
            </Title>
            {reason === 'refused' && (
              <Text c="red.8" size="sm" role="alert">
                Your key was refused: it may have been revoked. Sign in again.
              </Text>
            )}
            <Text size="sm" c="dimmed">
              Sign in with an admin key (<code>sk_…</code>) or a read-only key (<code>rk_…</code>). It is kept in this tab
              only and forgotten when you sign out or close it.
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
                if (!/^(sk|rk)_\S{16,}$/.test(pasted) || check.isPending) return;
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
      </Paper>
    </Center>
  );
}

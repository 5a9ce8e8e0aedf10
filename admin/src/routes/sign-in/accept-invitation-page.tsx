import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { unwrap } from 'storefront/client';
import { AnchorLink } from '../../components/links';
import { FormAlert } from '../../components/problem-alert';
import { problemOf } from '../../lib/problems';
import { anonymousClient, sessionFor, signIn } from '../../lib/session';
import { useServerErrors } from '../../lib/use-server-errors';
import { SignInFrame } from './sign-in-page';

const route = getRouteApi('/accept-invitation');

/**
 * The invitation mail's link: the colleague chooses a password (the server judges its strength and
 * says why it refuses one beside the field) and is signed in.
 */
export function AcceptInvitationPage() {
  const { token } = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (value === '' ? 'Choose a password' : null) },
  });
  const problems = useServerErrors(form, ['password']);
  const accept = useMutation({
    mutationFn: async (password: string) => unwrap(await anonymousClient().POST('/v1/users/accept', { body: { token: token ?? '', password } })).data,
    onSuccess: (user) => {
      // Whoever was signed in in this tab before is not this colleague.
      queryClient.clear();
      signIn(sessionFor(user.token));
      void navigate({ to: '/', replace: true });
    },
    onError: (error) => {
      problems.show(error);
      // The link itself was refused: used, expired or mistyped.
      if (refusesTheLink(error)) problems.setMessage('This invitation link has been used or has expired: ask the store owner to invite you again.');
    },
  });

  return (
    <SignInFrame title="Join the team">
      {!token ? (
        <Text size="sm">This address lacks its invitation: open the link of the invitation mail as it is.</Text>
      ) : (
        <form
          onSubmit={form.onSubmit(({ password }) => {
            problems.clear();
            accept.mutate(password);
          })}
          noValidate
        >
          <Stack>
            <Text size="sm" c="dimmed">
              Choose the password you will sign in with, with your email.
            </Text>
            {/* A plain input typed as a password: Mantine's PasswordInput marks its wrapper, not the input, invalid. */}
            <TextInput label="Password" type="password" autoComplete="new-password" description="A long phrase of unrelated words is strong" data-autofocus autoFocus {...form.getInputProps('password')} />
            <FormAlert message={problems.message} />
            <Button type="submit" loading={accept.isPending}>
              Set password and sign in
            </Button>
          </Stack>
        </form>
      )}
      <AnchorLink to="/sign-in" size="sm">
        Already have a password? Sign in
      </AnchorLink>
    </SignInFrame>
  );
}

function refusesTheLink(error: unknown): boolean {
  return problemOf(error).errors?.some((fault) => fault.field === 'token') ?? false;
}

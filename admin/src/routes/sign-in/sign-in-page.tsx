import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { signIn, type Session } from '../../lib/session';
import { KeySignInForm } from './key-sign-in-form';
import { PasswordSignInForm } from './password-sign-in-form';

const route = getRouteApi('/sign-in');

/**
 * Sign-in: staff with their email and password (and the code of their authenticator app when they
 * have two-factor sign-in), or, the second way, with an API key (pasted in the email field, it is
 * tried at once). Either is kept for this tab only.
 */
export function SignInPage() {
  const { redirect, reason } = route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  // null: email and password; else the key form, with the key pasted in the email field if any.
  const [withKey, setWithKey] = useState<{ pasted?: string } | null>(null);

  const enter = (session: Session) => {
    signIn(session);
    // Back to the address asked for before signing in, its filters included.
    if (redirect) void router.navigate({ href: redirect, replace: true });
    else void navigate({ to: '/', replace: true });
  };

  return (
    <SignInFrame>
      {reason === 'refused' && (
        <Text c="red.8" size="sm" role="alert">
          You were signed out: your sign-in expired, or your key or account was revoked. Sign in again.
        </Text>
      )}
      {withKey ? <KeySignInForm onSignedIn={enter} pasted={withKey.pasted} /> : <PasswordSignInForm onSignedIn={enter} onKeyPasted={(pasted) => setWithKey({ pasted })} />}
      <Anchor component="button" type="button" size="sm" onClick={() => setWithKey(withKey ? null : {})} ta="left">
        {withKey ? 'Sign in with email and password' : 'Sign in with an API key'}
      </Anchor>
    </SignInFrame>
  );
}

/** The card of the screens before signing in: sign-in and accepting an invitation. */
export function SignInFrame({ title = 'Storefront admin', children }: { title?: string; children: React.ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

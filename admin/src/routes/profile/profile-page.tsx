import { Stack, Title } from '@mantine/core';
import { useMe } from '../../api/users';
import { ProblemAlert } from '../../components/problem-alert';
import { Section } from '../../components/section';
import { roleName } from '../../lib/access';
import { NameForm, PasswordForm } from './account-forms';
import { TwoFactorSection } from './two-factor-section';

/** The signed-in user's own account: their name, their password, and two-factor sign-in. */
export function ProfilePage() {
  const me = useMe();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Your profile</Title>
      {me.error ? (
        <ProblemAlert error={me.error} title="Your profile could not be read" />
      ) : (
        me.data && (
          <>
            <Section title="You">
              <NameForm me={me.data} role={roleName(me.data.role)} />
            </Section>
            {/* Before the password: a store that requires two-factor sign-in sends its staff here for it. */}
            <TwoFactorSection enabled={me.data.is_two_factor_enabled} />
            <Section title="Password">
              <PasswordForm />
            </Section>
          </>
        )
      )}
    </Stack>
  );
}

import { Alert, Button, Code, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor } from '../../api/users';
import { FormAlert } from '../../components/problem-alert';
import { Section } from '../../components/section';
import { downloadText } from '../../lib/csv';
import { notifyDone, notifyProblem } from '../../lib/notify';
import { useServerErrors } from '../../lib/use-server-errors';
import { QrCode } from './qr-code';

/**
 * Two-factor sign-in: set up with an authenticator app (the QR code of the secret, or the secret
 * typed), confirmed by a first code, after which the 10 recovery codes are shown once; or turned off
 * with a code.
 */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const start = useStartTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body: React.ReactNode;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (enabled) body = <TurnOff />;
  else if (start.data) body = <Confirm secret={start.data.secret} url={start.data.otpauth_url} onConfirmed={setRecoveryCodes} />;
  else {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Off. With it on, signing in also asks for a code from an authenticator app on your phone, so a stolen password is not enough.</Text>
        <Button size="xs" loading={start.isPending} onClick={() => start.mutate(undefined, { onError: (error) => notifyProblem('Two-factor sign-in could not be set up', error) })}>
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  }
  return <Section title="Two-factor sign-in">{body}</Section>;
}

/** The secret for the app, then a first code from it to prove the app has it. */
function Confirm({ secret, url, onConfirmed }: { secret: string; url: string; onConfirmed: (codes: string[]) => void }) {
  const confirm = useConfirmTwoFactor();
  const form = useForm({ initialValues: { otp: '' }, validate: { otp: (value) => (value.trim() === '' ? 'Enter the code the app shows' : null) } });
  const problems = useServerErrors(form, ['otp']);
  return (
    <form
      onSubmit={form.onSubmit(({ otp }) => {
        problems.clear();
        confirm.mutate(otp.trim(), { onSuccess: (result) => onConfirmed(result.recovery_codes), onError: problems.show });
      })}
      noValidate
    >
      <Stack gap="sm">
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>Open your authenticator app (1Password, Google Authenticator, Authy…) and scan this code.</List.Item>
          <List.Item>Type the 6-digit code it then shows.</List.Item>
        </List>
        <Group align="flex-start" gap="lg">
          <QrCode text={url} label="QR code of your two-factor secret" />
          <Stack gap={4}>
            <Text size="sm">Cannot scan it? Type this key in the app:</Text>
            <Code fz="sm" style={{ wordBreak: 'break-all' }} aria-label="Secret key">
              {secret.replace(/(.{4})/g, '$1 ').trim()}
            </Code>
          </Stack>
        </Group>
        <TextInput label="Code from your authenticator app" autoComplete="one-time-code" inputMode="numeric" maw={240} {...form.getInputProps('otp')} />
        <FormAlert message={problems.message} />
        <Group>
          <Button type="submit" size="xs" loading={confirm.isPending}>
            Turn on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// Mantine's light green and yellow titles are too pale on their background for WCAG AA.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-dark-7)' } };

/** The recovery codes, once: each signs in one time without the phone. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifyDone('Recovery codes copied');
    } catch (error) {
      notifyProblem('The codes could not be copied: download them instead', error);
    }
  };
  return (
    <Stack gap="sm">
      <Alert color="green" variant="light" title="Two-factor sign-in is on" styles={READABLE_TITLE}>
        Keep these recovery codes somewhere safe: each one signs you in once if you lose your phone. They are shown only now.
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} component="ul" aria-label="Recovery codes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {codes.map((code) => (
          <Code key={code} component="li" fz="sm">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => void copy()}>
          Copy
        </Button>
        <Button size="xs" variant="default" onClick={() => downloadText('storefront-recovery-codes.txt', text)}>
          Download
        </Button>
        <Button size="xs" onClick={onDone}>
          I have kept them
        </Button>
      </Group>
    </Stack>
  );
}

/** Turning it off takes a code, as signing in does; a store that requires it refuses. */
function TurnOff() {
  const disable = useDisableTwoFactor();
  const form = useForm({ initialValues: { otp: '' }, validate: { otp: (value) => (value.trim() === '' ? 'Enter a code to turn it off' : null) } });
  const problems = useServerErrors(form, ['otp']);
  return (
    <form
      onSubmit={form.onSubmit(({ otp }) => {
        problems.clear();
        disable.mutate(otp.trim(), { onSuccess: () => notifyDone('Two-factor sign-in is off'), onError: problems.show });
      })}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">On: signing in asks for a code from your authenticator app, or one of your recovery codes.</Text>
        <Group align="flex-end" gap="sm">
          <TextInput label="Code from your authenticator app" autoComplete="one-time-code" maw={240} {...form.getInputProps('otp')} />
          <Button type="submit" size="xs" variant="default" color="red" loading={disable.isPending}>
            Turn off
          </Button>
        </Group>
        <FormAlert message={problems.message} />
      </Stack>
    </form>
  );
}

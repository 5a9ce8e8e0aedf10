import { Alert, Button, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';

/**
 * A secret the server shows once (a key's token, a webhook's signing secret), with a copy button. It
 * closes only by a deliberate choice: a click beside it must not lose the secret.
 */
export function SecretDialog({ title, label, secret, onClose }: { title: string; label: string; secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} closeOnClickOutside={false} size="lg">
      <Stack>
        <Alert color="yellow" variant="light" title="You will not see it again" styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}>
          Copy it now and keep it somewhere safe: the server keeps only a trace of it and cannot show it again.
        </Alert>
        <TextInput label={label} value={secret ?? ''} readOnly styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} data-autofocus onFocus={(event) => event.currentTarget.select()} />
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'filled'} color={copied ? 'green' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

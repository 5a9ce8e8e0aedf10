import { Alert, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Mailer } from 'storefront/client';
import { useMailer, useSendTestMail } from '../api/notifications';
import { splitProblem } from '../lib/problems';
import { AnchorLink } from './links';
import { ProblemAlert } from './problem-alert';
import { Section } from './section';
import { WriteButton } from './write-button';

/** Why no mail goes out, and what the operator does about it. */
function NotConfigured({ mailer, withLink }: { mailer: Mailer; withLink: boolean }) {
  const unsent = mailer.not_sent_count === 1 ? '1 message so far' : `${mailer.not_sent_count.toLocaleString()} messages so far`;
  return (
    <Alert color="yellow" variant="light" role="status">
      <Text fw={700} mb={4}>
        Email is not set up
      </Text>
      <Text size="sm">
        The shop writes its emails (order confirmations, shipping notices, password resets) but sends none: they are recorded as “not sent” ({unsent}). Whoever runs the
        server sets <Code>STOREFRONT_SMTP_URL</Code> (<Code>smtp://user:password@host:587</Code>) for the server and the worker, and restarts them.
      </Text>
      {withLink && (
        <AnchorLink to="/settings/notifications" size="sm" mt={4} display="inline-block">
          Mail settings
        </AnchorLink>
      )}
    </Alert>
  );
}

/** Home's warning when mail goes nowhere; nothing when it is set up (or while it is read). */
export function MailNotice() {
  const mailer = useMailer();
  if (!mailer.data || mailer.data.is_configured) return null;
  return <NotConfigured mailer={mailer.data} withLink />;
}

/** The Notifications screen's panel: how mail is sent, and a test message to prove it. */
export function MailSetupPanel() {
  const mailer = useMailer();
  return (
    <Section title="Mail delivery">
      {mailer.error ? (
        <ProblemAlert error={mailer.error} title="The mail set-up could not be read" />
      ) : !mailer.data ? (
        <Text size="sm" c="dimmed">
          Reading the mail set-up…
        </Text>
      ) : mailer.data.is_configured ? (
        <Configured mailer={mailer.data} />
      ) : (
        <NotConfigured mailer={mailer.data} withLink={false} />
      )}
    </Section>
  );
}

function Configured({ mailer }: { mailer: Mailer }) {
  const [to, setTo] = useState('');
  const send = useSendTestMail();
  const problem = send.error ? splitProblem(send.error, ['to']) : undefined;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Sent through <strong>{mailer.host}</strong>
        {mailer.is_secure ? ' over TLS' : ''}, from <strong>{mailer.from}</strong>.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate(to);
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Send to"
            description="Empty: the store's email"
            type="email"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={problem?.fields.to}
            style={{ flex: '1 1 220px' }}
          />
          <WriteButton action="notification.test" type="submit" loading={send.isPending}>
            Send a test mail
          </WriteButton>
        </Group>
      </form>
      <div role="status">
        {send.data?.status === 'sent' && (
          <Text size="sm" fw={600}>
            The mail server accepted the test mail for {send.data.to}: look in that mailbox.
          </Text>
        )}
        {send.data?.status === 'failed' && (
          <Text size="sm" c="red.8">
            The mail server did not take the test mail for {send.data.to}: {send.data.error}
          </Text>
        )}
      </div>
      {problem?.rest && (
        <Alert color="red" variant="light" role="alert" title="The test mail was not sent">
          {problem.rest}
        </Alert>
      )}
    </Stack>
  );
}

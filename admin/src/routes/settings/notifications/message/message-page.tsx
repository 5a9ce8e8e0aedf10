import { Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Notification } from 'storefront/client';
import { useNotification, useResendNotification } from '../../../../api/notifications';
import { AnchorLink } from '../../../../components/links';
import { RecordFrame } from '../../../../components/record-frame';
import { Section } from '../../../../components/section';
import { WriteButton } from '../../../../components/write-button';
import { formatTime } from '../../../../lib/format';
import { notifyDone, notifyProblem } from '../../../../lib/notify';
import { kindLabel, NotificationStatusBadge } from '../notification-words';
import { MessageFrame } from './message-frame';

const route = getRouteApi('/_shell/settings/notifications/$notificationId');

/** One email: to whom, how its delivery went, what it said, and a way to send it again. */
export function MessagePage() {
  const { notificationId } = route.useParams();
  const message = useNotification(notificationId);

  return (
    <RecordFrame query={message} noun="message" back={{ to: '/settings/notifications', label: 'Notifications' }}>
      {(data) => (
        <>
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4} maw="100%">
              <Group gap="sm">
                {/* A long address breaks anywhere rather than pushing a phone's window sideways. */}
                <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                  {kindLabel(data.kind)} to {data.recipient}
                </Title>
                <NotificationStatusBadge status={data.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {data.id} · written {formatTime(data.created_at)}
              </Text>
            </Stack>
            <ResendButton message={data} />
          </Group>
          <Section title="Delivery">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              <Fact label="Recipient" value={data.recipient} />
              <Fact label="Attempts" value={String(data.attempts)} />
              <Fact label="Sent" value={formatTime(data.sent_at)} />
              {data.status === 'pending' && <Fact label="Next attempt" value={formatTime(data.next_attempt_at)} />}
              <Fact label="About" value={<RelatedLinks message={data} />} />
              {data.resent_from && (
                <Fact
                  label="Resent from"
                  value={
                    <AnchorLink to="/settings/notifications/$notificationId" params={{ notificationId: data.resent_from }} size="sm" ff="monospace">
                      {data.resent_from}
                    </AnchorLink>
                  }
                />
              )}
            </SimpleGrid>
            {data.last_error && (
              <Stack gap={4} mt="sm">
                <Text size="xs" c="dimmed">
                  Last error
                </Text>
                <Code block>{data.last_error}</Code>
              </Stack>
            )}
          </Section>
          <Section title="Message">
            {data.subject === null ? (
              <Text size="sm" c="dimmed">
                Not rendered yet: the worker renders the message from its template when it first sends it.
              </Text>
            ) : data.html === null ? (
              <Stack gap="xs">
                <Text fw={600}>{data.subject}</Text>
                <Text size="sm" c="dimmed">
                  The body is not shown: it carries the customer's single-use link, which only the customer may see. Its template is under Edit templates.
                </Text>
              </Stack>
            ) : (
              <MessageFrame subject={data.subject} html={data.html} text={data.text ?? ''} />
            )}
          </Section>
        </>
      )}
    </RecordFrame>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </div>
  );
}

function RelatedLinks({ message }: { message: Notification }) {
  const links: ReactNode[] = [];
  if (message.order_id) {
    links.push(
      <AnchorLink key="order" to="/orders/$orderId" params={{ orderId: message.order_id }} size="sm">
        Order
      </AnchorLink>,
    );
  }
  if (message.checkout_id) {
    links.push(
      <AnchorLink key="checkout" to="/orders/$orderId" params={{ orderId: message.checkout_id }} size="sm">
        Checkout
      </AnchorLink>,
    );
  }
  if (message.customer_id) {
    links.push(
      <AnchorLink key="customer" to="/customers/$customerId" params={{ customerId: message.customer_id }} size="sm">
        Customer
      </AnchorLink>,
    );
  }
  return links.length === 0 ? '—' : <Group gap="sm">{links}</Group>;
}

function ResendButton({ message }: { message: Notification }) {
  const resend = useResendNotification(message.id);
  const navigate = useNavigate();
  const confirmResend = () =>
    modals.openConfirmModal({
      title: 'Send this email again?',
      children: (
        <Text size="sm">
          The same message is sent again to {message.recipient}, as a new entry of the log, even if the first one arrived. Once sent it cannot be called back.
        </Text>
      ),
      labels: { confirm: 'Send again', cancel: 'Keep as it is' },
      onConfirm: () =>
        resend.mutate(undefined, {
          onSuccess: (queued) => {
            notifyDone(`Queued to be sent again to ${queued.recipient}`);
            void navigate({ to: '/settings/notifications/$notificationId', params: { notificationId: queued.id } });
          },
          onError: (error) => notifyProblem('The email was not queued again', error),
        }),
    });
  return (
    <WriteButton action="notification.resend"
      variant="default"
      onClick={confirmResend}
      loading={resend.isPending}
      disabled={message.status === 'pending'}
      title={message.status === 'pending' ? 'It is still waiting to be sent' : undefined}
    >
      Resend
    </WriteButton>
  );
}

import { Alert, Select, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { notificationKinds, useTemplate, type NotificationKind } from '../../../../api/notifications';
import { AnchorLink } from '../../../../components/links';
import { RecordFrame } from '../../../../components/record-frame';
import { kindLabels, kindOptions, kindWhen } from '../notification-words';
import { TemplateForm } from './template-form';

const route = getRouteApi('/_shell/settings/notifications/templates/$kind');
const nowrap = { whiteSpace: 'nowrap' } as const;

/** The template of one kind of email, chosen from the list of kinds, edited and previewed. */
export function TemplatePage() {
  const { kind } = route.useParams();
  const navigate = route.useNavigate();
  const choose = (value: string | null) => {
    if (value) void navigate({ to: '/settings/notifications/templates/$kind', params: { kind: value } });
  };
  const picker = <Select label="Email" data={kindOptions} value={notificationKinds.includes(kind as never) ? kind : null} onChange={choose} allowDeselect={false} maw={360} />;

  if (!notificationKinds.includes(kind as never)) {
    return (
      <Stack gap="lg">
        <AnchorLink to="/settings/notifications" size="sm">
          ← Notifications
        </AnchorLink>
        <Title order={1}>Email templates</Title>
        {picker}
        <Alert color="yellow" variant="light">
          There is no email called “{kind}”: choose one above.
        </Alert>
      </Stack>
    );
  }
  return <KindTemplate kind={kind as NotificationKind} picker={picker} />;
}

function KindTemplate({ kind, picker }: { kind: NotificationKind; picker: ReactNode }) {
  const template = useTemplate(kind);
  return (
    <RecordFrame query={template} noun="template" back={{ to: '/settings/notifications', label: 'Notifications' }}>
      {(data) => (
        <>
          <Stack gap={4}>
            <Title order={1}>{kindLabels[kind]} template</Title>
            <Text size="sm" c="dimmed" maw={760}>
              Sent {kindWhen[kind]}. Written in Liquid, the template language of Shopify themes: <code style={nowrap}>{'{{ store.name }}'}</code>, <code style={nowrap}>{'{{ customer.first_name }}'}</code>,{' '}
              <code style={nowrap}>{'{% for item in order.items %}'}</code>. Values are escaped in the HTML part.
            </Text>
          </Stack>
          {picker}
          <TemplateForm key={kind} kind={kind} template={data} />
        </>
      )}
    </RecordFrame>
  );
}

import { Code, Stack, Tabs, Text } from '@mantine/core';

/**
 * A rendered email as its reader sees it: the subject, the HTML in a sandboxed frame (no scripts, no
 * forms, no navigation of this page: a template is staff's, but its data is buyers'), and the text
 * part that text-only clients show.
 */
export function MessageFrame({ subject, html, text, label = 'Message' }: { subject: string; html: string; text: string; label?: string }) {
  return (
    <Stack gap="sm">
      <div>
        <Text size="xs" c="dimmed">
          Subject
        </Text>
        <Text fw={600}>{subject}</Text>
      </div>
      <Tabs defaultValue="html" keepMounted={false}>
        <Tabs.List aria-label={`${label} parts`}>
          <Tabs.Tab value="html">HTML</Tabs.Tab>
          <Tabs.Tab value="text">Text</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          <iframe
            title={`${label} as HTML`}
            sandbox=""
            srcDoc={html}
            style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, background: 'white' }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          {/* Long links (an order's page) break anywhere: the text never scrolls sideways in a narrow window. */}
          <Code block aria-label={`${label} as text`} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {text}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

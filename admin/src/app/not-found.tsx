import { Center, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../components/links';

export function NotFound() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={1} size="h2">
          Nothing here
        </Title>
        <Text c="dimmed">This address names no screen of the dashboard.</Text>
        <AnchorLink to="/">
          Go to the dashboard
        </AnchorLink>
      </Stack>
    </Center>
  );
}

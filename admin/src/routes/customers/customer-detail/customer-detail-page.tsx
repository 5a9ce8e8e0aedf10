import { Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useCustomer } from '../../../api/customers';
import { AnchorLink } from '../../../components/links';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatTime } from '../../../lib/format';
import { AccountBadges } from '../account-badges';
import { customerName } from '../customer-name';
import { CustomerActions } from './customer-actions';
import { CustomerAddresses } from './customer-addresses';
import { CustomerOrders } from './customer-orders';
import { CustomerProfile } from './customer-profile';

const route = getRouteApi('/_shell/customers/$customerId');

/** One customer: who they are, where they live, what they bought, and what staff can change. */
export function CustomerDetailPage() {
  const { customerId } = route.useParams();
  const customer = useCustomer(customerId);

  if (customer.error) {
    return (
      <Stack>
        <BackLink />
        <ProblemAlert error={customer.error} title="The customer could not be read" />
      </Stack>
    );
  }
  if (!customer.data) return <Loader aria-label="Loading the customer" />;
  const data = customer.data;

  return (
    <Stack gap="lg">
      <BackLink />
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>{customerName(data)}</Title>
            <AccountBadges customer={data} />
          </Group>
          <Text size="sm" c="dimmed">
            {data.email} · customer since {formatTime(data.created_at)} · {data.id}
          </Text>
        </Stack>
        <CustomerActions customer={data} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <CustomerOrders customer={data} />
            <CustomerAddresses customer={data} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CustomerProfile customer={data} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function BackLink() {
  return (
    <AnchorLink to="/customers" size="sm">
      ← Customers
    </AnchorLink>
  );
}

import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useCustomer, useUpdateCustomer } from '../../../api/customers';
import { MetadataSection } from '../../../components/metadata-section';
import { RecordFrame } from '../../../components/record-frame';
import { formatTime } from '../../../lib/format';
import { AccountBadges } from '../account-badges';
import { customerName } from '../customer-name';
import { CustomerActions } from './customer-actions';
import { CustomerAddresses } from './customer-addresses';
import { CustomerGroups } from './customer-groups';
import { CustomerOrders } from './customer-orders';
import { CustomerProfile } from './customer-profile';

const route = getRouteApi('/_shell/customers/$customerId');

/** One customer: who they are, where they live, what they bought, and what staff can change. */
export function CustomerDetailPage() {
  const { customerId } = route.useParams();
  const customer = useCustomer(customerId);
  const update = useUpdateCustomer(customerId);

  return (
    <RecordFrame query={customer} noun="customer" back={{ to: '/customers', label: 'Customers' }}>
      {(data) => (
        <>
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
              <Stack gap="lg">
                <CustomerGroups customer={data} />
                <CustomerProfile customer={data} />
                <MetadataSection key={data.updated_at} record={data} action="customer.update" save={(changes) => update.mutateAsync({ email: data.email, ...changes })} />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </RecordFrame>
  );
}

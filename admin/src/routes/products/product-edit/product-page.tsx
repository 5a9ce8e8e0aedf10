import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useProduct, useUpdateProduct } from '../../../api/products';
import { useStore } from '../../../api/store';
import { AnchorLink } from '../../../components/links';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatTime } from '../../../lib/format';
import { notifyDone } from '../../../lib/notify';
import { DeleteProductButton } from './delete-product-button';
import { ProductForm } from './product-form';
import { ProductSkus } from './product-skus';
import { isPublished } from './publishing';

const route = getRouteApi('/_shell/products/$productId');

function BackLink() {
  return (
    <AnchorLink to="/products" size="sm">
      ← Products
    </AnchorLink>
  );
}

/** One product: its fields, images and places in the catalogue, and its skus. */
export function ProductPage() {
  const { productId } = route.useParams();
  const product = useProduct(productId);
  const update = useUpdateProduct(productId);
  const store = useStore();

  if (product.error) {
    return (
      <Stack>
        <BackLink />
        <ProblemAlert error={product.error} title="The product could not be read" />
      </Stack>
    );
  }
  if (!product.data || !store.data) return <Loader aria-label="Loading the product" />;
  const data = product.data;
  const currency = store.data.currency;

  return (
    <Stack gap="lg">
      <BackLink />
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>{data.name}</Title>
            <Group gap={6} role="group" aria-label="Status">
              <Badge variant="light" radius="sm" color={data.is_active ? 'green' : 'gray'}>
                {data.is_active ? 'Active' : 'Inactive'}
              </Badge>
              <Badge variant="light" radius="sm" color={isPublished(data.available_at) ? 'blue' : 'yellow'}>
                {isPublished(data.available_at) ? 'Published' : `Published from ${formatTime(data.available_at)}`}
              </Badge>
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            Updated {formatTime(data.updated_at)} · {data.id}
          </Text>
        </Stack>
        <DeleteProductButton product={data} />
      </Group>
      <ProductForm
        product={data}
        currency={currency}
        saving={update.isPending}
        submitLabel="Save product"
        save={async (body) => {
          await update.mutateAsync(body);
          notifyDone('Product saved');
        }}
      />
      <ProductSkus product={data} currency={currency} />
    </Stack>
  );
}

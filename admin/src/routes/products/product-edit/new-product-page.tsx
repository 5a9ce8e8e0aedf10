import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCreateProduct } from '../../../api/products';
import { useStore } from '../../../api/store';
import { AnchorLink } from '../../../components/links';
import { notifyDone } from '../../../lib/notify';
import { ProductForm } from './product-form';

/** A new product: saved, it opens on its own screen, where its skus are added. */
export function NewProductPage() {
  const create = useCreateProduct();
  const navigate = useNavigate();
  const store = useStore();
  if (!store.data) return <Text c="dimmed">Loading…</Text>;
  return (
    <Stack gap="md">
      <div>
        <AnchorLink to="/products" size="sm">
          ← Products
        </AnchorLink>
        <Title order={1}>New product</Title>
      </div>
      <ProductForm
        currency={store.data.currency}
        saving={create.isPending}
        submitLabel="Create product"
        save={async (body) => {
          const product = await create.mutateAsync(body);
          notifyDone(`${product.name} created`);
          await navigate({ to: '/products/$productId', params: { productId: product.id } });
        }}
      />
    </Stack>
  );
}

import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useNavigate } from '@tanstack/react-router';
import { useDeleteProduct, type Product } from '../../../api/products';
import { WriteButton } from '../../../components/write-button';
import { notifyDone, notifyProblem } from '../../../lib/notify';

/** Deletes the product and its skus, after saying what is lost; the list is shown after. */
export function DeleteProductButton({ product }: { product: Product }) {
  const remove = useDeleteProduct(product.id);
  const navigate = useNavigate();
  const confirm = () =>
    modals.openConfirmModal({
      title: `Delete ${product.name}?`,
      children: (
        <Text size="sm">
          The product and its {product.skus.length === 1 ? 'sku are' : `${product.skus.length} skus are`} deleted, with their stock counts, and leave every collection and
          category. This cannot be undone; orders that bought it keep their lines.
        </Text>
      ),
      labels: { confirm: 'Delete product', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifyDone(`${product.name} deleted`);
            void navigate({ to: '/products' });
          },
          onError: (error) => notifyProblem('The product was not deleted', error),
        }),
    });
  return (
    <WriteButton action="product.delete" variant="default" color="red" size="xs" onClick={confirm} loading={remove.isPending}>
      Delete product
    </WriteButton>
  );
}

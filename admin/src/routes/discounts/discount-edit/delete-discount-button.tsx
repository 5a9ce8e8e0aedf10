import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useNavigate } from '@tanstack/react-router';
import { useDeleteDiscount, type Discount } from '../../../api/discounts';
import { WriteButton } from '../../../components/write-button';
import { notifyDone, notifyProblem } from '../../../lib/notify';

/** Deletes the discount after saying what goes with it; the list is shown after. */
export function DeleteDiscountButton({ discount }: { discount: Discount }) {
  const remove = useDeleteDiscount(discount.id);
  const navigate = useNavigate();
  const name = discount.code ?? discount.title;
  const confirm = () =>
    modals.openConfirmModal({
      title: `Delete ${name}?`,
      children: (
        <Text size="sm">
          {discount.code ? 'Buyers can no longer use this code.' : 'Carts no longer get this discount.'} This cannot be undone; orders that used it keep what it took
          off.
        </Text>
      ),
      labels: { confirm: 'Delete discount', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifyDone(`${name} deleted`);
            void navigate({ to: '/discounts' });
          },
          onError: (error) => notifyProblem('The discount was not deleted', error),
        }),
    });
  return (
    <WriteButton action="discount.delete" variant="default" color="red" size="xs" onClick={confirm} loading={remove.isPending}>
      Delete discount
    </WriteButton>
  );
}

import { Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useNavigate } from '@tanstack/react-router';
import type { Customer } from 'storefront/client';
import { useDeleteCustomer, useSendVerification } from '../../../api/customers';
import { WriteButton } from '../../../components/write-button';
import { formatTime } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { customerName } from '../customer-name';
import { PasswordDialog } from './password-dialog';

/** What staff can do with the account: prove its email, set its password, or delete it. */
export function CustomerActions({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const verification = useSendVerification(customer.id);
  const remove = useDeleteCustomer(customer.id);
  const [settingPassword, passwordDialog] = useDisclosure();

  const sendVerification = () =>
    verification.mutate(undefined, {
      onSuccess: (sent) => notifyDone(`Verification email sent to ${sent.email}; its link works until ${formatTime(sent.expires_at)}`),
      onError: (error) => notifyProblem('No verification email was sent', error),
    });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete the customer?',
      children: (
        <Text size="sm">
          {customerName(customer)} and their {customer.addresses.length === 1 ? 'address' : `${customer.addresses.length} addresses`} are deleted and they are signed out. Their orders stay,
          belonging to no customer. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete customer', cancel: 'Keep the customer' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifyDone('Customer deleted');
            void navigate({ to: '/customers' });
          },
          onError: (error) => notifyProblem('The customer was not deleted', error),
        }),
    });

  return (
    <>
      <Group gap="xs" role="group" aria-label="Customer actions">
        {!customer.is_verified && (
          <WriteButton action="customer.update" variant="default" onClick={sendVerification} loading={verification.isPending}>
            Send verification email
          </WriteButton>
        )}
        <WriteButton action="customer.update" variant="default" onClick={passwordDialog.open}>
          Set password
        </WriteButton>
        <WriteButton action="customer.delete" variant="default" color="red" onClick={confirmDelete} loading={remove.isPending}>
          Delete customer
        </WriteButton>
      </Group>
      <PasswordDialog customer={customer} opened={settingPassword} onClose={passwordDialog.close} />
    </>
  );
}

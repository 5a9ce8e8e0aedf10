import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useNavigate } from '@tanstack/react-router';
import type { Customer } from 'storefront/client';
import { useDeleteCustomer, useIssueVerification } from '../../../api/customers';
import { WriteButton } from '../../../components/write-button';
import { formatTime } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { customerName } from '../customer-name';
import { PasswordDialog } from './password-dialog';

/** What staff can do with the account: prove its email, set its password, or delete it. */
export function CustomerActions({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const verification = useIssueVerification(customer.id);
  const remove = useDeleteCustomer(customer.id);
  const [settingPassword, passwordDialog] = useDisclosure();

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
          <WriteButton variant="default" onClick={() => verification.mutate(undefined, { onError: (error) => notifyProblem('No token was issued', error) })} loading={verification.isPending}>
            Issue verification token
          </WriteButton>
        )}
        <WriteButton variant="default" onClick={passwordDialog.open}>
          Set password
        </WriteButton>
        <WriteButton variant="default" color="red" onClick={confirmDelete} loading={remove.isPending}>
          Delete customer
        </WriteButton>
      </Group>
      <PasswordDialog customer={customer} opened={settingPassword} onClose={passwordDialog.close} />
      <Modal opened={verification.data !== undefined} onClose={verification.reset} title="Verification token">
        {verification.data && (
          <Stack>
            <Text size="sm">
              Hand this token to {customer.email}: redeeming it proves the email and joins the guest orders placed with it. It works once, until{' '}
              {formatTime(verification.data.expires_at)}, and is shown only now.
            </Text>
            <Code block aria-label="Token">
              {verification.data.token}
            </Code>
            <Group justify="flex-end">
              <CopyButton value={verification.data.token}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy token'}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={verification.reset} data-autofocus>
                Done
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

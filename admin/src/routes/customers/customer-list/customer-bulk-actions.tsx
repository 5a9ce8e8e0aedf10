import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Customer } from 'storefront/client';
import { useBulk } from '../../../api/bulk';
import { addCustomerTags, customerKeys } from '../../../api/customers';
import type { RowSelection } from '../../../components/row-selection';
import { TagsDialog } from '../../../components/tags-dialog';
import { WriteButton } from '../../../components/write-button';
import { counted, notifyBulk } from '../../../lib/bulk';
import { csvName, downloadCsv, toCsv } from '../../../lib/csv';
import { useSession } from '../../../lib/session';
import { customerName } from '../customer-name';

/** What staff do to the selected customers at once: tag them, export them. */
export function CustomerBulkActions({ selection }: { selection: RowSelection<Customer> }) {
  const { client } = useSession();
  const bulk = useBulk<Customer>(customerKeys.all);
  const [tagging, tagDialog] = useDisclosure();
  const customers = selection.items;

  return (
    <>
      <WriteButton action="customer.update" size="xs" variant="default" loading={bulk.isPending} onClick={tagDialog.open}>
        Add tags
      </WriteButton>
      <Button size="xs" variant="default" onClick={() => exportCustomers(customers)}>
        Export CSV
      </Button>
      <TagsDialog
        action="customer.update"
        opened={tagging}
        onClose={tagDialog.close}
        title={`Add tags to ${counted(customers.length, 'customer')}`}
        description="Each customer keeps its tags and gets these too."
        submit="Add tags"
        pending={bulk.isPending}
        onSubmit={(tags) =>
          bulk.mutate(
            { items: customers, work: (customer) => addCustomerTags(client, customer.id, tags) },
            {
              onSuccess: (result) => {
                notifyBulk(result, { noun: 'customer', done: 'tagged', nameOf: customerName });
                selection.keepOnly(result.failed.map(({ item }) => item.id));
                tagDialog.close();
              },
            },
          )
        }
      />
    </>
  );
}

function exportCustomers(customers: Customer[]): void {
  downloadCsv(
    csvName('customers'),
    toCsv(
      ['ID', 'First name', 'Last name', 'Email', 'Tags', 'Newsletter', 'Active', 'Verified', 'Since'],
      customers.map((customer) => [
        customer.id,
        customer.first_name,
        customer.last_name,
        customer.email,
        customer.tags.join(', '),
        customer.is_newsletterable ? 'yes' : 'no',
        customer.is_active ? 'yes' : 'no',
        customer.is_verified ? 'yes' : 'no',
        new Date(customer.created_at * 1000).toISOString(),
      ]),
    ),
  );
}

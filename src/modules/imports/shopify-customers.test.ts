import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsvWithHeader } from '../../lib/csv.js';
import { mapShopifyCustomer, missingCustomerColumns, SHOPIFY_CUSTOMER_COLUMNS } from './shopify-customers.js';

const fixture = new URL('../../../test/fixtures/shopify/customers.csv', import.meta.url);

async function mapFixture() {
  const out = [];
  for await (const row of readCsvWithHeader(createReadStream(fixture))) out.push({ row, ...mapShopifyCustomer(row) });
  return out;
}

const row = (values: Record<string, string>) => ({ row: 7, values: { Email: 'a@example.com', ...values } });

describe('mapShopifyCustomer', () => {
  it('maps every customer of the fixture, multi-line notes and text-guarded numbers included', async () => {
    const mapped = await mapFixture();
    expect(Object.keys(mapped[0]!.row.values)).toEqual([...SHOPIFY_CUSTOMER_COLUMNS]);
    expect(mapped.flatMap((m) => m.errors)).toEqual([]);
    const [amelie, james, newsletter, yuki] = mapped.map((m) => m.customer!);
    expect(amelie).toEqual({
      email: 'amelie.durand@example.com', first_name: 'Amélie', last_name: 'Durand', is_newsletterable: true,
      notes: 'Prefers delivery after 6 pm.\nAllergic to wool — never send samples.', tags: ['VIP', 'newsletter'],
      addresses: [{
        first_name: 'Amélie', last_name: 'Durand', company: null, address1: '12 Rue des Martyrs', address2: 'Bât. B, 3e étage',
        city: 'Paris', state_code: null, country_code: 'FR', postcode: '75009', phone: '+33612345678', is_primary: true,
      }],
    });
    expect(james).toMatchObject({ email: 'JAMES.OCONNOR+shop@Example.org', is_newsletterable: false, notes: 'Wholesale account, net 30. Invoice to "accounts@oconnor.example".' });
    expect(james!.addresses![0]).toMatchObject({ company: "O'Connor & Sons, Ltd.", state_code: 'CA', country_code: 'US', postcode: '94105' });
    expect(newsletter).toEqual({ email: 'newsletter-only@example.net', first_name: null, last_name: null, is_newsletterable: true, notes: null, tags: [] });
    expect(yuki!.addresses![0]).toMatchObject({ state_code: '13', country_code: 'JP', postcode: '150-0001', phone: '+819012345678' });
  });

  it('reports a bad email, consent or address field by its row and column', () => {
    expect(mapShopifyCustomer(row({ Email: 'not an email', 'Accepts Email Marketing': 'maybe' })).errors).toEqual([
      { row: 7, field: 'Email', message: 'is not an email address' },
      { row: 7, field: 'Accepts Email Marketing', message: 'must be yes or no' },
    ]);
    expect(mapShopifyCustomer(row({ Email: '' })).errors).toEqual([{ row: 7, field: 'Email', message: 'is required' }]);
    const longZip = mapShopifyCustomer(row({ 'Default Address Address1': '1 Main St', 'Default Address Zip': '9'.repeat(40) }));
    expect(longZip).toEqual({ errors: [{ row: 7, field: 'Default Address Zip', message: 'must be at most 32 characters long' }] });
  });

  it('names the required columns a file lacks', () => {
    expect(missingCustomerColumns(['First Name'])).toEqual(['Email']);
  });
});

import type { CustomerView } from '../customers/customers.view.js';
import { formatAmount } from '../imports/shopify-product-rows.js';
import { SHOPIFY_CUSTOMER_COLUMNS } from '../imports/shopify-customers.js';

export type ShopifyCustomerRow = Record<(typeof SHOPIFY_CUSTOMER_COLUMNS)[number], string>;

/** What a customer's orders come to: placed and not canceled, in the store's currency (minor units). */
export interface CustomerSpend {
  orders: number;
  spent: number;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * A customer as the row of Shopify's customer export: its default address in the address columns,
 * its tags comma-separated. We keep no SMS consent nor tax exemption: both are `no`.
 */
export function shopifyCustomerRow(customer: CustomerView, spend: CustomerSpend, currency: string): ShopifyCustomerRow {
  const address = customer.default_address;
  return {
    'Customer ID': customer.id,
    'First Name': customer.first_name ?? '',
    'Last Name': customer.last_name ?? '',
    Email: customer.email,
    'Accepts Email Marketing': yesNo(customer.is_newsletterable),
    'Default Address Company': address?.company ?? '',
    'Default Address Address1': address?.address1 ?? '',
    'Default Address Address2': address?.address2 ?? '',
    'Default Address City': address?.city ?? '',
    'Default Address Province Code': address?.state_code ?? '',
    'Default Address Country Code': address?.country_code ?? '',
    'Default Address Zip': address?.postcode ?? '',
    'Default Address Phone': address?.phone ?? '',
    Phone: '',
    'Accepts SMS Marketing': 'no',
    'Total Spent': formatAmount(spend.spent, currency),
    'Total Orders': String(spend.orders),
    Note: customer.notes ?? '',
    'Tax Exempt': 'no',
    Tags: customer.tags.join(', '),
  };
}

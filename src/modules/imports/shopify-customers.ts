import { FieldErrors } from '../../lib/problem.js';
import { CustomerCreate, type CustomerCreateInput } from '../customers/customers.schemas.js';
import { checkEmail } from '../customers/emails.js';
import { bodyChecker } from './schema-check.js';
import type { RowError, ShopifyRow } from './shopify-products.js';

/**
 * The columns of Shopify's customer CSV export, in its order. Shopify writes ids, phone numbers and
 * postal codes with a leading apostrophe (`'+33612345678`) so a spreadsheet keeps them as text.
 */
export const SHOPIFY_CUSTOMER_COLUMNS = [
  'Customer ID', 'First Name', 'Last Name', 'Email', 'Accepts Email Marketing', 'Default Address Company',
  'Default Address Address1', 'Default Address Address2', 'Default Address City', 'Default Address Province Code',
  'Default Address Country Code', 'Default Address Zip', 'Default Address Phone', 'Phone', 'Accepts SMS Marketing',
  'Total Spent', 'Total Orders', 'Note', 'Tax Exempt', 'Tags',
] as const;

/** A customer is found by email: without the column a file is no customer export. */
const REQUIRED_COLUMNS = ['Email'] as const;

/** The required columns a header lacks. */
export function missingCustomerColumns(columns: readonly string[]): string[] {
  return REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
}

/** Shopify's text guard: `'+33612345678` is the number `+33612345678` kept as text in a spreadsheet. */
function unguarded(text: string): string {
  return text.startsWith("'") ? text.slice(1) : text;
}

const checkCustomer = bodyChecker(CustomerCreate);

/** Where each customer field comes from in the file. */
const customerColumns: Record<string, string> = {
  email: 'Email', first_name: 'First Name', last_name: 'Last Name', notes: 'Note', tags: 'Tags', is_newsletterable: 'Accepts Email Marketing',
};
const addressColumns: Record<string, string> = {
  first_name: 'First Name', last_name: 'Last Name', company: 'Default Address Company', address1: 'Default Address Address1',
  address2: 'Default Address Address2', city: 'Default Address City', state_code: 'Default Address Province Code',
  country_code: 'Default Address Country Code', postcode: 'Default Address Zip', phone: 'Default Address Phone',
};

/** The file's column of a field of the customer's request, as a 422 names it. */
export function columnOfCustomerField(field: string): string {
  const address = /^addresses\[0\]\[(\w+)\]/.exec(field);
  return address ? addressColumns[address[1]!] ?? field : customerColumns[field.split('[')[0]!] ?? field;
}

/**
 * Maps one row of Shopify's customer export to the customer the API would be asked to make or update
 * (found by email), checked with the schema of that request; the default address, when the row has
 * one, is the customer's primary address. Totals, SMS consent and tax exemption are not kept.
 */
export function mapShopifyCustomer(row: ShopifyRow): { customer?: CustomerCreateInput; errors: RowError[] } {
  const errors: RowError[] = [];
  const cell = (column: string) => unguarded((row.values[column] ?? '').trim());
  const fail = (field: string, message: string) => errors.push({ row: row.row, field, message });
  const email = cell('Email');
  const emailErrors = new FieldErrors();
  checkEmail(email, 'Email', emailErrors);
  for (const error of emailErrors.list) fail(error.field, error.message);
  const consent = cell('Accepts Email Marketing').toLowerCase();
  if (!['', 'yes', 'no'].includes(consent)) fail('Accepts Email Marketing', 'must be yes or no');
  const customer: CustomerCreateInput = {
    email,
    first_name: cell('First Name') || null,
    last_name: cell('Last Name') || null,
    is_newsletterable: consent === 'yes',
    notes: cell('Note') || null,
    tags: [...new Set(cell('Tags').split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))],
  };
  if (['Default Address Address1', 'Default Address City', 'Default Address Zip', 'Default Address Country Code'].some((c) => cell(c) !== '')) {
    const country = cell('Default Address Country Code').toUpperCase();
    // Shopify writes a subdivision whole (JP-13) or alone (CA); the API keeps the part after the country.
    const province = cell('Default Address Province Code').replace(new RegExp(`^${country}-`), '');
    customer.addresses = [{
      first_name: customer.first_name, last_name: customer.last_name, company: cell('Default Address Company') || null,
      address1: cell('Default Address Address1'), address2: cell('Default Address Address2') || null, city: cell('Default Address City'),
      state_code: province || null, country_code: country, postcode: cell('Default Address Zip'),
      phone: cell('Default Address Phone') || cell('Phone'), is_primary: true,
    }];
  }
  if (errors.length > 0) return { errors };
  for (const error of checkCustomer(customer)) fail(columnOfCustomerField(error.field), error.message);
  return errors.length > 0 ? { errors } : { customer, errors };
}

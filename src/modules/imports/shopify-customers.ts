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

import type { Customer } from 'storefront/client';

/** The customer as staff know them: the name, else the email. */
export function customerName(customer: Pick<Customer, 'name' | 'email'>): string {
  return customer.name ?? customer.email;
}

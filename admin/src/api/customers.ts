import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unwrap, type Customer, type StorefrontClient } from 'storefront/client';
import { useSession } from '../lib/session';
import type { CustomerListSearch } from '../routes/customers/customer-list/search';
import type { paths } from 'storefront/client';

export const CUSTOMERS_PER_PAGE = 25;
export const CUSTOMER_ORDERS_PER_PAGE = 10;

export type CustomerChanges = NonNullable<paths['/v1/customers/{id}']['post']['requestBody']>['content']['application/json'];
export type AddressFields = NonNullable<paths['/v1/customers/{id}/addresses']['post']['requestBody']>['content']['application/json'];

export const customerKeys = {
  all: ['customers'] as const,
  list: (search: CustomerListSearch) => ['customers', 'list', search] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  orders: (id: string, page: number) => ['customers', 'orders', id, page] as const,
};

/** One page of customers, oldest first; `q` keeps those whose email or names start with each of its words. */
export function customerListQuery(client: StorefrontClient, search: CustomerListSearch) {
  return queryOptions({
    queryKey: customerKeys.list(search),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/v1/customers', { params: { query: { q: search.q, page: search.page, per_page: CUSTOMERS_PER_PAGE } }, signal })),
  });
}

export function customerQuery(client: StorefrontClient, id: string) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/customers/{id}', { params: { path: { id } }, signal })).data,
  });
}

export function useCustomers(search: CustomerListSearch) {
  const { client } = useSession();
  return useQuery({ ...customerListQuery(client, search), placeholderData: keepPreviousData });
}

export function useCustomer(id: string, enabled = true) {
  const { client } = useSession();
  return useQuery({ ...customerQuery(client, id), enabled });
}

/** The customer's orders, newest first: the order search finds an order by its buyer's customer id. */
export function useCustomerOrders(id: string, page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: customerKeys.orders(id, page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/orders', { params: { query: { q: id, page, per_page: CUSTOMER_ORDERS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** After a change to a customer: its page and the lists show the new state. */
async function customerChanged(queryClient: QueryClient, id: string, customer?: Customer): Promise<void> {
  if (customer) queryClient.setQueryData(customerKeys.detail(id), customer);
  await queryClient.invalidateQueries({ queryKey: customerKeys.all });
}

/** Names, email, flags, notes and tags; an update takes the email every time. */
export function useUpdateCustomer(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CustomerChanges) => unwrap(await client.POST('/v1/customers/{id}', { params: { path: { id } }, body })).data,
    onSuccess: (customer) => customerChanged(queryClient, id, customer),
  });
}

export function useDeleteCustomer(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await unwrap(await client.DELETE('/v1/customers/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: customerKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

/** Mails the customer a single-use link proving its email (48 hours); the token is only in the mail. */
export function useSendVerification(id: string) {
  const { client } = useSession();
  return useMutation({
    mutationFn: async () => unwrap(await client.POST('/v1/customers/{id}/verification', { params: { path: { id } } })).data,
  });
}

/** Adds an address (no `addressId`) or changes one. */
export function useSaveAddress(customerId: string, addressId: string | null) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddressFields) =>
      addressId
        ? unwrap(await client.POST('/v1/customers/{id}/addresses/{addressId}', { params: { path: { id: customerId, addressId } }, body })).data
        : unwrap(await client.POST('/v1/customers/{id}/addresses', { params: { path: { id: customerId } }, body })).data,
    onSuccess: () => customerChanged(queryClient, customerId),
  });
}

export function useDeleteAddress(customerId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (addressId: string) => {
      await unwrap(await client.DELETE('/v1/customers/{id}/addresses/{addressId}', { params: { path: { id: customerId, addressId } } }));
    },
    onSuccess: () => customerChanged(queryClient, customerId),
  });
}

/**
 * One customer's part of a bulk tagging (useBulk): the customer as it is now gets the tags it lacks
 * (an update replaces the whole list, and takes the email every time).
 */
export async function addCustomerTags(client: StorefrontClient, id: string, tags: string[]): Promise<Customer> {
  const customer = unwrap(await client.GET('/v1/customers/{id}', { params: { path: { id } } })).data;
  const have = new Set(customer.tags.map((tag) => tag.toLowerCase()));
  const added = tags.filter((tag) => !have.has(tag.toLowerCase()));
  const body = { email: customer.email, tags: [...customer.tags, ...added] };
  return unwrap(await client.POST('/v1/customers/{id}', { params: { path: { id } }, body })).data;
}

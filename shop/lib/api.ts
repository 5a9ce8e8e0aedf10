import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { createClient, type ChannelClient } from '@storefront-api/client';
import { apiSettings } from './settings';

/**
 * Sends a call for the buyer whose request the shop is answering: their address (as the server
 * serving the shop found it) with the shop's secret, which lets the API count its limits per buyer
 * and record their address on a cart, and their browser's name. Outside a buyer's request (none:
 * at build time) the call goes as it is.
 */
async function forBuyer(request: Request): Promise<Response> {
  let incoming: Awaited<ReturnType<typeof headers>> | undefined;
  try {
    incoming = await headers();
  } catch {
    incoming = undefined;
  }
  const address = incoming?.get('x-storefront-client-ip');
  const secret = process.env.STOREFRONT_SHOP_SECRET;
  if (address && secret) {
    request.headers.set('x-storefront-client-ip', address);
    request.headers.set('x-storefront-shop', secret);
  }
  const agent = incoming?.get('user-agent');
  if (agent) request.headers.set('user-agent', agent);
  return fetch(request);
}

let anonymous: { client: ChannelClient; made: string } | undefined;

/** The client for anyone: catalogue, content, carts and checkouts (their ids are the buyer's secret). */
export function shopClient(): ChannelClient {
  // Made once per process, and again if the settings change (a test's servers, one after another).
  const current = apiSettings();
  const made = `${current.baseUrl} ${current.channelKey}`;
  if (anonymous?.made !== made) anonymous = { client: createClient({ ...current, retry: false, fetch: forBuyer }), made };
  return anonymous.client;
}

/** The cookie that holds a signed-in customer's token (ctk_…), and the one naming their customer id. */
export const CUSTOMER_TOKEN_COOKIE = 'customer_token';
export const CUSTOMER_ID_COOKIE = 'customer_id';

/** The client acting for the signed-in customer when there is one (their token is in a cookie). */
export async function buyerClient(): Promise<ChannelClient> {
  const token = (await cookies()).get(CUSTOMER_TOKEN_COOKIE)?.value;
  return token ? shopClient().withCustomerToken(token) : shopClient();
}

/** The record of a read, or the 404 page when there is none; any other refusal is the error page's. */
export async function recordOr404<T>(answer: Promise<{ data?: { data: T }; response: Response }>, what: string): Promise<T> {
  const { data, response } = await answer;
  if (response.status === 404) notFound();
  if (!data) throw new Error(`The ${what} could not be read (${response.status})`);
  return data.data;
}

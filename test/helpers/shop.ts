import type { Page } from 'playwright-core';
import { listen } from './browser.js';
import { TEST_SHOP_SECRET, type TestContext } from './test-app.js';

/**
 * The address of the shop the test app serves (built with `{ shop: true }`), pointed at that app:
 * the shop finds the API and its channel key in the environment, as one run apart from the API does.
 */
export async function shopOf(t: TestContext): Promise<string> {
  const base = await listen(t);
  process.env.STOREFRONT_API_URL = base;
  process.env.STOREFRONT_CHANNEL_KEY = t.channelKey;
  process.env.STOREFRONT_SHOP_SECRET = TEST_SHOP_SECRET;
  // Where a server action's redirect is fetched from. Each app starts a Next.js of its own on its own
  // port, but the second one in a process fetched from the first's (gone) port; Next reads this
  // variable first. A server serves one shop, so `npm start` needs none of it.
  process.env.__NEXT_PRIVATE_ORIGIN = base;
  return base;
}

/** A buyer's address in the United States, as the checkout form asks for it. */
export const SHOP_ADDRESS = {
  email: 'buyer@example.com', first_name: 'Ada', last_name: 'Byron', address1: '12 Main Street', city: 'New York', postcode: '10001', state: 'NY', phone: '+1 212 555 0100',
};

/** Fills the checkout's contact and address step and continues to the delivery step. */
export async function fillAddress(page: Page, address = SHOP_ADDRESS): Promise<void> {
  await page.getByLabel('Email').fill(address.email);
  await page.getByLabel('First name').fill(address.first_name);
  await page.getByLabel('Last name').fill(address.last_name);
  await page.getByLabel('Address', { exact: true }).fill(address.address1);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('Postal code').fill(address.postcode);
  await page.getByLabel('Country').selectOption('US');
  // The country's states arrive once it is chosen.
  await page.getByLabel('State / province').locator(`option[value="${address.state}"]`).waitFor({ state: 'attached' });
  await page.getByLabel('State / province').selectOption(address.state);
  await page.getByLabel('Phone').fill(address.phone);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
}

/** Chooses the delivery method and the gateway named `gateway`, and continues to the payment step. */
export async function chooseDelivery(page: Page, gateway: string): Promise<void> {
  await page.getByLabel(gateway).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('heading', { name: '3. Payment' }).waitFor();
}

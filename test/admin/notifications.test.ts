import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, useBrowser } from '../helpers/browser.js';
import { placedOrder } from '../helpers/checkout.js';
import { signedUpCustomer } from '../helpers/customers.js';
import { deliverMailOnce, deliverMailUntil, startSmtpServer, stopSmtpServers, type SmtpServer } from '../helpers/smtp.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

const SLOW = 90_000;
/** How long a poll may wait for the server's answer to show (two busy cores, PostgreSQL): not a timing assertion. */
const SERVER = { timeout: 15_000 };

afterAll(stopSmtpServers);

/** The texts that describe a field (its description and its error), as assistive technology reads them. */
async function describedBy(page: Page, field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
}

/** The field holds the server's refusal, tied to it. */
async function expectRefused(page: Page, field: Locator, words: RegExp) {
  await expect.poll(() => field.getAttribute('aria-invalid'), SERVER).toBe('true');
  expect(await describedBy(page, field)).toMatch(words);
}

/** Picks an option of a Mantine select. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function notificationsOf(t: TestContext, query: string): Promise<any[]> {
  const res = await t.admin.get(`/v1/notifications?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function templateOf(t: TestContext, kind: string) {
  const res = await t.admin.get(`/v1/notifications/templates/${kind}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describeInBrowser('staff read the mail log, send a message again and edit templates in the dashboard', (t) => {
  const holder = useBrowser();
  let smtp: SmtpServer;

  it('filters the log by kind and status, opens a message with what it said, and sends it again after confirming', async () => {
    smtp ??= await startSmtpServer();
    const base = await listen(t);
    // A confirmation delivered, an account mail delivered, and a confirmation the mail server refused once.
    const delivered = await placedOrder(t);
    const customer = await signedUpCustomer(t);
    expect((await t.storefront.post('/v1/customers/password_reset', { email: customer.email })).status).toBe(202);
    await deliverMailUntil(t, smtp, () => smtp.to(delivered.email).length > 0 && smtp.to(customer.email).length > 0);
    const refused = await placedOrder(t);
    smtp.refuse(1, 550, 'Mailbox unavailable');
    await deliverMailOnce(t, smtp);
    const [sent] = await notificationsOf(t, `order_id=${delivered.orderId}&kind=order_confirmation`);
    expect(sent.status).toBe('sent');
    expect((await notificationsOf(t, `order_id=${refused.orderId}`))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/notifications');
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      const log = page.getByRole('table');
      await log.getByRole('row').filter({ hasText: refused.email }).waitFor();
      await expectAccessible(page, 'the notification log');
      await screenshot(page, 'notifications-log');

      // Waiting to be tried again, with the mail server's words.
      await pick(page, 'Status', 'Pending');
      await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('pending');
      await expect.poll(() => log.getByRole('row').count(), SERVER).toBe(2);
      const waiting = log.getByRole('row').nth(1);
      expect(await waiting.innerText()).toContain(refused.email);
      expect(await waiting.innerText()).toMatch(/550.*Mailbox unavailable/);

      // The delivered confirmation.
      await pick(page, 'Status', 'Sent');
      await pick(page, 'Kind', 'Order confirmation');
      await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('order_confirmation');
      await log.getByRole('row').filter({ hasText: delivered.email }).getByRole('link', { name: 'Order confirmation' }).click();
      await page.getByRole('heading', { name: `Order confirmation to ${delivered.email}`, level: 1 }).waitFor();
      await page.getByText(`Order ${delivered.order.number} confirmed`).waitFor();
      await page.getByRole('tab', { name: 'Text' }).click();
      expect(await page.getByLabel('Message as text').innerText()).toContain(delivered.order.number);
      await expectAccessible(page, 'a message');
      await screenshot(page, 'notifications-message');

      await page.getByRole('button', { name: 'Resend' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send this email again?' });
      await confirm.getByText('cannot be called back').waitFor();
      await expectAccessible(page, 'the resend confirmation');
      await confirm.getByRole('button', { name: 'Send again' }).click();
      await page.getByText(`Queued to be sent again to ${delivered.email}`).waitFor();
      await page.getByText('Resent from').waitFor();
      // Waiting to be sent, it cannot be sent again yet.
      expect(await page.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
      const copies = await notificationsOf(t, `order_id=${delivered.orderId}&kind=order_confirmation`);
      expect(copies).toHaveLength(2);
      expect(copies[0]).toMatchObject({ status: 'pending', resent_from: sent.id, recipient: delivered.email });
      expect(new URL(page.url()).pathname).toBe(`/admin/settings/notifications/${copies[0].id}`);

      // An account mail's body carries the customer's link: staff see its subject, never the link.
      const [reset] = await notificationsOf(t, `customer_id=${customer.id}&kind=password_reset`);
      await page.goto(`${base}/admin/settings/notifications/${reset.id}`);
      await page.getByRole('heading', { name: `Password reset to ${customer.email}`, level: 1 }).waitFor();
      await page.getByText('The body is not shown').waitFor();
      expect(await page.content()).not.toContain('cpr_');
    });
  }, SLOW);

  it('edits a template: a Liquid error shown beside its part and nothing saved, a preview rendered by the server, saved switched off, then restored', async () => {
    const base = await listen(t);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/settings/notifications/templates/refund');
      await page.getByRole('heading', { name: 'Refund template', level: 1 }).waitFor();
      const subject = page.getByRole('textbox', { name: 'Subject' });
      await expect.poll(() => subject.inputValue()).toContain('{{ order.number }}');

      // A syntax error, from Preview: beside the subject, naming the line; nothing saved.
      await subject.fill('Refund for {{ order.number ');
      await page.getByRole('button', { name: 'Preview' }).click();
      await expectRefused(page, subject, /line 1/);
      expect((await templateOf(t, 'refund')).customized).toEqual([]);

      await subject.fill('Money back for {{ order.number }} from {{ store.name }}');
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('region', { name: 'Preview' });
      await preview.getByText(/^Money back for \S+ from /).waitFor(SERVER);
      expect(await subject.getAttribute('aria-invalid')).not.toBe('true');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'notifications-template');
      // The text part, rendered with the sample order; the HTML frame (sandboxed: no scripts, so no
      // accessibility checker inside it either) is the email's, not the dashboard's.
      await preview.getByRole('tab', { name: 'Text' }).click();
      expect(await preview.getByLabel('Preview as text').innerText()).toMatch(/Depending on your bank/);
      await expectAccessible(page, 'the template editor with a preview');

      // The same from Save: the HTML refused beside it, nothing saved.
      const html = page.getByRole('textbox', { name: 'HTML' });
      await html.fill('<p>{% if %}</p>');
      await page.getByRole('button', { name: 'Save template' }).click();
      await expectRefused(page, html, /line 1/);
      expect((await templateOf(t, 'refund')).customized).toEqual([]);

      await html.fill('<p>{{ refund.amount }} is on its way back to you.</p>');
      await page.getByRole('switch', { name: 'Send this email' }).click();
      await page.getByRole('button', { name: 'Save template' }).click();
      await page.getByText('Template saved; this email is switched off').waitFor();
      expect(await templateOf(t, 'refund')).toMatchObject({
        is_enabled: false, subject: 'Money back for {{ order.number }} from {{ store.name }}', customized: ['subject', 'html'],
      });

      await page.getByRole('button', { name: 'Restore shipped template' }).click();
      const confirm = page.getByRole('dialog', { name: 'Restore the shipped template?' });
      await expectAccessible(page, 'the restore confirmation');
      await confirm.getByRole('button', { name: 'Restore shipped template' }).click();
      await page.getByText('Shipped template restored').waitFor();
      await expect.poll(() => subject.inputValue()).toBe('Refund for order {{ order.number }}');
      expect(await templateOf(t, 'refund')).toMatchObject({ is_enabled: false, customized: [] });

      // Another kind, chosen from the list.
      await pick(page, 'Email', 'Password reset');
      await page.getByRole('heading', { name: 'Password reset template', level: 1 }).waitFor();
    });
  }, SLOW);

  it('shows a read-only key the log, a message and a template with every write control disabled, in a narrow window, and resends by keyboard', async () => {
    const base = await listen(t);
    const order = await placedOrder(t);
    await deliverMailOnce(t, undefined);
    const [message] = await notificationsOf(t, `order_id=${order.orderId}&kind=order_confirmation`);
    expect(message.status).toBe('not_sent');
    const key = (await t.admin.post('/v1/api_keys', { name: 'Support', read_only: true })).body.data.token as string;

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, key, `/admin/settings/notifications/${message.id}`);
      await page.getByRole('heading', { name: `Order confirmation to ${order.email}`, level: 1 }).waitFor();
      await page.getByText('Read-only key').waitFor();
      expect(await page.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
      // (The HTML frame is the email's own, and sandboxed: the checker looks at the dashboard.)
      await page.getByRole('tab', { name: 'Text' }).click();
      await expectAccessible(page, 'a message for a read-only key in a narrow window');

      await page.goto(`${base}/admin/settings/notifications/templates/order_confirmation`);
      await page.getByRole('heading', { name: 'Order confirmation template', level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: 'Save template' }).isDisabled()).toBe(true);
      // A preview is a POST the read-only role is kept from, as every POST was before roles.
      expect(await page.getByRole('button', { name: 'Preview' }).isDisabled()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Send this email' }).isDisabled()).toBe(true);
      for (const label of ['Subject', 'HTML', 'Text']) expect(await page.getByRole('textbox', { name: label }).getAttribute('readonly'), label).not.toBeNull();
      await expectAccessible(page, 'a template for a read-only key in a narrow window');
      await screenshot(page, 'notifications-template-read-only-narrow');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { width: 390, height: 844 });

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/settings/notifications/${message.id}`);
      await page.getByRole('heading', { name: `Order confirmation to ${order.email}`, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Resend' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Send this email again?' });
      await confirm.waitFor();
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      expect(await notificationsOf(t, `order_id=${order.orderId}&kind=order_confirmation`)).toHaveLength(1);

      await page.getByRole('button', { name: 'Resend' }).focus();
      await page.keyboard.press('Enter');
      await confirm.getByRole('button', { name: 'Send again' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(`Queued to be sent again to ${order.email}`).waitFor();
    });
    expect(await notificationsOf(t, `order_id=${order.orderId}&kind=order_confirmation`)).toHaveLength(2);
  }, SLOW);
}, { admin: true });

describeInBrowser('staff see whether the shop sends mail, and prove it with a test mail', (t) => {
  const holder = useBrowser();

  it('warns on Home and on Notifications that email is not set up while every mail is recorded unsent', async () => {
    const base = await listen(t);
    await placedOrder(t);
    await deliverMailOnce(t, undefined);
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/home');
      const notice = page.getByRole('status').filter({ hasText: 'Email is not set up' });
      await notice.waitFor();
      expect(await notice.innerText()).toContain('1 message so far');
      await notice.getByRole('link', { name: 'Mail settings' }).click();
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      const panel = page.getByRole('region', { name: 'Mail delivery' });
      await panel.getByText('Email is not set up').waitFor();
      expect(await panel.getByText('STOREFRONT_SMTP_URL').count()).toBeGreaterThan(0);
      expect(await panel.getByRole('button', { name: 'Send a test mail' }).count()).toBe(0);
      await page.mouse.move(700, 20);
      await expectAccessible(page, 'the notifications screen without mail');
      await screenshot(page, 'notifications-mail-not-set-up');
    });
    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, '/admin/home');
      await page.getByRole('status').filter({ hasText: 'Email is not set up' }).waitFor();
      await screenshot(page, 'home-mail-not-set-up-narrow');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, { width: 390, height: 844 });
  }, SLOW);

  it('sends a test mail from the Notifications screen through the configured SMTP server, and Home says nothing', async () => {
    const smtp = await startSmtpServer();
    const app = await createTestApp(t.kind, { admin: true, mail: { smtpUrl: smtp.url } });
    try {
      expect((await app.admin.post('/v1/store', { name: 'Kiln & Co', email: 'owner@kiln.example' })).status).toBe(200);
      const base = await listen(app);
      await inWindow(holder.browser, async (page) => {
        await openSignedIn(page, base, app.adminKey, '/admin/home');
        await page.getByRole('region', { name: 'Orders to ship' }).waitFor();
        await page.getByRole('heading', { name: 'Daily sales, last 30 days' }).waitFor();
        expect(await page.getByText('Email is not set up').count()).toBe(0);

        await page.goto(`${base}/admin/settings/notifications`);
        const panel = page.getByRole('region', { name: 'Mail delivery' });
        await panel.getByText(`127.0.0.1:${smtp.port}`).waitFor();
        await panel.getByRole('button', { name: 'Send a test mail' }).click();
        await panel.getByText('The mail server accepted the test mail for owner@kiln.example').waitFor();
        const [mail] = smtp.to('owner@kiln.example');
        expect(mail?.parsed.subject).toBe('Test mail from Kiln & Co');

        await panel.getByLabel('Send to').fill('staff@kiln.example');
        await panel.getByRole('button', { name: 'Send a test mail' }).click();
        await panel.getByText('The mail server accepted the test mail for staff@kiln.example').waitFor();
        expect(smtp.to('staff@kiln.example')).toHaveLength(1);
        await page.mouse.move(700, 20);
        await expectAccessible(page, 'the notifications screen with mail set up');
        await screenshot(page, 'notifications-mail-test');
      });
      await inWindow(holder.browser, async (page) => {
        await openSignedIn(page, base, app.adminKey, '/admin/settings/notifications');
        await page.getByRole('region', { name: 'Mail delivery' }).getByRole('button', { name: 'Send a test mail' }).waitFor();
        await screenshot(page, 'notifications-mail-test-narrow');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }, { width: 390, height: 844 });
    } finally {
      await app.close();
    }
  }, SLOW);
}, { admin: true });

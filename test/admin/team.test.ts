import { readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { describeInBrowser, expectAccessible, inWindow, listen, openSignedIn, screenshot, signInWithPassword, signOutFromMenu, useBrowser } from '../helpers/browser.js';
import { makeSku, placedOrder } from '../helpers/checkout.js';
import { uniqueWord } from '../helpers/expect.js';
import { mailTo, startSmtpServer, stopSmtpServers, type SmtpServer } from '../helpers/smtp.js';
import { invitationToken } from '../helpers/staff.js';
import { type TestContext } from '../helpers/test-app.js';

const SLOW = 180_000;
/** How long a poll may wait for the server's answer to show (two busy cores, PostgreSQL): not a timing assertion. */
const SERVER = { timeout: 15_000 };
const PHONE = { width: 390, height: 844 };
const STRONG = 'copper lantern drifts over quiet harbour';

afterAll(stopSmtpServers);

interface Staff {
  id: string;
  email: string;
  password: string;
}

/** The token of the invitation link in the last mail to `email`, as the mail server received it. */
async function mailedInvitationToken(t: TestContext, smtp: SmtpServer, email: string): Promise<string> {
  const mail = await mailTo(t, smtp, email);
  const text = `${mail.parsed.text ?? ''} ${typeof mail.parsed.html === 'string' ? mail.parsed.html : ''}`;
  const link = /https?:\/\/\S+?\/admin\/accept-invitation\?token=(uin_[A-Za-z0-9_-]+)/.exec(text);
  expect(link, text).not.toBeNull();
  return link![1]!;
}

/** A colleague of `role` invited with the store's owner key, who chose a password through the API. */
async function member(t: TestContext, role: string, name = `${role} ${uniqueWord()}`): Promise<Staff & { name: string; invitation: string }> {
  const email = `${uniqueWord().toLowerCase()}@staff.example`;
  const invited = await t.admin.post('/v1/users', { email, name, role });
  expect(invited.status, invited.text).toBe(201);
  const token = await invitationToken(t, email);
  const accepted = await t.anonymous.post('/v1/users/accept', { token, password: STRONG });
  expect(accepted.status, accepted.text).toBe(201);
  return { id: invited.body.data.id, email, password: STRONG, name, invitation: token };
}

/** A code of the authenticator app holding `secret`, for the time step `steps` after now. */
function codeOf(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** The texts that describe a field (its description and its error), as assistive technology reads them. */
async function describedBy(page: Page, field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
}

async function expectRefused(page: Page, field: Locator, words: RegExp) {
  await expect.poll(() => field.getAttribute('aria-invalid'), SERVER).toBe('true');
  expect(await describedBy(page, field)).toMatch(words);
}

/** Scrolls the window so that `region` starts at its top, for a picture of it. */
const toTop = (region: Locator) => region.evaluate((element) => element.scrollIntoView({ block: 'start', behavior: 'instant' }));

const nav = (page: Page) => page.getByRole('navigation', { name: 'Areas' });

async function openAccountMenu(page: Page, item: string) {
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Sets up two-factor sign-in on the profile screen; answers the secret the screen showed. */
async function setUpTwoFactor(t: TestContext, page: Page, screenshots?: string): Promise<string> {
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByRole('img', { name: 'QR code of your two-factor secret' }).waitFor();
  const secret = (await page.getByLabel('Secret key').innerText()).replace(/\s+/g, '');
  if (screenshots) {
    await expectAccessible(page, 'two-factor set-up');
    await toTop(page.getByRole('region', { name: 'Two-factor sign-in' }));
    await screenshot(page, `${screenshots}-two-factor-set-up`);
  }
  await page.getByLabel('Code from your authenticator app').fill('000000' === codeOf(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expectRefused(page, page.getByLabel('Code from your authenticator app'), /./);
  await page.getByLabel('Code from your authenticator app').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByText('Two-factor sign-in is on').waitFor();
  return secret;
}

describeInBrowser('staff users in the dashboard: sign-in, invitations, roles, two-factor and the audit log', (t) => {
  const holder = useBrowser();
  let smtp: SmtpServer;

  it('the owner invites a fulfilment colleague, who sets a password and two-factor, signs in with a code, ships an order and may not refund it; the owner reads it all in the audit log', async () => {
    smtp ??= await startSmtpServer();
    const base = await listen(t);
    const owner = await member(t, 'owner', 'Olive Owner');
    const { order } = await placedOrder(t, { items: [{ price: 2500 }], customer: { first_name: 'Ada', last_name: 'Lovelace' } });
    expect(order.financial_status).toBe('paid');
    const colleague = { email: `${uniqueWord().toLowerCase()}@staff.example`, name: 'Finn Fulfil' };

    // The owner signs in with email and password and invites a fulfilment colleague.
    await inWindow(holder.browser, async (page) => {
      await page.goto(`${base}/admin/`);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectRefused(page, page.getByLabel('Password'), /Wrong email or password/);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await nav(page).waitFor();
      expect(await page.evaluate(() => window.sessionStorage.getItem('storefront.admin.key'))).toMatch(/^utk_/);

      await nav(page).getByText('Settings', { exact: true }).click();
      await nav(page).getByRole('link', { name: 'Team' }).click();
      await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
      await page.getByRole('row').filter({ hasText: owner.email }).getByText('You', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Invite', exact: true }).click();
      const invite = page.getByRole('dialog', { name: 'Invite a colleague' });
      await invite.getByLabel('Email').fill(colleague.email);
      await invite.getByLabel('Name').fill(colleague.name);
      await invite.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: /^Fulfilment/ }).click();
      await expectAccessible(page, 'the invitation dialog');
      await screenshot(page, 'team-invite');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await invite.waitFor({ state: 'hidden' });
      const row = page.getByRole('row').filter({ hasText: colleague.email });
      await row.getByText('Invited').waitFor();
      await row.getByText('Fulfilment').waitFor();
      await expectAccessible(page, 'the team');
      await screenshot(page, 'team');
      await signOutFromMenu(page);
    });

    // The colleague opens the link of the mail, sets a password (a weak one refused beside it) and two-factor sign-in.
    const token = await mailedInvitationToken(t, smtp, colleague.email);
    let secret = '';
    let colleagueToken = '';
    await inWindow(holder.browser, async (page) => {
      await page.goto(`${base}/admin/accept-invitation?token=${token}`);
      await page.getByRole('heading', { name: 'Join the team' }).waitFor();
      await expectAccessible(page, 'accepting an invitation');
      await screenshot(page, 'accept-invitation');
      const password = page.getByLabel('Password');
      await password.fill('password');
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await expectRefused(page, password, /./);
      await screenshot(page, 'accept-invitation-weak');
      await password.fill(STRONG);
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      // Fulfilment staff land on the orders, and see no catalogue.
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await nav(page).getByRole('link', { name: 'Customers' }).waitFor();
      expect(await nav(page).getByText('Catalogue').count()).toBe(0);
      expect(await nav(page).getByText('Home').count()).toBe(0);

      await openAccountMenu(page, 'Your profile');
      await page.getByRole('heading', { name: 'Your profile', level: 1 }).waitFor();
      secret = await setUpTwoFactor(t, page, 'profile');
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect.poll(() => codes.count()).toBe(10);
      await expectAccessible(page, 'the recovery codes');
      await toTop(page.getByRole('region', { name: 'Two-factor sign-in' }));
      await screenshot(page, 'profile-recovery-codes');
      await page.getByRole('button', { name: 'I have kept them' }).click();
      await page.getByRole('button', { name: 'Turn off' }).waitFor();
      await signOutFromMenu(page);
    });

    // Signed in again with the code of the next time step (the one used to confirm is spent), the
    // colleague ships the order; refunding it is not theirs to do.
    await inWindow(holder.browser, async (page) => {
      await page.goto(`${base}/admin/`);
      await page.getByLabel('Email').fill(colleague.email);
      await page.getByLabel('Password').fill(STRONG);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const code = page.getByLabel('Code from your authenticator app');
      await code.waitFor();
      await expectAccessible(page, 'the sign-in code');
      await screenshot(page, 'sign-in-code');
      await code.fill('12345');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectRefused(page, code, /wrong or was already used/);
      await code.fill(codeOf(secret, 1));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      colleagueToken = (await page.evaluate(() => window.sessionStorage.getItem('storefront.admin.key')))!;

      await page.goto(`${base}/admin/orders/${order.id}`);
      await page.getByRole('button', { name: 'Fulfil items' }).click();
      const fulfil = page.getByRole('dialog', { name: 'Fulfil items' });
      await fulfil.getByRole('button', { name: 'Fulfil' }).click();
      await fulfil.waitFor({ state: 'hidden' });
      // Events are not theirs to read: the order's status says it is shipped.
      await page.getByRole('group', { name: 'Status' }).getByText('Fulfilled').waitFor();
      const refund = page.getByRole('button', { name: 'Refund' });
      expect(await refund.isDisabled()).toBe(true);
      expect(await refund.getAttribute('title')).toBe('Your role (Fulfilment) may not do this');
      expect(await page.getByRole('region', { name: 'History' }).count()).toBe(0);
      await expectAccessible(page, 'an order for fulfilment staff');
      await screenshot(page, 'order-fulfilment-role');
    });
    expect((await t.admin.get(`/v1/orders/${order.id}`)).body.data.fulfillment_status).toBe('fulfilled');
    // The server refuses the refund too, and the log keeps the refusal.
    const refused = await t.as({ authorization: `Bearer ${colleagueToken}` }).post(`/v1/orders/${order.id}/transactions`, { kind: 'refund', amount: 100 });
    expect(refused.status, refused.text).toBe(403);

    // The owner reads both in the audit log and on the order's history.
    const [shipment] = (await t.admin.get(`/v1/orders/${order.id}/fulfillments`)).body.data;
    await inWindow(holder.browser, async (page) => {
      await signInWithPassword(page, base, owner, '/admin/settings/audit-log');
      await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
      await page.getByRole('combobox', { name: 'Person' }).click();
      await page.getByRole('option', { name: colleague.name }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('actor_id'), SERVER).toMatch(/^usr_/);
      const shipped = page.getByRole('row').filter({ hasText: 'Shipped items' });
      await shipped.getByText(colleague.name).waitFor();
      await shipped.getByText('Done').waitFor();
      // The shipment is its own record, linked to its order's screen.
      await shipped.getByRole('link', { name: shipment.id }).waitFor();
      const refusal = page.getByRole('row').filter({ hasText: 'Refused (403)' });
      await refusal.getByText(colleague.name).waitFor();
      await expectAccessible(page, 'the audit log');
      await screenshot(page, 'audit-log');

      await shipped.getByRole('link', { name: shipment.id }).click();
      await page.getByRole('heading', { name: `Order ${order.number}`, level: 1 }).waitFor();
      const history = page.getByRole('region', { name: 'History' });
      await history.getByRole('row').filter({ hasText: 'Shipped items' }).getByText(colleague.name).waitFor();
      await history.getByRole('row').filter({ hasText: 'Refused (403)' }).getByText(colleague.name).waitFor();
      await toTop(history);
      await screenshot(page, 'order-history');
    });

    // The new screens on a phone.
    await inWindow(holder.browser, async (page) => {
      await signInWithPassword(page, base, owner, '/admin/settings/team');
      await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
      await screenshot(page, 'team-phone');
      await page.goto(`${base}/admin/settings/audit-log`);
      await page.getByRole('row').filter({ hasText: 'Shipped items' }).first().waitFor();
      await screenshot(page, 'audit-log-phone');
      await page.goto(`${base}/admin/profile`);
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await page.getByRole('img', { name: 'QR code of your two-factor secret' }).waitFor();
      await screenshot(page, 'profile-phone');
    }, PHONE);
    await inWindow(holder.browser, async (page) => {
      await page.goto(`${base}/admin/sign-in`);
      await page.getByLabel('Email').waitFor();
      await screenshot(page, 'sign-in-phone');
    }, PHONE);
  }, SLOW);

  it('edits a role, deactivates, reactivates and removes, requires two-factor of everyone, takes an invitation link once, and shows an admin the log but not the team', async () => {
    const base = await listen(t);
    const owner = await member(t, 'owner', 'Otto Owner');
    const clerk = await member(t, 'read_only', `Clerk ${uniqueWord()}`);
    const leaver = await member(t, 'catalog', `Leaver ${uniqueWord()}`);
    const clerkName = clerk.name;
    const leaverName = leaver.name;
    const admin = await member(t, 'admin', `Ada Admin ${uniqueWord()}`);

    await inWindow(holder.browser, async (page) => {
      await signInWithPassword(page, base, owner, '/admin/settings/team');
      const manage = async (name: string, item: string) => {
        await page.getByRole('button', { name: `Actions for ${name}` }).click();
        await page.getByRole('menuitem', { name: item }).click();
      };
      // One's own role is not one's to change.
      await manage('Otto Owner', 'Edit email, name or role');
      const own = page.getByRole('dialog', { name: 'Edit Otto Owner' });
      expect(await own.getByRole('combobox', { name: 'Role' }).isDisabled()).toBe(true);
      await own.getByRole('button', { name: 'Cancel' }).click();
      await own.waitFor({ state: 'hidden' });

      await manage(clerkName, 'Edit email, name or role');
      const dialog = page.getByRole('dialog', { name: `Edit ${clerkName}` });
      await dialog.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: /^Catalogue/ }).click();
      await expectAccessible(page, 'editing a colleague');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await t.admin.get(`/v1/users/${clerk.id}`)).body.data.role, SERVER).toBe('catalog');

      await manage(leaverName, 'Deactivate');
      await page.getByRole('dialog', { name: `Deactivate ${leaverName}?` }).getByRole('button', { name: 'Deactivate' }).click();
      await page.getByRole('row').filter({ hasText: leaverName }).getByText('Deactivated').waitFor();
      expect((await t.anonymous.post('/v1/users/token', { email: leaver.email, password: leaver.password })).status).not.toBe(201);
      await manage(leaverName, 'Reactivate');
      await page.getByRole('row').filter({ hasText: leaverName }).getByText('Active', { exact: true }).waitFor();
      await manage(leaverName, 'Remove');
      await page.getByRole('dialog', { name: `Remove ${leaverName}?` }).getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('row').filter({ hasText: leaverName }).waitFor({ state: 'detached' });
      expect((await t.admin.get(`/v1/users/${leaver.id}`)).status).toBe(404);

      await page.getByRole('switch', { name: 'Require two-factor sign-in for everyone' }).click();
      await expect.poll(async () => (await t.admin.get('/v1/users/policy')).body.data.is_two_factor_required, SERVER).toBe(true);
    });

    // Without two-factor sign-in, the clerk is sent to their profile to set it up, then let in.
    await inWindow(holder.browser, async (page) => {
      await page.goto(`${base}/admin/products`);
      await page.getByLabel('Email').fill(clerk.email);
      await page.getByLabel('Password').fill(clerk.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Your profile', level: 1 }).waitFor();
      await page.getByText('This store requires it of every member of staff').waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/profile');
      await expectAccessible(page, 'two-factor sign-in required');
      await screenshot(page, 'profile-two-factor-required');
      await setUpTwoFactor(t, page);
      await page.getByRole('button', { name: 'I have kept them' }).click();
      await nav(page).getByText('Catalogue', { exact: true }).click();
      await nav(page).getByRole('link', { name: 'Products' }).click();
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      // A catalogue role: the product list's actions are its own, the audit log is not in its navigation.
      expect(await page.getByRole('button', { name: 'New product' }).isDisabled()).toBe(false);
      expect(await nav(page).getByText('Audit log').count()).toBe(0);
    });
    expect((await t.admin.post('/v1/users/policy', { is_two_factor_required: false })).status).toBe(200);

    // An invitation link works once.
    await inWindow(holder.browser, async (page) => {
      await page.goto(`${base}/admin/accept-invitation?token=${clerk.invitation}`);
      await page.getByLabel('Password').fill(STRONG);
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.getByText('This invitation link has been used or has expired').waitFor();
      expect(await page.evaluate(() => window.sessionStorage.getItem('storefront.admin.key'))).toBeNull();
    });

    // An admin reads the audit log but not the team: a click on a name shows only what they did.
    await inWindow(holder.browser, async (page) => {
      await signInWithPassword(page, base, admin, '/admin/settings/audit-log');
      await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
      expect(await nav(page).getByText('Team', { exact: true }).count()).toBe(0);
      await page.getByRole('row').filter({ hasText: 'Removed a colleague' }).getByRole('button', { name: 'Otto Owner' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('actor_id'), SERVER).toBe(owner.id);
      await page.getByRole('button', { name: 'Show everyone' }).waitFor();
      // The invitations were the store key's, not the owner's.
      await expect.poll(() => page.getByRole('row').filter({ hasText: 'Invited a colleague' }).count(), SERVER).toBe(0);
      await page.getByRole('row').filter({ hasText: 'Changed the two-factor rule of the store' }).waitFor();
      await expectAccessible(page, 'the audit log filtered by a person, for an admin');
    });
  }, SLOW);

  it('changes their own name and password (a wrong current one refused beside it), signs in with a recovery code and turns two-factor off', async () => {
    const base = await listen(t);
    const editor = await member(t, 'catalog', `Editor ${uniqueWord()}`);
    const renamed = `Eddie ${uniqueWord()}`;
    const newPassword = 'violet kettles sing under winter bridges';
    let recovery = '';
    let secret = '';
    await inWindow(holder.browser, async (page) => {
      await signInWithPassword(page, base, editor);
      await openAccountMenu(page, 'Your profile');
      const name = page.getByLabel('Name');
      await name.fill(renamed);
      await page.getByRole('button', { name: 'Save name' }).click();
      await page.getByRole('button', { name: `Account: ${renamed}` }).waitFor();

      await page.getByLabel('Current password').fill('not my password');
      await page.getByLabel('New password').fill(newPassword);
      await page.getByRole('button', { name: 'Change password' }).click();
      await expectRefused(page, page.getByLabel('Current password'), /current password/);
      await page.getByLabel('Current password').fill(editor.password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password is changed').waitFor();

      secret = await setUpTwoFactor(t, page);
      // The codes as a file to keep: the one signed in with below is taken from it.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
      expect(download.suggestedFilename()).toBe('storefront-recovery-codes.txt');
      const kept = readFileSync(await download.path(), 'utf8').trim().split('\n');
      expect(kept).toEqual(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts());
      recovery = kept[3]!;
      await page.getByRole('button', { name: 'I have kept them' }).click();
      await signOutFromMenu(page);
    });
    expect((await t.anonymous.post('/v1/users/token', { email: editor.email, password: editor.password })).status).toBe(401);

    await inWindow(holder.browser, async (page) => {
      await signInWithPassword(page, base, { email: editor.email, password: newPassword, otp: () => recovery.trim() }, '/admin/profile');
      await page.getByRole('heading', { name: 'Your profile', level: 1 }).waitFor();
      const code = page.getByLabel('Code from your authenticator app');
      await code.fill('123456' === codeOf(secret, 1) ? '654321' : '123456');
      await page.getByRole('button', { name: 'Turn off' }).click();
      await expectRefused(page, code, /./);
      await code.fill(codeOf(secret, 1));
      await page.getByRole('button', { name: 'Turn off' }).click();
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor();
    });
    expect((await t.admin.get(`/v1/users/${editor.id}`)).body.data).toMatchObject({ name: renamed, is_two_factor_enabled: false });
  }, SLOW);

  it('says too many tries above the button once the server holds sign-ins back, and not beside the password', async () => {
    const base = await listen(t);
    const email = `${uniqueWord().toLowerCase()}@staff.example`;
    await inWindow(holder.browser, async (page) => {
      await page.goto(`${base}/admin/sign-in`);
      await page.getByLabel('Email').fill(email);
      const password = page.getByLabel('Password');
      const alert = page.getByRole('main').getByRole('alert');
      for (let tries = 0; tries < 10 && (await alert.count()) === 0; tries++) {
        await password.fill(`wrong ${tries}`);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expect.poll(async () => (await alert.count()) > 0 || (await describedBy(page, password)).includes('Wrong email or password'), SERVER).toBe(true);
      }
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(/\d+ ?s|retry|try again/i);
      expect(await describedBy(page, password)).not.toContain('Wrong email or password');
      await expectAccessible(page, 'sign-in held back');
    });
  }, SLOW);

  it("shows on a product's page who changed it and its skus, a refused change too, newest first", async () => {
    const base = await listen(t);
    const sku = await makeSku(t);
    const editor = await member(t, 'catalog', `Cat ${uniqueWord()}`);
    const packer = await member(t, 'fulfillment', `Pack ${uniqueWord()}`);
    const tokenOf = async (staff: Staff) => (await t.anonymous.post('/v1/users/token', { email: staff.email, password: staff.password })).body.data.token as string;
    const asEditor = t.as({ authorization: `Bearer ${await tokenOf(editor)}` });
    const asPacker = t.as({ authorization: `Bearer ${await tokenOf(packer)}` });
    expect((await asEditor.post(`/v1/products/${sku.productId}`, { vendor: 'Northwind' })).status).toBe(200);
    expect((await asEditor.post(`/v1/skus/${sku.id}`, { price: 1500 })).status).toBe(200);
    expect((await asPacker.post(`/v1/products/${sku.productId}`, { vendor: 'Nope' })).status).toBe(403);

    await inWindow(holder.browser, async (page) => {
      await openSignedIn(page, base, t.adminKey, `/admin/products/${sku.productId}`);
      const history = page.getByRole('region', { name: 'History' });
      const rows = history.getByRole('row');
      await expect.poll(() => rows.count(), SERVER).toBeGreaterThanOrEqual(4);
      const said = await rows.allInnerTexts();
      // Newest first: the packer's refusal, the editor's sku, the editor's product; the key made them first.
      expect(said[1]).toMatch(new RegExp(`${packer.name}[\\s\\S]*Changed a product[\\s\\S]*Refused \\(403\\)`, 'i'));
      expect(said[2]).toMatch(new RegExp(`${editor.name}[\\s\\S]*Changed a sku[\\s\\S]*Done`, 'i'));
      expect(said[3]).toMatch(new RegExp(`${editor.name}[\\s\\S]*Changed a product[\\s\\S]*Done`, 'i'));
      await history.getByRole('link', { name: 'In the audit log' }).click();
      await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
      expect(new URL(page.url()).searchParams.get('object_id')).toBe(sku.productId);
      expect(await page.getByRole('textbox', { name: 'Record' }).inputValue()).toBe(sku.productId);
    });
  }, SLOW);
}, { admin: true });

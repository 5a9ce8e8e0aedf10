import { afterAll, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { seedDemo } from '../../../src/demo.js';
import { placedOrder } from '../../helpers/checkout.js';
import { mailTo, startSmtpServer, stopSmtpServers } from '../../helpers/smtp.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

afterAll(stopSmtpServers);

describeEachDatabase('the demo store’s mails', (t) => {
  test('come from the demo store’s own address in the reserved .test domain, not no-reply@localhost', async () => {
    const smtp = await startSmtpServer();
    const seed = await seedDemo({ db: t.db, kind: t.kind } as DatabaseHandle);
    expect(seed.storeEmail).toBe('shop@demo.storefront.test');
    expect((await t.storefront.get('/v1/store')).body.data).toMatchObject({ name: 'My Store', email: 'shop@demo.storefront.test' });

    const order = await placedOrder(t);
    const mail = await mailTo(t, smtp, order.email);
    expect(mail.from).toBe('shop@demo.storefront.test');
    expect(mail.parsed.from?.value).toEqual([{ address: 'shop@demo.storefront.test', name: 'My Store' }]);
    expect(mail.parsed.text).toContain('My Store · shop@demo.storefront.test');
  });

  test('leave an email staff set as it is when the demo is seeded again', async () => {
    expect((await t.admin.post('/v1/store', { email: 'hello@linen.example' })).status).toBe(200);
    const seed = await seedDemo({ db: t.db, kind: t.kind } as DatabaseHandle);
    expect(seed).toMatchObject({ storeEmail: null, added: { products: 0 } });
    expect((await t.storefront.get('/v1/store')).body.data.email).toBe('hello@linen.example');
  });
});

import { performance } from 'node:perf_hooks';
import { afterAll, expect, test } from 'vitest';
import { saveTemplate } from '../../../src/modules/notifications/templates.repo.js';
import { placedOrder } from '../../helpers/checkout.js';
import { expectInvalid } from '../../helpers/expect.js';
import { deliverMailOnce, mailTo, startSmtpServer, stopSmtpServers } from '../../helpers/smtp.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

afterAll(stopSmtpServers);

/** The review's reproduction: ten million turns of a loop (2 s and 40 MB of output before the limits). */
const TEN_MILLION_LOOPS = '{% for i in (1..10000000) %}x{% endfor %}';
/** A hundred million turns over a list of a hundred: little memory, all the time it is given. */
const ENDLESS_LOOPS = '{% assign r = (1..100) %}{% for a in r %}{% for b in r %}{% for c in r %}{% for d in r %}{% endfor %}{% endfor %}{% endfor %}{% endfor %}';
/** A megabyte of output, made in a thousand steps: well within the time limit on a busy machine. */
const MEGABYTE = `{% for i in (1..1000) %}${'x'.repeat(1000)}{% endfor %}`;

/** The main thread's busy time while `work` runs (event-loop utilisation), and what `work` answered. */
async function apiThreadBusyMs<T>(work: () => Promise<T>): Promise<{ busyMs: number; result: T }> {
  const before = performance.eventLoopUtilization();
  const result = await work();
  return { busyMs: performance.eventLoopUtilization(before).active, result };
}

/** Writes a template as a save from before the limits could have: straight into its row. */
async function saveUnchecked(t: TestContext, kind: string, html: string | null): Promise<void> {
  await saveTemplate(t.db, { kind, subject: null, html, text: null, is_enabled: 1, updated_at: Math.floor(Date.now() / 1000) });
}

async function confirmationOf(t: TestContext, orderId: string): Promise<any> {
  const res = await t.admin.get(`/v1/notifications?order_id=${orderId}&kind=order_confirmation`);
  expect(res.status, res.text).toBe(200);
  return res.body.data[0];
}

describeEachDatabase('mail template limits', (t) => {
  test('the review\'s ten-million-turn loop is refused on save and in the preview, naming the limit; nothing is saved', async () => {
    const before = (await t.admin.get('/v1/notifications/templates/refund')).body.data;
    for (const res of [
      await t.admin.post('/v1/notifications/templates/refund', { html: TEN_MILLION_LOOPS }),
      await t.admin.post('/v1/notifications/templates/refund/preview', { html: TEN_MILLION_LOOPS }),
    ]) {
      expectInvalid(res, 'html');
      expect(res.body.errors[0]).toMatchObject({ field: 'html', code: 'limit_exceeded' });
      expect(res.body.errors[0].message).toMatch(/exceeds the render (time|memory) limit/);
    }
    expect((await t.admin.get('/v1/notifications/templates/refund')).body.data).toEqual(before);
  });

  test('a template that runs out of time is stopped off the API thread: /health answers meanwhile', async () => {
    const previews = 4;
    let running = true;
    const healthMs: number[] = [];
    const { busyMs, result } = await apiThreadBusyMs(async () => {
      const answers = Promise.all(Array.from({ length: previews }, () => t.admin.post('/v1/notifications/templates/refund/preview', { subject: ENDLESS_LOOPS })))
        .finally(() => (running = false));
      // Ask for /health every 25 ms while the renders run (four renders of 250 ms: a second), timing
      // each round from the pause before it: a blocked thread delays the pause's end as well.
      while (running) {
        const started = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 25));
        expect((await t.anonymous.get('/health')).status).toBe(200);
        healthMs.push(performance.now() - started);
      }
      return answers;
    });
    // Generous bounds: rendered on the API thread, /health waited for a whole render (2 s before
    // the limits), and the thread was busy for the four renders' second at least; off it, the
    // thread only reads the sample data and answers.
    expect(Math.max(...healthMs)).toBeLessThan(500);
    expect(healthMs.length).toBeGreaterThan(1);
    expect(busyMs).toBeLessThan((previews * 250) / 2);
    for (const res of result) {
      expectInvalid(res, 'subject');
      expect(res.body.errors[0]).toMatchObject({ field: 'subject', code: 'limit_exceeded', message: 'exceeds the render time limit of 250 ms' });
    }
  });

  test('a template that renders more than 512 KiB is refused on save and in the preview', async () => {
    const before = (await t.admin.get('/v1/notifications/templates/refund')).body.data;
    for (const res of [
      await t.admin.post('/v1/notifications/templates/refund', { text: MEGABYTE }),
      await t.admin.post('/v1/notifications/templates/refund/preview', { text: MEGABYTE }),
    ]) {
      expectInvalid(res, 'text');
      expect(res.body.errors[0]).toMatchObject({ field: 'text', code: 'limit_exceeded', message: 'exceeds the output size limit of 512 KiB' });
    }
    expect((await t.admin.get('/v1/notifications/templates/refund')).body.data).toEqual(before);
    // A long but reasonable loop still renders.
    const fine = await t.admin.post('/v1/notifications/templates/refund/preview', { text: '{% for i in (1..1000) %}{{ i }} {% endfor %}' });
    expect(fine.status, fine.text).toBe(200);
    expect(fine.body.data.text).toMatch(/^1 2 3 .* 1000\n$/s);
  });

  test('a message whose template exceeds a limit fails with the reason, off the API thread; fixed, the next one is sent', async () => {
    const smtp = await startSmtpServer();
    try {
      await saveUnchecked(t, 'order_confirmation', MEGABYTE);
      const huge = await placedOrder(t);
      await deliverMailOnce(t, smtp);
      expect(await confirmationOf(t, huge.orderId)).toMatchObject({ status: 'failed', html: null, last_error: 'could not render: html exceeds the output size limit of 512 KiB' });

      await saveUnchecked(t, 'order_confirmation', ENDLESS_LOOPS);
      const slow = [await placedOrder(t), await placedOrder(t)];
      const { busyMs } = await apiThreadBusyMs(() => deliverMailOnce(t, smtp));
      for (const order of slow) {
        expect(await confirmationOf(t, order.orderId)).toMatchObject({ status: 'failed', last_error: 'could not render: html exceeds the render time limit of 250 ms' });
      }
      // Two renders of 250 ms each, in the render thread: the API thread only read and wrote rows.
      // Rendered on the API thread, it would have been busy 500 ms at least; the rows alone took
      // up to 300 ms of it on a loaded CI machine, so the bound sits at what rendering there costs.
      expect(busyMs).toBeLessThan(500);
      expect(smtp.received).toEqual([]);
    } finally {
      await saveUnchecked(t, 'order_confirmation', null);
    }
    const fixed = await placedOrder(t);
    const mail = await mailTo(t, smtp, fixed.email);
    expect(mail.parsed.subject).toContain(fixed.order.number);
    expect(await confirmationOf(t, fixed.orderId)).toMatchObject({ status: 'sent' });
  });
});

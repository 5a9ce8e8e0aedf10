import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('trusts no proxy unless STOREFRONT_TRUST_PROXY names them', () => {
    for (const off of [undefined, '', 'false', '0']) expect(loadConfig({ STOREFRONT_TRUST_PROXY: off }).trustProxy, String(off)).toBe(false);
    expect(loadConfig({ STOREFRONT_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ STOREFRONT_TRUST_PROXY: '10.0.0.7, 10.1.0.0/16,::1,fd00::/8, loopback' }).trustProxy).toEqual(['10.0.0.7', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses a hop count or anything but addresses for STOREFRONT_TRUST_PROXY', () => {
    expect(() => loadConfig({ STOREFRONT_TRUST_PROXY: '1' })).toThrow(/hop count/);
    expect(() => loadConfig({ STOREFRONT_TRUST_PROXY: '10.0.0.1, balancer.internal' })).toThrow(ConfigError);
    expect(() => loadConfig({ STOREFRONT_TRUST_PROXY: '10.0.0.0/33' })).toThrow(/10\.0\.0\.0\/33/);
  });

  it('serves images and video inline unless STOREFRONT_FILES_INLINE says otherwise', () => {
    expect(loadConfig({}).filesInline).toEqual(['image/*', 'video/*']);
    expect(loadConfig({ STOREFRONT_FILES_INLINE: 'image/png, Application/PDF' }).filesInline).toEqual(['image/png', 'application/pdf']);
    expect(() => loadConfig({ STOREFRONT_FILES_INLINE: 'pdf' })).toThrow(/STOREFRONT_FILES_INLINE lists "pdf"/);
  });

  it('reads the mail settings: no SMTP, 4 hours and the shop this server serves by default', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: undefined, mailLog: false, abandonedAfterHours: 4, shop: true, shopUrl: 'http://127.0.0.1:8080' });
    expect(loadConfig({ STOREFRONT_PUBLIC_URL: 'https://store.example' }).shopUrl).toBe('https://store.example');
    // Without a shop of its own, mail links point at a storefront in development.
    expect(loadConfig({ STOREFRONT_SHOP: '0' })).toMatchObject({ shop: false, shopUrl: 'http://localhost:3000' });
    expect(loadConfig({
      STOREFRONT_SMTP_URL: 'smtps://u:p@mail.example:465', STOREFRONT_MAIL_FROM: 'Shop <a@b.example>', STOREFRONT_MAIL: 'log',
      STOREFRONT_ABANDONED_AFTER_HOURS: '24', STOREFRONT_SHOP_URL: 'https://shop.example/',
    })).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example:465', mailFrom: 'Shop <a@b.example>', mailLog: true, abandonedAfterHours: 24, shopUrl: 'https://shop.example' });
  });

  it('refuses a mail server that is no smtp:// or smtps:// URL, and unknown mail modes', () => {
    expect(() => loadConfig({ STOREFRONT_SMTP_URL: 'http://mail.example' })).toThrow(/STOREFRONT_SMTP_URL/);
    expect(() => loadConfig({ STOREFRONT_MAIL: 'print' })).toThrow(/STOREFRONT_MAIL/);
    expect(() => loadConfig({ STOREFRONT_ABANDONED_AFTER_HOURS: '0' })).toThrow(/STOREFRONT_ABANDONED_AFTER_HOURS/);
    expect(() => loadConfig({ STOREFRONT_SHOP_URL: 'shop.example' })).toThrow(/STOREFRONT_SHOP_URL/);
  });

  it('cancels unpaid offline orders after 72 hours by default; 0 never; refuses what is no whole number of hours', () => {
    expect(loadConfig({}).unpaidOrderTtlHours).toBe(72);
    expect(loadConfig({ STOREFRONT_UNPAID_ORDER_TTL_HOURS: '0' }).unpaidOrderTtlHours).toBe(0);
    expect(loadConfig({ STOREFRONT_UNPAID_ORDER_TTL_HOURS: '168' }).unpaidOrderTtlHours).toBe(168);
    for (const bad of ['-1', '1.5', 'never']) expect(() => loadConfig({ STOREFRONT_UNPAID_ORDER_TTL_HOURS: bad }), bad).toThrow(/STOREFRONT_UNPAID_ORDER_TTL_HOURS/);
  });

  it('takes DATABASE_DIRECT_URL beside a postgres:// DATABASE_URL only, and unset by default', () => {
    const pooled = 'postgres://app:pw@pgbouncer:6432/shop';
    expect(loadConfig({ DATABASE_URL: pooled }).databaseDirectUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'postgres://app:pw@db:5432/shop' }).databaseDirectUrl).toBe('postgres://app:pw@db:5432/shop');
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'db:5432/shop' })).toThrow(/DATABASE_DIRECT_URL must start with postgres:\/\//);
    expect(() => loadConfig({ DATABASE_URL: 'sqlite:./data/a.db', DATABASE_DIRECT_URL: 'postgres://app:pw@db:5432/shop' })).toThrow(/DATABASE_DIRECT_URL goes with a postgres:\/\/ DATABASE_URL only/);
  });
});

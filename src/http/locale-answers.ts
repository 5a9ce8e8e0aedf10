import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.js';
import { isStorefront } from '../lib/context.js';
import { marketOf, type Market } from '../modules/markets/market-context.js';
import { findMarket, findMarketOfCountry } from '../modules/markets/markets.repo.js';
import {
  findProductTranslations, localizeRecords, productsOfLoneSkus, resolveLocale,
} from '../modules/translations/translate.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads translatable records: it answers them in the request's locale (`locale`, Accept-Language). */
    translated?: boolean;
  }
}

interface LocaleQuery {
  locale?: string;
  market?: string;
  country?: string;
}

/** The active market the query names by `market` or `country`, if any; what else the names mean is the market reads' business. */
async function namedMarket(db: Executor, query: LocaleQuery): Promise<Market | null> {
  const row = typeof query.market === 'string'
    ? await findMarket(db, query.market)
    : typeof query.country === 'string' ? await findMarketOfCountry(db, query.country) : undefined;
  return row && row.is_active === 1 ? marketOf(row) : null;
}

async function requestLocale(request: FastifyRequest, storefront: boolean): Promise<string | null> {
  if (!request.routeOptions.config.translated) return null;
  const query = (request.query ?? {}) as LocaleQuery;
  return resolveLocale(request.ctx.db, {
    locale: query.locale,
    // Staff edit the records' own text: a dashboard's browser language must not replace it.
    acceptLanguage: storefront ? request.headers['accept-language'] : undefined,
    market: await namedMarket(request.ctx.db, query),
  });
}

/**
 * Translations (DESIGN.md §10), once for every route: reads of translatable records answer them in the
 * request's locale, and `translations` are staff's alone (a storefront never sees them, whichever
 * record or route answers: a cart's products, a checkout's shipping rates).
 */
export function registerLocaleAnswers(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.ctx || reply.statusCode >= 300) return payload;
    const storefront = isStorefront(request.ctx);
    const locale = await requestLocale(request, storefront);
    if (locale === null && !storefront) return payload;
    const productTranslations = locale === null ? undefined : await findProductTranslations(request.ctx.db, productsOfLoneSkus(payload));
    return localizeRecords(payload, { locale, keepTranslations: !storefront, productTranslations });
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStorefront } from '../lib/context.js';
import { requestMarket } from '../modules/markets/market-views.js';
import { localizeRecords, productTranslationsFor, resolveLocale } from '../modules/translations/translate.js';

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

/** Whether the request may ask for a locale: a route of translatable records, and a locale, a market or (for storefronts) a language named. */
function mayAskForLocale(request: FastifyRequest, storefront: boolean): boolean {
  if (!request.routeOptions.config.translated) return false;
  const query = (request.query ?? {}) as LocaleQuery;
  return query.locale !== undefined || query.market !== undefined || query.country !== undefined
    || (storefront && request.headers['accept-language'] !== undefined);
}

async function answerInLocale(request: FastifyRequest, payload: unknown, storefront: boolean): Promise<unknown> {
  const query = (request.query ?? {}) as LocaleQuery;
  const locale = await resolveLocale(request.ctx.db, {
    locale: query.locale,
    // Staff edit the records' own text: a dashboard's browser language must not replace it.
    acceptLanguage: storefront ? request.headers['accept-language'] : undefined,
    // The route has answered: a market it names is one it found.
    market: await requestMarket(request.ctx.db, query),
  });
  const productTranslations = locale === null ? undefined : await productTranslationsFor(request.ctx.db, payload);
  return localizeRecords(payload, { locale, keepTranslations: !storefront, productTranslations });
}

/**
 * Translations (DESIGN.md §10), once for every route: reads of translatable records answer them in the
 * request's locale, and `translations` are staff's alone (a storefront never sees them, whichever
 * record or route answers: a cart's products, a checkout's shipping rates).
 */
export function registerLocaleAnswers(app: FastifyInstance): void {
  // Whether kept documents may answer a storefront's read (Ctx.ownText): a locale, market or country
  // named takes the views built; a language asked for, only when the store answers in it.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.ctx || !request.routeOptions.config.translated || !isStorefront(request.ctx)) return done();
    const query = (request.query ?? {}) as LocaleQuery;
    const acceptLanguage = request.headers['accept-language'];
    const named = query.locale !== undefined || query.market !== undefined || query.country !== undefined;
    if (named || acceptLanguage === undefined) {
      request.ctx.ownText = !named;
      return done();
    }
    resolveLocale(request.ctx.db, { acceptLanguage }).then((locale) => {
      request.ctx.ownText = locale === null;
      done();
    }, (error: Error) => done(error));
  });
  // Callback style: only a request that may ask for a locale waits for the database.
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (!request.ctx || reply.statusCode >= 300) return done(null, payload);
    const storefront = isStorefront(request.ctx);
    if (mayAskForLocale(request, storefront)) {
      answerInLocale(request, payload, storefront).then((answer) => done(null, answer), (error: Error) => done(error));
      return;
    }
    done(null, storefront ? localizeRecords(payload, { locale: null, keepTranslations: false }) : payload);
  });
}

import { Type } from 'typebox';
import { ListEnvelope, ok, PageQuery } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { countryList, listStates } from './countries.service.js';

const Country = Type.Object({ code: Type.String({ description: 'ISO 3166-1 alpha-2' }), name: Type.String() }, { title: 'Country' });
const State = Type.Object({ code: Type.String({ description: 'ISO 3166-2 code after the country: NY for US-NY' }), name: Type.String() }, { title: 'State' });
const Countries = Type.Object({
  data: Type.Object({
    billing_countries: Type.Array(Country, { description: 'every ISO 3166-1 country' }),
    shipping_countries: Type.Array(Country, { description: 'the countries some shipping zone covers' }),
  }),
});
const StateList = ListEnvelope(State);
const StatesQuery = Type.Object({
  ...PageQuery,
  // The largest country has 224 subdivisions: one default page holds any of them.
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 250, default: 250 })),
});
const CountryParams = Type.Object({ code: Type.String({ maxLength: 8 }) });

const tags = ['Reference data'];
const storefront = { access: 'storefront' as const };

export async function countriesRoutes(app: App): Promise<void> {
  app.get('/v1/countries', {
    config: { ...storefront, action: 'country.read' },
    schema: { tags, summary: 'Countries to bill to and to ship to, named in the store language', response: ok(Countries) },
  }, async (request) => ({ data: await countryList(request.ctx) }));

  app.get('/v1/countries/:code/states', {
    config: { ...storefront, action: 'country.read' },
    schema: {
      tags,
      summary: "A country's ISO 3166-2 subdivisions (empty: send the state name instead)",
      params: CountryParams,
      querystring: StatesQuery,
      response: ok(StateList),
    },
  }, async (request) => listStates(request.ctx, request.params.code, pageRequest(request.query), request.url));
}

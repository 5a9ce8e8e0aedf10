'use client';

import { useState, useTransition } from 'react';
import { statesFor } from '@/app/checkout/actions';
import type { Words } from '@/lib/words';

type Option = { code: string; name: string };

export interface AddressValues {
  first_name?: string | null;
  last_name?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  postcode?: string | null;
  country_code?: string | null;
  state_code?: string | null;
  state?: string | null;
  phone?: string | null;
}

/**
 * An address's fields under `prefix`. The state is a list for a country that has states, else text;
 * a new country fetches its states. Without JavaScript the list is the one of the country the page
 * was made for.
 */
export function AddressFields({ prefix, countries, initialStates, values, words, optional = false }: { prefix: string; countries: Option[]; initialStates: Option[]; values: AddressValues; words: Words['address']; optional?: boolean }) {
  const [country, setCountry] = useState(values.country_code ?? countries[0]?.code ?? '');
  const [states, setStates] = useState(initialStates);
  const [, startTransition] = useTransition();
  const id = (name: string) => `${prefix}-${name}`;
  // Optional as a whole when a saved address may be chosen instead: the API then says what is missing.
  const field = (name: keyof AddressValues, label: string, autoComplete: string, required = !optional) => (
    <div className="field">
      <label htmlFor={id(name)}>{label}{required ? '' : words.optional}</label>
      <input id={id(name)} name={`${prefix}_${name}`} defaultValue={values[name] ?? ''} autoComplete={`${prefix} ${autoComplete}`} required={required} />
    </div>
  );
  return (
    <>
      <div className="field-row">
        {field('first_name', words.firstName, 'given-name')}
        {field('last_name', words.lastName, 'family-name')}
      </div>
      {field('address1', words.address1, 'address-line1')}
      {field('address2', words.address2, 'address-line2', false)}
      <div className="field-row">
        {field('city', words.city, 'address-level2')}
        {field('postcode', words.postcode, 'postal-code')}
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={id('country_code')}>{words.country}</label>
          <select
            id={id('country_code')}
            name={`${prefix}_country_code`}
            value={country}
            autoComplete={`${prefix} country`}
            onChange={(event) => {
              const code = event.target.value;
              setCountry(code);
              startTransition(async () => setStates(await statesFor(code)));
            }}
          >
            {countries.map((option) => <option key={option.code} value={option.code}>{option.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={id('state')}>{words.state}{states.length === 0 ? words.optional : ''}</label>
          {states.length > 0 ? (
            <select key={country} id={id('state')} name={`${prefix}_state_code`} defaultValue={values.state_code ?? ''} autoComplete={`${prefix} address-level1`} required={!optional}>
              <option value="" disabled>{words.choose}</option>
              {states.map((option) => <option key={option.code} value={option.code}>{option.name}</option>)}
            </select>
          ) : (
            <input id={id('state')} name={`${prefix}_state`} defaultValue={values.state ?? ''} autoComplete={`${prefix} address-level1`} />
          )}
        </div>
      </div>
      {field('phone', words.phone, 'tel')}
    </>
  );
}

/**
 * What staff fill in for each driver the API offers (docs/api.md, Payment gateways: Drivers). The
 * server checks every setting; this only says how to ask for it. A secret is never shown: the API
 * answers `********` once it is set, and the form offers to replace it.
 */
export interface SettingField {
  name: string;
  label: string;
  description?: string;
  kind: 'text' | 'choice' | 'choices' | 'secret';
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** What a new gateway starts with. */
  initial?: string | string[];
}

export interface DriverForm {
  value: string;
  label: string;
  description: string;
  settings: readonly SettingField[];
}

export const drivers: readonly DriverForm[] = [
  {
    value: 'manual',
    label: 'Manual',
    description: 'Money paid outside the store (bank transfer, cash on delivery): the order waits until staff capture it when the money arrives.',
    settings: [
      {
        name: 'methods',
        label: 'Ways to pay',
        kind: 'choices',
        options: [
          { value: 'transfer', label: 'Bank transfer' },
          { value: 'cash', label: 'Cash' },
        ],
        initial: ['transfer', 'cash'],
      },
      { name: 'instructions', label: 'Instructions for the buyer', description: 'Such as the account to pay into', kind: 'text' },
    ],
  },
  {
    value: 'test',
    label: 'Test card',
    description: 'Never moves money: card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. For trying the checkout.',
    settings: [
      {
        name: 'capture',
        label: 'Capture',
        kind: 'choice',
        options: [
          { value: 'automatic', label: 'At once (a charge)' },
          { value: 'manual', label: 'Later, by staff (an authorization)' },
        ],
        initial: 'automatic',
      },
      { name: 'secret_key', label: 'Secret key', kind: 'secret' },
    ],
  },
];

export function driverForm(driver: string): DriverForm | undefined {
  return drivers.find((form) => form.value === driver);
}

/** How the API shows a secret setting that is set. */
export const MASKED = '********';

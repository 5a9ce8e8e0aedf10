/** A locale as the API takes it: a language, optionally with its country (`fr`, `fr-CH`). */
export const LOCALE_PATTERN = '^[a-z]{2}(-[A-Z]{2})?$';

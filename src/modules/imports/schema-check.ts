import { buildRequestValidator, closedSchema } from '../../http/request-validation.js';
import { fieldError, type AjvError } from '../../http/validation-messages.js';
import type { FieldError } from '../../lib/problem.js';

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/**
 * A check of one input against a request body schema by the API's own validator, as a JSON body is
 * checked: unknown members refused, every fault listed, each in the words of a 422. An import checks
 * each row with the schema of the request the row stands for, so a file and the API accept the same values.
 */
export function bodyChecker(schema: object): (input: unknown) => FieldError[] {
  let validate: Validate | undefined;
  return (input) => {
    validate ??= (buildRequestValidator({}, {} as never) as unknown as (part: object) => Validate)({ schema: closedSchema(schema), httpPart: 'body' });
    if (validate(input)) return [];
    return (validate.errors as AjvError[]).map((error) => fieldError(error, 'body'));
  };
}

/** Error codes of the spec's catalogue (001 point 8) plus the few the platform adds (marked). */
export const ERROR_CODES = [
  // authentication
  'EMAIL_EXISTS',
  'INACTIVE',
  'INVALID',
  'INVALID_CREDENTIALS',
  'JWT_DECODE_ERROR',
  'JWT_INVALID_CSRF_TOKEN',
  'JWT_INVALID_TOKEN',
  'JWT_MISSING_TOKEN',
  'JWT_SIGNATURE_EXPIRED',
  'NOT_FOUND',
  'PASSWORD_ENTIRELY_NUMERIC',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_SIMILAR',
  'PERMISSION_DENIED',
  'REQUIRED',
  'UNAUTHENTICATED',
  'USER_NOT_ACTIVE',
  // appointments
  'SLOT_ALREADY_BOOKED',
  'SLOT_NOT_BOOKED',
  'SLOT_NOT_FOUND',
  'MESSAGE_MISSING',
  // content
  'NAME_INVALID',
  'NAME_IS_EMPTY',
  'NAME_IS_TOO_BIG',
  'NESTABLE_ERROR',
  'VALUE_IS_EMPTY',
  'VALUE_IS_NOT_URL',
  'VALUE_IS_TOO_BIG',
  // mail
  'MAIL_ALREADY_SENT_ONCE',
  'ORG_DOES_NOT_EXIST',
  // platform additions
  'UNIQUE', // a value that must be unique is taken (slug, name)
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'THROTTLED',
  'FEATURE_MISSING',
  'VERSION_CONFLICT', // a save based on an older version of what it changes (content page translations)
  'LAST_ADMIN', // deleting the account of an organisation's last admin while others are members (hand over first)
  'ALREADY_CLAIMED', // a chat conversation another operator has (the message names them)
  'OUT_OF_STOCK', // a cart or checkout asks for more than is left (the message names what is still available)
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldError {
  code: ErrorCode;
  field: string | null;
  message: string;
}

/**
 * The one error a service throws for a broken rule. `message` is already in the viewer's language;
 * `errors` carries every field error when there are several (the first is also `code`/`field`).
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly field: string | null;
  readonly errors: FieldError[];

  constructor(code: ErrorCode, message: string, field: string | null = null, errors?: FieldError[]) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.field = field;
    this.errors = errors && errors.length ? errors : [{ code, field, message }];
  }

  static fromFieldErrors(errors: FieldError[]): DomainError {
    const [first] = errors;
    return new DomainError(first.code, first.message, first.field, errors);
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

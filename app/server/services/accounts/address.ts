import type { Knex } from 'knex';
import { isValidPhoneNumber, parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js';
import { Address as AddressModel } from '#db/models/index';
import { isUuid } from '~/lib/ids';
import type { ServiceContext } from '../../context.server';
import { isOfferedCountry, listCountryCodes } from '../i18n/languages';
import { DomainError, type FieldError } from '../errors';
import { requireViewer } from '../authz';
import { throwIfAny } from './common';
import { mayChangeAddress, mayReadAccount } from './policy';

export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'streetAddress1',
  'streetAddress2',
  'houseNo',
  'city',
  'postalCode',
  'countryArea',
  'phone',
  'country',
] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

export type AddressInput = Partial<Record<AddressField, string | null>>;

/** The business-card form's mandatory fields when all data is required (spec 001 point 5). */
export const REQUIRED_ADDRESS_FIELDS: AddressField[] = [
  'firstName',
  'lastName',
  'companyName',
  'streetAddress1',
  'houseNo',
  'country',
  'city',
  'postalCode',
  'phone',
];

const COLUMNS: Record<AddressField, { column: string; max: number }> = {
  firstName: { column: 'first_name', max: 150 },
  lastName: { column: 'last_name', max: 150 },
  companyName: { column: 'company_name', max: 255 },
  streetAddress1: { column: 'street_address_1', max: 255 },
  streetAddress2: { column: 'street_address_2', max: 255 },
  houseNo: { column: 'house_no', max: 20 },
  city: { column: 'city', max: 255 },
  postalCode: { column: 'postal_code', max: 20 },
  countryArea: { column: 'country_area', max: 255 },
  phone: { column: 'phone', max: 40 },
  country: { column: 'country', max: 2 },
};

export const DEFAULT_COUNTRY = 'DE';

export interface Address extends Record<Exclude<AddressField, 'country'>, string> {
  id: string;
  country: { code: string; name: string };
}

type AddressRow = Record<string, string>;

/** The business card as forms and the API show it: camelCase fields, the country with its name. */
function toAddress(ctx: ServiceContext, model: AddressModel): Address {
  const row = model as unknown as AddressRow;
  const address = { id: model.id } as Address;
  for (const field of ADDRESS_FIELDS) {
    if (field !== 'country') address[field] = row[COLUMNS[field].column] ?? '';
  }
  const code = row.country;
  address.country = { code, name: listCountryCodes(ctx).find((c) => c.code === code)?.name ?? code };
  return address;
}

/** The user's business card, for that user only (anyone else: null). */
export async function addressOfUser(ctx: ServiceContext, userId: string): Promise<Address | null> {
  if (!mayReadAccount(ctx.viewer, userId)) return null;
  const row = await AddressModel.query(ctx.db).findOne({ user_id: userId });
  return row ? toAddress(ctx, row) : null;
}

/**
 * The user's business card and, in the same statement, values other domains read with it for the same request, each
 * a query of one value (the convention layout's cart count, issue 31; the viewer's audience, issue 26), so a
 * logged-in visitor's page keeps within its statements (visitor-statements.test.ts). Values the viewer may not read
 * of the user are not read at all (null).
 */
export async function addressOfUserWith<K extends string>(
  ctx: ServiceContext,
  userId: string,
  values: Record<K, Knex.QueryBuilder>,
): Promise<{ address: Address | null; values: Record<K, unknown> | null }> {
  if (!mayReadAccount(ctx.viewer, userId)) return { address: null, values: null };
  const names = Object.keys(values) as K[];
  const { rows } = await ctx.db.raw<{ rows: Record<string, unknown>[] }>(
    `select a.*${names.map((_, i) => `, (?) as _v${i}`).join('')} from (select 1) as one left join addresses a on a.user_id = ?`,
    [...names.map((name) => values[name]), userId],
  );
  const row = rows[0] ?? {};
  return {
    address: row.id ? toAddress(ctx, row as unknown as AddressModel) : null,
    values: Object.fromEntries(names.map((name, i) => [name, row[`_v${i}`] ?? null])) as Record<K, unknown>,
  };
}

/** The user's business card and a count of one number read in the same statement (0 without it). */
export async function addressOfUserWithCount(
  ctx: ServiceContext,
  userId: string,
  count: Knex.QueryBuilder | null,
): Promise<{ address: Address | null; count: number }> {
  if (!count) return { address: (await addressOfUserWith(ctx, userId, {})).address, count: 0 };
  const { address, values } = await addressOfUserWith(ctx, userId, { count });
  return { address, count: Number(values?.count ?? 0) };
}

/** Validates the complete address (stored values merged with the input) and returns the columns to write. */
function validate(
  ctx: ServiceContext,
  values: Record<AddressField, string>,
  allDataRequired: boolean,
): Record<string, string> {
  const errors: FieldError[] = [];
  const columns: Record<string, string> = {};
  values.country ||= DEFAULT_COUNTRY;
  for (const field of ADDRESS_FIELDS) {
    const value = values[field];
    if (allDataRequired && REQUIRED_ADDRESS_FIELDS.includes(field) && !value) {
      errors.push({ code: 'REQUIRED', field, message: ctx.t('validation:required') });
    } else if (value.length > COLUMNS[field].max && field !== 'country') {
      errors.push({ code: 'INVALID', field, message: ctx.t('validation:maxLength', { max: COLUMNS[field].max }) });
    }
    columns[COLUMNS[field].column] = value;
  }
  const country = values.country;
  if (!isOfferedCountry(country)) {
    errors.push({ code: 'INVALID', field: 'country', message: ctx.t('validation:invalidOption') });
  }
  columns.country = country;
  if (values.phone) {
    const region = isOfferedCountry(country) ? (country as CountryCode) : undefined;
    if (!isValidPhoneNumber(values.phone, region)) {
      errors.push({ code: 'INVALID', field: 'phone', message: ctx.t('validation:phone') });
    } else {
      columns.phone = parsePhoneNumberWithError(values.phone, region).number;
    }
  }
  throwIfAny(errors);
  return columns;
}

function merged(input: AddressInput, model: AddressModel | undefined): Record<AddressField, string> {
  const existing = model as unknown as AddressRow | undefined;
  const values = {} as Record<AddressField, string>;
  for (const field of ADDRESS_FIELDS) {
    const given = input[field];
    const value = given === undefined || given === null ? (existing?.[COLUMNS[field].column] ?? '') : given;
    values[field] = field === 'country' ? value.trim().toUpperCase() : value.trim();
  }
  return values;
}

export interface AddressOptions {
  /** the business-card form requires all data: the mandatory fields must be filled */
  allDataRequired?: boolean;
}

/**
 * Creates the viewer's business-card address. A user has one address: when it exists already, it is updated
 * with the input (so a form sent twice does not fail).
 */
export async function addressCreate(ctx: ServiceContext, input: AddressInput, options: AddressOptions = {}): Promise<Address> {
  const viewer = requireViewer(ctx);
  const existing = await AddressModel.query(ctx.db).findOne({ user_id: viewer.userId });
  const columns = validate(ctx, merged(input, existing), options.allDataRequired ?? false);
  const row = await AddressModel.query(ctx.db)
    .insert({ user_id: viewer.userId, ...columns })
    .onConflict('user_id')
    .merge({ ...columns, updated_at: new Date() })
    .returning('*');
  return toAddress(ctx, row);
}

/** Updates an address; only its owner may (PERMISSION_DENIED otherwise). Fields left out keep their value. */
export async function addressUpdate(
  ctx: ServiceContext,
  id: string,
  input: AddressInput,
  options: AddressOptions = {},
): Promise<Address> {
  const viewer = requireViewer(ctx);
  const existing = isUuid(id) ? await AddressModel.query(ctx.db).findById(id) : undefined;
  if (!existing) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
  if (!mayChangeAddress(viewer, existing)) throw new DomainError('PERMISSION_DENIED', ctx.t('errors:permissionDenied'));
  const columns = validate(ctx, merged(input, existing), options.allDataRequired ?? false);
  return toAddress(ctx, await AddressModel.query(ctx.db).patchAndFetchById(id, columns));
}

import { Organization, Personalization, UploadedFile } from '#db/models/index';
import { isUuid } from '~/lib/ids';
import {
  isHexColor,
  LOGO_POSITIONS,
  LOGO_WIDTH_DEFAULT,
  LOGO_WIDTH_MAX,
  LOGO_WIDTH_MIN,
  TEXT_MAX,
  TITLE_MAX,
  type LogoPositionName,
} from '~/lib/schemas/personalization';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError, type FieldError } from '../errors';
import { freeSlug } from '../slugs';
import { mayManagePersonalizations, requirePersonalizationEditor } from './policy';

export interface PersonalizationInput {
  title?: string | null;
  logoId?: string | null;
  faviconId?: string | null;
  logoPosition?: LogoPositionName | null;
  logoWidth?: number | null;
  primaryColor?: string | null;
  secondaryColor?: string | null;
  imprint?: string | null;
  dataPrivacy?: string | null;
}

type Columns = Pick<
  Personalization,
  'title' | 'logo_id' | 'favicon_id' | 'logo_position' | 'logo_width' | 'primary_color' | 'secondary_color' | 'imprint' | 'data_privacy'
>;

/** The whole personalization checked (the stored values where the input leaves a field out); every problem at its field. */
async function checked(ctx: ServiceContext, organizationId: string, input: PersonalizationInput, current?: Personalization): Promise<Columns> {
  const errors: FieldError[] = [];
  const fail = (code: FieldError['code'], field: string, key: string, values: Record<string, unknown> = {}) =>
    errors.push({ code, field, message: ctx.t(`content:personalization.errors.${key}`, values) });
  const pick = <T>(value: T | null | undefined, stored: T) => (value === undefined || value === null ? stored : value);
  const columns: Columns = {
    title: pick(input.title, current?.title ?? '').trim(),
    logo_id: input.logoId !== undefined ? input.logoId : (current?.logo_id ?? null),
    favicon_id: input.faviconId !== undefined ? input.faviconId : (current?.favicon_id ?? null),
    logo_position: pick(input.logoPosition, current?.logo_position ?? 'LEFT'),
    logo_width: pick(input.logoWidth, current?.logo_width ?? LOGO_WIDTH_DEFAULT),
    primary_color: pick(input.primaryColor, current?.primary_color ?? '#283853').trim().toLowerCase(),
    secondary_color: pick(input.secondaryColor, current?.secondary_color ?? '#e45364').trim().toLowerCase(),
    imprint: pick(input.imprint, current?.imprint ?? ''),
    data_privacy: pick(input.dataPrivacy, current?.data_privacy ?? ''),
  };
  if (!columns.title) fail('REQUIRED', 'title', 'titleRequired');
  else if (columns.title.length > TITLE_MAX) fail('INVALID', 'title', 'titleTooLong', { max: TITLE_MAX });
  if (!LOGO_POSITIONS.includes(columns.logo_position)) fail('INVALID', 'logoPosition', 'logoPosition');
  if (!Number.isInteger(columns.logo_width) || columns.logo_width < LOGO_WIDTH_MIN || columns.logo_width > LOGO_WIDTH_MAX) {
    fail('INVALID', 'logoWidth', 'logoWidth', { min: LOGO_WIDTH_MIN, max: LOGO_WIDTH_MAX });
  }
  if (!isHexColor(columns.primary_color)) fail('INVALID', 'primaryColor', 'color');
  if (!isHexColor(columns.secondary_color)) fail('INVALID', 'secondaryColor', 'color');
  if (columns.imprint.length > TEXT_MAX) fail('INVALID', 'imprint', 'textTooLong', { max: TEXT_MAX });
  if (columns.data_privacy.length > TEXT_MAX) fail('INVALID', 'dataPrivacy', 'textTooLong', { max: TEXT_MAX });
  for (const [field, id] of [
    ['logoId', columns.logo_id],
    ['faviconId', columns.favicon_id],
  ] as const) {
    if (!id) {
      if (field === 'logoId') fail('REQUIRED', field, 'logoRequired');
      continue;
    }
    const file = isUuid(id) ? await UploadedFile.query(ctx.db).findOne({ id, organization_id: organizationId }) : undefined;
    if (!file || !file.mime_type.startsWith('image/')) fail('INVALID', field, 'fileInvalid');
  }
  if (errors.length) throw DomainError.fromFieldErrors(errors);
  return columns;
}

export async function listPersonalizations(ctx: ServiceContext): Promise<Personalization[]> {
  const { organizationId } = requirePersonalizationEditor(ctx);
  return Personalization.query(ctx.db).where({ organization_id: organizationId }).orderByRaw('lower(title), created_at');
}

/** The id of the current organisation's default personalization, null without one. */
export async function defaultPersonalizationId(ctx: ServiceContext): Promise<string | null> {
  const { organizationId } = requirePersonalizationEditor(ctx);
  const org = await Organization.query(ctx.db).findById(organizationId).select('default_personalization_id');
  return org?.default_personalization_id ?? null;
}

export interface PersonalizationChoices {
  options: { id: string; title: string }[];
  /** the organisation's default, which a page or form without a choice of its own uses (read when shown) */
  defaultId: string | null;
}

/**
 * What a personalization picker offers (a content page's settings, issue 24 item 5): the current organisation's
 * personalizations and its default. Null for a viewer who may not use personalizations (no picker then).
 */
export async function personalizationChoices(ctx: ServiceContext): Promise<PersonalizationChoices | null> {
  const organizationId = ctx.viewer?.organization?.id;
  if (!organizationId || !mayManagePersonalizations(ctx.viewer, organizationId)) return null;
  const [rows, defaultId] = await Promise.all([listPersonalizations(ctx), defaultPersonalizationId(ctx)]);
  return { options: rows.map((row) => ({ id: row.id, title: row.title })), defaultId };
}

/** One of the current organisation's personalizations; NOT_FOUND for anything else. */
export async function ownPersonalization(ctx: ServiceContext, by: { id?: string; slug?: string }): Promise<Personalization> {
  const { organizationId } = requirePersonalizationEditor(ctx);
  if (by.id) assertId(ctx, by.id);
  const found = await Personalization.query(ctx.db).findOne(by.id ? { id: by.id, organization_id: organizationId } : { slug: by.slug ?? '', organization_id: organizationId });
  if (!found) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), by.id ? 'id' : 'slug');
  return found;
}

/** The default personalization of an organisation by its slug: public (visitor pages use its look); null without one. */
export async function defaultPersonalizationOf(ctx: ServiceContext, organizationSlug: string): Promise<Personalization | null> {
  const org = await Organization.query(ctx.db).findOne({ slug: organizationSlug });
  if (!org?.default_personalization_id) return null;
  return (await Personalization.query(ctx.db).findById(org.default_personalization_id)) ?? null;
}

export async function createPersonalization(ctx: ServiceContext, input: PersonalizationInput): Promise<Personalization> {
  const { organizationId } = requirePersonalizationEditor(ctx);
  const columns = await checked(ctx, organizationId, input);
  return inTransaction(ctx, async (tx) => {
    const created = await Personalization.query(tx.db)
      .insert({ ...columns, organization_id: organizationId, slug: await freeSlug(tx, 'personalizations', columns.title, 'personalization') })
      .returning('*');
    // the first one becomes the organisation's default
    await Organization.query(tx.db).findById(organizationId).whereNull('default_personalization_id').patch({ default_personalization_id: created.id });
    return created;
  });
}

export async function updatePersonalization(ctx: ServiceContext, id: string, input: PersonalizationInput): Promise<Personalization> {
  const current = await ownPersonalization(ctx, { id });
  const columns = await checked(ctx, current.organization_id, input, current);
  return Personalization.query(ctx.db).patchAndFetchById(current.id, columns);
}

/** Deletes it; stands using it fall back to none, the organisation to no default. */
export async function deletePersonalization(ctx: ServiceContext, id: string): Promise<string> {
  const current = await ownPersonalization(ctx, { id });
  await Personalization.query(ctx.db).deleteById(current.id);
  return current.id;
}

export async function setDefaultPersonalization(ctx: ServiceContext, id: string): Promise<Personalization> {
  const current = await ownPersonalization(ctx, { id });
  await Organization.query(ctx.db).findById(current.organization_id).patch({ default_personalization_id: current.id });
  return current;
}

/** The personalization a stand of `organizationId` may use: one of that organisation's own, else NOT_FOUND at the field. */
export async function assertOwnPersonalization(ctx: ServiceContext, organizationId: string, personalizationId: string): Promise<void> {
  const found = isUuid(personalizationId)
    ? await Personalization.query(ctx.db).findOne({ id: personalizationId, organization_id: organizationId })
    : undefined;
  if (!found) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'personalizationId');
}

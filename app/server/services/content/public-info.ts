import { Organization } from '#db/models/index';
import { MAX_UPLOAD_BYTES } from '~/lib/file-limits';
import { FALLBACK_LANGUAGE, LANGUAGES } from '~/lib/language';
import { COLUMN_SIZES, MAX_DEPTH } from '~/lib/schemas/content';
import type { ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { viewGroup } from './groups';

/**
 * What content pages show besides the group (spec 001 point 7: ContentContactInformation, settings by key list).
 */

/** The contact card of a group's organisation: only what the organisation publishes anyway (imprint, support). */
export interface ContentContactInfo {
  organizationName: string;
  email: string | null;
  phone: string;
  supportUrl: string;
  homepageUrl: string;
  dataPrivacyUrl: string;
  address: { streetAddress: string; houseNo: string; postalCode: string; city: string; country: string };
}

/** The contact information for a group the viewer may see (by id or slug, the group's access type applies). */
export async function contentContactInformation(ctx: ServiceContext, by: { id?: string | null; slug?: string | null }): Promise<ContentContactInfo> {
  const group = await viewGroup(ctx, by);
  const org = await Organization.query(ctx.db).findById(group.organization_id);
  if (!org) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
  return {
    organizationName: org.name,
    email: org.email,
    phone: org.phone,
    supportUrl: org.support_url,
    homepageUrl: org.homepage_url,
    dataPrivacyUrl: org.data_privacy_url,
    address: { streetAddress: org.street_address, houseNo: org.house_no, postalCode: org.postal_code, city: org.city, country: org.country },
  };
}

/**
 * The public settings a client may ask for by key: an allow-list of values that are the same for everyone and
 * no secret (nothing from the environment but what every page shows anyway). Unknown keys are left out.
 */
const PUBLIC_SETTINGS: Record<string, (ctx: ServiceContext) => string> = {
  PRODUCT_NAME: (ctx) => ctx.t('common:appName'),
  DEFAULT_LANGUAGE: () => FALLBACK_LANGUAGE,
  LANGUAGES: () => LANGUAGES.join(','),
  MAX_UPLOAD_BYTES: () => String(MAX_UPLOAD_BYTES),
  MAX_UPLOAD_MB: () => String(Math.round(MAX_UPLOAD_BYTES / (1024 * 1024))),
  CONTENT_MAX_DEPTH: () => String(MAX_DEPTH),
  CONTENT_COLUMN_SIZES: () => COLUMN_SIZES.join(','),
};
const MAX_KEYS = 50;

export function publicSettings(ctx: ServiceContext, keys: string[]): { key: string; value: string }[] {
  if (keys.length > MAX_KEYS) throw new DomainError('INVALID', ctx.t('validation:maxItems', { max: MAX_KEYS }), 'keys');
  const wanted = [...new Set(keys.map((k) => k.trim().toUpperCase()))];
  return wanted.filter((key) => Object.hasOwn(PUBLIC_SETTINGS, key)).map((key) => ({ key, value: PUBLIC_SETTINGS[key]!(ctx) }));
}

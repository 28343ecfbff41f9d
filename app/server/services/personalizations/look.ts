import { Organization, Personalization, UploadedFile, type LogoPosition } from '#db/models/index';
import { isUuid } from '~/lib/ids';
import { heightAtWidth } from '~/lib/images';
import { brandTheme, type BrandTheme } from '~/lib/personalization-theme';
import type { ServiceContext } from '../../context.server';
import { fileUrl, publishFile } from '../files/files.server';

/**
 * What a visitor page shows of a personalization (issue 24 items 4 and 5, spec 000 points 2 and 3): its logo at its
 * width and position, its favicon, its colours as a contrast-checked theme, and its imprint and data-privacy texts.
 * Public: the page that uses it has decided the visitor may see it.
 */
export interface PersonalizationLook {
  id: string;
  title: string;
  /** height: at the logo's width by the picture's proportions (null when unknown, an SVG), so its place is kept before it loads */
  logo: { url: string; alt: string; width: number; height: number | null; position: LogoPosition } | null;
  favicon: string | null;
  theme: BrandTheme;
  /** the personalization's own texts, trimmed ('' when it has none: the organisation's apply) */
  imprint: string;
  dataPrivacy: string;
}

/**
 * The personalization in effect for something of `organizationId` that names `chosenId` (a content page, a lead
 * form): that one when it is the organisation's, else (none chosen, or it is gone) the organisation's default, read
 * now, so a new default reaches everything that uses the default. Null when there is neither.
 */
export async function personalizationInEffect(ctx: ServiceContext, organizationId: string, chosenId: string | null | undefined): Promise<Personalization | null> {
  if (chosenId && isUuid(chosenId)) {
    const chosen = await Personalization.query(ctx.db).findOne({ id: chosenId, organization_id: organizationId });
    if (chosen) return chosen;
  }
  const organization = await Organization.query(ctx.db).findById(organizationId).select('default_personalization_id');
  if (!organization?.default_personalization_id) return null;
  return (await Personalization.query(ctx.db).findOne({ id: organization.default_personalization_id, organization_id: organizationId })) ?? null;
}

/**
 * The look of a personalization on a visitor page. Its logo and favicon head public pages, so they become servable
 * to every visitor (a file of the personalization's organisation only; an already public file is left alone).
 */
export async function lookOf(ctx: ServiceContext, personalization: Personalization): Promise<PersonalizationLook> {
  const ids = [personalization.logo_id, personalization.favicon_id].filter((id): id is string => Boolean(id));
  const files = ids.length ? await UploadedFile.query(ctx.db).whereIn('id', ids).select('id', 'is_public', 'mime_type', 'width', 'height') : [];
  for (const file of files) {
    if (!file.is_public) await publishFile(ctx, file.id, personalization.organization_id);
  }
  const image = (id: string | null) => (id && files.some((file) => file.id === id && file.mime_type.startsWith('image/')) ? fileUrl({ id }) : null);
  const logo = image(personalization.logo_id);
  const logoFile = files.find((file) => file.id === personalization.logo_id);
  const logoHeight = logoFile ? heightAtWidth(personalization.logo_width, logoFile) : null;
  return {
    id: personalization.id,
    title: personalization.title,
    logo: logo ? { url: logo, alt: personalization.title, width: personalization.logo_width, height: logoHeight, position: personalization.logo_position } : null,
    favicon: image(personalization.favicon_id),
    theme: brandTheme(personalization.primary_color, personalization.secondary_color),
    imprint: personalization.imprint.trim(),
    dataPrivacy: personalization.data_privacy.trim(),
  };
}

/** The look a visitor page of `organizationId` has when it names `chosenId` (see personalizationInEffect); null without one. */
export async function visitorLook(ctx: ServiceContext, organizationId: string, chosenId: string | null | undefined): Promise<PersonalizationLook | null> {
  const personalization = await personalizationInEffect(ctx, organizationId, chosenId);
  return personalization ? lookOf(ctx, personalization) : null;
}

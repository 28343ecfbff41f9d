import QRCode from 'qrcode';
import { ContentPage } from '#db/models/index';
import { inTransaction, type ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { editablePage } from './pages';
import { layoutFileIds } from './blocks';
import { pageUse } from './file-uses';
import { recordFileUses } from '../access/files';
import { newPublishToken } from './policy';
import type { PageLayout } from '~/lib/content-pages/layout';

/**
 * Publication (spec 000 point 4): a page is private when created, then published or unpublished. Publishing issues
 * a new token, which the page's link and QR code carry; unpublishing drops it, so every QR code and link sent
 * before stops working, and publishing again issues new ones. Publishing makes the page's pictures and files
 * visible to visitors (thumbnail, its personalization's logo and favicon, every file its blocks name).
 */

/** The site's own origin: PUBLIC_URL, else the local server. */
function origin(ctx: ServiceContext): string {
  return (ctx.app.env.PUBLIC_URL ?? `http://localhost:${ctx.app.env.PORT}`).replace(/\/$/, '');
}

/** The link a QR code carries: `/content/{slug}?token=...`; null while the page is not published. */
export function tokenLink(ctx: ServiceContext, page: Pick<ContentPage, 'slug' | 'state' | 'publish_token'>): string | null {
  if (page.state !== 'PUBLISHED' || !page.publish_token) return null;
  return `${origin(ctx)}/content/${encodeURIComponent(page.slug)}?token=${encodeURIComponent(page.publish_token)}`;
}

export async function publishPage(ctx: ServiceContext, id: string): Promise<ContentPage> {
  const page = await editablePage(ctx, { id });
  if (page.state === 'PUBLISHED') return page;
  return inTransaction(ctx, async (tx) => {
    const updated = await ContentPage.query(tx.db).patchAndFetchById(page.id, {
      state: 'PUBLISHED',
      publish_token: newPublishToken(),
      published_at: new Date(),
    });
    const layouts = (await tx.db('content_page_translations').where({ page_id: page.id }).pluck('layout')) as PageLayout[];
    // the personalization's logo and favicon head the public page
    const look = page.personalization_id ? await tx.db('personalizations').where({ id: page.personalization_id }).first('logo_id', 'favicon_id') : null;
    const branding = [look?.logo_id, look?.favicon_id].filter((id): id is string => Boolean(id));
    if (branding.length) await tx.db('files').whereIn('id', branding).where({ organization_id: page.organization_id, is_public: false }).update({ is_public: true });
    // the page's own files are served while it is published (services/access/files.ts)
    await recordFileUses(tx, pageUse(page), [page.thumbnail_id, ...layouts.flatMap(layoutFileIds)]);
    return updated;
  });
}

export async function unpublishPage(ctx: ServiceContext, id: string): Promise<ContentPage> {
  const page = await editablePage(ctx, { id });
  if (page.state !== 'PUBLISHED') return page;
  return ContentPage.query(ctx.db).patchAndFetchById(page.id, { state: 'UNPUBLISHED', publish_token: null });
}

export type QrFormat = 'svg' | 'png';

/**
 * The QR code of a published page's token link, for its editors: SVG text or PNG bytes. A page that is not
 * published has none (INVALID with the reason).
 */
export async function pageQrCode(ctx: ServiceContext, id: string, format: QrFormat): Promise<{ page: ContentPage; link: string; body: string | Buffer }> {
  const page = await editablePage(ctx, { id });
  const link = tokenLink(ctx, page);
  if (!link) throw new DomainError('INVALID', ctx.t('pages:errors.notPublished'), 'id');
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  const body = format === 'svg' ? await QRCode.toString(link, { ...options, type: 'svg' }) : await QRCode.toBuffer(link, { ...options, type: 'png', width: 1024 });
  return { page, link, body };
}

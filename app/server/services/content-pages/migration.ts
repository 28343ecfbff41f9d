import crypto from 'node:crypto';
import { ContentGroup, ContentObject, ContentPage, ContentPageTranslation, Publicsite, type Language } from '#db/models/index';
import { blockSchema, type BlockContent } from '~/lib/content-pages/blocks';
import { PAGE_NAME_MAX, type LayoutColumn, type LayoutItem, type LayoutRow, type PageLayout } from '~/lib/content-pages/layout';
import { parseVideoUrl } from '~/lib/events';
import { isHttpUrl } from '~/lib/url';
import { inTransaction, type ServiceContext } from '../../context.server';
import { buildTree, type ContentNode } from '../content/tree';
import { sanitizeRichText } from '../content/sanitize';
import { freeSlug } from '../slugs';
import { requirePageMigrator } from './migration-policy';

/**
 * The migrations of issue 16 (`/publicsite-migration`, `/contentgroup-migration`; GraphQL `publicsiteMigration`,
 * `contentgroupMigration`): each publicsite or content group of the current organisation becomes one private
 * content page with a DE and an EN translation. A page keeps its source (`source_kind`, `source_id`, migration
 * 0020) and a hash of what the migration wrote (`source_hash`), so a second run
 * - creates nothing twice (one page per source, a unique index as the last guard),
 * - updates a page whose source changed since, as long as nobody edited the page,
 * - skips a page that is unchanged, or edited since (the editor's work wins), or a source with nothing to show.
 * `dryRun` answers the plan only; otherwise the plan is carried out in one transaction (all or nothing), under a
 * per-organisation lock so two runs at once cannot both create.
 *
 * Content objects map to the 17 block types: TEXT to TEXT, BOOKMARK to a TEXT link, IFRAME to IFRAME (https) or a
 * link, YOUTUBE to VIDEO (a known video site) or a link, IMAGE to IMAGE, PDF to PDF, DIVIDER to HORIZONTALDIVIDER,
 * SLIDESHOW to CAROUSEL, COLUMN to a row of `size` columns, LOCALIZED to its language's translation only.
 * A publicsite's page opens with a HERO of its name and lists the pages already assigned to it.
 */

export type MigrationKind = 'PUBLICSITE' | 'CONTENTGROUP';
export type MigrationAction = 'CREATE' | 'UPDATE' | 'SKIP';
export type MigrationSkipReason = 'UNCHANGED' | 'EDITED' | 'EMPTY';

export interface MigrationEntry {
  sourceId: string;
  sourceName: string;
  action: MigrationAction;
  reason: MigrationSkipReason | null;
  /** the page made or kept (after a run: its slug; in a preview of a new page: null) */
  pageSlug: string | null;
}

export interface MigrationPlan {
  kind: MigrationKind;
  dryRun: boolean;
  entries: MigrationEntry[];
  created: number;
  updated: number;
  skipped: number;
}

const LANGUAGES: Language[] = ['DE', 'EN'];

interface Built {
  name: string;
  personalizationId: string | null;
  thumbnailId: string | null;
  publicsiteId: string | null;
  layouts: Record<Language, PageLayout>;
  empty: boolean;
}

interface Source {
  id: string;
  name: string;
  build: () => Built;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const compactId = (id: string) => id.replace(/-/g, '');

/** JSON with keys sorted (jsonb does not keep key order), so a layout read back hashes as it was written. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function hashOf(content: { personalizationId: string | null; translations: { language: Language; name: string; layout: unknown }[] }): string {
  const translations = [...content.translations].sort((a, b) => a.language.localeCompare(b.language));
  return crypto.createHash('sha256').update(stableStringify({ personalizationId: content.personalizationId, translations })).digest('hex');
}

function builtHash(built: Built): string {
  return hashOf({
    personalizationId: built.personalizationId,
    translations: LANGUAGES.map((language) => ({ language, name: built.name, layout: built.layouts[language] })),
  });
}

/** A block through the registry's schema (defaults filled in); null when the source's data does not fit. */
function block(content: Record<string, unknown>): BlockContent | null {
  const parsed = blockSchema.safeParse(content);
  if (!parsed.success) return null;
  const result = { ...parsed.data } as BlockContent;
  if ('html' in result && typeof result.html === 'string') result.html = sanitizeRichText(result.html);
  return result;
}

function linkText(url: string, label: string, description?: string | null): BlockContent | null {
  const safe = isHttpUrl(url) ? url : null;
  const title = escapeHtml(label || url);
  const body = safe ? `<p><a href="${escapeHtml(safe)}">${title}</a></p>` : `<p>${title}</p>`;
  return block({ type: 'TEXT', html: description ? `${body}<p>${escapeHtml(description)}</p>` : body });
}

/** One content object as a block (containers excepted); files only when they are the organisation's. */
function objectBlock(row: ContentObject, children: ContentNode[], files: Set<string>): BlockContent | null {
  const file = row.file_id && files.has(row.file_id) ? row.file_id : null;
  const value = (row.value ?? '').trim();
  switch (row.type) {
    case 'TEXT':
      return value ? block({ type: 'TEXT', html: value }) : null;
    case 'BOOKMARK':
      return value ? linkText(value, row.og_title || row.name, row.og_description) : null;
    case 'IFRAME':
      if (!value) return null;
      return /^https:\/\//i.test(value) && isHttpUrl(value) ? block({ type: 'IFRAME', url: value, text: row.name }) : linkText(value, row.name);
    case 'YOUTUBE':
      if (!value) return null;
      return parseVideoUrl(value) ? block({ type: 'VIDEO', url: value, text: row.name }) : linkText(value, row.name);
    case 'IMAGE':
      return block({ type: 'IMAGE', file, text: row.name, url: row.link, openInNewWindow: row.open_link_in_new_window });
    case 'PDF':
      return block({ type: 'PDF', file, text: row.name });
    case 'DIVIDER':
      return block({ type: 'HORIZONTALDIVIDER' });
    case 'SLIDESHOW': {
      const media = children
        .filter((c) => c.row.type === 'IMAGE' && c.row.file_id && files.has(c.row.file_id))
        .map((c) => ({ id: `m${compactId(c.row.id)}`, image: c.row.file_id, videoUrl: null, text: c.row.name }));
      return media.length ? block({ type: 'CAROUSEL', carouselMedia: media }) : null;
    }
    default:
      return null;
  }
}

const column = (id: string, item: LayoutItem | null): LayoutColumn => ({ id, type: 'COL', width: 'N8', item, rows: [] });
const itemOf = (id: string, content: BlockContent): LayoutItem => ({ id: `i${compactId(id)}`, sort: 0, content: content as LayoutItem['content'] });

/** The rows of a list of content nodes in one language (LOCALIZED and language-bound objects only in theirs). */
function rowsOf(nodes: ContentNode[], language: Language, files: Set<string>): LayoutRow[] {
  const rows: LayoutRow[] = [];
  for (const node of nodes) {
    const { row, children } = node;
    if (row.language && row.language !== language) continue;
    if (row.type === 'LOCALIZED') {
      rows.push(...rowsOf(children, language, files));
      continue;
    }
    if (row.type === 'COLUMN') {
      const size = row.size === 3 ? 3 : 2;
      const items = children
        .filter((c) => !c.row.language || c.row.language === language)
        .map((c) => ({ id: c.row.id, content: objectBlock(c.row, c.children, files) }))
        .filter((c): c is { id: string; content: BlockContent } => c.content !== null);
      for (let start = 0; start < items.length; start += size) {
        const chunk = items.slice(start, start + size);
        const columns = Array.from({ length: size }, (_, i) =>
          column(`c${compactId(row.id)}-${start + i}`, chunk[i] ? itemOf(chunk[i].id, chunk[i].content) : null),
        );
        rows.push({ id: `r${compactId(row.id)}-${start}`, type: 'ROW', columns });
      }
      continue;
    }
    const content = objectBlock(row, children, files);
    if (content) rows.push({ id: `r${compactId(row.id)}`, type: 'ROW', columns: [column(`c${compactId(row.id)}`, itemOf(row.id, content))] });
  }
  return rows;
}

const pageName = (name: string) => name.trim().slice(0, PAGE_NAME_MAX) || '-';

async function groupSources(ctx: ServiceContext, organizationId: string): Promise<Source[]> {
  const groups = await ContentGroup.query(ctx.db).where({ organization_id: organizationId }).orderByRaw('lower(name), created_at');
  if (!groups.length) return [];
  const objects = await ContentObject.query(ctx.db).whereIn('group_id', groups.map((g) => g.id));
  const fileIds = [...new Set([...objects.map((o) => o.file_id), ...groups.map((g) => g.preview_id)].filter((id): id is string => !!id))];
  const fileRows = fileIds.length
    ? ((await ctx.db('files').whereIn('id', fileIds).where({ organization_id: organizationId }).select('id', 'width', 'height')) as {
        id: string;
        width: number | null;
        height: number | null;
      }[])
    : [];
  const files = new Set(fileRows.map((f) => f.id));
  const pictures = new Set(fileRows.filter((f) => f.width && f.height).map((f) => f.id));
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    build: () => {
      const tree = buildTree(objects.filter((o) => o.group_id === group.id));
      const layouts = { DE: { rows: rowsOf(tree, 'DE', files) }, EN: { rows: rowsOf(tree, 'EN', files) } };
      return {
        name: pageName(group.name),
        personalizationId: null,
        thumbnailId: group.preview_id && pictures.has(group.preview_id) ? group.preview_id : null,
        publicsiteId: null,
        layouts,
        empty: !layouts.DE.rows.length && !layouts.EN.rows.length,
      };
    },
  }));
}

async function publicsiteSources(ctx: ServiceContext, organizationId: string): Promise<Source[]> {
  const sites = await Publicsite.query(ctx.db).where({ organization_id: organizationId }).orderByRaw('lower(name), created_at');
  if (!sites.length) return [];
  const assigned = (await ctx
    .db('content_pages as p')
    .leftJoin('content_page_translations as t', function joinDe() {
      this.on('t.page_id', 'p.id').andOnVal('t.language', 'DE');
    })
    .whereIn('p.publicsite_id', sites.map((s) => s.id))
    .andWhere((q) => q.whereNull('p.source_kind').orWhereNot('p.source_kind', 'PUBLICSITE'))
    .orderBy('p.created_at')
    .orderBy('p.id')
    .select('p.publicsite_id', 'p.slug', 't.name')) as { publicsite_id: string; slug: string; name: string | null }[];
  return sites.map((site) => ({
    id: site.id,
    name: site.name,
    build: () => {
      const links = assigned.filter((p) => p.publicsite_id === site.id);
      const hero = block({ type: 'HERO', headline: { text: site.name.slice(0, 200) } });
      const list = links.length
        ? block({
            type: 'TEXT',
            html: `<ul>${links.map((p) => `<li><a href="/content/${escapeHtml(p.slug)}">${escapeHtml(p.name || p.slug)}</a></li>`).join('')}</ul>`,
          })
        : null;
      const rows: LayoutRow[] = [];
      const id = compactId(site.id);
      if (hero) rows.push({ id: `r${id}-hero`, type: 'ROW', columns: [column(`c${id}-hero`, { id: `i${id}-hero`, sort: 0, content: hero as LayoutItem['content'] })] });
      if (list) rows.push({ id: `r${id}-pages`, type: 'ROW', columns: [column(`c${id}-pages`, { id: `i${id}-pages`, sort: 0, content: list as LayoutItem['content'] })] });
      return { name: pageName(site.name), personalizationId: site.personalization_id, thumbnailId: null, publicsiteId: site.id, layouts: { DE: { rows }, EN: { rows } }, empty: false };
    },
  }));
}

/**
 * The plan of a migration, and with `dryRun: false` the migration itself (one transaction). PERMISSION_DENIED
 * for anyone but an admin of an organisation with the admin feature; UNAUTHENTICATED when logged out.
 */
export async function runPageMigration(ctx: ServiceContext, kind: MigrationKind, options: { dryRun: boolean }): Promise<MigrationPlan> {
  const { organizationId } = requirePageMigrator(ctx);
  return inTransaction(ctx, async (tx) => {
    // one migration of an organisation at a time: a second run waits and then finds the pages of the first
    await tx.db.raw('select pg_advisory_xact_lock(hashtext(?))', [`page-migration:${organizationId}`]);
    const sources = kind === 'PUBLICSITE' ? await publicsiteSources(tx, organizationId) : await groupSources(tx, organizationId);
    const pages = sources.length
      ? await ContentPage.query(tx.db).where({ organization_id: organizationId, source_kind: kind }).whereIn('source_id', sources.map((s) => s.id))
      : [];
    const translations = pages.length ? await ContentPageTranslation.query(tx.db).whereIn('page_id', pages.map((p) => p.id)) : [];
    const entries: MigrationEntry[] = [];
    for (const source of sources) {
      const built = source.build();
      const hash = builtHash(built);
      const page = pages.find((p) => p.source_id === source.id);
      const entry: MigrationEntry = { sourceId: source.id, sourceName: source.name, action: 'SKIP', reason: null, pageSlug: page?.slug ?? null };
      entries.push(entry);
      if (!page) {
        if (built.empty) {
          entry.reason = 'EMPTY';
          continue;
        }
        entry.action = 'CREATE';
        if (options.dryRun) continue;
        const slug = await freeSlug(tx, 'content_pages', built.name, 'page');
        const created = await ContentPage.query(tx.db)
          .insert({
            organization_id: organizationId,
            slug,
            personalization_id: built.personalizationId,
            publicsite_id: built.publicsiteId,
            thumbnail_id: built.thumbnailId,
            source_kind: kind,
            source_id: source.id,
            source_hash: hash,
          })
          .returning('*');
        await ContentPageTranslation.query(tx.db).insert(LANGUAGES.map((language) => ({ page_id: created.id, language, name: built.name, layout: built.layouts[language] })));
        entry.pageSlug = created.slug;
        continue;
      }
      const current = hashOf({
        personalizationId: page.personalization_id,
        translations: translations.filter((t) => t.page_id === page.id).map((t) => ({ language: t.language, name: t.name, layout: t.layout })),
      });
      if (current !== page.source_hash) {
        entry.reason = 'EDITED';
        continue;
      }
      if (hash === page.source_hash) {
        entry.reason = 'UNCHANGED';
        continue;
      }
      entry.action = 'UPDATE';
      if (options.dryRun) continue;
      await ContentPage.query(tx.db).patchAndFetchById(page.id, { personalization_id: built.personalizationId, source_hash: hash });
      for (const language of LANGUAGES) {
        await ContentPageTranslation.query(tx.db)
          .where({ page_id: page.id, language })
          .patch({ name: built.name, layout: built.layouts[language] as unknown as ContentPageTranslation['layout'], version: tx.db.raw('version + 1') as unknown as number });
      }
    }
    const count = (action: MigrationAction) => entries.filter((e) => e.action === action).length;
    return { kind, dryRun: options.dryRun, entries, created: count('CREATE'), updated: count('UPDATE'), skipped: count('SKIP') };
  });
}

import DataLoader from 'dataloader';
import { LeadForm, LeadTag, LeadTrack, User } from '#db/models/index';
import { defineLoader, type ServiceContext } from '../../context.server';
import type { LeadContentPageRow } from './leads';
import { mayManageLeads, mayReadTracks } from './policy';

/**
 * What the API reaches from a lead or a lead form (tags, tracks, content pages, people, form), one query per list
 * of parents through module-private loaders. Parents come from the services (policy applied); tracks are handed out
 * only with the lead-tracking feature.
 */

export type LeadPersonRow = Pick<User, 'id' | 'email' | 'first_name' | 'last_name'>;

const tagsByLead = defineLoader(
  (ctx) =>
    new DataLoader<string, string[]>(async (ids) => {
      const rows = await LeadTag.query(ctx.db).whereIn('lead_id', ids as string[]).orderBy('text').select('lead_id', 'text');
      return ids.map((id) => rows.filter((row) => row.lead_id === id).map((row) => row.text));
    }),
);

const tracksByLead = defineLoader(
  (ctx) =>
    new DataLoader<string, LeadTrack[]>(async (ids) => {
      const rows = await LeadTrack.query(ctx.db).whereIn('lead_id', ids as string[]).orderBy('created_at', 'desc').orderBy('id');
      return ids.map((id) => rows.filter((row) => row.lead_id === id));
    }),
);

const personById = defineLoader(
  (ctx) =>
    new DataLoader<string, LeadPersonRow | null>(async (ids) => {
      const rows = await User.query(ctx.db).whereIn('id', ids as string[]).select('id', 'email', 'first_name', 'last_name');
      return ids.map((id) => rows.find((row) => row.id === id) ?? null);
    }),
);

const formById = defineLoader(
  (ctx) =>
    new DataLoader<string, LeadForm | null>(async (ids) => {
      const rows = await LeadForm.query(ctx.db).whereIn('id', ids as string[]);
      return ids.map((id) => rows.find((row) => row.id === id) ?? null);
    }),
);

/** Content pages of many leads (or forms) in one query, named in the viewer's language (else the other one). */
function pagesLoader(ctx: ServiceContext, table: 'lead_content_pages' | 'lead_form_content_pages', ownerColumn: 'lead_id' | 'form_id') {
  return new DataLoader<string, LeadContentPageRow[]>(async (ids) => {
    const rows = (await ctx
      .db(`${table} as l`)
      .join('content_pages as p', 'p.id', 'l.content_page_id')
      .whereIn(`l.${ownerColumn}`, ids as string[])
      .orderBy('l.sort')
      .select(
        `l.${ownerColumn} as owner`,
        'p.id',
        'p.slug',
        'p.state',
        'l.sort',
        ctx.db.raw('(select t.name from content_page_translations t where t.page_id = p.id order by (t.language = ?) desc limit 1) as name', [
          ctx.language,
        ]),
      )) as (LeadContentPageRow & { owner: string })[];
    return ids.map((id) => rows.filter((row) => row.owner === id).map(({ owner: _owner, ...row }) => ({ ...row, name: row.name ?? row.slug })));
  });
}

const pagesByLead = defineLoader((ctx) => pagesLoader(ctx, 'lead_content_pages', 'lead_id'));
const pagesByForm = defineLoader((ctx) => pagesLoader(ctx, 'lead_form_content_pages', 'form_id'));

type Owned = { id: string; organization_id: string };

/** Leads are handed out by the services only; these apply the policy once more for what hangs off them. */
export const tagsOfLead = (ctx: ServiceContext, lead: Owned) => (mayManageLeads(ctx.viewer, lead.organization_id) ? tagsByLead(ctx).load(lead.id) : Promise.resolve([]));
export const tracksOfLead = (ctx: ServiceContext, lead: Owned) =>
  mayReadTracks(ctx.viewer, lead.organization_id) ? tracksByLead(ctx).load(lead.id) : Promise.resolve([] as LeadTrack[]);
/** All tracks, for the score's explanation (the score itself is visible with the lead). */
export const scoreTracksOfLead = (ctx: ServiceContext, lead: Owned) =>
  mayManageLeads(ctx.viewer, lead.organization_id) ? tracksByLead(ctx).load(lead.id) : Promise.resolve([] as LeadTrack[]);
export const contentPagesOfLeadRow = (ctx: ServiceContext, lead: Owned) =>
  mayManageLeads(ctx.viewer, lead.organization_id) ? pagesByLead(ctx).load(lead.id) : Promise.resolve([]);
export const contentPagesOfForm = (ctx: ServiceContext, form: Owned) =>
  mayManageLeads(ctx.viewer, form.organization_id) ? pagesByForm(ctx).load(form.id) : Promise.resolve([]);
export const leadPerson = (ctx: ServiceContext, id: string | null) => (id ? personById(ctx).load(id) : Promise.resolve(null));
export const leadFormOf = (ctx: ServiceContext, id: string | null) => (id ? formById(ctx).load(id) : Promise.resolve(null));

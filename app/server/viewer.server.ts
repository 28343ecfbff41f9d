import type { Db } from '#db/connection';
import { effectiveFeatures } from '~/lib/features';
import { isUuid } from '~/lib/ids';
import { isLanguage, type Language } from '~/lib/language';

export interface ViewerOrganization {
  id: string;
  name: string;
  slug: string;
}

/** The logged-in user as services see them: identity, current organisation, role and booked features. */
export interface Viewer {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  isStaff: boolean;
  defaultLanguage: Language;
  organization: ViewerOrganization | null;
  role: 'admin' | 'sales' | null;
  isOwner: boolean;
  /** the member is flagged as sales user in the current organisation */
  sales: boolean;
  /** features the viewer can use: the current organisation's suites, narrowed for sales users (0 without one) */
  features: number;
  organizations: ViewerOrganization[];
}

interface MembershipRow {
  organization_id: string;
  name: string;
  slug: string;
  suites: number;
  role: 'admin' | 'sales';
  is_owner: boolean;
  sales: boolean;
  is_active: boolean;
}

interface ViewerRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  is_active: boolean;
  default_language: string;
  default_organization_id: string | null;
  /** JSON, oldest first */
  memberships: MembershipRow[];
}

/**
 * A query for users (`users as u`) with what a viewer needs of each: the user and their memberships (as JSON, oldest
 * first), in one statement. The session lookup joins the session to it.
 */
export function viewerQuery(db: Db) {
  const memberships = `coalesce((select json_agg(json_build_object('organization_id', m.organization_id, 'name', o.name, 'slug', o.slug,
      'suites', o.suites, 'is_active', o.is_active, 'role', m.role, 'is_owner', m.is_owner, 'sales', m.sales) order by m.created_at)
    from organization_members m join organizations o on o.id = m.organization_id where m.user_id = u.id), '[]'::json)`;
  return db('users as u').select(
    'u.id',
    'u.email',
    'u.first_name',
    'u.last_name',
    'u.is_staff',
    'u.is_active',
    'u.default_language',
    'u.default_organization_id',
    db.raw(`${memberships} as memberships`),
  );
}

/**
 * The viewer of a row of viewerQuery; null for an inactive user. The current organisation is the user's default
 * organisation when they are still a member of it, else their oldest membership.
 */
export function viewerOf(user: ViewerRow | undefined): Viewer | null {
  if (!user || !user.is_active) return null;
  const active = user.memberships.filter((m) => m.is_active);
  const current = active.find((m) => m.organization_id === user.default_organization_id) ?? active[0] ?? null;
  const sales = current ? current.sales || current.role === 'sales' : false;
  return {
    userId: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    isStaff: user.is_staff,
    defaultLanguage: isLanguage(user.default_language) ? user.default_language : 'DE',
    organization: current ? { id: current.organization_id, name: current.name, slug: current.slug } : null,
    role: current?.role ?? null,
    isOwner: current?.is_owner ?? false,
    sales,
    features: current ? effectiveFeatures(current.suites, sales) : 0,
    organizations: active.map((m) => ({ id: m.organization_id, name: m.name, slug: m.slug })),
  };
}

/**
 * Loads the viewer for a user id in one statement (user and memberships). Returns null for unknown or inactive users
 * and for anything that is not a user id.
 */
export async function loadViewer(db: Db, userId: string): Promise<Viewer | null> {
  if (!isUuid(userId)) return null;
  return viewerOf(await viewerQuery(db).where('u.id', userId).first());
}

/**
 * Reloads the viewer after a change to their own memberships (created or joined an organisation), so the rest
 * of the same request sees it. The object is updated in place: every holder of the context sees the change.
 */
export async function refreshViewer(db: Db, viewer: Viewer): Promise<void> {
  const fresh = await loadViewer(db, viewer.userId);
  if (fresh) Object.assign(viewer, fresh);
}

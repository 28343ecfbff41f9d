import { isUuid } from "~/lib/ids";
import type { ServiceContext } from "../../context.server";
import { loadViewer } from "../../viewer.server";
import { DomainError } from "../errors";
import { setDefaultOrganization } from "../organizations/organizations";
import { mayImpersonate, mayViewDevTools } from "./policy";

export { mayImpersonate, mayViewDevTools } from "./policy";

/** How many rows a developer list shows at most (the demo has far fewer; a production database may not). */
export const DEV_LIST_LIMIT = 200;

/** Not for this viewer here: NOT_FOUND, so the developer routes do not even show they exist. */
function requireDevTools(ctx: ServiceContext): void {
  if (!mayViewDevTools(ctx.app.env, ctx.viewer))
    throw new DomainError("NOT_FOUND", ctx.t("errors:notFound"));
}

/** A developer error (spec 001 point 8): the request is malformed; the message names what is wrong. */
export class DeveloperError extends DomainError {
  constructor(
    ctx: ServiceContext,
    key: "slugNotString" | "noConventionId" | "noUserId",
    field: string
  ) {
    super("INVALID", ctx.t(`errors:developer.${key}`), field);
  }
}

export interface DevSelectUser {
  id: string;
  email: string;
  name: string;
  is_staff: boolean;
  organizations: { id: string; name: string }[];
}

/** /dev/select: the users (with their organisations), organisations and active conventions to pick from. */
export async function devSelectOptions(ctx: ServiceContext) {
  requireDevTools(ctx);
  const users: (Omit<DevSelectUser, "organizations" | "name"> & {
    first_name: string;
    last_name: string;
  })[] = await ctx
    .db("users")
    .where({ is_active: true })
    .orderBy([{ column: "is_staff", order: "desc" }, { column: "email" }])
    .limit(DEV_LIST_LIMIT)
    .select("id", "email", "first_name", "last_name", "is_staff");
  const memberships: { user_id: string; id: string; name: string }[] = await ctx
    .db("organization_members as m")
    .join("organizations as o", "o.id", "m.organization_id")
    .whereIn(
      "m.user_id",
      users.map((u) => u.id)
    )
    .where("o.is_active", true)
    .orderBy("o.name")
    .select("m.user_id", "o.id", "o.name");
  const organizations: { id: string; name: string; slug: string }[] = await ctx
    .db("organizations")
    .where({ is_active: true })
    .orderBy("name")
    .limit(DEV_LIST_LIMIT)
    .select("id", "name", "slug");
  const conventions: {
    id: string;
    slug: string;
    title: string;
    permission_type: string;
    organization: string;
  }[] = await ctx
    .db("conventions as c")
    .join("organizations as o", "o.id", "c.organization_id")
    .where("c.active", true)
    .orderBy("c.title")
    .limit(DEV_LIST_LIMIT)
    .select(
      "c.id",
      "c.slug",
      "c.title",
      "c.permission_type",
      "o.name as organization"
    );
  return {
    mayImpersonate: mayImpersonate(ctx.app.env),
    users: users.map(
      (u): DevSelectUser => ({
        id: u.id,
        email: u.email,
        name: `${u.first_name} ${u.last_name}`.trim(),
        is_staff: u.is_staff,
        organizations: memberships
          .filter((m) => m.user_id === u.id)
          .map(({ id, name }) => ({ id, name })),
      })
    ),
    organizations,
    conventions,
  };
}

/**
 * /dev/select's jump: the user to log in as (outside production only; PERMISSION_DENIED in production), the
 * organisation to make theirs (one they are a member of) and the convention to land in. A missing or malformed
 * user or convention id is a developer error; unknown ones NOT_FOUND. Returns the user id and the path to go to.
 */
export async function devJump(
  ctx: ServiceContext,
  input: {
    userId?: string | null;
    organizationId?: string | null;
    conventionId?: string | null;
  }
): Promise<{ userId: string; to: string }> {
  requireDevTools(ctx);
  if (!mayImpersonate(ctx.app.env))
    throw new DomainError(
      "PERMISSION_DENIED",
      ctx.t("errors:developer.noImpersonation")
    );
  if (!input.userId || !isUuid(input.userId))
    throw new DeveloperError(ctx, "noUserId", "userId");
  if (!input.conventionId || !isUuid(input.conventionId))
    throw new DeveloperError(ctx, "noConventionId", "conventionId");
  const viewer = await loadViewer(ctx.db, input.userId);
  if (!viewer)
    throw new DomainError("NOT_FOUND", ctx.t("errors:notFound"), "userId");
  const convention: { slug: string } | undefined = await ctx
    .db("conventions")
    .where({ id: input.conventionId })
    .first("slug");
  if (!convention)
    throw new DomainError(
      "NOT_FOUND",
      ctx.t("errors:notFound"),
      "conventionId"
    );
  if (input.organizationId)
    await setDefaultOrganization({ ...ctx, viewer }, input.organizationId);
  return {
    userId: viewer.userId,
    to: `/convention/${encodeURIComponent(convention.slug)}`,
  };
}

/** A hall slug from a route: one path segment of slug characters, else the developer error "slug is not a string". */
function hallSlugOf(ctx: ServiceContext, slug: unknown): string {
  if (typeof slug !== "string" || !/^[a-z0-9][a-z0-9_-]{0,99}$/i.test(slug))
    throw new DeveloperError(ctx, "slugNotString", "slug");
  return slug.toLowerCase();
}

/** /dev/hall-administration/{slug}: a hall with its conventions and stands, raw, with their ids (for support). */
export async function devHallAdministration(
  ctx: ServiceContext,
  slug: unknown
) {
  requireDevTools(ctx);
  const value = hallSlugOf(ctx, slug);
  const hall:
    | {
        id: string;
        slug: string;
        name: string;
        permission_type: string;
        organization_id: string;
        organization: string;
      }
    | undefined = await ctx
    .db("halls as h")
    .join("organizations as o", "o.id", "h.organization_id")
    .where("h.slug", value)
    .first(
      "h.id",
      "h.slug",
      "h.name",
      "h.permission_type",
      "h.organization_id",
      "o.name as organization"
    );
  if (!hall)
    throw new DomainError("NOT_FOUND", ctx.t("errors:notFound"), "slug");
  const stands: {
    id: string;
    stand_id: string;
    slug: string;
    name: string;
    approved: boolean;
    order: number;
    preview_slug: string;
    organization: string;
  }[] = await ctx
    .db("hall_stands as hs")
    .join("base_stands as s", "s.id", "hs.stand_id")
    .join("organizations as o", "o.id", "s.organization_id")
    .where("hs.hall_id", hall.id)
    .orderBy([{ column: "hs.order" }, { column: "hs.slug" }])
    .select(
      "hs.id",
      "hs.stand_id",
      "hs.slug",
      "s.name",
      "hs.approved",
      "hs.order",
      "hs.preview_slug",
      "o.name as organization"
    );
  const conventions: { id: string; slug: string; title: string }[] = await ctx
    .db("convention_halls as ch")
    .join("conventions as c", "c.id", "ch.convention_id")
    .where("ch.hall_id", hall.id)
    .orderBy("c.title")
    .select("c.id", "c.slug", "c.title");
  return { hall, stands, conventions };
}

/**
 * /dev/stage-administration: the stages with their ids and the conventions they are the stage of; `?convention=` (an
 * id) narrows to that convention's stage, a malformed one is the developer error "no convention id".
 */
export async function devStageAdministration(
  ctx: ServiceContext,
  filter: { conventionId?: string | null } = {}
) {
  requireDevTools(ctx);
  if (
    filter.conventionId !== undefined &&
    filter.conventionId !== null &&
    !isUuid(filter.conventionId)
  ) {
    throw new DeveloperError(ctx, "noConventionId", "convention");
  }
  const query = ctx
    .db("stages as s")
    .join("organizations as o", "o.id", "s.organization_id")
    .leftJoin("convention_stages as cs", "cs.stage_id", "s.id")
    .leftJoin("conventions as c", "c.id", "cs.convention_id")
    .orderBy([{ column: "s.title" }, { column: "c.title" }])
    .limit(DEV_LIST_LIMIT)
    .select(
      "s.id",
      "s.slug",
      "s.title",
      "o.name as organization",
      "c.id as convention_id",
      "c.slug as convention_slug",
      "c.title as convention_title"
    );
  if (filter.conventionId) query.where("c.id", filter.conventionId);
  const rows: {
    id: string;
    slug: string;
    title: string;
    organization: string;
    convention_id: string | null;
    convention_slug: string | null;
    convention_title: string | null;
  }[] = await query;
  return { stages: rows };
}

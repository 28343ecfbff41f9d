import { LANGUAGES, type Language } from '~/lib/language';
import type { ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { notFound, requireEventMember } from './hall-common';
import { hallApproveStand } from './hall-stands';

type HallStandRow = Awaited<ReturnType<typeof hallApproveStand>>;

/** Something visitors would miss in a stand the host is about to approve (issue 14). */
export type StandApprovalWarning = { code: 'NO_VIEWS'; language: null } | { code: 'NO_TEXTS'; language: Language };

/** The warning as the host reads it ("Der Stand hat keine Ansichten", "Der Stand hat keine Texte auf Englisch"). */
export function approvalWarningText(t: ServiceContext['t'], warning: StandApprovalWarning): string {
  return warning.code === 'NO_VIEWS' ? t('events:hallPages.approval.noViews') : t(`events:hallPages.approval.noTexts.${warning.language}`);
}

/** What approving a hall stand did: the hall stand as it is now and what the host was warned about. */
export interface StandApproval {
  hallStand: HallStandRow;
  /** true when the hall stand is approved now */
  approved: boolean;
  /** the stand's gaps: with `confirm` it was approved anyway, without it nothing changed */
  warnings: StandApprovalWarning[];
}

/**
 * What a stand waiting for approval lacks: no view (stand node) at all, or neither title nor description in a
 * language. Only for an application (the stand's organisation agreed to show the stand here, so the host may
 * learn about its content); an invitation is approved already and tells the host nothing about the stand.
 */
async function approvalWarnings(ctx: ServiceContext, hallStand: HallStandRow): Promise<StandApprovalWarning[]> {
  if (hallStand.approved || !hallStand.stand_accepted) return [];
  const [view, texts] = await Promise.all([
    ctx.db('stand_nodes').where({ stand_id: hallStand.stand_id }).first('id'),
    ctx
      .db('stand_translations')
      .where({ stand_id: hallStand.stand_id })
      .where((q) => q.whereRaw("trim(title) <> ''").orWhereRaw("trim(description) <> ''"))
      .select<{ language: string }[]>('language'),
  ]);
  const warnings: StandApprovalWarning[] = view ? [] : [{ code: 'NO_VIEWS', language: null }];
  for (const language of LANGUAGES) {
    if (!texts.some((row) => row.language === language)) warnings.push({ code: 'NO_TEXTS', language });
  }
  return warnings;
}

/**
 * The host approves a stand that applied to their hall (both doors: the hall builder and GraphQL
 * hallApproveStand). A stand without views, or without texts in a language, is approved only with `confirm`:
 * without it the answer lists the warnings and nothing changes, so the host decides knowing what visitors
 * would miss. A hall stand outside the viewer's organisation's halls is NOT_FOUND, before anything is read.
 */
export async function approveHallStand(ctx: ServiceContext, id: string, options: { confirm?: boolean } = {}): Promise<StandApproval> {
  const { organizationId } = requireEventMember(ctx);
  assertId(ctx, id);
  const hallStand: HallStandRow | undefined = await ctx.db('hall_stands').where({ id, organization_id: organizationId }).first();
  if (!hallStand) throw notFound(ctx, 'id');
  const warnings = await approvalWarnings(ctx, hallStand);
  if (warnings.length && !options.confirm) return { hallStand, approved: false, warnings };
  return { hallStand: await hallApproveStand(ctx, id), approved: true, warnings };
}

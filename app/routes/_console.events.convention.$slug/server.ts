import { accessAction, accessData } from '~/server/pages/access.server';
import { pictureAction } from '~/server/pages/picture.server';
import { translationAction } from '~/server/pages/translations.server';
import { answer, confirmedListAction, intentOf, intentsOf, listAction, orNotFound, readPostedForm, submitForm } from '~/server/route-kit.server';
import type { Language } from '~/lib/language';
import type { RequestContext } from '~/server/request-context.server';
import {
  addStageToConvention,
  conventionStage,
  fetchConvention,
  statusOf,
  updateConvention,
  removeStageFromConvention,
  updateConventionTranslation,
} from '~/server/services/events/conventions';
import { addFoyerPoint, addImageFoyer, conventionImageFoyer, deleteFoyerPoint, resetNavigation, updateImageFoyer } from '~/server/services/events/foyer';
import { addHallToConvention, removeHallFromConvention, stagesAndHallsPartOfConvention } from '~/server/services/events/halls';
import { pageChoices } from '~/server/services/content-pages/picker';
import { createOnDemandContent, deleteOnDemandContent, updateOnDemandContent } from '~/server/services/events/on-demand';
import { foyerPointsOf, listedStandsOfHalls, onDemandOf, textsOf } from '~/server/services/events/relations';
import { listStands } from '~/server/services/events/stands';
import { DomainError } from '~/server/services/errors';
import { fileUrl } from '~/server/services/files/files.server';
import { redirectWithToast } from '~/server/toast.server';
import { fromLocalInput, toLocalInput } from '~/components/conventions/datetime';
import { itemTextsForForm, itemTextsFromForm } from '~/lib/schemas/item-texts';
import { AddHallForm, AddStageForm, ConventionSettingsForm, FoyerPointForm, OnDemandForm } from '~/components/conventions/forms';

type ServiceCtx = RequestContext['service'];

/** Everything a foyer point may lead to, as "TYPE:id" options of the picker, and a label per target. */
async function foyerTargets(
  ctx: ServiceCtx,
  halls: { id: string; name: string }[],
  stages: { id: string; title: string }[],
  conventionHallIds: string[],
  pages: { id: string; name: string }[],
) {
  const own = await listStands(ctx);
  const guests = await listedStandsOfHalls(ctx, conventionHallIds);
  const stands = new Map<string, string>(own.map((s) => [s.id, s.name]));
  for (const s of guests) stands.set(s.id, s.name);
  const t = ctx.t;
  const groups = [
    { label: t('events:foyer.targetType.HALL'), options: halls.map((h) => ({ value: `HALL:${h.id}`, label: h.name })) },
    { label: t('events:foyer.targetType.STAND'), options: [...stands].map(([id, name]) => ({ value: `STAND:${id}`, label: name })) },
    { label: t('events:foyer.targetType.STAGE'), options: stages.map((s) => ({ value: `STAGE:${s.id}`, label: s.title })) },
    // the organisation's published and private pages, as the content page pickers offer them (issue 16)
    { label: t('events:foyer.targetType.CONTENTPAGE'), options: pages.map((p) => ({ value: `CONTENTPAGE:${p.id}`, label: p.name })) },
  ];
  const labels = new Map<string, string>();
  for (const g of groups) for (const o of g.options) labels.set(o.value, `${g.label}: ${o.label}`);
  return { groups, labels };
}

export async function conventionDashboard(context: RequestContext, slug: string) {
  const ctx = context.service;
  const c = await orNotFound(fetchConvention(ctx, slug));
  const organizationId = c.organization_id;
  const [translations, access, stage, foyer, onDemand, parts, pages] = await Promise.all([
    textsOf(ctx, 'convention', c.id),
    accessData(context, { kind: 'convention', ...c }),
    conventionStage(ctx, c.id),
    conventionImageFoyer(ctx, c.id),
    onDemandOf(ctx, c.id),
    stagesAndHallsPartOfConvention(ctx, organizationId, c.id),
    pageChoices(ctx, organizationId),
  ]);
  const conventionHalls = parts.halls.filter((h) => h.part_of_convention);
  const [targets, onDemandTexts] = await Promise.all([
    foyerTargets(ctx, parts.halls, parts.stages, conventionHalls.map((h) => h.id), pages),
    Promise.all(onDemand.map((o) => textsOf(ctx, 'onDemand', o.id))),
  ]);
  const points = foyer ? await foyerPointsOf(ctx, foyer) : [];
  return {
    convention: {
      id: c.id,
      slug: c.slug,
      title: c.title,
      active: c.active,
      video: c.video,
      startLocal: toLocalInput(c.start_date),
      endLocal: toLocalInput(c.end_date),
      shop: c.shop,
      permissionType: c.permission_type,
      helpPage: c.help_page,
      contentPageId: c.content_page_id,
      helpContentPageId: c.help_content_page_id,
      navigationMode: c.navigation_mode,
      status: statusOf(c),
      headerImageUrl: c.header_image_id ? fileUrl({ id: c.header_image_id }) : null,
    },
    translations: translations.map((tr) => ({ language: tr.language, title: tr.title, description: tr.description })),
    ...access,
    halls: conventionHalls.map((h) => ({ id: h.id, slug: h.slug, name: h.name })),
    availableHalls: parts.halls.filter((h) => !h.part_of_convention).map((h) => ({ id: h.id, name: h.name })),
    stage: stage ? { id: stage.id, slug: stage.slug, title: stage.title } : null,
    availableStages: stage ? [] : parts.stages.map((s) => ({ id: s.id, title: s.title })),
    foyer: foyer
      ? {
          id: foyer.id,
          imageUrl: foyer.image_id ? fileUrl({ id: foyer.image_id }) : null,
          points: points.map((p) => ({
            id: p.id,
            x: Number(p.x),
            y: Number(p.y),
            label:
              p.target_type === 'LINK'
                ? `${ctx.t('events:foyer.targetType.LINK')}: ${p.link ?? ''}`
                : (targets.labels.get(`${p.target_type}:${p.target_id}`) ?? ctx.t(`events:foyer.targetType.${p.target_type}`)),
          })),
        }
      : null,
    foyerTargets: targets.groups,
    onDemand: onDemand.map((o, i) => ({
      id: o.id,
      title: o.title,
      description: o.description,
      contentPageId: o.content_page_id,
      texts: itemTextsForForm(onDemandTexts[i]),
    })),
    /** the organisation's pages the content page pickers offer (issue 16) */
    pages,
  };
}

/** The forms of the convention dashboard, one intent each (the access sections' intents are `accessAction`'s). */
const Intents = intentsOf([
  'settings',
  'translation',
  'headerImage',
  'foyerImage',
  'addHall',
  'addStage',
  'foyerEnable',
  'addPoint',
  'onDemandCreate',
  'onDemandUpdate',
  'removeHall',
  'removeStage',
  'deletePoint',
  'navigationReset',
  'onDemandDelete',
]);

export async function conventionAction(request: Request, context: RequestContext, slug: string) {
  const ctx = context.service;
  const t = ctx.t;
  const c = await orNotFound(fetchConvention(ctx, slug));
  const here = `/events/convention/${c.slug}`;
  const posted = await readPostedForm(request, context, ['headerImage', 'foyerImage']);
  const { formData } = posted;
  const access = await accessAction(context, formData, { kind: 'convention', ...c }, here);
  if (access) return access;
  const { intent } = intentOf(formData, Intents);
  const id = String(formData.get('id') ?? '');

  switch (intent) {
    case 'settings': {
      const done = await submitForm(
        context,
        formData,
        intent,
        ConventionSettingsForm,
        (v) =>
          updateConvention(ctx, c.id, {
            title: v.title,
            startDate: v.startDate ? fromLocalInput(v.startDate) : null,
            endDate: v.endDate ? fromLocalInput(v.endDate) : null,
            active: v.active,
            shop: v.shop,
            video: v.video ?? '',
            permissionType: v.permissionType,
            helpPage: v.helpPage ?? '',
            contentPageId: v.contentPageId ?? null,
            helpContentPageId: v.helpContentPageId ?? null,
          }),
        // spec 001 point 8: a failed convention update says so ("Fehler bei der Aktualisierung der Messe")
        { correctFieldsMessage: t('events:errors.conventionUpdateFailed') },
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'events:pages.toast.conventionSaved' });
    }

    case 'translation': {
      const existing = await textsOf(ctx, 'convention', c.id);
      return translationAction(context, formData, here, {
        existing,
        create: (input) => updateConventionTranslation(ctx, c.id, input),
        update: (trId, input) =>
          updateConventionTranslation(ctx, c.id, { ...input, language: existing.find((tr) => tr.id === trId)!.language as Language }),
      });
    }

    case 'headerImage':
      return pictureAction(context, posted, intent, (fileId) => updateConvention(ctx, c.id, { headerImageId: fileId }), {
        here,
        key: 'events:pages.toast.headerImageSaved',
      });

    case 'foyerImage': {
      const foyer = await conventionImageFoyer(ctx, c.id);
      if (!foyer) return answer({ form: intent, error: t('events:pages.foyer.notEnabled') });
      return pictureAction(context, posted, intent, (fileId) => updateImageFoyer(ctx, foyer.id, fileId), { here, key: 'events:foyer.imageUploaded' });
    }

    case 'addHall': {
      const done = await submitForm(context, formData, intent, AddHallForm, ({ hallId }) => addHallToConvention(ctx, c.id, hallId));
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'events:pages.toast.hallAdded' });
    }

    case 'addStage': {
      const done = await submitForm(context, formData, intent, AddStageForm, ({ stageId }) => addStageToConvention(ctx, c.id, stageId));
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'events:pages.toast.stageAdded' });
    }

    case 'foyerEnable':
      return listAction(here, () => addImageFoyer(ctx, c.id), { key: 'events:pages.toast.foyerEnabled' });

    case 'addPoint': {
      const done = await submitForm(
        context,
        formData,
        intent,
        FoyerPointForm,
        async ({ x, y, target, link }) => {
          const [targetType, targetId] = target ? (target.split(':') as ['HALL' | 'STAND' | 'STAGE' | 'CONTENTPAGE' | 'CONTENT', string]) : [];
          const foyer = await conventionImageFoyer(ctx, c.id);
          if (!foyer) throw new DomainError('INVALID', t('events:pages.foyer.notEnabled'));
          return addFoyerPoint(ctx, foyer.id, target ? { x, y, targetType, targetId } : { x, y, link: link ?? null });
        },
        { correctFieldsMessage: undefined, knownFields: ['x', 'y', 'target', 'link'] },
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: 'events:foyer.pointAdded' });
    }

    case 'onDemandCreate':
    case 'onDemandUpdate': {
      const done = await submitForm(context, formData, intent, OnDemandForm, ({ title, description = '', id: itemId, contentPageId = null, ...texts }) => {
        const translations = itemTextsFromForm(texts);
        return intent === 'onDemandCreate'
          ? createOnDemandContent(ctx, { conventionId: c.id, title, description, contentPageId, translations })
          : updateOnDemandContent(ctx, itemId ?? '', { title, description, contentPageId, translations });
      });
      if (!done.ok) return done.answer;
      return redirectWithToast(here, { type: 'success', key: intent === 'onDemandCreate' ? 'events:pages.toast.onDemandCreated' : 'events:pages.toast.onDemandSaved' });
    }

    case 'removeHall':
      return confirmedListAction(formData, here, () => removeHallFromConvention(ctx, c.id, id), { key: 'events:pages.toast.hallRemoved' });
    case 'removeStage':
      return confirmedListAction(formData, here, () => removeStageFromConvention(ctx, c.id, id), { key: 'events:pages.toast.stageRemoved' });
    case 'deletePoint':
      return confirmedListAction(formData, here, () => deleteFoyerPoint(ctx, id), { key: 'events:foyer.pointDeleted' });
    case 'navigationReset':
      return confirmedListAction(formData, here, () => resetNavigation(ctx, c.id), { key: 'events:foyer.navigationReset' });
    case 'onDemandDelete':
      return confirmedListAction(formData, here, () => deleteOnDemandContent(ctx, id), { key: 'events:pages.toast.onDemandDeleted' });
  }
  throw new Response('Bad Request', { status: 400 });
}

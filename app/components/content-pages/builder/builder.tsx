import { Form, useBlocker, useFetcher, useNavigation } from '@remix-run/react';
import { createContext, memo, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockView } from '~/components/content-pages/page-view';
import { preloadBlocks } from '~/components/content-pages/blocks';
import { BlockRenderProvider, type PageFile } from '~/components/content-pages/context';
import { KeySelect, TemplateSelect } from '~/components/content-pages/key-select';
import { buttonClassName } from '~/components/ui/button';
import { BLOCK_TYPES, BLOCKS, blockExample, isBlockType, type BlockType } from '~/lib/content-pages/blocks';
import { MAX_DROP_DEPTH, type ColumnWidth, type LayoutColumn, type LayoutItem, type LayoutRow, type PageLayout } from '~/lib/content-pages/layout';
import { isTemplateKey } from '~/lib/content-pages/templates';
import { createZodErrorMap } from '~/lib/validation-messages';
import { contentFromForm } from './fields';
import { useBuilderDnd } from './dnd';
import { clearDraft, readDraft, sameLayout, writeDraft, type LocalDraft } from './draft';
import { ItemForm } from './item-form';
import { ADD_PLACES, addOp, applyOp, findColumn, historyReducer, initialHistory, isEmptyCell, newLayoutId, positionOf, type AddPlace, type LayoutOp, type MoveDirection } from './state';

const WIDTH_WEIGHT: Record<ColumnWidth, number> = {
  N1: 1,
  N2: 2,
  N4: 4,
  N8: 8,
};

export interface BuilderAnswer {
  form?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  conflict?: boolean;
  confirm?: { intent: string; id: string; name: string };
}

export interface BuilderData {
  /** the page's title: this language's name, else another language's */
  title: string;
  page: {
    id: string;
    slug: string;
    state: string;
    link: string | null;
    publicPath: string;
  };
  languages: string[];
  language: string;
  translation: {
    id: string;
    name: string;
    version: number;
    layout: PageLayout;
  } | null;
  /** the other language: its items' contents by id (translations copied from another keep the items' ids) */
  other: { language: string; items: Record<string, unknown> } | null;
  files: Record<string, PageFile>;
  selected: string | null;
  /** the editor's unsaved work kept on the server (issue 24 item 7), made from the version loaded */
  serverDraft?: LocalDraft | null;
}

/** How long the builder waits after the last change before it sends the work to the server as a draft. */
const SERVER_DRAFT_DELAY_MS = 2500;

const SMALL = 'rounded border border-gray-400 bg-white px-2 py-1 text-sm hover:bg-gray-100 disabled:opacity-50';

const validity = new WeakMap<object, boolean>();

/**
 * Whether the canvas may show an item as its form has it (spec 000 point 4: only a valid form is shown, except a
 * picture without its link or file yet).
 */
export function showable(content: Record<string, unknown>): boolean {
  const known = validity.get(content);
  if (known !== undefined) return known;
  const type = content.type;
  let ok = true;
  if (isBlockType(type)) {
    const result = BLOCKS[type].schema.safeParse(content);
    ok = result.success || (type === 'IMAGE' && result.error.issues.every((issue) => issue.path[0] === 'url' || issue.path[0] === 'file'));
  }
  validity.set(content, ok);
  return ok;
}

/** Hidden fields every change form carries (the no-JavaScript path saves each change with the loaded version). */
function Hidden({ values }: { values: Record<string, string> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * The content page builder (/contentpool/builder_v2/{slug}, issue 16, spec 000 point 4): the canvas with the
 * page's rows and columns rendered by the shared block renderers, a side form for the selected item, the palette,
 * templates and structures, keyboard moves announced in a live region, undo and redo, one save with the version
 * the page was loaded with. Without JavaScript every form posts its intent and the server applies it.
 */
export function ContentPageBuilder({ data, answer }: { data: BuilderData; answer: BuilderAnswer | null }) {
  const { t } = useTranslation('pages');
  const { translation } = data;
  const [mobile, setMobile] = useState(false);
  return (
    <div className="space-y-4" data-content-page-builder>
      <header className="flex flex-wrap items-center gap-3 border-b pb-3">
        <h1 className="text-2xl font-semibold">{t('builder.title', { name: data.title })}</h1>
        <nav aria-label={t('builder.languages')} className="flex gap-2">
          {['DE', 'EN'].map((lang) => (
            <a
              key={lang}
              href={`?language=${lang}`}
              aria-current={lang === data.language ? 'page' : undefined}
              className={`${SMALL} ${lang === data.language ? 'border-brand-dark font-semibold' : ''}`}
              data-builder-language={lang}
            >
              {lang}
              {data.languages.includes(lang) ? '' : ` (${t('builder.missingLanguage')})`}
            </a>
          ))}
        </nav>
        <button type="button" className={SMALL} aria-pressed={mobile} onClick={() => setMobile(!mobile)} data-builder-mobile>
          {t('builder.mobilePreview')}
        </button>
        <Publication data={data} />
      </header>
      {translation && data.languages.length > 1 ? <DeleteTranslation data={data} answer={answer} /> : null}
      {answer?.error && !answer.form ? (
        <p role="alert" className="rounded border border-brand-red p-2 text-brand-red">
          {answer.error}
        </p>
      ) : null}
      {translation ? (
        <Editor key={`${translation.id}:${translation.version}`} data={data} translation={translation} answer={answer} mobile={mobile} />
      ) : (
        <CreateTranslation data={data} />
      )}
    </div>
  );
}

function Publication({ data }: { data: BuilderData }) {
  const { t } = useTranslation('pages');
  const published = data.page.state === 'PUBLISHED';
  return (
    <div className="ml-auto flex flex-wrap items-center gap-2">
      <span className="text-sm" data-builder-state={data.page.state}>
        {t(`builder.state.${data.page.state}`)}
      </span>
      <Form method="post">
        <input type="hidden" name="intent" value={published ? 'unpublish' : 'publish'} />
        {/* dark blue: white on the brand green reaches only about 2.5:1 */}
        <button type="submit" className={buttonClassName(published ? 'outline' : 'darkBlue')}>
          {t(published ? 'builder.unpublish' : 'builder.publish')}
        </button>
      </Form>
      <a href={data.page.link ?? data.page.publicPath} className="text-sm underline" target="_blank" rel="noreferrer" data-builder-public-link>
        {t('builder.openPublic')}
      </a>
      {published ? (
        <>
          <a href={`/resources/content-page-qr/${data.page.id}?format=svg`} className="text-sm underline" download>
            {t('builder.qrSvg')}
          </a>
          <a href={`/resources/content-page-qr/${data.page.id}?format=png`} className="text-sm underline" download>
            {t('builder.qrPng')}
          </a>
        </>
      ) : null}
    </div>
  );
}

/** Deleting this language's version asks first (with JavaScript here, without it by the action), then shows the first remaining. */
function DeleteTranslation({ data, answer }: { data: BuilderData; answer: BuilderAnswer | null }) {
  const { t } = useTranslation('pages');
  const [asking, setAsking] = useState(false);
  const translation = data.translation!;
  const ask = asking || (answer?.confirm?.intent === 'deleteTranslation' && answer.confirm.id === translation.id);
  return (
    <Form
      method="post"
      className="flex flex-wrap items-center gap-2 text-sm"
      onSubmit={(event) => {
        if (ask) return;
        event.preventDefault();
        setAsking(true);
      }}
      data-builder-delete-translation
    >
      <input type="hidden" name="intent" value="deleteTranslation" />
      <input type="hidden" name="translationId" value={translation.id} />
      {ask ? <input type="hidden" name="confirmed" value="yes" /> : null}
      {ask ? (
        <p role="alert" className="font-medium">
          {t('builder.askDeleteTranslation', { lang: data.language })}
        </p>
      ) : null}
      <button type="submit" className={`${SMALL} text-brand-red`}>
        {t(ask ? 'builder.confirmDeleteTranslation' : 'builder.deleteTranslation', { lang: data.language })}
      </button>
      {ask ? (
        <a href={`?language=${data.language}`} className={SMALL} onClick={(event) => { event.preventDefault(); setAsking(false); }}>
          {t('builder.cancel')}
        </a>
      ) : null}
    </Form>
  );
}

function CreateTranslation({ data }: { data: BuilderData }) {
  const { t } = useTranslation('pages');
  const from = data.languages[0];
  if (!from) return null;
  return (
    <Form method="post" className="space-y-2 rounded border p-4">
      <p>{t('builder.noTranslation', { lang: data.language, from })}</p>
      <input type="hidden" name="intent" value="translate" />
      <input type="hidden" name="fromLang" value={from} />
      <input type="hidden" name="toLang" value={data.language} />
      <button type="submit" className={buttonClassName('standardNoMt')} data-builder-translate>
        {t('builder.createTranslation', { lang: data.language, from })}
      </button>
    </Form>
  );
}

let canvasHydratedBefore = false;

/**
 * Whether the canvas runs with JavaScript (handles, drop zones), switched on in a transition after hydration. Block
 * renderers whose code is still loading keep their server HTML in suspended boundaries; an urgent change of the
 * canvas's context reaching them then forced them to render anew on the client (React error #421 on every builder
 * load); a transition waits until they have hydrated.
 */
function useCanvasHydrated(): boolean {
  const [ready, setReady] = useState(canvasHydratedBefore);
  useEffect(() => {
    canvasHydratedBefore = true;
    startTransition(() => setReady(true));
  }, []);
  return ready;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function Editor({
  data,
  translation,
  answer,
  mobile,
}: {
  data: BuilderData;
  translation: NonNullable<BuilderData['translation']>;
  answer: BuilderAnswer | null;
  mobile: boolean;
}) {
  const { t } = useTranslation('pages');
  const hydrated = useCanvasHydrated();
  const [history, dispatch] = useReducer(historyReducer, translation.layout, initialHistory);
  const [selected, setSelected] = useState<string | null>(data.selected);
  const [formDirty, setFormDirty] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  /** the selected item as its form has it now (shown on the canvas while valid) */
  const [draft, setDraft] = useState<{ itemId: string; content: Record<string, unknown> } | null>(null);
  /** the selected item's form checked here before it is applied (the same schema and messages as the server's) */
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const { t: translate } = useTranslation();
  const errorMap = useMemo(() => createZodErrorMap(translate), [translate]);
  const pending = useRef<{
    message: (layout: PageLayout, focus: string | null) => string;
    focus: boolean;
  } | null>(null);
  const layout = history.present;
  const unsaved = history.past.length > 0;
  const hidden = useMemo(
    () => ({ translationId: translation.id, baseVersion: String(translation.version), lang: data.language }),
    [translation.id, translation.version, data.language],
  );

  useEffect(() => setSelected(data.selected), [data.selected]);
  // every block's renderer ahead: a block added or dropped renders in the next paint, not after its code loads
  useEffect(() => {
    void preloadBlocks();
  }, []);

  const labelOf = useCallback(
    (column: LayoutColumn | null) => {
      if (!column) return '';
      if (column.item && isBlockType(column.item.content.type)) return t(BLOCKS[column.item.content.type].labelKey);
      return column.rows.length ? t('builder.nestedRows') : t('builder.emptyCell');
    },
    [t],
  );

  const where = useCallback(
    (current: PageLayout, columnId: string | null) => {
      const position = columnId ? positionOf(current, columnId) : null;
      if (!position) return '';
      return t('builder.position', {
        ...position,
        level: Math.ceil(position.level / 2),
      });
    },
    [t],
  );

  // announce the last change (or why nothing changed) and move the focus with the moved cell
  useEffect(() => {
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    if (history.failure) {
      setAnnouncement(t(`builder.failure.${history.failure}`));
      return;
    }
    setAnnouncement(next.message(history.present, history.focus));
    if (history.focus && next.focus) {
      setSelected(history.focus);
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-builder-handle="${history.focus}"]`)?.focus());
    }
  }, [history, t]);

  const run = useCallback((op: LayoutOp, message: (current: PageLayout, focus: string | null) => string, focus = true) => {
    pending.current = { message, focus };
    dispatch({ type: 'apply', action: op });
  }, []);

  const moveCell = useCallback(
    (columnId: string, direction: MoveDirection) =>
      run(
        { op: 'move', columnId, direction },
        (current, focus) =>
          `${t(`builder.moved.${direction}`, {
            item: labelOf(findColumn(current, focus ?? columnId)),
          })} ${where(current, focus)}`,
      ),
    [run, t, labelOf, where],
  );

  const deleteCell = useCallback(
    (columnId: string, confirmed = false) => {
      const column = findColumn(layout, columnId);
      if (!column) return;
      if (isEmptyCell(column) && !confirmed) {
        setConfirmDelete(columnId);
        return;
      }
      setConfirmDelete(null);
      const label = labelOf(column);
      run({ op: 'delete', columnId }, () => t('builder.deleted', { item: label }), false);
      setSelected(null);
    },
    [layout, labelOf, run, t],
  );

  const undo = useCallback(() => {
    if (!history.past.length) return;
    dispatch({ type: 'undo' });
    setAnnouncement(t('builder.undone'));
  }, [history.past.length, t]);
  const redo = useCallback(() => {
    if (!history.future.length) return;
    dispatch({ type: 'redo' });
    setAnnouncement(t('builder.redone'));
  }, [history.future.length, t]);

  const pendingWork = unsaved || formDirty;
  useEffect(() => {
    if (!pendingWork) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pendingWork]);

  // in-app navigation (sidebar, breadcrumb) asks first while something is not saved; the builder's own posts
  // (save, publish, page settings) stay on this page and keep the work
  const builderPath = `/contentpool/builder_v2/${encodeURIComponent(data.page.slug)}`;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      pendingWork && currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.startsWith(`${builderPath}/`),
  );

  // the draft: written to this browser with every change and sent to the server on a debounce (issue 24 item 7);
  // offered when the page opens with one (the newer of the two), gone when nothing is pending
  const storedJson = useMemo(() => JSON.stringify(translation.layout), [translation.layout]);
  const [offer, setOffer] = useState<(LocalDraft & { source: 'browser' | 'server' }) | null>(null);
  const offerAnswered = useRef(false);
  const draftFetcher = useFetcher({ key: `content-page-draft-${translation.id}` });
  /** the work last sent to the server, so an unchanged draft is not sent again */
  const sentDraft = useRef<string | null>(null);
  const sendDraft = useCallback(
    (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...fields, translationId: translation.id, lang: data.language })) form.set(name, value);
      draftFetcher.submit(form, { method: 'post' });
    },
    [draftFetcher, translation.id, data.language],
  );
  useEffect(() => {
    const local = readDraft(translation.id, translation.version, storedJson);
    const kept = data.serverDraft;
    const server = kept && kept.baseVersion === translation.version && JSON.stringify(kept.layout) !== storedJson ? kept : null;
    // the server's draft is offered when this browser has none, or a different, newer one (another device's work)
    if (server && (!local || (server.savedAt > local.savedAt && !sameLayout(server.layout, local.layout)))) setOffer({ ...server, source: 'server' });
    else setOffer(local ? { ...local, source: 'browser' } : null);
    if (server) sentDraft.current = JSON.stringify(server.layout);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- offered once per version loaded, not again after a draft was sent
  }, [translation.id, translation.version, storedJson]);
  const work = useMemo(() => {
    const withForm = draft && showable(draft.content) ? applyOp(layout, { op: 'update', itemId: draft.itemId, content: draft.content as LayoutItem['content'] }) : null;
    return withForm?.ok ? withForm.layout : layout;
  }, [layout, draft]);
  // no draft goes out while the page is being saved (or left): the fetcher's answer would make Remix load the root
  // again and take over the save's own answer, and with it the "saved" toast
  const navigating = useNavigation().state !== 'idle';
  // set as the save's form is submitted, before the request leaves: the render that knows of the navigation can come
  // after a pending draft's delay has run out
  const saving = useRef(false);
  useEffect(() => {
    if (!navigating) saving.current = false;
  }, [navigating]);
  useEffect(() => {
    if (offer && !pendingWork) return; // the kept draft waits for the user's answer
    if (offer) setOffer(null); // a change before answering: the new work is the draft now
    if (!pendingWork) {
      if (offerAnswered.current || history.past.length || history.future.length) clearDraft(translation.id);
      if (sentDraft.current !== null && (offerAnswered.current || history.past.length || history.future.length)) {
        sentDraft.current = null;
        sendDraft({ intent: 'discardDraft' });
      }
      return;
    }
    writeDraft(translation.id, { baseVersion: translation.version, layout: work, savedAt: new Date().toISOString() });
    const json = JSON.stringify(work);
    if (json === sentDraft.current || navigating) return;
    const timer = window.setTimeout(() => {
      if (saving.current) return;
      sentDraft.current = json;
      sendDraft({ intent: 'draft', baseVersion: String(translation.version), layout: json });
    }, SERVER_DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- written on a change of the work, not of the offer
  }, [pendingWork, work, translation.id, translation.version, navigating]);
  // a draft already on its way when Save is pressed: the save waits for its answer, for the same reason (the draft's
  // answer would arrive during the save and take over its answer and toast)
  const [heldSave, setHeldSave] = useState<HTMLFormElement | null>(null);
  const draftIdle = draftFetcher.state === 'idle';
  useEffect(() => {
    if (!draftIdle || !heldSave) return;
    setHeldSave(null);
    heldSave.requestSubmit();
  }, [draftIdle, heldSave]);
  const holdSaveForDraft = (event: FormEvent<HTMLFormElement>) => {
    if (draftIdle) {
      saving.current = true;
      return;
    }
    event.preventDefault();
    setHeldSave(event.currentTarget);
  };
  const restoreDraft = () => {
    if (!offer) return;
    offerAnswered.current = true;
    setOffer(null);
    dispatch({ type: 'restore', layout: offer.layout });
    setAnnouncement(t('builder.draft.restored'));
  };
  const discardDraft = () => {
    offerAnswered.current = true;
    setOffer(null);
    clearDraft(translation.id);
    sentDraft.current = null;
    sendDraft({ intent: 'discardDraft' });
  };

  const select = (columnId: string | null) => {
    if (columnId === selected) return;
    if (formDirty && !window.confirm(t('builder.unsavedItem'))) return;
    setFormDirty(false);
    setDraft(null);
    setFormErrors({});
    setConfirmDelete(null);
    setSelected(columnId);
  };

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere on the page but in a text field, which keeps its own undo
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key !== 'z' && key !== 'y') return;
      event.preventDefault();
      if (key === 'y' || event.shiftKey) redo();
      else undo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  // a click on a cell selects it, a click elsewhere on the canvas deselects; links inside blocks do not navigate
  const canvas = useRef<HTMLDivElement>(null);
  const paletteList = useRef<HTMLUListElement>(null);
  const lists = useMemo(() => listsKey(layout), [layout]);
  useBuilderDnd(canvas, paletteList, hydrated, lists, {
    reorder: (columnId, to) =>
      run(
        { op: 'reorder', columnId, to },
        (current) =>
          `${t('builder.dropped', {
            item: labelOf(findColumn(current, columnId)),
          })} ${where(current, columnId)}`,
      ),
    insert: (block, neighbour, before) =>
      run(
        neighbour
          ? {
              op: 'add',
              block,
              afterColumnId: neighbour,
              before,
              itemId: newLayoutId(),
            }
          : { op: 'add', block, itemId: newLayoutId() },
        (current, focus) => `${t('builder.added', { item: t(BLOCKS[block].labelKey) })} ${where(current, focus)}`,
      ),
    fill: (block, columnId) =>
      run(addOp(block, columnId, 'replace'), (current, focus) => `${t('builder.added', { item: t(BLOCKS[block].labelKey) })} ${where(current, focus)}`),
    beside: (block, columnId, side) =>
      run(addOp(block, columnId, side === 'before' ? 'left' : 'right'), (current, focus) => `${t('builder.added', { item: t(BLOCKS[block].labelKey) })} ${where(current, focus)}`),
  });
  const selectRef = useRef(select);
  selectRef.current = select;
  useEffect(() => {
    const node = canvas.current;
    if (!node) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as HTMLElement;
      const link = target.closest('a');
      if (link && !link.hasAttribute('data-builder-select')) event.preventDefault();
      if (target.closest('[data-builder-handle]')) return;
      const cell = target.closest<HTMLElement>('[data-builder-cell]');
      selectRef.current(cell?.dataset.builderCell ?? null);
    };
    node.addEventListener('click', onClick);
    return () => node.removeEventListener('click', onClick);
  }, []);

  const cellKeyDown = (event: KeyboardEvent<HTMLButtonElement>, columnId: string) => {
    const moves: Record<string, MoveDirection> = {
      ArrowUp: 'up',
      ArrowDown: 'down',
      ArrowRight: 'into',
      ArrowLeft: 'out',
    };
    if (event.altKey && moves[event.key]) {
      event.preventDefault();
      moveCell(columnId, moves[event.key]!);
    } else if (event.key === 'Escape') {
      select(null);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      deleteCell(columnId);
    }
  };

  /** The change forms: posted without JavaScript, applied here with it. */
  const local = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const intent = String(form.get('intent') ?? '');
    const columnId = String(form.get('columnId') ?? '');
    switch (intent) {
      case 'template': {
        const key = String(form.get('template') ?? '');
        if (!isTemplateKey(key)) return;
        if (layout.rows.length && !window.confirm(t('builder.confirmTemplate'))) return;
        run(
          { op: 'template', key },
          () =>
            t('builder.templateApplied', {
              template: t(`builder.templates.${key}`),
            }),
          false,
        );
        setSelected(null);
        return;
      }
      case 'add': {
        const block = String(form.get('block') ?? '');
        if (!isBlockType(block)) return;
        const fill = String(form.get('fillColumnId') ?? '');
        const after = String(form.get('afterColumnId') ?? '');
        const place = String(form.get('where') ?? '');
        const op: LayoutOp = fill
          ? { op: 'fill', columnId: fill, block, itemId: newLayoutId() }
          : addOp(block, after || null, (ADD_PLACES as readonly string[]).includes(place) ? (place as AddPlace) : 'below');
        run(op, (current, focus) => `${t('builder.added', { item: t(BLOCKS[block].labelKey) })} ${where(current, focus)}`);
        return;
      }
      case 'edit': {
        const column = findColumn(layout, columnId);
        if (!column?.item || !isBlockType(column.item.content.type)) return;
        const type = column.item.content.type;
        const checked = BLOCKS[type].schema.safeParse(contentFromForm(type, column.item.content, form), { errorMap });
        if (!checked.success) {
          const errors: Record<string, string> = {};
          for (const issue of checked.error.issues) {
            const key = ['content', ...issue.path].join('.');
            errors[key] ??= issue.message;
          }
          setFormErrors(errors);
          setAnnouncement(t('errors:correctFields'));
          return;
        }
        setFormErrors({});
        run(
          {
            op: 'update',
            itemId: column.item.id,
            content: checked.data as LayoutItem['content'],
          },
          () => t('builder.applied', { item: labelOf(column) }),
          false,
        );
        setFormDirty(false);
        setDraft(null);
        return;
      }
      case 'move':
        moveCell(columnId, String(form.get('direction')) as MoveDirection);
        return;
      case 'delete':
        deleteCell(columnId, form.get('confirmed') === 'yes');
        return;
      case 'copyItem': {
        const column = findColumn(layout, columnId);
        const from = form.get('content');
        if (!column?.item || typeof from !== 'string') return;
        try {
          run(
            {
              op: 'update',
              itemId: column.item.id,
              content: JSON.parse(from) as LayoutItem['content'],
            },
            () => t('builder.copied'),
            false,
          );
        } catch {
          /* not from us */
        }
      }
    }
  };

  // the canvas gets stable callbacks and a store of the selection: a move re-renders only the rows it changed
  const latest = useRef({ select, cellKeyDown, local });
  latest.current = { select, cellKeyDown, local };
  const paletteSubmit = useCallback((event: FormEvent<HTMLFormElement>) => latest.current.local(event), []);
  const [selection] = useState(() => createSelectionStore({ selected, draft }));
  useIsomorphicLayoutEffect(() => selection.set({ selected, draft }), [selection, selected, draft]);
  const canvasContext = useMemo<CanvasContextValue>(
    () => ({
      hydrated,
      language: data.language,
      other: data.other,
      labelOf,
      select: (columnId) => latest.current.select(columnId),
      keyDown: (event, columnId) => latest.current.cellKeyDown(event, columnId),
      selection,
    }),
    [hydrated, data.language, data.other, labelOf, selection],
  );
  const layoutJson = useMemo(() => JSON.stringify(layout), [layout]);

  const column = selected ? findColumn(layout, selected) : null;
  const saveAnswer = answer?.form === 'save' ? answer : null;
  const otherAnswer = answer && answer.form !== 'save' ? answer : null;
  const renderContext = useMemo(
    () => ({ mode: 'builder' as const, files: data.files, example: (type: BlockType) => blockExample(type, t) }),
    [data.files, t],
  );

  return (
    // the palette beside the canvas (xl) or above it (narrower), the properties beside it and in view while the
    // page scrolls (lg), a bottom sheet on phones while a cell is selected; nothing wider than the screen
    <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[9rem_minmax(0,1fr)_20rem]" data-builder-layout>
      <p aria-live="polite" role="status" className="sr-only" data-builder-announcement>
        {announcement}
      </p>
      <p id="builder-keys" className="sr-only">
        {t('builder.keys')}
      </p>
      {blocker.state === 'blocked' ? <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} /> : null}
      <Palette hidden={hidden} onSubmit={paletteSubmit} listRef={paletteList} />
      <div className={`min-w-0 space-y-3 lg:col-start-1 lg:row-start-2 xl:col-start-2 xl:row-start-1 ${column ? 'pb-[60vh] lg:pb-0' : ''}`}>
        {offer ? <DraftOffer draft={offer} onRestore={restoreDraft} onDiscard={discardDraft} /> : null}
        <div className="flex flex-wrap items-end gap-2">
          <form method="post" onSubmit={local} className="flex min-w-0 max-w-full flex-wrap items-end gap-2">
            <Hidden values={{ ...hidden, intent: 'template' }} />
            <TemplateSelect data-builder-template />
            <button type="submit" className={SMALL}>
              {t('builder.applyTemplate')}
            </button>
          </form>
          <button type="button" className={SMALL} onClick={undo} disabled={!history.past.length} aria-keyshortcuts="Control+Z" data-builder-undo>
            {t('builder.undo')}
          </button>
          <button type="button" className={SMALL} onClick={redo} disabled={!history.future.length} aria-keyshortcuts="Control+Shift+Z" data-builder-redo>
            {t('builder.redo')}
          </button>
        </div>
        {otherAnswer?.error ? (
          <p role="alert" className="rounded border border-brand-red p-2 text-brand-red">
            {otherAnswer.error}
          </p>
        ) : null}
        <div
          ref={canvas}
          // the page's language hyphenates as the public page does; the mobile preview is a phone's 390 px wide with
          // the public page's margin (page-view.tsx), its cells without the desktop canvas's inner padding
          lang={data.language.toLowerCase()}
          className={`min-h-64 rounded border bg-white hyphens-auto ${mobile ? 'mx-auto w-[392px] max-w-full px-4' : ''}`}
          data-builder-canvas
          data-mobile={mobile ? 'yes' : 'no'}
        >
          <BlockRenderProvider value={renderContext}>
            {layout.rows.length ? null : <p className="p-8 text-center text-gray-600">{t('builder.emptyPage')}</p>}
            <CanvasContext.Provider value={canvasContext}>
              <CanvasRows rows={layout.rows} level={1} mobile={mobile} />
            </CanvasContext.Provider>
          </BlockRenderProvider>
        </div>
        <Form method="post" className="flex flex-wrap items-end gap-3 border-t pt-3" data-builder-save onSubmit={holdSaveForDraft} aria-busy={heldSave ? true : undefined}>
          <Hidden
            values={{
              ...hidden,
              intent: 'save',
              layout: layoutJson,
            }}
          />
          <label className="text-sm">
            {t('builder.name')}
            <input name="name" defaultValue={translation.name} className="ml-2 rounded border px-2 py-1" />
          </label>
          <button type="submit" className={buttonClassName('standardNoMt')}>
            {t('builder.save')}
          </button>
          {unsaved ? <span className="text-sm text-gray-700">{t('builder.unsaved')}</span> : null}
          {saveAnswer?.error ? (
            <p role="alert" className="w-full text-brand-red" data-builder-conflict={saveAnswer.conflict ? 'yes' : 'no'}>
              {saveAnswer.error}
            </p>
          ) : null}
        </Form>
      </div>
      <aside
        className={`min-w-0 space-y-3 rounded border bg-white p-3 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto xl:col-start-3 xl:row-span-1 ${
          column ? 'fixed inset-x-0 bottom-0 z-40 max-h-[60vh] overflow-y-auto rounded-b-none border-t-2 shadow-[0_-4px_16px_rgba(0,0,0,0.15)] lg:rounded-b lg:border-t lg:shadow-none' : ''
        }`}
        aria-label={t('builder.properties')}
        data-builder-inspector
      >
        {column ? (
          <>
            <div className="flex items-start justify-between gap-2">
              <h2 className="text-lg font-semibold">{labelOf(column)}</h2>
              {hydrated ? (
                <button type="button" className={SMALL} onClick={() => select(null)} data-builder-inspector-close>
                  {t('builder.closeProperties')}
                </button>
              ) : (
                <a href={`?language=${data.language}`} className={SMALL} data-builder-inspector-close>
                  {t('builder.closeProperties')}
                </a>
              )}
            </div>
            <CellTools
              columnId={column.id}
              hidden={hidden}
              onSubmit={local}
              confirm={confirmDelete === column.id || (answer?.confirm?.id === column.id && answer.confirm.intent === 'delete')}
            />
            {column.item ? (
              <>
                {data.other ? <OtherLanguage data={data} itemId={column.item.id} columnId={column.id} hidden={hidden} onSubmit={local} /> : null}
                <ItemForm
                  key={`${column.item.id}:${contentVersion(column.item.content)}`}
                  item={column.item}
                  example={column.item.content.showExample && isBlockType(column.item.content.type) ? (blockExample(column.item.content.type, t) as Record<string, unknown>) : null}
                  columnId={column.id}
                  hidden={hidden}
                  errors={Object.keys(formErrors).length ? formErrors : answer?.form === 'edit' ? answer.fieldErrors ?? {} : {}}
                  onSubmit={local}
                  onChange={() => setFormDirty(true)}
                  onDraft={(content) => setDraft({ itemId: column.item!.id, content })}
                />
              </>
            ) : isEmptyCell(column) ? (
              <form method="post" onSubmit={local} className="space-y-2">
                <Hidden values={{ ...hidden, intent: 'add', fillColumnId: column.id }} />
                <BlockSelect label={t('builder.fillCell')} />
                <button type="submit" className={SMALL}>
                  {t('builder.fill')}
                </button>
              </form>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-gray-700">{t('builder.nothingSelected')}</p>
        )}
      </aside>
    </div>
  );
}

/** Asks before an in-app navigation leaves unsaved work (the draft stays in this browser either way). */
function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation('pages');
  const stay = useRef<HTMLButtonElement>(null);
  const stayNow = useRef(onStay);
  stayNow.current = onStay;
  useEffect(() => {
    stay.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') stayNow.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="builder-leave-title"
        aria-describedby="builder-leave-text"
        className="max-w-md space-y-3 rounded-lg bg-white p-5 shadow-lg"
        data-builder-leave
      >
        <h2 id="builder-leave-title" className="text-lg font-semibold">
          {t('builder.leave.title')}
        </h2>
        <p id="builder-leave-text">{t('builder.leave.text')}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <button ref={stay} type="button" className={buttonClassName('standardNoMt')} onClick={onStay}>
            {t('builder.leave.stay')}
          </button>
          <button type="button" className={buttonClassName('outline')} onClick={onLeave}>
            {t('builder.leave.leave')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** A draft kept from an earlier visit, in this browser or on the server: take it back or drop it. */
function DraftOffer({ draft, onRestore, onDiscard }: { draft: LocalDraft & { source: 'browser' | 'server' }; onRestore: () => void; onDiscard: () => void }) {
  const { t, i18n } = useTranslation('pages');
  const time = new Date(draft.savedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div
      role="region"
      aria-label={t('builder.draft.label')}
      className="flex flex-wrap items-center gap-2 rounded border border-brand-dark bg-yellow-50 p-3 text-sm"
      data-builder-draft={draft.source}
    >
      <p className="min-w-0 flex-1">{t(draft.source === 'server' ? 'builder.draft.foundServer' : 'builder.draft.found', { time })}</p>
      <button type="button" className={SMALL} onClick={onRestore} data-builder-draft-restore>
        {t('builder.draft.restore')}
      </button>
      <button type="button" className={SMALL} onClick={onDiscard}>
        {t('builder.draft.discard')}
      </button>
    </div>
  );
}

function BlockSelect({ label }: { label: string }) {
  const { t } = useTranslation('pages');
  return (
    <KeySelect label={label} labelClassName="block text-sm" name="block" defaultValue="TEXT" keys={BLOCK_TYPES} labelOf={(type) => t(BLOCKS[type].labelKey)} />
  );
}

function CellTools({
  columnId,
  hidden,
  onSubmit,
  confirm,
}: {
  columnId: string;
  hidden: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  confirm: boolean;
}) {
  const { t } = useTranslation('pages');
  return (
    <div className="space-y-2" data-builder-tools>
      <div className="flex flex-wrap gap-1">
        {(['up', 'down', 'into', 'out'] as const).map((direction) => (
          <form key={direction} method="post" onSubmit={onSubmit}>
            <Hidden values={{ ...hidden, intent: 'move', columnId, direction }} />
            <button type="submit" className={SMALL} data-builder-move={direction}>
              {t(`builder.move.${direction}`)}
            </button>
          </form>
        ))}
        <form method="post" onSubmit={onSubmit}>
          <Hidden
            values={{
              ...hidden,
              intent: 'delete',
              columnId,
              ...(confirm ? { confirmed: 'yes' } : {}),
            }}
          />
          <button type="submit" className={`${SMALL} text-brand-red`} data-builder-delete>
            {t(confirm ? 'builder.confirmDelete' : 'builder.delete')}
          </button>
        </form>
      </div>
      {confirm ? (
        <p role="alert" className="text-sm">
          {t('builder.askDeleteEmpty')}
        </p>
      ) : null}
      <form method="post" onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <Hidden values={{ ...hidden, intent: 'add', afterColumnId: columnId }} />
        <BlockSelect label={t('builder.addHere')} />
        <KeySelect
          label={t('builder.where')}
          labelClassName="block text-sm"
          name="where"
          defaultValue="below"
          keys={ADD_PLACES}
          labelOf={(place) => t(`builder.places.${place}`)}
          data-builder-where
        />
        <button type="submit" className={SMALL} data-builder-add-here>
          {t('builder.add')}
        </button>
      </form>
    </div>
  );
}

function OtherLanguage({
  data,
  itemId,
  columnId,
  hidden,
  onSubmit,
}: {
  data: BuilderData;
  itemId: string;
  columnId: string;
  hidden: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation('pages');
  const other = data.other!;
  const has = itemId in other.items;
  return (
    <div className="text-sm">
      <p>
        {t(has ? 'builder.otherHas' : 'builder.otherMissing', {
          lang: other.language,
        })}
      </p>
      {has ? (
        <form method="post" onSubmit={onSubmit} data-builder-copy>
          <Hidden
            values={{
              ...hidden,
              intent: 'copyItem',
              columnId,
              content: JSON.stringify(other.items[itemId]),
            }}
          />
          <button type="submit" className={SMALL}>
            {t('builder.copyFrom', { lang: other.language })}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** Memoised: the palette (a form per block type) stays as it is while the page changes. */
const Palette = memo(function Palette({
  hidden,
  onSubmit,
  listRef,
}: {
  hidden: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  listRef: RefObject<HTMLUListElement>;
}) {
  const { t } = useTranslation('pages');
  return (
    <section aria-labelledby="builder-palette" className="min-w-0 space-y-2 lg:col-start-1 lg:row-start-1 xl:sticky xl:top-20 xl:max-h-[calc(100vh-6rem)] xl:self-start xl:overflow-y-auto" data-builder-palette-section>
      <h2 id="builder-palette" className="text-lg font-semibold">
        {t('builder.palette')}
      </h2>
      {/* a strip that scrolls sideways on phones, wrapping above the canvas on tablets, a column beside it on desktops */}
      <ul className="flex gap-2 overflow-x-auto pb-1 lg:flex-wrap lg:overflow-visible xl:flex-col xl:items-stretch" ref={listRef}>
        {BLOCK_TYPES.map((type: BlockType) => (
          <li key={type} data-palette-block={type} className="shrink-0">
            <form method="post" onSubmit={onSubmit}>
              <Hidden values={{ ...hidden, intent: 'add', block: type }} />
              <button type="submit" className={SMALL} data-builder-palette={type}>
                {t('builder.addBlock', { block: t(BLOCKS[type].labelKey) })}
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
});

interface SelectionState {
  selected: string | null;
  draft: { itemId: string; content: Record<string, unknown> } | null;
}

/** The selected cell and its draft for the canvas: each cell re-renders only when its own part of it changes. */
function createSelectionStore(initial: SelectionState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: SelectionState) {
      if (next.selected === state.selected && next.draft === state.draft) return;
      state = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
type SelectionStore = ReturnType<typeof createSelectionStore>;

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

interface CanvasContextValue {
  hydrated: boolean;
  language: string;
  other: BuilderData['other'];
  labelOf: (column: LayoutColumn | null) => string;
  select: (columnId: string | null) => void;
  keyDown: (event: KeyboardEvent<HTMLButtonElement>, columnId: string) => void;
  selection: SelectionStore;
}
const CanvasContext = createContext<CanvasContextValue | null>(null);

const contentVersions = new WeakMap<object, number>();
let lastContentVersion = 0;
/** A number per item content object: the side form is made anew when its item's content changes (an update, undo), not on a move. */
function contentVersion(content: object): number {
  let version = contentVersions.get(content);
  if (version === undefined) {
    lastContentVersion += 1;
    version = lastContentVersion;
    contentVersions.set(content, version);
  }
  return version;
}

/** The columns holding nested rows within the drop depth and their parents: the sortable lists change only with these. */
function listsKey(layout: PageLayout): string {
  const ids: string[] = [];
  const walk = (rows: LayoutRow[], level: number, parent: string) => {
    if (level > MAX_DROP_DEPTH) return;
    for (const row of rows)
      for (const column of row.columns)
        if (column.rows.length) {
          ids.push(`${parent}>${column.id}`);
          walk(column.rows, level + 2, column.id);
        }
  };
  walk(layout.rows, 1, '');
  return ids.join(',');
}

/** From this many rows on, the canvas skips the layout and paint of rows off screen (CanvasRows). */
const LONG_PAGE_ROWS = 30;

/**
 * The canvas's rows, memoised down to the cell: state.ts keeps the rows and columns a change does not touch, so a
 * move on a 200-item page re-renders only the rows that moved (npm run bench:builder).
 */
const CanvasRows = memo(function CanvasRows({ rows, level, mobile }: { rows: LayoutRow[]; level: number; mobile: boolean }) {
  // on a long page the browser lays out and paints only the rows on screen (a move on a 200-item page otherwise
  // lays out the whole canvas again; npm run bench:builder)
  const offscreen = level === 1 && rows.length > LONG_PAGE_ROWS ? '[contain-intrinsic-size:auto_12rem] [content-visibility:auto]' : '';
  return (
    <div data-builder-rows data-level={level} className={level === 1 ? 'min-h-16' : undefined}>
      {rows.map((row) => (
        <CanvasRow key={row.id} row={row} level={level} mobile={mobile} offscreen={offscreen} />
      ))}
    </div>
  );
});

const CanvasRow = memo(function CanvasRow({ row, level, mobile, offscreen }: { row: LayoutRow; level: number; mobile: boolean; offscreen: string }) {
  return (
    <div className={`flex min-w-0 flex-col ${mobile ? '' : 'lg:flex-row'} ${offscreen}`} data-layout-row={row.id}>
      {row.columns.map((column) => (
        <div
          key={column.id}
          className={`min-w-0 ${mobile ? '' : 'lg:[flex:var(--column-weight)_1_0%]'}`}
          style={{
            ['--column-weight' as string]: WIDTH_WEIGHT[column.width] ?? 8,
          }}
          data-layout-column={column.id}
        >
          <CanvasCell cell={column} level={level + 1} mobile={mobile} />
        </div>
      ))}
    </div>
  );
});

const CanvasCell = memo(function CanvasCell({ cell, level, mobile }: { cell: LayoutColumn; level: number; mobile: boolean }) {
  const { t } = useTranslation('pages');
  const { hydrated, language, other, labelOf, select, keyDown, selection } = useContext(CanvasContext)!;
  const isSelected = () => selection.get().selected === cell.id;
  const selected = useSyncExternalStore(selection.subscribe, isSelected, isSelected);
  const draftOf = () => {
    const { selected: id, draft } = selection.get();
    return id === cell.id && cell.item && draft?.itemId === cell.item.id ? draft.content : null;
  };
  const draft = useSyncExternalStore(selection.subscribe, draftOf, draftOf);
  return (
    <div
      data-builder-cell={cell.id}
      data-selected={selected ? 'yes' : 'no'}
      className={`relative min-h-12 ${hydrated && !mobile ? 'p-2' : ''} ${
        selected ? 'outline outline-2 -outline-offset-2 outline-brand-pink' : 'outline-dashed outline-1 -outline-offset-1 outline-gray-300'
      }`}
    >
      {hydrated ? (
        <button
          type="button"
          data-builder-handle={cell.id}
          aria-pressed={selected}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowRight Alt+ArrowLeft Delete Escape"
          aria-describedby="builder-keys"
          className="absolute left-1 top-1 z-10 rounded border border-gray-300 bg-white px-1 text-xs text-gray-800"
          onClick={() => select(cell.id)}
          onKeyDown={(event) => keyDown(event, cell.id)}
        >
          {labelOf(cell)}
        </button>
      ) : (
        <a href={`?language=${language}&item=${cell.id}`} data-builder-select className="absolute left-1 top-1 z-10 rounded bg-white/90 px-1 text-xs underline">
          {t('builder.select', { item: labelOf(cell) })}
        </a>
      )}
      {cell.rows.length ? (
        <CanvasRows rows={cell.rows} level={level + 1} mobile={mobile} />
      ) : (
        <div data-cell-drop={hydrated && level - 1 <= MAX_DROP_DEPTH ? cell.id : undefined} className="min-h-10">
          {cell.item ? (
            <CellBlock item={cell.item} draft={draft} selected={selected} />
          ) : (
            <p className="p-4 text-center text-sm text-gray-600">{t('builder.emptyCell')}</p>
          )}
        </div>
      )}
      {hydrated && level - 1 <= MAX_DROP_DEPTH
        ? (['before', 'after'] as const).map((side) => (
            <div
              key={side}
              aria-hidden
              data-cell-beside={side}
              data-cell={cell.id}
              className={`absolute inset-y-0 ${side === 'before' ? 'left-0' : 'right-0'} z-[5] w-2 overflow-hidden`}
            />
          ))
        : null}
      {other && cell.item ? (
        <span className="absolute right-1 top-1 rounded bg-white px-1 text-xs text-gray-700" data-builder-other={cell.item.id in other.items ? 'yes' : 'no'}>
          {t(cell.item.id in other.items ? 'builder.otherHas' : 'builder.otherMissing', { lang: other.language })}
        </span>
      ) : null}
    </div>
  );
});

/**
 * An item on the canvas: as its form has it while that is valid (the draft), else the stored content; a selected
 * item whose form is not valid shows a placeholder instead (spec 000 point 4). Memoised: a change keeps the items it
 * does not touch (state.ts clones rows and columns, not items), so a move on a 200-item page re-renders only the
 * blocks whose item, draft or selection changed (npm run bench:builder).
 */
const CellBlock = memo(function CellBlock({ item, draft, selected }: { item: LayoutItem; draft: Record<string, unknown> | null; selected: boolean }) {
  const { t } = useTranslation('pages');
  const content = (draft ?? item.content) as Record<string, unknown>;
  if (selected && !showable(content)) {
    return (
      <p className="m-2 rounded border border-dashed border-brand-red p-4 text-center text-sm text-brand-red" data-block-invalid-form>
        {t('builder.invalidForm')}
      </p>
    );
  }
  return <BlockView content={content} />;
});

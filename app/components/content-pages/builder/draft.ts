import { pageLayoutShapeSchema, type PageLayout } from '~/lib/content-pages/layout';

/**
 * The builder's draft kept in this browser (issue 24 item 7): every change not yet saved is written to local
 * storage at once, so leaving the page (a link, a closed tab, a crash) loses nothing; coming back offers it. A draft
 * belongs to the version it was made from: once that translation is saved again (here or elsewhere) it is stale
 * and dropped, since saving it would only meet the version conflict.
 */
export interface LocalDraft {
  baseVersion: number;
  layout: PageLayout;
  /** ISO time of the last change */
  savedAt: string;
}

export const draftKey = (translationId: string) => `content-page-draft:${translationId}`;

const isDraft = (value: unknown): value is LocalDraft => {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<LocalDraft>;
  return typeof draft.baseVersion === 'number' && typeof draft.savedAt === 'string' && Array.isArray(draft.layout?.rows);
};

/** What a stored draft means for the page as loaded: offer it, drop it (stale, broken, or what is stored anyway), or nothing. */
export function draftOffer(raw: string | null, version: number, storedLayoutJson: string): { offer: LocalDraft | null; drop: boolean } {
  if (raw === null) return { offer: null, drop: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { offer: null, drop: true };
  }
  if (!isDraft(parsed) || parsed.baseVersion !== version || JSON.stringify(parsed.layout) === storedLayoutJson) return { offer: null, drop: true };
  return { offer: parsed, drop: false };
}

/** Local storage, or null where there is none (a private window that refuses it, the server). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readDraft(translationId: string, version: number, storedLayoutJson: string): LocalDraft | null {
  const store = storage();
  if (!store) return null;
  const { offer, drop } = draftOffer(store.getItem(draftKey(translationId)), version, storedLayoutJson);
  if (drop) store.removeItem(draftKey(translationId));
  return offer;
}

export function writeDraft(translationId: string, draft: LocalDraft): void {
  try {
    storage()?.setItem(draftKey(translationId), JSON.stringify(draft));
  } catch {
    // storage full or refused: the page's own warning before leaving still applies
  }
}

export function clearDraft(translationId: string): void {
  storage()?.removeItem(draftKey(translationId));
}

/** JSON with the keys of every object in order (the database's JSON keeps its own key order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Whether two drafts hold the same work: the server keeps a layout as its shape check leaves it (defaults filled
 * in) and in the database's key order, so the browser's copy of the same work is compared the same way.
 */
export function sameLayout(a: unknown, b: unknown): boolean {
  const normal = (layout: unknown) => {
    const parsed = pageLayoutShapeSchema.safeParse(layout);
    return canonical(parsed.success ? parsed.data : layout);
  };
  return normal(a) === normal(b);
}

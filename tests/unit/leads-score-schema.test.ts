import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadValuesSchema, leadFormSchemaSchema, type LeadFormField } from '~/lib/leads/form-schema';
import { leadScore } from '~/server/services/leads/score';

/** The pure parts of leads (issue 18): the score and its reasons, and the zod schema built from a stored form. */

const track = (over: Partial<{ link: string; link_type: 'CONTENT_LINK' | 'LEADINFORMATION_LINK' | 'SALESHUB_LINK'; activity: 'OPENED' | 'DOWNLOADED' | 'TOUR_FINISHED' | 'TIME_SPENT'; duration: number; content: string }>) => ({
  link: '/x',
  link_type: 'CONTENT_LINK' as const,
  activity: 'OPENED' as const,
  duration: 0,
  content: '',
  ...over,
});

describe('leadScore', () => {
  it('is 0 without tracks', () => {
    expect(leadScore([])).toEqual({ score: 0, reasons: [] });
  });

  it('counts distinct pages and downloads, minutes, tours and visits, each capped, total at most 100', () => {
    const pages = Array.from({ length: 9 }, (_, i) => track({ link: `/p${i}`, duration: 120 }));
    const result = leadScore([
      ...pages,
      track({ link: '/p0' }),
      track({ link_type: 'LEADINFORMATION_LINK' }),
      track({ link_type: 'LEADINFORMATION_LINK' }),
      track({ activity: 'DOWNLOADED', content: 'a.pdf' }),
      track({ activity: 'DOWNLOADED', content: 'a.pdf' }),
      track({ activity: 'TOUR_FINISHED', link_type: 'SALESHUB_LINK' }),
      track({ activity: 'TOUR_FINISHED', link_type: 'SALESHUB_LINK' }),
      track({ activity: 'TOUR_FINISHED', link_type: 'SALESHUB_LINK' }),
    ]);
    expect(Object.fromEntries(result.reasons.map((r) => [r.kind, [r.count, r.points]]))).toEqual({
      pagesOpened: [9, 40],
      timeSpent: [18, 20],
      tourFinished: [3, 30],
      materialDownloaded: [1, 10],
      informationPage: [1, 5],
    });
    expect(result.score).toBe(100);
    expect(result.reasons[0].kind).toBe('pagesOpened');
  });
});

const field = (over: Partial<LeadFormField>): LeadFormField => ({
  id: crypto.randomUUID(),
  type: 'TEXT',
  name: 'x',
  label: 'X',
  langlabel: {},
  required: false,
  selects: [],
  langselects: {},
  headline: '',
  langheadline: {},
  searchable: false,
  standard: null,
  ...over,
});

describe('leadValuesSchema', () => {
  const schema = [
    field({ type: 'HEADLINE', name: '', headline: 'Kopf' }),
    field({ name: 'name', required: true }),
    field({ type: 'EMAIL', name: 'email' }),
    field({ type: 'PHONE', name: 'phone' }),
    field({ type: 'URL', name: 'web' }),
    field({ type: 'NUMBER', name: 'count' }),
    field({ type: 'DATE', name: 'date' }),
    field({ type: 'SELECT', name: 'sel', selects: ['a', 'b'], langselects: { DE: ['Eins', 'Zwei'] } }),
    field({ type: 'CHECKBOX', name: 'agree', required: true }),
  ];

  it('accepts good values, fills empty ones with "", maps a shown select label to its value, drops unknown keys', () => {
    const parsed = leadValuesSchema(schema, 'DE').parse({ name: ' Ann ', sel: 'Zwei', agree: 'on', extra: 'x', web: 'www.example.de' });
    expect(parsed).toEqual({ name: 'Ann', email: '', phone: '', web: 'www.example.de', count: '', date: '', sel: 'b', agree: 'true' });
  });

  it('refuses each bad value at its field', () => {
    const result = leadValuesSchema(schema, 'EN').safeParse({ email: 'x@', phone: 'call me', web: 'not a url', count: '1e', date: '2026-13-45', sel: 'c' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['name', 'email', 'phone', 'web', 'count', 'date', 'sel', 'agree']);
  });

  it('an empty required field is the same issue as an empty min(1) string (REQUIRED for the services)', () => {
    const result = leadValuesSchema(schema, 'EN').safeParse({});
    expect(result.error!.issues[0]).toMatchObject({ code: 'too_small', minimum: 1, type: 'string' });
  });
});

describe('leadFormSchemaSchema', () => {
  it('refuses bad names, duplicates, selects without options and headlines without text', () => {
    const result = leadFormSchemaSchema.safeParse([
      field({ name: '1bad' }),
      field({ name: 'ok' }),
      field({ name: 'ok', label: 'again' }),
      field({ type: 'SELECT', name: 'sel' }),
      field({ type: 'HEADLINE', name: '', headline: '' }),
    ]);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['0.name', '3.selects', '4.headline', '2.name']);
  });
});

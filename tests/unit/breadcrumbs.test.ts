import { describe, expect, it } from 'vitest';
import { breadcrumbOf, crumbsFrom, sectionCrumb } from '~/lib/breadcrumbs';

const hallHandle = {
  title: 'events:hallPages.list.title',
  breadcrumb: crumbsFrom<() => Promise<{ hall: { name: string }; conventions: { slug: string; title: string }[] }>>((d) => [
    ...d.conventions.slice(0, 1).map((c) => ({ label: c.title, to: `/events/convention/${c.slug}` })),
    { label: d.hall.name },
  ]),
};
const hallData = { hall: { name: 'Halle Maschinenbau' }, conventions: [{ slug: 'fachmesse-2026', title: 'Digitale Fachmesse 2026' }] };

describe('breadcrumb (issue 14)', () => {
  it('names the section by its sidebar item, then the objects by the names in the page data, never by slugs', () => {
    const path = '/hall/builder/halle-maschinenbau';
    expect(breadcrumbOf(path, [{ pathname: '/', data: null, handle: {} }, { pathname: path, data: hallData, handle: hallHandle }])).toEqual([
      { key: 'common:nav.items.hall', to: '/hall' },
      { label: 'Digitale Fachmesse 2026', to: '/events/convention/fachmesse-2026' },
      { label: 'Halle Maschinenbau', to: undefined },
    ]);
  });

  it("falls back to the page's translated title, and without data (an error) to the title as well", () => {
    expect(breadcrumbOf('/invites', [{ pathname: '/invites', data: {}, handle: { title: 'org:invites.title' } }])).toEqual([{ key: 'org:invites.title', to: undefined }]);
    expect(breadcrumbOf('/hall/builder/x', [{ pathname: '/hall/builder/x', data: undefined, handle: hallHandle }])).toEqual([
      { key: 'common:nav.items.hall', to: '/hall' },
      { key: 'events:hallPages.list.title', to: undefined },
    ]);
  });

  it('shows the section alone on its own page and nothing of a route that names nothing', () => {
    expect(breadcrumbOf('/hall', [{ pathname: '/hall', data: {}, handle: hallHandle }])).toEqual([{ key: 'common:nav.items.hall', to: undefined }]);
    expect(breadcrumbOf('/switch-organisation', [{ pathname: '/switch-organisation', data: {}, handle: { i18n: ['common'] } }])).toEqual([]);
    expect(sectionCrumb('/unknown/thing')).toBeNull();
    expect(sectionCrumb('/events/convention/x')).toEqual({ key: 'common:nav.items.events', to: '/events' });
  });
});

describe('every console page about an object names it in the breadcrumb', () => {
  const modules = import.meta.glob<{ default?: unknown; handle?: { breadcrumb?: unknown } }>(['../../app/routes/_console.*.tsx', '../../app/routes/_console.*/route.tsx'], {
    eager: true,
  });
  // the parameter is no object: the page's title names it
  const NO_OBJECT = ['_console.missing-feature.$feature.tsx'];
  const pages = Object.entries(modules)
    .map(([file, mod]) => ({ file: file.replace('../../app/routes/', ''), mod }))
    .filter(({ file, mod }) => file.includes('$') && mod.default && !NO_OBJECT.includes(file));

  it('finds the console pages with an object in their path', () => {
    expect(pages.map((p) => p.file)).toEqual(expect.arrayContaining(['_console.hall.builder.$slug.tsx', '_console.contentpool.builder.$slug/route.tsx']));
  });

  it.each(pages.map((p) => [p.file, p.mod] as const))('%s has handle.breadcrumb', (_file, mod) => {
    expect(typeof mod.handle?.breadcrumb).toBe('function');
  });
});

describe('the lead pages (issue 18)', () => {
  const modules = import.meta.glob<{ handle: { breadcrumb?: unknown; title?: string } }>(['../../app/routes/_console.leads.*/route.tsx'], { eager: true });
  const handleOf = (dir: string) => modules[`../../app/routes/${dir}/route.tsx`]!.handle;

  it('names a lead by its name, an archived one under the archive, a nameless one by the translated placeholder', () => {
    const handle = handleOf('_console.leads.$slug');
    const match = (lead: object) => [{ pathname: '/leads/x', data: { lead }, handle }];
    expect(breadcrumbOf('/leads/x', match({ name: 'Erika Muster', email: 'e@x.de', company: 'ACME', archived: false }))).toEqual([
      { key: 'common:nav.items.leads', to: '/leads' },
      { label: 'Erika Muster', to: undefined },
    ]);
    expect(breadcrumbOf('/leads/x', match({ name: '', email: 'e@x.de', company: 'ACME', archived: true }))).toEqual([
      { key: 'common:nav.items.leads', to: '/leads' },
      { key: 'leadsconsole:archive.title', to: '/leads/archive' },
      { label: 'e@x.de', to: undefined },
    ]);
    expect(breadcrumbOf('/leads/x', match({ name: '', email: '', company: '', archived: false }))).toEqual([
      { key: 'common:nav.items.leads', to: '/leads' },
      { key: 'leadsconsole:list.unnamed', to: undefined },
    ]);
  });

  it('titles the archive, the form builder and the capture page', () => {
    expect(handleOf('_console.leads.archive').title).toBe('leadsconsole:archive.title');
    expect(handleOf('_console.leads.edit-leadform').title).toBe('leadsconsole:builder.pageTitle');
    expect(handleOf('_console.leads.leadform').title).toBe('leadsconsole:capture.title');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as events from '~/routes/_console.events._index';
import * as stagePage from '~/routes/_console.events.stage.$stageSlug/route';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { eventsWorld } from './events-halls-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Loaded = Awaited<ReturnType<typeof stagePage.loader>>;

async function setup() {
  const w = await eventsWorld(t);
  const created = await callRoute(t, events.action, { url: '/events', userId: w.owner.id, form: { intent: 'createStage', name: 'Hauptbühne' } });
  const slug = created.location!.replace('/events/stage/', '');
  const url = `/events/stage/${slug}`;
  return {
    w,
    slug,
    load: async (userId = w.owner.id) => (await callRoute(t, stagePage.loader, { url, userId, params: { stageSlug: slug } })).data as Loaded,
    post: (form: Record<string, string>, userId = w.owner.id) => callRoute(t, stagePage.action, { url, userId, params: { stageSlug: slug }, form }),
  };
}

const talk = (over: Record<string, string> = {}) => ({
  intent: 'scheduleCreate',
  timestamp: '2026-05-04T10:00',
  timestampEnd: '2026-05-04T10:45',
  speaker: 'Dr. Erika Muster',
  speakerDescription: 'Leiterin Forschung',
  titleDE: 'Eröffnung',
  titleEN: 'Opening',
  descriptionDE: '',
  descriptionEN: '',
  ...over,
});

describe('/events/stage/{stageSlug}', () => {
  it('saves settings and texts; the stream must be a recognised video link', async () => {
    const { load, post } = await setup();
    expect(await post({ intent: 'settings', title: 'Bühne A', stream: 'https://youtu.be/dQw4w9WgXcQ' })).toMatchObject({
      status: 302,
      toast: { key: 'events:pages.toast.stageSaved' },
    });
    const bad = await post({ intent: 'settings', title: 'Bühne A', stream: 'https://example.com/live' });
    expect(bad).toMatchObject({ status: 400, data: { form: 'settings', result: { error: { stream: ['Please enter a YouTube or Vimeo video link'] } } } });
    expect(await post({ intent: 'translation', language: 'EN', title: 'Main stage', description: 'Talks' })).toMatchObject({ status: 302 });
    expect(await post({ intent: 'translation', language: 'EN', title: 'Main stage 2', description: '' })).toMatchObject({ status: 302 });
    const data = await load();
    expect(data.stage).toMatchObject({ title: 'Bühne A', stream: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(data.translations).toEqual([{ language: 'EN', title: 'Main stage 2', description: '' }]);
  });

  it('creates, updates and deletes talks; end after start and an existing speaker organisation are required', async () => {
    const { w, load, post } = await setup();
    expect(await post(talk({ speakerOrganization: w.exhibitor.slug }))).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.scheduleCreated' } });
    const early = await post(talk({ timestampEnd: '2026-05-04T09:00' }));
    expect(early).toMatchObject({
      status: 400,
      data: { form: 'scheduleCreate', result: { error: { timestampEnd: ['The end time needs to be after the start time'] } } },
    });
    const unknown = await post(talk({ speakerOrganization: 'no-such-organisation' }));
    expect(unknown).toMatchObject({ status: 404, data: { result: { error: { speakerOrganization: ['Organization ID of speaker was not found'] } } } });

    let data = await load();
    expect(data.schedule).toHaveLength(1);
    const entry = data.schedule[0]!;
    expect(entry).toMatchObject({
      timestamp: '2026-05-04T10:00',
      timestampEnd: '2026-05-04T10:45',
      start: '2026-05-04T08:00:00.000Z',
      speaker: 'Dr. Erika Muster',
      speakerOrganization: w.exhibitor.slug,
      titleDE: 'Eröffnung',
      titleEN: 'Opening',
    });

    const update = await post(talk({ intent: 'scheduleUpdate', id: entry.id, timestampEnd: '2026-05-04T11:30', titleEN: 'Welcome', speakerOrganization: '' }));
    expect(update).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.scheduleSaved' } });
    const refused = await post(talk({ intent: 'scheduleUpdate', id: entry.id, timestamp: '2026-05-04T12:00', timestampEnd: '2026-05-04T11:00' }));
    expect(refused).toMatchObject({ status: 400, data: { form: `schedule-${entry.id}` } });
    data = await load();
    expect(data.schedule[0]).toMatchObject({ timestampEnd: '2026-05-04T11:30', titleEN: 'Welcome', speakerOrganization: '' });

    expect(await post({ intent: 'scheduleDelete', id: entry.id, name: 'Welcome' })).toMatchObject({ status: 200, data: { confirm: { id: entry.id } } });
    expect((await load()).schedule).toHaveLength(1);
    expect(await post({ intent: 'scheduleDelete', id: entry.id, confirmed: 'yes' })).toMatchObject({ status: 302, toast: { key: 'events:pages.toast.scheduleDeleted' } });
    expect((await load()).schedule).toEqual([]);
  });

  it('is 404 for another organisation and sends members without the event feature away', async () => {
    const { w, slug, post } = await setup();
    const url = `/events/stage/${slug}`;
    expect(await callRoute(t, stagePage.loader, { url, userId: w.stranger.id, params: { stageSlug: slug } })).toMatchObject({ status: 404 });
    expect(await post(talk(), w.stranger.id)).toMatchObject({ status: 404 });
    expect(await callRoute(t, stagePage.loader, { url, userId: w.noFeature.id, params: { stageSlug: slug } })).toMatchObject({
      status: 302,
      location: '/missing-feature/event',
    });
  });
});

describe('/stage and /stage/builder/{slug}', () => {
  it('lists and creates stages; the builder address leads to the dashboard', async () => {
    const stages = await import('~/routes/_console.stage._index');
    const builder = await import('~/routes/_console.stage.builder.$slug');
    const { w, slug } = await setup();
    const list = await callRoute(t, stages.loader, { url: '/stage', userId: w.owner.id });
    expect((list.data as { stages: { slug: string }[] }).stages.map((s) => s.slug)).toEqual([slug]);
    const created = await callRoute(t, stages.action, { url: '/stage', userId: w.owner.id, form: { intent: 'createStage', name: 'Nebenbühne' } });
    expect(created).toMatchObject({ status: 302, location: expect.stringMatching(/^\/events\/stage\/nebenbuehne/) });
    expect(await callRoute(t, builder.loader, { url: '/x', userId: w.owner.id, params: { slug } })).toMatchObject({
      status: 302,
      location: `/events/stage/${slug}`,
    });
    expect(await callRoute(t, builder.loader, { url: '/x', userId: w.stranger.id, params: { slug } })).toMatchObject({ status: 404 });
  });
});

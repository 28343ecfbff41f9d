import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as stagePage from '~/routes/_console.events.stage.$stageSlug/route';
import * as conventionLayout from '~/routes/convention.$conventionslug';
import * as onDemandList from '~/routes/convention.$conventionslug.ondemand._index';
import * as stageVisitPage from '~/routes/stage.$stageslug';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { as, eventsWorld } from './events-halls-world';
import { png } from './files-fixtures';

/**
 * The pictures of linked videos (issue 14): fetched once by the server when an organiser saves the link, kept as
 * a public file of the organisation, shown to visitors from our own storage. The "video sites" are a local server
 * (VIDEO_THUMBNAIL_ORIGIN): YouTube's picture paths and Vimeo's oEmbed answer. Whatever goes wrong there, the link
 * is saved and visitors see the player's placeholder.
 */
const WORKING = 'aqz-KE-bpKQ';
const PLACEHOLDER_ONLY = 'noThumbnail'; // 11 characters, as YouTube ids are
const TOO_LARGE = 'hugePicture';
const ELSEWHERE = 'redirectsAw';

let site: Server;
let siteUrl: string;
const requests: string[] = [];
const picture = png(1280, 720);

function videoSite(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', siteUrl);
  requests.push(url.pathname);
  const send = (body: Buffer, type = 'image/png') => {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  };
  if (url.pathname === `/vi/${WORKING}/maxresdefault.jpg`) return send(picture);
  // YouTube answers an unknown picture with a 120x90 placeholder instead of an error
  if (url.pathname === `/vi/${PLACEHOLDER_ONLY}/mqdefault.jpg`) return send(png(120, 90));
  if (url.pathname === `/vi/${TOO_LARGE}/maxresdefault.jpg`) return send(Buffer.alloc(3 * 1024 * 1024, 1));
  if (url.pathname === `/vi/${ELSEWHERE}/maxresdefault.jpg`) {
    res.writeHead(302, { location: 'http://example.com/picture.jpg' });
    return res.end();
  }
  if (url.pathname === '/api/oembed.json' && url.searchParams.get('url') === 'https://vimeo.com/76979871') {
    return send(Buffer.from(JSON.stringify({ type: 'video', thumbnail_url: `${siteUrl}/video/76979871_1280.png` })), 'application/json');
  }
  if (url.pathname === '/video/76979871_1280.png') return send(png(1280, 720));
  res.writeHead(404);
  res.end();
}

let t: TestApp;
beforeAll(async () => {
  site = createServer(videoSite);
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { VIDEO_THUMBNAIL_ORIGIN: siteUrl } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => site.close(resolve));
});

// GraphQL answers are checked field by field with expect()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const ERR = 'error { code field message }';

async function gql(userId: string, query: string, variables: Record<string, unknown>): Promise<Json> {
  const res = await t.graphql<Json>(query, variables, { headers: await as(t, userId) });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!;
}

/** The welcome video's picture as the convention's visitors get it (the convention layout's loader). */
async function welcomePicture(conventionSlug: string): Promise<string | null> {
  const page = await callRoute(t, conventionLayout.loader, { url: `/convention/${conventionSlug}`, params: { conventionslug: conventionSlug } });
  return (page.data as Awaited<ReturnType<typeof conventionLayout.loader>>).convention.videoThumbnailUrl;
}

const saveVideo = (userId: string, conventionId: string, video: string) =>
  gql(userId, `mutation($id: ID!, $input: ConventionUpdateInput!) { conventionUpdate(id: $id, input: $input) { convention { video } ${ERR} } }`, {
    id: conventionId,
    input: { video },
  });

describe('video pictures', () => {
  it('are fetched once when the link is saved, stored as a public file of the organisation and served by us', async () => {
    const w = await eventsWorld(t);
    expect(await welcomePicture(w.convention.slug)).toBeNull();

    const saved = await saveVideo(w.owner.id, w.convention.id, `https://www.youtube.com/watch?v=${WORKING}&t=30`);
    expect(saved.conventionUpdate).toMatchObject({ convention: { video: `https://www.youtube.com/watch?v=${WORKING}&t=30` }, error: null });

    const url = await welcomePicture(w.convention.slug);
    expect(url).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    const file = await t.app.db('files').where({ id: url!.slice('/files/'.length) }).first();
    expect(file).toMatchObject({ organization_id: w.host.id, is_public: true, width: 1280, height: 720 });
    // a visitor (no session) loads it from our server
    const served = await fetch(`${t.url}${url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);

    // saved again, or the same video at another start time: no second fetch, no second file
    const before = requests.filter((p) => p.includes(WORKING)).length;
    await saveVideo(w.owner.id, w.convention.id, `https://youtu.be/${WORKING}`);
    expect(requests.filter((p) => p.includes(WORKING)).length).toBe(before);
    expect(await t.app.db('video_thumbnails').where({ organization_id: w.host.id })).toHaveLength(1);
  });

  it('serve the stage page (saved through the console form) and the on-demand cards (a link in the description)', async () => {
    const w = await eventsWorld(t);
    const [stage] = await t.app.db('stages').insert({ organization_id: w.host.id, slug: `buehne-${Date.now()}`, title: 'Bühne' }).returning(['id', 'slug']);
    const form = await callRoute(t, stagePage.action, {
      url: `/events/stage/${stage.slug}`,
      userId: w.owner.id,
      params: { stageSlug: stage.slug },
      form: { intent: 'settings', title: 'Bühne', stream: `https://www.youtube.com/live/${WORKING}` },
    });
    expect(form.status).toBe(302);
    const visit = await callRoute(t, stageVisitPage.loader, { url: `/stage/${stage.slug}`, params: { stageslug: stage.slug } });
    expect((visit.data as Awaited<ReturnType<typeof stageVisitPage.loader>>).stage.thumbnailUrl).toMatch(/^\/files\//);

    const created = await gql(w.owner.id, `mutation($input: OnDemandContentCreateInput!) { onDemandContentCreate(input: $input) { ${ERR} } }`, {
      input: { conventionId: w.convention.id, title: 'Recording', description: `The opening, to watch again: https://www.youtube.com/watch?v=${WORKING}` },
    });
    expect(created.onDemandContentCreate.error).toBeNull();
    const list = await callRoute(t, onDemandList.loader, { url: `/convention/${w.convention.slug}/ondemand`, params: { conventionslug: w.convention.slug } });
    const [card] = (list.data as Awaited<ReturnType<typeof onDemandList.loader>>).items;
    expect(card).toMatchObject({ title: 'Recording', thumbnailUrl: expect.stringMatching(/^\/files\//) });
  });

  it("take Vimeo's picture through its oEmbed answer", async () => {
    const w = await eventsWorld(t);
    const created = await gql(w.owner.id, `mutation($input: ExhibitionCreateInput!) { exhibitionCreate(input: $input) { exhibition { video } ${ERR} } }`, {
      input: { name: `Hausmesse ${Date.now()}`, video: 'https://vimeo.com/76979871' },
    });
    expect(created.exhibitionCreate.error).toBeNull();
    const [row] = await t.app.db('video_thumbnails').where({ organization_id: w.host.id, provider: 'vimeo', video_id: '76979871' });
    expect(row).toBeDefined();
  });

  it.each([
    ['only a 120x90 placeholder exists', PLACEHOLDER_ONLY],
    ['the picture is larger than the cap', TOO_LARGE],
    ['the site redirects elsewhere', ELSEWHERE],
  ])('leave the placeholder and still save the link when %s', async (_case, videoId) => {
    const w = await eventsWorld(t);
    const saved = await saveVideo(w.owner.id, w.convention.id, `https://youtu.be/${videoId}`);
    expect(saved.conventionUpdate).toMatchObject({ convention: { video: `https://youtu.be/${videoId}` }, error: null });
    expect(await welcomePicture(w.convention.slug)).toBeNull();
    expect(await t.app.db('files').where({ organization_id: w.host.id })).toHaveLength(0);
  });

  it('leave the placeholder when the video site cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = await createTestApp({ env: { VIDEO_THUMBNAIL_ORIGIN: `http://127.0.0.1:${port}` } });
    try {
      const w = await eventsWorld(offline);
      const res = await offline.graphql<Json>(
        `mutation($id: ID!, $input: ConventionUpdateInput!) { conventionUpdate(id: $id, input: $input) { convention { video } ${ERR} } }`,
        { id: w.convention.id, input: { video: `https://youtu.be/${WORKING}` } },
        { headers: await as(offline, w.owner.id) },
      );
      expect(res.body.data!.conventionUpdate).toMatchObject({ convention: { video: `https://youtu.be/${WORKING}` }, error: null });
      expect(await offline.app.db('video_thumbnails')).toHaveLength(0);
    } finally {
      await offline.close();
    }
  });
});

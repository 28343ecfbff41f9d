import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoomViewer, infoHref } from '~/components/virtual-rooms/room-viewer';
import { createRequestI18n } from '~/server/i18n.server';
import de from '../../locales/de/roomsviewer.json';
import { roomViewFixture } from '../fixtures/room-view';

/** The server render (and the page without JavaScript): the flat strip and the list view, all plain links. */
describe('RoomViewer without JavaScript (issue 17)', () => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = await createRequestI18n('DE');
  });
  const render = (element: ReactElement) => renderToString(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
  const hrefs = (html: string, marker: string) => {
    const section = html.slice(html.indexOf(marker));
    const list = section.slice(0, section.indexOf('</ul>'));
    return [...list.matchAll(/href="([^"]+)"[^>]*>([^<]*)</g)].map((m) => [m[1].replace(/&amp;/g, '&'), m[2]]);
  };

  it('shows the current pano as a strip with its points as links, and no 3D canvas', () => {
    const html = render(<RoomViewer room={roomViewFixture()} lang="de" mode="visit" />);
    expect(html).toContain('data-room-strip');
    expect(html).toContain('src="/files/cccccccc-0000-4000-8000-000000000001?w=1024"');
    expect(html).not.toContain('data-room-canvas');
    expect(html.match(/data-strip-point="nav"/g)).toHaveLength(2);
    expect(html.match(/data-strip-point="info"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Studio"');
  });

  it('lists panos, nav points (left to right), info points and the tour as links', () => {
    const html = render(<RoomViewer room={roomViewFixture()} lang="de" mode="visit" />);
    expect(hrefs(html, '<h3 class="font-semibold">Panoramen')).toEqual([
      ['?pano=aaaaaaaa-0000-4000-8000-000000000001', 'Empfang'],
      ['?pano=aaaaaaaa-0000-4000-8000-000000000002', 'Studio'],
    ]);
    // the hall lies to the left (azimuth 1.2), the studio to the right (-0.5)
    expect(hrefs(html, 'data-list="nav"')).toEqual([
      ['/convention/messe/hall/maschinenbau', 'Halle Maschinenbau'],
      ['?pano=aaaaaaaa-0000-4000-8000-000000000002', 'Studio'],
    ]);
    expect(hrefs(html, 'data-list="info"')).toEqual([
      ['/login?next=%2Fvirtual-room%2Fshowroom', 'Preisliste (Anmeldung nötig)'],
      ['/content/produktblatt', 'Produktblatt'],
      ['https://video.example.com/embed/1', 'Video'],
    ]);
    const tour = html.slice(html.indexOf('data-list="tour"'));
    expect(tour).toContain('href="?pano=aaaaaaaa-0000-4000-8000-000000000001&amp;step=1"');
    expect(tour).toContain('Das ist unser Empfang.');
    expect(tour).toContain('Hier entstehen unsere Produkte.');
  });

  it('the panos under the viewer are links to the page with ?pano= (the editor: its own path), the current one marked (issue 24 item 14)', () => {
    const html = render(<RoomViewer room={roomViewFixture()} lang="de" mode="edit" initialPanoId="aaaaaaaa-0000-4000-8000-000000000002" panoHref={(id) => `/virtual-rooms/showroom?pano=${id}`} />);
    const nav = html.slice(html.indexOf('data-room-panos'), html.indexOf('</nav>', html.indexOf('data-room-panos')));
    expect([...nav.matchAll(/href="([^"]+)"( aria-current="page")?[^>]*>([^<]*)</g)].map((m) => [m[1], Boolean(m[2]), m[3]])).toEqual([
      ['/virtual-rooms/showroom?pano=aaaaaaaa-0000-4000-8000-000000000001', false, 'Empfang'],
      ['/virtual-rooms/showroom?pano=aaaaaaaa-0000-4000-8000-000000000002', true, 'Studio'],
    ]);
  });

  it('starts in the pano a ?pano= link names and marks the ?step= tour step', () => {
    const html = render(<RoomViewer room={roomViewFixture()} lang="de" mode="visit" initialPanoId="aaaaaaaa-0000-4000-8000-000000000002" listStep={2} />);
    expect(html).toContain('alt="Panorama Studio (flache Ansicht)"');
    expect(hrefs(html, 'data-list="nav"')).toEqual([['?pano=aaaaaaaa-0000-4000-8000-000000000001', 'Empfang']]);
    expect(html).toMatch(/<li aria-current="step"><a [^>]*>Das Studio/);
  });

  it("shows the spec's setup texts instead of the viewer", () => {
    const noPanos = render(<RoomViewer room={roomViewFixture({ setup: 'NO_PANOS', panos: [], tourSteps: [], initialPanoId: null })} lang="de" mode="visit" />);
    expect(noPanos).toContain(de.viewer.noPanos);
    expect(de.viewer.noPanos).toBe('Der Admin muss noch Panoramen hochladen');
    const noView = render(<RoomViewer room={roomViewFixture({ setup: 'NO_INITIAL_VIEW', initialView: null })} lang="de" mode="visit" />);
    expect(noView).toContain('Der Admin muss noch eine initiale Perspektive setzen');
    expect(noView).not.toContain('data-room-strip');
    // the editor still sees the panorama, to set that initial view
    const editing = render(<RoomViewer room={roomViewFixture({ setup: 'NO_INITIAL_VIEW', initialView: null })} lang="de" mode="edit" />);
    expect(editing).toContain('data-room-strip');
  });

  it('leads info points to their page, their iframe or the login', () => {
    const room = roomViewFixture();
    const [page, video, secret] = room.panos[0].infoPoints;
    expect(infoHref(page, room.loginHref)).toBe('/content/produktblatt');
    expect(infoHref(video, room.loginHref)).toBe('https://video.example.com/embed/1');
    expect(infoHref(secret, room.loginHref)).toBe(room.loginHref);
  });
});

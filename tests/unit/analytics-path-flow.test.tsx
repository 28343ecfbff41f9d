import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PathFlow, shortPath } from '~/components/analytics/path-flow';

/** The paths of /analytics drawn as a flow (issue 30): server-rendered SVG, one band per path as wide as its count. */
describe('path flow', () => {
  const hall = '/convention/fair/hall/machines';
  const stand = `${hall}/stand/mueller`;
  const room = `${stand}/vr/point-1`;

  it('draws one band per path, widths by count, origins left and targets right, hidden from screen readers', () => {
    const html = renderToStaticMarkup(
      <PathFlow
        paths={[
          { origin: hall, to: stand, count: 30 },
          { origin: stand, to: room, count: 10 },
        ]}
      />,
    );
    expect(html).toContain('aria-hidden="true"');
    const widths = [...html.matchAll(/stroke-width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths).toHaveLength(2);
    expect(widths[0]! / widths[1]!).toBeCloseTo(3);
    expect(html).toContain(`<title>${hall} → ${stand}: 30</title>`);
    expect(html).toContain('hall/machines (30)');
    expect(html).toContain('stand/mueller (30)');
    expect(html).toContain('stand/mueller (10)');
  });

  it('draws nothing without paths, and shortens long paths to their end', () => {
    expect(renderToStaticMarkup(<PathFlow paths={[]} />)).toBe('');
    expect(shortPath(stand)).toBe('stand/mueller');
    expect(shortPath(`${hall}/stand/${'x'.repeat(40)}`)).toHaveLength(30);
  });
});

import { describe, expect, it } from 'vitest';
import type { ContentView, ContentViewNode } from '~/components/content/types';
import { contentSnippet } from '~/server/pages/content-snippet.server';

const node = (fields: Partial<ContentViewNode> & Pick<ContentViewNode, 'type'>): ContentViewNode => ({
  id: Math.random().toString(36).slice(2),
  name: '',
  value: null,
  link: null,
  newWindow: false,
  fileUrl: null,
  ogTitle: null,
  ogDescription: null,
  ogImage: null,
  size: null,
  language: null,
  thumbnailUrl: null,
  children: [],
  ...fields,
});

const labels = {
  document: 'document',
  embedded: 'Embedded page',
  video: 'Video',
  download: (name: string) => `Download ${name}`,
  play: (title: string) => `Play ${title}`,
};

const view = (nodes: ContentViewNode[]): ContentView => ({ id: 'g', slug: 'gruppe', name: 'Gruppe', language: 'EN', nodes });

describe('contentSnippet', () => {
  it('escapes every name and link it writes into attributes and text', () => {
    const html = contentSnippet(
      view([
        node({ type: 'IMAGE', fileUrl: '/files/1', name: '"><script>alert(1)</script>', link: 'https://a.example/?q="x"' }),
        node({ type: 'BOOKMARK', value: 'https://b.example', ogTitle: '<img src=x onerror=alert(1)>', ogDescription: 'a & b' }),
        node({ type: 'PDF', fileUrl: '/files/2', name: '</a><script>' }),
      ]),
      'https://fair.example',
      labels,
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img src=x/);
    expect(html).toContain('alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('href="https://a.example/?q=&quot;x&quot;"');
    expect(html).toContain('a &amp; b');
  });

  it('makes our files absolute, stacks columns by flex-wrap and writes a video as its picture linking to the video site', () => {
    const html = contentSnippet(
      view([
        node({
          type: 'COLUMN',
          size: 3,
          children: [node({ type: 'TEXT', value: '<p><img src="/files/3"><a href="/old/content/x">x</a><a href="//evil.example">y</a></p>' })],
        }),
        node({ type: 'YOUTUBE', value: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', thumbnailUrl: '/files/4', name: 'Film' }),
        node({ type: 'YOUTUBE', value: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', name: 'Ohne Bild' }),
      ]),
      'https://fair.example',
      labels,
    );
    expect(html).toContain('flex-wrap:wrap');
    expect(html).toContain('src="https://fair.example/files/3"');
    expect(html).toContain('href="https://fair.example/old/content/x"');
    // a protocol-relative address is not ours and stays as the sanitiser left it
    expect(html).toContain('href="//evil.example"');
    expect(html).toContain('<a href="https://www.youtube.com/watch?v=aqz-KE-bpKQ" target="_blank" rel="noopener noreferrer" title="Play Film"><img src="https://fair.example/files/4"');
    expect(html).toContain('src="https://fair.example/images/video-fallback.svg"');
    expect(html).not.toContain('<iframe src="https://www.youtube');
  });

  it('reduces a LOCALIZED object to the child the view kept, and leaves out what has nothing to show', () => {
    const html = contentSnippet(
      view([
        node({ type: 'LOCALIZED', children: [node({ type: 'TEXT', value: '<p>English</p>', language: 'EN' })] }),
        node({ type: 'IMAGE' }),
        node({ type: 'IFRAME' }),
        node({ type: 'SLIDESHOW', children: [node({ type: 'IMAGE' })] }),
      ]),
      'https://fair.example',
      labels,
    );
    expect(html).toContain('<p>English</p>');
    const german = contentSnippet(
      view([node({ type: 'LOCALIZED', children: [node({ type: 'TEXT', value: '<p>Deutsch</p>', language: 'DE' })] })]),
      'https://fair.example',
      labels,
    );
    // the other language's version is marked as such
    expect(german).toContain('<div lang="de"><div style="margin:0 0 16px;line-height:1.5;"><p>Deutsch</p></div></div>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<ul');
  });
});

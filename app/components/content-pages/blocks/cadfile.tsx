import { Box, Download } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FallbackBoundary } from '~/components/ui/fallback-boundary';
import type { BlockContentOf } from '~/lib/content-pages/blocks';
import { cadFormat } from '~/lib/content-pages/viewers';
import { BlockBox, EmptyBlock } from '../block-box';
import { BlockPicture } from '../block-picture';
import { useBlockFile } from '../context';

/** three.js and the viewer load only when a visitor starts a model (its own chunk; visitor pages never preload it). */
const CadViewer = lazy(() => import('./cad-viewer'));

/**
 * A 3D model (glb, gltf, stl): the poster picture until the visitor starts it, then the viewer (turn by dragging,
 * zoom 0.1 to 10, field of view 50, resizes with its box). Without JavaScript the start link downloads the model.
 */
export function CadfileBlock({ content }: { content: BlockContentOf<'CADFILE'> }) {
  const { t } = useTranslation('pages');
  const model = useBlockFile(content.file);
  const poster = useBlockFile(content.backgroundImage);
  const [started, setStarted] = useState(false);
  if (!model) return <EmptyBlock type="CADFILE" label={t('blocks.cadfile.label')} />;
  const format = cadFormat(model.filename, model.mimeType) ?? (model.filename ? null : 'glb');
  const title = content.text || model.filename || t('blocks.cadfile.label');
  const failed = (
    <p className="flex h-full items-center justify-center p-4 text-center">
      {format ? t('blocks.cadfile.failed') : t('blocks.cadfile.unsupported')}
    </p>
  );

  return (
    <BlockBox type="CADFILE" box={content}>
      <div
        className="relative aspect-[4/3] w-full overflow-hidden rounded-md sm:aspect-video"
        style={{ backgroundColor: content.infoBGColor }}
      >
        {started && format ? (
          <FallbackBoundary fallback={failed}>
            <Suspense
              fallback={
                <p className="flex h-full items-center justify-center p-4 text-center" role="status">
                  {t('blocks.cadfile.loading')}
                </p>
              }
            >
              <CadViewer url={model.url} format={format} label={t('blocks.cadfile.viewer', { title })} background={content.infoBGColor} />
            </Suspense>
            <p className="pointer-events-none absolute inset-x-0 bottom-0 bg-black/50 px-3 py-1 text-center text-sm text-white">
              {t('blocks.cadfile.hint')}
            </p>
          </FallbackBoundary>
        ) : (
          <a
            href={model.url}
            download={model.filename ?? true}
            onClick={(event) => {
              if (!format) return;
              event.preventDefault();
              setStarted(true);
            }}
            className="group relative flex h-full w-full items-center justify-center outline-none ring-brand-pink focus-visible:ring-4"
            aria-label={format ? t('blocks.cadfile.startNamed', { title }) : t('blocks.cadfile.download')}
            data-cad-poster
          >
            {poster ? (
              <BlockPicture file={poster} loading="lazy" className="absolute inset-0 h-full w-full object-cover" />
            ) : (
              <Box aria-hidden="true" className="absolute h-1/3 w-1/3 text-gray-300" />
            )}
            <span className="relative flex items-center gap-2 rounded-full bg-brand-dark px-5 py-2.5 font-semibold text-white shadow-lg transition group-hover:scale-105">
              {format ? <Box aria-hidden="true" className="h-5 w-5" /> : <Download aria-hidden="true" className="h-5 w-5" />}
              {format ? t('blocks.cadfile.start') : t('blocks.cadfile.download')}
            </span>
          </a>
        )}
      </div>
    </BlockBox>
  );
}

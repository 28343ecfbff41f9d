import type { LoaderFunctionArgs } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { useHallData } from '~/components/visitor/hall-data';
import { defineGuards } from '~/lib/guards';
import { visitorHandle } from '~/components/visitor/route-handles';
import { runGuards } from '~/server/guards.server';
import { CardGridSection } from '~/components/visitor/thumbnail-card';

export const handle = { ...visitorHandle, title: 'visitor:hall.pageTitle' };
export { visitorClientLoader as clientLoader } from '~/components/visitor/route-handles';

export const guards = defineGuards({ public: true, permission: { kind: 'conventionHall', param: 'hallslug' } });

/** The hall page reads the hall layout's data; its own loader only checks access. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return null;
}

/** /convention/{c}/hall/{h}: the approved stands in the hall's order (spec 000 point 2). */
export default function HallPage() {
  const { t } = useTranslation('visitor');
  const { conventionSlug, hall } = useHallData();
  const hallPath = `/convention/${conventionSlug}/hall/${hall.slug}`;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-brand-dark lg:text-3xl">{hall.title}</h1>
        {hall.description ? <p className="mt-2 max-w-3xl whitespace-pre-line text-gray-800">{hall.description}</p> : null}
      </header>
      <CardGridSection
        id="hall-stands"
        heading={t('hall.stands')}
        empty={t('hall.noStands')}
        cards={hall.stands.map((stand) => ({ to: `${hallPath}/stand/${stand.slug}`, title: stand.title, thumbnailUrl: stand.thumbnailUrl }))}
      />
    </div>
  );
}

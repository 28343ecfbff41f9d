import type { ReactNode } from 'react';
import { useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { StandMarkToggle } from './stand-mark-toggle';
import type { StandPreviewData } from '~/server/pages/stand.server';
import { StandView } from '~/components/stands/stand-view';

/**
 * A stand for visitors (spec 000 point 2): its views in the visitor's language with their points, the shop link,
 * and beside it the reference point the visitor opened (`children`). Used by the convention's stand page (whose
 * hall layout adds the stand's imprint and data policy links) and by the preview link of a stand that waits for
 * approval.
 */
export function StandPage({
  data,
  preview = false,
  children,
}: {
  /** `mark`: the logged-in visitor's mark toggle (issue 27; `marked` null: not known yet), null or absent: no toggle */
  data: StandPreviewData & { standPath: string; approved: boolean; mark?: { hallStandId: string; marked: boolean | null } | null };
  preview?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('visitor');
  const location = useLocation();
  return (
    <div className="space-y-4">
      {data.mark && !preview ? (
        <StandMarkToggle
          hallStandId={data.mark.hallStandId}
          marked={data.mark.marked}
          action={data.standPath}
          back={`${location.pathname}${location.search}`}
          label={t('bookmarks.markStand')}
          className="flex justify-end"
        />
      ) : null}
      {preview ? (
        <p role="note" className="rounded-md border-l-4 border-brand-pink bg-white p-3 text-sm text-gray-900 shadow-sm">
          {data.approved ? t('stand.previewApproved') : t('stand.previewPending')}
        </p>
      ) : null}
      {/* an opened reference point sits beside the stand on very wide screens, above its views otherwise */}
      <div className={`grid grid-cols-1 gap-6 rounded-lg bg-white p-4 shadow-sm lg:p-6 ${children ? '2xl:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]' : ''}`}>
        {/* a point with a virtual room opens it at /vr/{rpslug}; the preview (/prev/...) has no such route */}
        <StandView
          data={data}
          rpHref={(rp) => `${data.standPath}/rp/${rp}`}
          {...(preview ? {} : { vrHref: (rp: string) => `${data.standPath}/vr/${rp}` })}
          titleAs="h1"
        />
        {children ? <div className="order-first 2xl:order-none">{children}</div> : null}
      </div>
    </div>
  );
}

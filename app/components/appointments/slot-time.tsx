import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateValue } from '~/lib/format';
import type { Language } from '~/lib/language';

/** The viewer's own time zone once the page runs in the browser (null on the server). */
export function useViewerTimeZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null), []);
  return zone;
}

/**
 * A slot's time range, naming the zone. The server renders it in the contact person's zone; in the browser it is
 * shown in the viewer's zone and, where that differs, in the contact person's as well (as the programme does).
 */
export function SlotTime({ start, end, timeZone, language, format = 'time' }: { start: string; end: string; timeZone: string; language: Language; format?: 'time' | 'dateTime' }) {
  const { t } = useTranslation('appointments');
  const viewer = useViewerTimeZone();
  const range = (zone: string) => `${formatDateValue(start, format, language, zone)} – ${formatDateValue(end, 'time', language, zone)}`;
  const own = viewer ?? timeZone;
  return (
    <>
      <time dateTime={start}>{t('time.inZone', { time: range(own), zone: own })}</time>
      {own !== timeZone ? <span className="text-gray-600"> · {t('time.contactZone', { time: range(timeZone), zone: timeZone })}</span> : null}
    </>
  );
}

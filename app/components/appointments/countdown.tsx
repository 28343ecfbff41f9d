import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whole days, hours and minutes from now until `start` (null once it has begun). */
export function untilStart(start: string, now: number): { days: number; hours: number; minutes: number } | null {
  const left = new Date(start).getTime() - now;
  if (left <= 0) return null;
  const minutes = Math.ceil(left / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

/**
 * The countdown to a meeting, a small client island: the server renders nothing here (the absolute time beside it
 * is the server's), the browser counts down in the viewer's own clock, once a minute, politely announced.
 */
export function Countdown({ start }: { start: string }) {
  const { t } = useTranslation('appointments');
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  if (now === null) return <p className="min-h-6" />;
  const left = untilStart(start, now);
  return (
    <p className="min-h-6 font-medium" aria-live="polite" data-testid="countdown">
      {left ? t('meeting.startsIn', { days: left.days, hours: left.hours, minutes: left.minutes, count: left.days }) : t('meeting.started')}
    </p>
  );
}

import { Link, useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/components/ui/button-styles';
import { useHydrated } from '~/components/ui/use-hydrated';
import type { PagePersonalizationSetting } from '~/server/pages/page-personalization.server';

/** What the personalization form's action answers a browser with JavaScript (without it: a redirect with a toast). */
export interface PagePersonalizationAnswer {
  ok: boolean;
  message: string;
}

/**
 * The page settings' personalization picker of the content page builder (issue 24 item 5): the organisation's
 * default (kept as "no choice", so the page follows a new default) or one of its personalizations. It posts to its own
 * route; with JavaScript through a fetcher, so the builder's unsaved canvas stays as it is.
 */
export function PagePersonalizationSection({ setting }: { setting: PagePersonalizationSetting }) {
  const { t } = useTranslation('personalization');
  const fetcher = useFetcher<PagePersonalizationAnswer>();
  const hydrated = useHydrated();
  const selectId = useId();
  const hintId = useId();
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <section aria-labelledby={`${selectId}-title`} className="rounded-lg border bg-white p-4" data-page-settings>
      <h2 id={`${selectId}-title`} className="text-lg font-semibold">
        {t('pageSettings.title')}
      </h2>
      <fetcher.Form method="post" action={setting.action} className="mt-3 flex flex-wrap items-end gap-3">
        {/* a browser without JavaScript is sent back to the builder with a toast; the fetcher reads the answer */}
        <input type="hidden" name="reply" value={hydrated ? 'data' : 'redirect'} />
        <label htmlFor={selectId} className="flex min-w-[16rem] flex-col gap-1 text-sm font-medium">
          {t('pageSettings.personalization')}
          <select
            id={selectId}
            name="personalizationId"
            defaultValue={setting.current ?? ''}
            key={setting.current ?? ''}
            aria-describedby={hintId}
            className="rounded-md border border-gray-300 bg-white px-3 py-2 font-normal"
          >
            <option value="">{setting.defaultTitle ? t('pageSettings.useDefault', { title: setting.defaultTitle }) : t('pageSettings.noDefault')}</option>
            {setting.options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={fetcher.state !== 'idle'} className={`${buttonClassName('transparent')} border border-brand-dark`}>
          {t('pageSettings.save')}
        </button>
        <Link to="/personalizations" className="text-sm underline underline-offset-2">
          {t('pageSettings.manage')}
        </Link>
      </fetcher.Form>
      <p id={hintId} className="mt-2 text-sm text-gray-700">
        {t('pageSettings.hint')}
      </p>
      {answer ? (
        <p role={answer.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${answer.ok ? 'text-gray-900' : 'text-brand-red'}`} data-page-personalization-answer>
          {answer.message}
        </p>
      ) : null}
    </section>
  );
}

import { Form, Link, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/components/ui/button';
import { TableHead } from '~/components/ui/table';

export interface MigrationViewPlan {
  kind: 'PUBLICSITE' | 'CONTENTGROUP';
  entries: { sourceId: string; sourceName: string; action: 'CREATE' | 'UPDATE' | 'SKIP'; reason: 'UNCHANGED' | 'EDITED' | 'EMPTY' | null; pageSlug: string | null }[];
  created: number;
  updated: number;
  skipped: number;
}

/**
 * A migration page (issue 16): what the run will do with each source (create, update, skip and why), then one
 * button that runs it. A plain form: works without JavaScript; the toast after the run says what was done.
 */
export function MigrationView({ plan }: { plan: MigrationViewPlan }) {
  const { t } = useTranslation('pagesmigration');
  const navigation = useNavigation();
  const section = plan.kind === 'PUBLICSITE' ? 'publicsite' : 'contentgroup';
  const work = plan.created + plan.updated;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold">{t(`${section}.title`)}</h1>
      <p className="text-gray-700">{t(`${section}.intro`)}</p>
      <section aria-labelledby="migration-preview" className="space-y-3">
        <h2 id="migration-preview" className="text-lg font-semibold">
          {t('preview')}
        </h2>
        <p aria-live="polite" data-testid="migration-summary">
          {work === 0 ? t('nothingToDo') : t('summary', { created: plan.created, updated: plan.updated, skipped: plan.skipped })}
        </p>
        {plan.entries.length === 0 ? (
          <p>{t(`${section}.none`)}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <TableHead columns={[t('source'), t('action'), t('page')]} cellClassName="px-4 py-2" />
              <tbody>
                {plan.entries.map((entry) => (
                  <tr key={entry.sourceId} className="border-b last:border-0">
                    <td className="px-4 py-2">{entry.sourceName}</td>
                    <td className="px-4 py-2">
                      {t(`actions.${entry.action}`)}
                      {entry.reason ? ` (${t(`reasons.${entry.reason}`)})` : null}
                    </td>
                    <td className="px-4 py-2">
                      {entry.pageSlug ? (
                        <Link to={`/contentpool/builder_v2/${encodeURIComponent(entry.pageSlug)}`} className="underline">
                          {entry.pageSlug}
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <div className="flex flex-wrap items-center gap-4">
        {work > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="run" />
            <button type="submit" className={buttonClassName('darkBlue')} disabled={navigation.state !== 'idle'}>
              {t('run')}
            </button>
          </Form>
        ) : null}
        <Link to="/contentpool/pages" className="underline">
          {t('toPages')}
        </Link>
      </div>
    </div>
  );
}

import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ListPageHeader, ObjectLink, ObjectList } from '../events/list-sections';
import { TextField } from '../ui/field';
import { FormErrors, PageSection, SubmitButton, useRouteForm } from '../ui/route-form';
import { createByNameForm, type CreateIntent } from '~/lib/schemas/event-forms';

/**
 * The "create by name" box of /events, /stage, /exhibition (conventionCreateByName and its siblings), /hall and
 * /stand. `schema` overrides the form schema (it must have `intent` and `name`).
 */
export function CreateByName({
  intent,
  label,
  submit,
  lastResult,
  schema: givenSchema,
}: {
  intent: string;
  label: string;
  submit: string;
  lastResult: SubmissionResult<string[]> | undefined;
  schema?: z.ZodObject<{ intent: z.ZodLiteral<string>; name: z.ZodTypeAny }>;
}) {
  const schema = givenSchema ?? createByNameForm(intent as CreateIntent);
  const [form, fields] = useRouteForm(schema, { id: `create-${intent}`, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <TextField field={fields.name} label={label} className="min-w-56 flex-1" />
      <SubmitButton>{submit}</SubmitButton>
      <FormErrors errors={form.errors} className="w-full" />
    </Form>
  );
}

/** The create-by-name box in a section of its own, headed `title` (/hall, /stand). */
export function CreateByNameSection({ id, title, ...box }: { id: string; title: string } & ComponentProps<typeof CreateByName>) {
  return (
    <PageSection id={id} title={title}>
      <div className="mt-4">
        <CreateByName {...box} />
      </div>
    </PageSection>
  );
}

/** The texts and links of the list pages of objects created by name alone, by their create intent. */
const LIST_PAGES = {
  createStage: { keys: 'pages.stageList', name: 'pages.events.stageName', list: 'stage-list', to: '/events/stage/', section: 'stages', none: 'noStages' },
  createExhibition: {
    keys: 'pages.exhibitionList',
    name: 'pages.events.exhibitionName',
    list: 'exhibition-list',
    to: '/events/exhibition/',
    section: 'exhibitions',
    none: 'noExhibitions',
  },
} as const;

type ListedIntent = keyof typeof LIST_PAGES;
type ListedItem = { id: string; slug: string; name: string };

/**
 * The list page of objects created by name alone (/stage, /exhibition): the heading, the create box, then the
 * organisation's objects, each a link to its dashboard.
 */
export function CreateByNameListPage({
  intent,
  items,
  lastResult,
}: {
  intent: ListedIntent;
  items: readonly ListedItem[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation('events');
  const page = LIST_PAGES[intent];
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <ListPageHeader title={t(`${page.keys}.title`)} intro={t(`${page.keys}.intro`)} />
      <section aria-label={t(`pages.events.${intent}`)} className="rounded-lg bg-white p-6 shadow-sm">
        <CreateByName intent={intent} label={t(page.name)} submit={t(`pages.events.${intent}`)} lastResult={lastResult} />
      </section>
      <PageSection id={page.list} title={t(`${page.keys}.yours`)}>
        <ObjectList items={items} empty={t(`${page.keys}.empty`)}>
          {(item) => <ObjectLink to={`${page.to}${item.slug}`}>{item.name}</ObjectLink>}
        </ObjectList>
      </PageSection>
    </div>
  );
}

/** A section of /events with the same two parts: the create box of one kind, then the organisation's objects of it. */
export function CreateByNameListSection({ intent, items, lastResult }: { intent: ListedIntent; items: readonly ListedItem[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation('events');
  const page = LIST_PAGES[intent];
  const title = t(`pages.events.${page.section}`);
  return (
    <PageSection id={page.section} title={title}>
      <div className="mt-4">
        <CreateByName intent={intent} label={t(page.name)} submit={t(`pages.events.${intent}`)} lastResult={lastResult} />
      </div>
      <ObjectList items={items} empty={t(`pages.events.${page.none}`)} label={title}>
        {(item) => <ObjectLink to={`${page.to}${item.slug}`}>{item.name}</ObjectLink>}
      </ObjectList>
    </PageSection>
  );
}

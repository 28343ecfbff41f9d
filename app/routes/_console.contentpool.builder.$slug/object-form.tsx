import { getFormProps } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { FormErrors, PageSection, useIsPending, useRouteForm } from '~/components/ui/route-form';
import type { FormAnswer } from '~/lib/route-kit';
import { COLUMN_SIZES, type ContentLanguage, type ContentObjectTypeName } from '~/lib/schemas/content';
import { CreateObjectForm, FIELDS_OF, UpdateObjectForm, filePurposeOf } from './forms';
import { FileUpload } from './file-upload';
import { RichTextField } from './rich-text';
import type { BuilderNode } from './nodes';

const SELECT = 'rounded-md border border-gray-300 bg-white px-3 py-2';

/**
 * The form of one object type, to add an object (at the top level or into a container) or to edit one. It posts
 * as multipart so a file goes with it without JavaScript; every field error of the service shows at its field.
 */
export function ObjectForm({
  type,
  node,
  parent,
  languages,
  answer,
  here,
}: {
  type: ContentObjectTypeName;
  /** the object being edited; none: a new one */
  node?: BuilderNode;
  /** the container a new object goes into */
  parent?: { id: string; type: ContentObjectTypeName; name: string } | null;
  /** the languages a new child of a LOCALIZED parent may take */
  languages?: ContentLanguage[];
  answer: FormAnswer | null | undefined;
  here: string;
}) {
  const { t } = useTranslation('builder');
  const pending = useIsPending();
  const creating = !node;
  const [form, fields] = useRouteForm(creating ? CreateObjectForm : UpdateObjectForm, {
    id: 'object',
    answer,
    defaultValue: node
      ? { name: node.name, value: node.value ?? '', link: node.link ?? '', size: node.size ?? 2 }
      : { size: 2 },
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  // the form's heading takes the focus when the form opens, unless the user is typing in it already (a form that
  // came with the page: what they type while the scripts load must not go nowhere once they have)
  useEffect(() => {
    if (formElement.current?.contains(document.activeElement)) return;
    heading.current?.focus();
  }, [type, node?.id, parent?.id]);
  const show = FIELDS_OF[type];
  const typeName = t(`types.${type}`);
  const title = creating
    ? parent
      ? t('object.addInto', { type: typeName, parent: parent.name || t(`types.${parent.type}`) })
      : t('object.addTitle', { type: typeName })
    : t('object.editTitle', { type: typeName, name: node.name || typeName });
  const placeErrors = [...(form.allErrors.parentId ?? []), ...(form.allErrors.language ?? []), ...(form.allErrors.id ?? [])];

  return (
    <PageSection id="object-form" title={<span ref={heading} tabIndex={-1} className="outline-none">{title}</span>}>
      <Form ref={formElement} method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value={creating ? 'create' : 'update'} />
        <input type="hidden" name="type" value={type} />
        {node ? <input type="hidden" name="id" value={node.id} /> : null}
        {parent ? <input type="hidden" name="parentId" value={parent.id} /> : null}
        <FormErrors errors={form.errors} />
        {parent?.type === 'LOCALIZED' && creating ? (
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('object.language')}
            <select name="language" defaultValue={languages?.[0]} className={SELECT} aria-invalid={placeErrors.length ? true : undefined}>
              {(languages ?? []).map((lang) => (
                <option key={lang} value={lang}>
                  {t(`languages.${lang}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {placeErrors.length ? (
          <p role="alert" className="text-sm text-brand-red">
            {placeErrors.join(' ')}
          </p>
        ) : null}
        <TextField field={fields.name} label={t('object.name')} description={t('object.nameHint')} />
        {show.includes('url') ? (
          <TextField field={fields.value} type="url" label={t(type === 'YOUTUBE' ? 'object.videoUrl' : 'object.url')} description={t(type === 'YOUTUBE' ? 'object.videoHint' : 'object.urlHint')} />
        ) : null}
        {show.includes('richText') ? (
          <RichTextField name={fields.value.name} label={t('object.text')} defaultValue={node?.value ?? ''} errors={fields.value.errors} />
        ) : null}
        {show.includes('size') ? (
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('object.size')}
            <select name="size" defaultValue={String(node?.size ?? 2)} className={SELECT} aria-invalid={fields.size.errors?.length ? true : undefined}>
              {COLUMN_SIZES.map((size) => (
                <option key={size} value={size}>
                  {t('object.sizeOption', { count: size })}
                </option>
              ))}
            </select>
            <span className="text-sm text-brand-red">{fields.size.errors?.join(' ')}</span>
          </label>
        ) : null}
        {show.includes('file') ? (
          <FileUpload
            purpose={filePurposeOf(type)}
            label={t(type === 'PDF' ? 'object.pdf' : 'object.image')}
            currentId={node?.fileId}
            currentUrl={node?.fileUrl}
            currentName={node?.fileName}
            errors={fields.fileId.errors}
            isImage={type !== 'PDF'}
            required
          />
        ) : null}
        {show.includes('link') ? (
          <>
            <TextField field={fields.link} label={t('object.link')} description={t('object.linkHint')} />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="openLinkInNewWindow" defaultChecked={node?.openLinkInNewWindow ?? false} className="h-4 w-4" />
              {t('object.newWindow')}
            </label>
          </>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isDisabled={pending}>
            {creating ? t('object.add') : t('object.save')}
          </Button>
          <Link to={here} preventScrollReset className={buttonClassName('whiteModal')}>
            {t('object.cancel')}
          </Link>
        </div>
      </Form>
    </PageSection>
  );
}

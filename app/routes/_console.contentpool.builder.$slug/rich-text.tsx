import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '~/components/ui/use-hydrated';
import { ErrorText } from '~/components/ui/field';

const COMMANDS = [
  { command: 'bold', key: 'bold', short: 'B' },
  { command: 'italic', key: 'italic', short: 'I' },
  { command: 'insertUnorderedList', key: 'bulletList', short: '•' },
  { command: 'insertOrderedList', key: 'numberedList', short: '1.' },
] as const;

/**
 * The TEXT object's rich text. Without JavaScript a textarea of HTML; with it an editable area with bold,
 * italic, link and list buttons that writes its HTML into that (then hidden) textarea. The server sanitises
 * what is posted (allow-list), so what is stored is what visitors see.
 */
export function RichTextField({ name, label, defaultValue, errors }: { name: string; label: string; defaultValue: string; errors?: string[] }) {
  const { t } = useTranslation('builder');
  const hydrated = useHydrated();
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<HTMLDivElement>(null);
  const error = errors?.join(' ') ?? '';

  useEffect(() => {
    // the stored text is sanitised HTML; what the visitor typed before hydration wins
    if (hydrated && editor.current && area.current) editor.current.innerHTML = area.current.value;
  }, [hydrated]);

  const sync = () => {
    if (editor.current && area.current) area.current.value = editor.current.innerHTML;
  };
  const run = (command: string, value?: string) => {
    editor.current?.focus();
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand(command, false, value);
    sync();
  };

  return (
    <div className="flex flex-col gap-1">
      <label id={`${id}-label`} htmlFor={hydrated ? undefined : `${id}-area`} className="text-sm font-medium">
        {label}
        <span aria-hidden="true" className="text-brand-red">
          {' *'}
        </span>
      </label>
      {hydrated ? (
        <>
          <div role="toolbar" aria-label={t('richText.toolbar')} className="flex gap-1">
            {COMMANDS.map(({ command, key, short }) => (
              <button
                key={command}
                type="button"
                aria-label={t(`richText.${key}`)}
                title={t(`richText.${key}`)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => run(command)}
                className="rounded border border-gray-300 px-2 py-1 text-sm font-semibold"
              >
                {short}
              </button>
            ))}
            <button
              type="button"
              aria-label={t('richText.link')}
              title={t('richText.link')}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                const href = window.prompt(t('richText.linkPrompt'));
                if (href) run('createLink', href);
              }}
              className="rounded border border-gray-300 px-2 py-1 text-sm underline"
            >
              {t('richText.linkShort')}
            </button>
          </div>
          <div
            ref={editor}
            role="textbox"
            aria-multiline="true"
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-error`}
            contentEditable
            suppressContentEditableWarning
            onInput={sync}
            onBlur={sync}
            data-rich-text
            className="prose min-h-32 rounded-md border border-gray-300 bg-white px-3 py-2 outline-none focus:border-brand-dark [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
          />
        </>
      ) : (
        <p className="text-xs text-gray-600">{t('richText.htmlHint')}</p>
      )}
      <textarea
        ref={area}
        id={`${id}-area`}
        name={name}
        defaultValue={defaultValue}
        rows={8}
        hidden={hydrated}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className="rounded-md border border-gray-300 px-3 py-2 font-mono text-sm"
      />
      <ErrorText id={`${id}-error`} errors={error} persistent />
    </div>
  );
}

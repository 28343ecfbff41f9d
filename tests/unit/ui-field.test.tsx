import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NumberField, TextArea, TextField } from '~/components/ui/field';
import { createZodErrorMap } from '~/lib/validation-messages';
import { createRequestI18n, getT } from '~/server/i18n.server';

const Schema = z.object({
  email: z.string().email(),
  note: z.string().max(200).optional(),
  count: z.number().min(1).max(10),
});

function DemoForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({ id: 'demo', lastResult, constraint: getZodConstraint(Schema), shouldValidate: 'onBlur' });
  return (
    <form method="post" {...getFormProps(form)}>
      <TextField field={fields.email} label="E-Mail" type="email" />
      <TextArea field={fields.note} label="Notiz" />
      <NumberField field={fields.count} label="Anzahl" />
    </form>
  );
}

async function render(lastResult?: SubmissionResult<string[]>) {
  const i18n = await createRequestI18n('DE');
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <DemoForm lastResult={lastResult} />
    </I18nextProvider>,
  );
  return new DOMParserLike(html);
}

/** Tiny attribute lookup on the rendered markup (the unit project runs without a DOM). */
class DOMParserLike {
  constructor(readonly html: string) {}
  input(name: string): string {
    const match = this.html.match(new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>`));
    if (!match) throw new Error(`no field ${name} in ${this.html}`);
    return match[0];
  }
  attr(tag: string, attribute: string): string | undefined {
    return tag.match(new RegExp(` ${attribute}="([^"]*)"`, 'i'))?.[1];
  }
  textOf(id: string): string {
    const match = this.html.match(new RegExp(`id="${id}"[^>]*>(.*?)</`));
    return match?.[1].replace(/<[^>]+>/g, '') ?? '';
  }
}

describe('form fields wired to Conform', () => {
  it('render uncontrolled named inputs with hints from the schema constraints', async () => {
    const page = await render();
    const email = page.input('email');
    expect(page.attr(email, 'type')).toBe('email');
    expect(page.attr(email, 'aria-invalid')).toBeUndefined();
    const note = page.input('note');
    expect(page.attr(note, 'maxlength')).toBe('200');
    const noteDescriptions = page.attr(note, 'aria-describedby')!.split(' ').map((id) => page.textOf(id));
    expect(noteDescriptions).toContain('Höchstens 200 Zeichen');
    const count = page.input('count');
    expect(page.attr(count, 'min')).toBe('1');
    expect(page.attr(count, 'max')).toBe('10');
    expect(page.html).toContain('Mindestwert: 1');
    expect(page.html).toContain('Höchstwert: 10');
  });

  it('show the server reply errors in the user language, linked with aria-describedby', async () => {
    const formData = new FormData();
    formData.set('email', 'not-an-address');
    formData.set('count', '42');
    const submission = parseWithZod(formData, { schema: Schema, errorMap: createZodErrorMap(getT('DE')) });
    expect(submission.status).toBe('error');
    const page = await render(submission.reply());

    const email = page.input('email');
    expect(page.attr(email, 'aria-invalid')).toBe('true');
    expect(page.attr(email, 'value')).toBe('not-an-address');
    const describedBy = page.attr(email, 'aria-describedby')!.split(' ');
    expect(describedBy.map((id) => page.textOf(id))).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein');

    const count = page.input('count');
    expect(page.attr(count, 'aria-invalid')).toBe('true');
    expect(page.html).toContain('Bitte geben Sie einen Wert von höchstens 10 ein');
    expect(page.attr(page.input('note'), 'aria-invalid')).toBeUndefined();
  });
});

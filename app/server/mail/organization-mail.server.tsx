import { Body, Button, Container, Head, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { toLocale, type Language } from '~/lib/language';
import { EMAIL_DEFAULT_COLOR, fillPlaceholders, templateDef, type EmailTemplateKey } from '~/lib/email/templates';
import { readableOn } from '~/lib/personalization-theme';
import deMail from '../../../locales/de/mail.json';
import enMail from '../../../locales/en/mail.json';
import { plainMailText, sanitizeMailText } from '../services/content/sanitize';
import { getT } from '../i18n.server';
import { renderMailElement } from './render.server';
import { escapeHtml, type RenderedMail } from './templates.server';

/**
 * Renders an organisation's mails (issue 29) with React Email to HTML and plain text: the organisation's colour
 * (button, top band) and header image, each message in the recipient's language as the organisation's override or
 * the default from locales/{de,en}/mail.json, placeholders filled with the (escaped) values. Overrides are cleaned
 * again here (bold, links, paragraphs), so a row written past the service can carry nothing else into a mail.
 */

const DEFAULTS: Record<Language, Record<string, unknown>> = { DE: deMail, EN: enMail };

/** The default text of a message (its locales/ entry, placeholders unfilled). */
export function defaultText(language: Language, localeKey: string): string {
  let node: unknown = DEFAULTS[language];
  for (const part of localeKey.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : '';
}

export interface MailLook {
  color: string | null;
  headerImageUrl: string | null;
  organisation: string;
}

/** A part of a mail's body: a message of the template, a button, or a fixed platform text (not overridable). */
export type MailBlock =
  | { msg: string; strong?: boolean }
  | { button: { msg?: string; label?: string; href: string } }
  | { fixed: string; strong?: boolean; preLine?: boolean }
  | { list: string[] }
  | { link: string };

export interface OrganizationMailInput {
  template: EmailTemplateKey;
  language: Language;
  /** the recipient's name for the greeting (none: the anonymous greeting) */
  name: string;
  values: Record<string, string>;
  /** the organisation's overrides in this language: message id -> text */
  overrides: ReadonlyMap<string, string>;
  look: MailLook;
  blocks: MailBlock[];
  /** the open-tracking pixel's address (only for recipients who agreed to tracking) */
  trackingUrl?: string | null;
}

const paragraph = { margin: '0 0 16px', lineHeight: '1.5', fontSize: '15px', color: '#283853' } as const;

/** A message as HTML: the cleaned override (values escaped into it) or the escaped default in one paragraph. */
function messageHtml(input: OrganizationMailInput, msgId: string): { html: string; plain: string } {
  const def = templateDef(input.template).messages.find((m) => m.id === msgId);
  if (!def) throw new Error(`unknown message ${input.template}.${msgId}`);
  const values = { ...input.values, name: input.name };
  const override = input.overrides.get(msgId);
  if (def.kind === 'text') {
    const text = override !== undefined ? fillPlaceholders(plainMailText(override), values) : fillPlaceholders(defaultText(input.language, def.localeKey), values);
    return { html: escapeHtml(text), plain: text };
  }
  if (override !== undefined) {
    const clean = sanitizeMailText(override);
    const html = fillPlaceholders(/<p[\s>]/i.test(clean) ? clean : `<p>${clean}</p>`, values, escapeHtml);
    return { html, plain: plainMailText(html) };
  }
  const text = fillPlaceholders(defaultText(input.language, def.localeKey), values);
  return { html: `<p>${escapeHtml(text)}</p>`, plain: text };
}

function Rich({ html, strong }: { html: string; strong?: boolean }) {
  // paragraphs of an override keep the mail's spacing; the markup itself was cleaned by sanitizeMailText
  const styled = html.replace(/<p>/g, `<p style="margin:0 0 16px;line-height:1.5;font-size:15px;color:#283853${strong ? ';font-weight:bold' : ''}">`);
  return <div dangerouslySetInnerHTML={{ __html: styled }} />;
}

function OrganizationMail({ input, subject }: { input: OrganizationMailInput; subject: string }) {
  const t = getT(input.language);
  const color = input.look.color ?? EMAIL_DEFAULT_COLOR;
  const onColor = readableOn(color);
  const greeting = input.name.trim() ? (t('mail:greeting', { name: input.name.trim() }) as string) : (t('mail:greetingAnonymous') as string);
  const parts: ReactNode[] = input.blocks.map((block, index) => {
    if ('msg' in block) return <Rich key={index} html={messageHtml(input, block.msg).html} strong={block.strong} />;
    if ('fixed' in block)
      return (
        <Text key={index} style={{ ...paragraph, fontWeight: block.strong ? 'bold' : undefined, whiteSpace: block.preLine ? 'pre-line' : undefined }}>
          {block.fixed}
        </Text>
      );
    if ('list' in block)
      return (
        <ul key={index} style={{ ...paragraph, paddingLeft: '20px' }}>
          {block.list.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      );
    if ('link' in block)
      return (
        <Text key={index} style={{ ...paragraph, fontSize: '13px', wordBreak: 'break-all' }}>
          <Link href={block.link} style={{ color: '#283853' }}>
            {block.link}
          </Link>
        </Text>
      );
    const label = block.button.msg ? messageHtml(input, block.button.msg).plain : (block.button.label ?? '');
    return (
      <Section key={index} style={{ margin: '0 0 24px' }}>
        <Button href={block.button.href} style={{ background: color, color: onColor, padding: '12px 20px', borderRadius: '6px', fontWeight: 'bold', textDecoration: 'none' }}>
          {label}
        </Button>
      </Section>
    );
  });
  return (
    <Html lang={toLocale(input.language)}>
      <Head>
        <title>{subject}</title>
      </Head>
      <Preview>{subject}</Preview>
      <Body style={{ margin: 0, padding: '24px', background: '#f7f7f7', fontFamily: 'Arial,Helvetica,sans-serif', color: '#283853' }}>
        <Container style={{ maxWidth: '560px', background: '#ffffff', borderRadius: '8px', borderTop: `6px solid ${color}` }}>
          {input.look.headerImageUrl ? (
            <Img src={input.look.headerImageUrl} alt={input.look.organisation} width="560" style={{ width: '100%', maxWidth: '560px', height: 'auto', display: 'block' }} />
          ) : null}
          <Section style={{ padding: '32px' }}>
            <Text style={paragraph}>{greeting}</Text>
            {parts}
          </Section>
          {input.trackingUrl ? <Img src={input.trackingUrl} alt="" width="1" height="1" style={{ display: 'block', width: '1px', height: '1px' }} /> : null}
        </Container>
      </Body>
    </Html>
  );
}

/** The subject of an organisation's mail in the recipient's language (override or default, values filled). */
export function organizationMailSubject(input: Pick<OrganizationMailInput, 'template' | 'language' | 'name' | 'values' | 'overrides'>): string {
  return messageHtml(input as OrganizationMailInput, 'subject').plain;
}

/** Subject, HTML and plain text of an organisation's mail. */
export async function renderOrganizationMail(input: OrganizationMailInput): Promise<RenderedMail> {
  const subject = organizationMailSubject(input);
  const { html, text } = renderMailElement(<OrganizationMail input={input} subject={subject} />);
  return { subject, html, text };
}

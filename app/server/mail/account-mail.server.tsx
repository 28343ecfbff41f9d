import { Body, Button, Container, Head, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { TFunction } from 'i18next';
import { toLocale, type Language } from '~/lib/language';
import { EMAIL_DEFAULT_COLOR } from '~/lib/email/templates';
import { readableOn } from '~/lib/personalization-theme';
import { getT } from '../i18n.server';
import { renderMailElement } from './render.server';
import type { RenderedMail } from './templates.server';

/**
 * The platform's own mails (issue 29): account activation, password reset, account deletion, the lead form's address
 * confirmation, blind-matching invitations. Each is a keyed template (`kind`, its texts under `mail:<kind>` in
 * locales/{de,en}/mail.json, or a domain's own prefix) rendered with React Email in the platform's look (PLATFORM_LOOK)
 * rather than an organisation's: greeting, intro, the button, the link in plain text, how long it is valid, and the
 * signature. HTML and plain text say the same; the plain text is written here, so every line keeps its order.
 */

/** The platform's mail settings: its brand colour for the top band and the button. */
export const PLATFORM_LOOK = { color: EMAIL_DEFAULT_COLOR } as const;

export interface ActionMail {
  /** the template's key: the key prefix in locales/<lng>/mail.json (subject, intro, action, validity) */
  kind: 'activation' | 'passwordReset' | 'accountDeletion' | 'leadMailConfirm' | 'blindMatching';
  /** another key prefix with the same four texts (a domain's own namespace), instead of `mail:<kind>` */
  prefix?: string;
  /** values for the intro text (e.g. the organisation of an invitation) */
  introValues?: Record<string, string>;
  /** values for the subject */
  subjectValues?: Record<string, string>;
  name: string;
  link: string;
  validity: Record<string, number>;
}

interface Texts {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  linkFallback: string;
  validity: string;
  ignore: string;
  signature: string;
}

function textsOf(t: TFunction, mail: ActionMail): Texts {
  const prefix = mail.prefix ?? `mail:${mail.kind}`;
  return {
    subject: t(`${prefix}.subject`, mail.subjectValues ?? {}),
    greeting: mail.name.trim() ? t('mail:greeting', { name: mail.name.trim() }) : t('mail:greetingAnonymous'),
    intro: t(`${prefix}.intro`, mail.introValues ?? {}),
    action: t(`${prefix}.action`),
    linkFallback: t('mail:linkFallback'),
    validity: t(`${prefix}.validity`, mail.validity),
    ignore: t('mail:ignore'),
    signature: t('mail:signature'),
  };
}

const paragraph = { margin: '0 0 16px', lineHeight: '1.5', fontSize: '15px', color: '#283853' } as const;
const small = { ...paragraph, fontSize: '13px', margin: '0 0 8px' } as const;

function AccountMail({ language, texts, link }: { language: Language; texts: Texts; link: string }) {
  const color = PLATFORM_LOOK.color;
  return (
    <Html lang={toLocale(language)}>
      <Head>
        <title>{texts.subject}</title>
      </Head>
      <Preview>{texts.subject}</Preview>
      <Body style={{ margin: 0, padding: '24px', background: '#f7f7f7', fontFamily: 'Arial,Helvetica,sans-serif', color: '#283853' }}>
        <Container style={{ maxWidth: '560px', background: '#ffffff', borderRadius: '8px', borderTop: `6px solid ${color}` }}>
          <Section style={{ padding: '32px' }}>
            <Text style={paragraph}>{texts.greeting}</Text>
            <Text style={{ ...paragraph, margin: '0 0 24px' }}>{texts.intro}</Text>
            <Section style={{ margin: '0 0 24px' }}>
              <Button href={link} style={{ background: color, color: readableOn(color), padding: '12px 20px', borderRadius: '6px', fontWeight: 'bold', textDecoration: 'none' }}>
                {texts.action}
              </Button>
            </Section>
            <Text style={small}>{texts.linkFallback}</Text>
            <Text style={{ ...small, margin: '0 0 24px', wordBreak: 'break-all' }}>
              <Link href={link} style={{ color: '#283853' }}>
                {link}
              </Link>
            </Text>
            <Text style={small}>{texts.validity}</Text>
            <Text style={{ ...small, margin: '0 0 24px' }}>{texts.ignore}</Text>
            <Text style={{ ...paragraph, margin: 0 }}>{texts.signature}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** Subject, HTML and plain text of a platform mail with a call to action, in the recipient's language. */
export async function renderActionMail(language: Language, mail: ActionMail): Promise<RenderedMail> {
  const texts = textsOf(getT(language), mail);
  const text = [texts.greeting, '', texts.intro, '', `${texts.action}: ${mail.link}`, '', texts.validity, texts.ignore, '', texts.signature].join('\n');
  const { html } = renderMailElement(<AccountMail language={language} texts={texts} link={mail.link} />);
  return { subject: texts.subject, html, text };
}

export function activationMail(language: Language, name: string, link: string, days: number): Promise<RenderedMail> {
  return renderActionMail(language, { kind: 'activation', name, link, validity: { days } });
}

export function passwordResetMail(language: Language, name: string, link: string, minutes: number): Promise<RenderedMail> {
  return renderActionMail(language, { kind: 'passwordReset', name, link, validity: { minutes } });
}

export function accountDeletionMail(language: Language, name: string, link: string, hours: number): Promise<RenderedMail> {
  return renderActionMail(language, { kind: 'accountDeletion', name, link, validity: { hours } });
}

/**
 * The neutral mail a public lead form sends to an address that has not confirmed it (issue 24 item 2): it names the
 * organisation and our confirmation page only, never what was typed into the form (name, notes, links), so the form
 * cannot carry someone's text to a stranger's mailbox. The information mail follows once the address confirms.
 */
export function leadMailConfirmationMail(language: Language, link: string, organisation: string, days: number): Promise<RenderedMail> {
  return renderActionMail(language, { kind: 'leadMailConfirm', name: '', link, validity: { days }, introValues: { organisation }, subjectValues: { organisation } });
}

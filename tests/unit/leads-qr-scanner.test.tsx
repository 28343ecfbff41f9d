import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { QrScanner } from '~/components/leads/qr-scanner';
import { createRequestI18n } from '~/server/i18n.server';

describe('QrScanner before JavaScript', () => {
  it.each([
    ['DE', 'Kontakt per QR-Code', 'Bild eines QR-Codes auswählen'],
    ['EN', 'Contact by QR code', 'Choose a picture of a QR code'],
  ] as const)('renders the picture input a form can post, in %s, and no camera button yet', async (lang, title, choose) => {
    const i18n = await createRequestI18n(lang);
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <QrScanner onResult={() => undefined} fileInputName="qrImage" />
      </I18nextProvider>,
    );
    expect(html).toContain(title);
    expect(html).toContain(choose);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*name="qrImage"[^>]*accept="image\/\*"/);
    // the camera needs JavaScript: its button appears only after hydration
    expect(html).not.toContain(i18n.t('leadscard:scanner.start'));
    expect(html).not.toMatch(/<script/i);
  });
});

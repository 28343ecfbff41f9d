import { expect, test } from './fixtures';

test.describe('GraphiQL', () => {
  test("runs a mutation with the session cookie: its fetcher sends the session's CSRF token", async ({ page, login, db }) => {
    const { userId } = await login({ language: 'DE' });
    const firstCall = page.waitForRequest((request) => request.url().endsWith('/graphql/') && request.method() === 'POST');
    // GraphiQL is no Remix page: nothing hydrates, so the page is ready when its editor is
    await page.goto('/graphql/', { waitUntil: 'commit' });
    const token = await page.locator('#graphiql').getAttribute('data-csrf-token');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await firstCall).headers()['x-csrf-token']).toBe(token);

    const editor = page.locator('.graphiql-query-editor .CodeMirror');
    await expect(editor).toBeVisible();
    await editor.evaluate((element) => {
      (element as unknown as { CodeMirror: { setValue(value: string): void } }).CodeMirror.setValue(
        'mutation { persistDefaultLanguage(language: "EN") { language error { code } } }',
      );
    });
    const mutation = page.waitForResponse((response) => response.url().endsWith('/graphql/') && response.request().postData()?.includes('persistDefaultLanguage') === true);
    await page.getByRole('button', { name: /Execute query/ }).click();
    expect((await mutation).status()).toBe(200);
    await expect(page.locator('.graphiql-response')).toContainText('"language": "EN"');
    expect((await db('users').where({ id: userId }).first('default_language')).default_language).toBe('EN');
  });
});

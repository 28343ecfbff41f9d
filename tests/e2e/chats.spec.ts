import type { BrowserContext, Page } from "@playwright/test";
import { loadEnv } from "../../app/server/env.server";
import { createSession } from "../../app/server/session.server";
import { addMember, createUser } from "../fixtures/factories";
import {
  dismissWelcomeVideoUpfront,
  expect,
  necessaryCookiesOnly,
  test,
} from "./fixtures";

/**
 * Chats (issue 28), live in two browsers: a visitor on a phone writes from a stand of the demo organisation (chat on,
 * guests allowed: the demo seed), an operator goes online on /chats, answers, and the visitor sees the answer arrive
 * without reloading; the visitor's connection drops, the operator writes meanwhile, and after it comes back the
 * message arrives once. Waits on states only (the page's live status, the messages' stored state).
 */
const CONVENTION = "/convention/digitale-fachmesse-2026";
const STAND = `${CONVENTION}/hall/demo-halle-maschinenbau/stand/mueller-praezisionstechnik`;

async function signIn(
  context: BrowserContext,
  db: Parameters<typeof createSession>[1],
  userId: string,
  baseURL: string
) {
  const env = loadEnv({ ...process.env, NODE_ENV: "production" });
  const { setCookie } = await createSession(env, db, userId);
  const [pair] = setCookie.split(";");
  const [name, ...value] = pair!.split("=");
  await context.addCookies([
    { name: name!, value: value.join("="), url: baseURL },
  ]);
  await necessaryCookiesOnly(context, baseURL);
}

async function goto(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("a visitor on a phone chats with an operator live, and nothing is lost when the connection drops", async ({
  browser,
  db,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const organization = await db("organizations")
    .where({ slug: "demo-messe" })
    .first("id");
  const operatorUser = await createUser(db, {
    default_language: "EN",
    first_name: "Otto",
    last_name: "Operator",
  });
  await addMember(db, organization.id, operatorUser.id, { role: "admin" });
  await db("chat_operators").insert({
    organization_id: organization.id,
    user_id: operatorUser.id,
    capacity: 5,
    online: false,
  });
  const guest = `Gina Guest ${Date.now()}`;

  const operatorContext = await browser.newContext({
    baseURL,
    locale: "en-GB",
    viewport: { width: 1280, height: 900 },
  });
  const visitorContext = await browser.newContext({
    baseURL,
    locale: "en-GB",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await signIn(operatorContext, db, operatorUser.id, baseURL!);
    await necessaryCookiesOnly(visitorContext, baseURL);
    const operator = await operatorContext.newPage();
    const visitor = await visitorContext.newPage();
    await dismissWelcomeVideoUpfront(visitor);

    // the operator goes online (a plain form)
    await goto(operator, "/chats?view=ALL");
    await operator.getByRole("button", { name: "Go online" }).click();
    await expect(operator.getByTestId("presence")).toHaveText(/You are online/);

    // the visitor opens the widget on the stand: 100×100, then the whole phone screen
    await goto(visitor, STAND);
    const launcher = visitor.getByTestId("chat-launcher");
    await expect(launcher).toBeVisible();
    expect(await launcher.boundingBox()).toMatchObject({
      width: 100,
      height: 100,
    });
    await launcher.click();
    const panel = visitor.getByRole("dialog", { name: /Chat/ });
    await expect(panel).toBeVisible();
    expect(await panel.boundingBox()).toMatchObject({
      x: 0,
      y: 0,
      width: 390,
      height: 844,
    });
    await panel.getByLabel("Name").fill(guest);
    await panel.getByLabel("E-mail").fill("gina@example.com");
    await panel.getByLabel("Message").fill("Do you ship to Austria?");
    await panel.getByRole("button", { name: "Send" }).click();
    // shown as sent only once stored
    await expect(
      panel.locator('li[data-state="stored"]', {
        hasText: "Do you ship to Austria?",
      })
    ).toHaveCount(1);

    // the conversation appears for the operator without a reload
    const item = operator
      .getByTestId("chat-list")
      .getByRole("link", { name: new RegExp(guest) });
    await expect(item).toBeVisible();
    await item.click();
    const conversation = operator.getByTestId("conversation");
    await expect(
      conversation.getByRole("heading", { name: guest })
    ).toBeVisible();
    await expect(conversation).toContainText(STAND);
    const claim = conversation.getByRole("button", { name: "Claim" });
    if (await claim.isVisible()) await claim.click();
    await expect(operator.getByTestId("conversation-state")).toContainText(
      "Claimed"
    );
    await operator.getByLabel("Your answer").fill("Yes, within two weeks.");
    await operator.getByRole("button", { name: "Send" }).click();
    await expect(
      conversation.locator('li[data-state="stored"]', {
        hasText: "Yes, within two weeks.",
      })
    ).toHaveCount(1);

    // the visitor sees the answer live
    await expect(
      panel.locator("li", { hasText: "Yes, within two weeks." })
    ).toHaveCount(1);

    // the connection drops; the operator writes meanwhile; it comes back and the message arrives, once
    await visitorContext.setOffline(true);
    await expect(panel.getByTestId("chat-connection")).toBeVisible();
    await operator.getByLabel("Your answer").fill("Training is included, too.");
    await operator.getByRole("button", { name: "Send" }).click();
    await expect(
      conversation.locator("li", { hasText: "Training is included, too." })
    ).toHaveCount(1);
    await visitorContext.setOffline(false);
    await expect(panel.getByTestId("chat-connection")).toBeHidden({
      timeout: 15_000,
    });
    await expect(
      panel.locator("li", { hasText: "Training is included, too." })
    ).toHaveCount(1);
    await expect(panel.locator("li[data-seq]")).toHaveCount(3);
    await expect(
      panel.locator("li", { hasText: "Yes, within two weeks." })
    ).toHaveCount(1);
  } finally {
    await operatorContext.close();
    await visitorContext.close();
    await db("chat_operators").where({ user_id: operatorUser.id }).delete();
    await db("users").where({ id: operatorUser.id }).delete();
  }
});

test("pages without the flag carry no chat code; the convention chats page works without JavaScript", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: "en-GB" });
  await necessaryCookiesOnly(context, baseURL);
  const page = await context.newPage();
  const chunks: string[] = [];
  page.on("request", (request) => {
    if (
      /\/assets\/(widget|live)-[\w-]+\.js$/.test(
        new URL(request.url()).pathname
      )
    )
      chunks.push(request.url());
  });
  await goto(page, "/login");
  await goto(page, `${CONVENTION}/chats`);
  await expect(page.getByRole("heading", { name: "Your chats" })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Log in" }).first()
  ).toBeVisible();
  await expect(page.getByTestId("chat-launcher")).toHaveCount(0);
  expect(chunks).toEqual([]);
  await context.close();

  const noScript = await browser.newContext({
    baseURL,
    locale: "en-GB",
    javaScriptEnabled: false,
  });
  const plain = await noScript.newPage();
  await plain.goto(`${CONVENTION}/chats`);
  await expect(
    plain.getByRole("heading", { name: "Your chats" })
  ).toBeVisible();
  await noScript.close();
});

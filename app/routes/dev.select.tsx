import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  DevErrorPage,
  DevId,
  DevPageFrame,
  DevTable,
} from "~/components/dev-tools/dev-page";
import { buttonClassName } from "~/components/ui/button-styles";
import { defineGuards } from "~/lib/guards";
import { withNamespaces } from "~/lib/i18n-namespaces";
import { devPage } from "~/server/pages/dev-tools.server";
import { runGuards } from "~/server/guards.server";
import { readForm } from "~/server/posted-form.server";
import { devJump, devSelectOptions } from "~/server/services/dev-tools";
import { isDomainError } from "~/server/services/errors";
import { createSession, destroySession } from "~/server/session.server";

export const guards = defineGuards({ public: true });
export const handle = { i18n: ["common", "errors", "events"] };
export const clientLoader = withNamespaces(handle.i18n);

/**
 * /dev/select (spec 000 point 2): pick a demo user, organisation and convention and jump in, logged in as that user.
 * Outside production for anyone; in production platform staff may look at the lists but never log in as someone
 * else (404 for everybody else).
 */
export async function loader(args: LoaderFunctionArgs) {
  return devPage(
    args,
    guards,
    (ctx) => devSelectOptions(ctx),
    (t) => t("events:devTools.select.title")
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value ? value : null;
  };
  let jump: Awaited<ReturnType<typeof devJump>>;
  try {
    jump = await devJump(context.service, {
      userId: field("userId"),
      organizationId: field("organizationId"),
      conventionId: field("conventionId"),
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "INVALID")
      return data({ developerError: error.message }, { status: 400 });
    if (error.code === "PERMISSION_DENIED")
      return data({ developerError: error.message }, { status: 403 });
    throw new Response("Not Found", { status: 404 });
  }
  const headers = new Headers();
  await destroySession(context.app.env, context.app.db, context.sessionId);
  const { setCookie } = await createSession(
    context.app.env,
    context.app.db,
    jump.userId,
    request.headers.get("user-agent")
  );
  headers.append("Set-Cookie", setCookie);
  return redirect(jump.to, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "" },
];

const SELECT = "w-full rounded-md border border-gray-400 bg-white px-3 py-2";

export default function DevSelectPage() {
  const { t } = useTranslation("events");
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (page.developerError !== null)
    return <DevErrorPage message={page.developerError} />;
  if (answer?.developerError)
    return <DevErrorPage message={answer.developerError} />;
  const { users, organizations, conventions, mayImpersonate } = page.view;
  return (
    <DevPageFrame title={t("devTools.select.title")}>
      {mayImpersonate ? (
        <Form
          method="post"
          className="mb-10 grid max-w-xl gap-4"
          data-dev-select
        >
          <p>{t("devTools.select.intro")}</p>
          <div>
            <label htmlFor="dev-user" className="mb-1 block font-semibold">
              {t("devTools.select.user")}
            </label>
            <select id="dev-user" name="userId" required className={SELECT}>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {`${u.email}${u.name ? ` (${u.name})` : ""}${
                    u.is_staff ? ` – ${t("devTools.select.staff")}` : ""
                  }`}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label
              htmlFor="dev-organization"
              className="mb-1 block font-semibold"
            >
              {t("devTools.select.organization")}
            </label>
            <select
              id="dev-organization"
              name="organizationId"
              className={SELECT}
            >
              <option value="">{t("devTools.select.organizationKeep")}</option>
              {organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label
              htmlFor="dev-convention"
              className="mb-1 block font-semibold"
            >
              {t("devTools.select.convention")}
            </label>
            <select
              id="dev-convention"
              name="conventionId"
              required
              className={SELECT}
            >
              {conventions.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${c.title} (${c.organization})`}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClassName("standardNoMt")}>
            {t("devTools.select.submit")}
          </button>
        </Form>
      ) : (
        <p
          role="note"
          className="mb-8 rounded-md border-l-4 border-brand-dark bg-white p-4"
          data-no-impersonation
        >
          {t("devTools.select.productionNote")}
        </p>
      )}
      <DevTable
        caption={t("devTools.select.user")}
        columns={[
          t("devTools.columns.email"),
          t("devTools.columns.name"),
          t("devTools.columns.organization"),
          t("devTools.columns.id"),
        ]}
        rows={users.map((u) => [
          u.email,
          u.is_staff ? `${u.name} (${t("devTools.select.staff")})` : u.name,
          u.organizations.map((o) => o.name).join(", "),
          <DevId key="id" id={u.id} />,
        ])}
      />
      <DevTable
        caption={t("devTools.select.conventions")}
        columns={[
          t("devTools.columns.title"),
          t("devTools.columns.slug"),
          t("devTools.columns.access"),
          t("devTools.columns.organization"),
          t("devTools.columns.id"),
        ]}
        rows={conventions.map((c) => [
          <Link
            key="link"
            className="underline"
            to={`/convention/${encodeURIComponent(c.slug)}`}
          >
            {c.title}
          </Link>,
          c.slug,
          c.permission_type,
          c.organization,
          <DevId key="id" id={c.id} />,
        ])}
      />
      <DevTable
        caption={t("devTools.select.organizations")}
        columns={[
          t("devTools.columns.name"),
          t("devTools.columns.slug"),
          t("devTools.columns.id"),
        ]}
        rows={organizations.map((o) => [
          o.name,
          o.slug,
          <DevId key="id" id={o.id} />,
        ])}
      />
      <p>
        <Link className="underline" to="/dev/stage-administration">
          {t("devTools.stages.title")}
        </Link>
      </p>
    </DevPageFrame>
  );
}

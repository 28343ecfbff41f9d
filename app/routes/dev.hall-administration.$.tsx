import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  DevErrorPage,
  DevId,
  DevPageFrame,
  DevTable,
} from "~/components/dev-tools/dev-page";
import { defineGuards } from "~/lib/guards";
import { withNamespaces } from "~/lib/i18n-namespaces";
import { devPage } from "~/server/pages/dev-tools.server";
import { devHallAdministration } from "~/server/services/dev-tools";

export const guards = defineGuards({ public: true });
export const handle = { i18n: ["common", "errors", "events"] };
export const clientLoader = withNamespaces(handle.i18n);

/**
 * /dev/hall-administration/{slug} (spec 000 point 2): a hall's stands, raw, with their ids, for support. Outside
 * production or for platform staff (404 else). A path that names no single slug is the developer error
 * "slug is not a string" (400); an unknown hall 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  return devPage(
    args,
    guards,
    (ctx) => devHallAdministration(ctx, args.params["*"]),
    (t, view) =>
      t("events:devTools.hall.title", { name: view?.hall.name ?? "" })
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "" },
];

export default function DevHallAdministrationPage() {
  const { t } = useTranslation("events");
  const page = useLoaderData<typeof loader>();
  if (page.developerError !== null)
    return <DevErrorPage message={page.developerError} />;
  const { hall, stands, conventions } = page.view;
  const c = (key: string) => t(`devTools.columns.${key}`);
  return (
    <DevPageFrame title={t("devTools.hall.title", { name: hall.name })}>
      <DevTable
        caption={t("devTools.hall.hall")}
        columns={[
          c("id"),
          c("slug"),
          c("name"),
          c("access"),
          c("organization"),
        ]}
        rows={[
          [
            <DevId key="id" id={hall.id} />,
            hall.slug,
            hall.name,
            hall.permission_type,
            hall.organization,
          ],
        ]}
      />
      <DevTable
        caption={t("devTools.hall.conventions")}
        columns={[c("title"), c("slug"), c("conventionId")]}
        rows={conventions.map((v) => [
          <Link
            key="link"
            className="underline"
            to={`/convention/${encodeURIComponent(
              v.slug
            )}/hall/${encodeURIComponent(hall.slug)}`}
          >
            {v.title}
          </Link>,
          v.slug,
          <DevId key="id" id={v.id} />,
        ])}
      />
      {stands.length === 0 ? (
        <p>{t("devTools.hall.noStands")}</p>
      ) : (
        <DevTable
          caption={t("devTools.hall.stands")}
          columns={[
            c("order"),
            c("name"),
            c("slug"),
            c("state"),
            c("organization"),
            c("id"),
            c("standId"),
            c("previewSlug"),
          ]}
          rows={stands.map((s) => [
            s.order,
            s.name,
            s.slug,
            s.approved
              ? t("devTools.hall.approved")
              : t("devTools.hall.pending"),
            s.organization,
            <DevId key="id" id={s.id} />,
            <DevId key="stand" id={s.stand_id} />,
            s.preview_slug,
          ])}
        />
      )}
    </DevPageFrame>
  );
}

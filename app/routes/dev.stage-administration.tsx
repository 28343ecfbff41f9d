import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
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
import { devStageAdministration } from "~/server/services/dev-tools";

export const guards = defineGuards({ public: true });
export const handle = { i18n: ["common", "errors", "events"] };
export const clientLoader = withNamespaces(handle.i18n);

/**
 * /dev/stage-administration (spec 000 point 2): the stages with their ids and conventions, for support;
 * `?convention={id}` narrows to one convention (a malformed id is the developer error "no convention id", 400).
 * Outside production or for platform staff (404 else).
 */
export async function loader(args: LoaderFunctionArgs) {
  const conventionId = new URL(args.request.url).searchParams.get("convention");
  return devPage(
    args,
    guards,
    (ctx) => devStageAdministration(ctx, { conventionId }),
    (t) => t("events:devTools.stages.title")
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "" },
];

export default function DevStageAdministrationPage() {
  const { t } = useTranslation("events");
  const page = useLoaderData<typeof loader>();
  if (page.developerError !== null)
    return <DevErrorPage message={page.developerError} />;
  const c = (key: string) => t(`devTools.columns.${key}`);
  return (
    <DevPageFrame title={t("devTools.stages.title")}>
      {page.view.stages.length === 0 ? (
        <p>{t("devTools.stages.empty")}</p>
      ) : (
        <DevTable
          caption={t("devTools.stages.title")}
          columns={[
            c("title"),
            c("slug"),
            c("organization"),
            c("id"),
            c("convention"),
            c("conventionId"),
          ]}
          rows={page.view.stages.map((s) => [
            s.title,
            s.slug,
            s.organization,
            <DevId key="id" id={s.id} />,
            s.convention_title ?? "",
            <DevId key="convention" id={s.convention_id} />,
          ])}
        />
      )}
    </DevPageFrame>
  );
}

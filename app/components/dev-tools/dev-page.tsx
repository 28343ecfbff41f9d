import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TableHead } from "../ui/table";

/** The frame of a developer page: a plain, full-width page with its heading. */
export function DevPageFrame({
  title,
  children,
}: {
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-6xl p-6">
      <h1 className="mb-6 text-2xl font-bold text-brand-dark">{title}</h1>
      {children}
    </main>
  );
}

/** A developer error (spec 001 point 8): a 400 page that says what is wrong with the request. */
export function DevErrorPage({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <DevPageFrame title={t("errors:developer.title")}>
      <p
        role="alert"
        className="rounded-md border-l-4 border-brand-red bg-brand-grey p-4"
        data-developer-error
      >
        {message}
      </p>
    </DevPageFrame>
  );
}

/** A raw table of rows with ids, in a monospace font where it matters. */
export function DevTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: ReactNode[][];
}) {
  return (
    <div className="mb-8 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="mb-2 text-left text-lg font-semibold text-brand-dark">
          {caption}
        </caption>
        <TableHead columns={columns} cellClassName="py-2 pr-4" />
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index} className="border-b align-top">
              {cells.map((cell, column) => (
                <td key={column} className="py-2 pr-4 break-all">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An id, in a form that is easy to copy. */
export const DevId = ({ id }: { id: string | null }) =>
  id ? <code className="font-mono text-xs">{id}</code> : null;

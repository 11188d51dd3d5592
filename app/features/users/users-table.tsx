import { useState } from "react";
import { EmptyState } from "#app/components/ui/card.tsx";
import { Table, Th } from "#app/components/ui/table.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { ActionMessage, UserRow, type UserActionResult } from "./user-row.tsx";
import type { UserRow as Row } from "./users.server.ts";

/**
 * The accounts of a page, each with a button that opens what an admin may change of it. The
 * answer to a change shows in the open row; any other (a row since closed) above the table.
 */
export function UsersTable({
  rows,
  viewerId,
  filtered,
  result,
}: {
  rows: Row[];
  viewerId: string;
  /** A search or a role filter is on (the empty list says so). */
  filtered: boolean;
  result?: UserActionResult;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const loose = result && (!result.userId || result.userId !== open) ? result : null;
  return (
    <>
      {loose ? (
        <div className="mt-4">
          <ActionMessage result={loose} />
        </div>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState className="mt-6">
          {filtered ? t("admin.users.noMatch") : t("admin.users.empty")}
        </EmptyState>
      ) : (
        <Table caption={t("admin.users.title")} framed className="mt-4">
          <thead>
            <tr>
              <Th>{t("admin.users.name")}</Th>
              <Th className="hidden md:table-cell">{t("admin.users.verified")}</Th>
              <Th>{t("admin.users.role")}</Th>
              <Th className="hidden md:table-cell">{t("admin.users.twoFactor")}</Th>
              <Th className="hidden sm:table-cell">{t("admin.users.state")}</Th>
              <Th className="hidden 2xl:table-cell">{t("admin.users.created")}</Th>
              <Th className="hidden 2xl:table-cell">{t("admin.users.lastSignIn")}</Th>
              <Th>
                <span className="sr-only">{t("admin.users.actions")}</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <UserRow
                key={row.id}
                row={row}
                self={row.id === viewerId}
                open={open === row.id}
                onToggle={() => setOpen(open === row.id ? null : row.id)}
                result={result?.userId === row.id && open === row.id ? result : null}
              />
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Label, Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Td } from "#app/components/ui/table.tsx";
import { roles } from "#app/db/roles.ts";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { UserRow as Row } from "./users.server.ts";

/** The answer to an admin's change of an account: a locale key, and whose account it was. */
export type UserActionResult =
  { ok: true; userId: string; message: string } | { ok: false; userId?: string; error: string };

export function ActionMessage({ result }: { result: UserActionResult }) {
  const { t } = useTranslation();
  return result.ok ? (
    <FormMessage tone="notice">{t(result.message)}</FormMessage>
  ) : (
    <FormMessage tone="error">{t(result.error)}</FormMessage>
  );
}

/** How a row and its panel say dates, yes/no and her state. */
function useWords() {
  const { t, i18n } = useTranslation();
  return {
    t,
    when: (value: string | null) => (value ? formatAgencyTime(value, i18n.language) : "—"),
    yesNo: (value: boolean) => (value ? t("admin.users.yes") : t("admin.users.no")),
    state: (row: Row) => (row.disabled ? t("admin.users.disabled") : t("admin.users.active")),
  };
}

/** An account's row, and under it, while open, what an admin may change of it. */
export function UserRow({
  row,
  self,
  open,
  onToggle,
  result,
}: {
  row: Row;
  self: boolean;
  open: boolean;
  onToggle: () => void;
  result: UserActionResult | null;
}) {
  const { t, when, yesNo, state } = useWords();
  const panelId = useId();
  return (
    <>
      <tr className={cn("align-top", open ? "bg-sand-50" : "hover:bg-sand-50")}>
        {/* The address under the name: a column of its own squeezed both at laptop widths.
            Her address, her role and her state carry their values (`<data>`): her account's
            id, the role and the state as stored, the same in every language. */}
        <Td className="max-w-[16rem]">
          <span className="block font-medium break-words text-ink-900">{row.name}</span>
          <data value={row.id} className="block text-xs [overflow-wrap:anywhere] text-ink-500">
            {row.email}
          </data>
        </Td>
        <Td className="hidden md:table-cell">{yesNo(row.emailVerified)}</Td>
        <Td>
          <data value={row.role}>{t(`admin.users.roles.${row.role}`)}</data>
        </Td>
        <Td className="hidden md:table-cell">{yesNo(row.twoFactorEnabled)}</Td>
        <Td className="hidden sm:table-cell">
          <Badge
            tone={row.disabled ? "neutral" : "positive"}
            value={row.disabled ? "disabled" : "active"}
          >
            {state(row)}
          </Badge>
        </Td>
        <Td className="hidden whitespace-nowrap 2xl:table-cell">{when(row.createdAt)}</Td>
        <Td className="hidden whitespace-nowrap 2xl:table-cell">{when(row.lastSignIn)}</Td>
        <Td className="text-end">
          <Button
            type="button"
            size="sm"
            variant="secondary"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={onToggle}
          >
            {t("admin.users.manage")}
            <span className="sr-only">: {row.name}</span>
          </Button>
        </Td>
      </tr>
      {open ? (
        <tr id={panelId} className="bg-sand-50">
          <td colSpan={8} className="pt-1 pb-5">
            <UserPanel row={row} self={self} result={result} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** Her facts, and the changes an admin may make: role, disable or enable, a reset link. */
function UserPanel({
  row,
  self,
  result,
}: {
  row: Row;
  self: boolean;
  result: UserActionResult | null;
}) {
  const { t, when, yesNo, state } = useWords();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("userId") === row.id;
  const roleId = useId();
  const facts: [string, string][] = [
    [t("admin.users.email"), row.email],
    [t("admin.users.verified"), yesNo(row.emailVerified)],
    [t("admin.users.twoFactor"), yesNo(row.twoFactorEnabled)],
    [t("admin.users.state"), state(row)],
    [t("admin.users.created"), when(row.createdAt)],
    [t("admin.users.lastSignIn"), when(row.lastSignIn)],
  ];
  return (
    <div role="region" aria-label={t("admin.users.manageOf", { name: row.name })}>
      <div aria-live="polite">{result ? <ActionMessage result={result} /> : null}</div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
            <dd className="mt-0.5 break-words text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex flex-wrap items-end gap-x-6 gap-y-4">
        {self || row.owner ? (
          <p className="text-sm text-ink-600">
            {self ? t("admin.users.selfNote") : t("admin.users.ownerNote")}
          </p>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="userId" value={row.id} />
            <div className="space-y-1">
              <Label htmlFor={roleId}>{t("admin.users.role")}</Label>
              <Select id={roleId} name="role" defaultValue={row.storedRole} className="h-9 w-auto">
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {t(`admin.users.roles.${role}`)}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" size="sm" disabled={busy}>
              {t("admin.users.saveRole")}
            </Button>
          </Form>
        )}
        {self ? null : (
          <Form method="post">
            <input type="hidden" name="userId" value={row.id} />
            <Button
              type="submit"
              name="intent"
              value={row.disabled ? "enable" : "disable"}
              size="sm"
              variant="secondary"
              disabled={busy}
            >
              {row.disabled ? t("admin.users.enable") : t("admin.users.disable")}
            </Button>
          </Form>
        )}
        <Form method="post">
          <input type="hidden" name="userId" value={row.id} />
          <Button
            type="submit"
            name="intent"
            value="reset"
            size="sm"
            variant="secondary"
            disabled={busy}
          >
            <Icon name="mail" />
            {t("admin.users.sendReset")}
          </Button>
        </Form>
      </div>
      {row.disabled ? null : (
        <p className="mt-3 text-xs text-ink-500">{t("admin.users.disableHint")}</p>
      )}
    </div>
  );
}

import { useId, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { getAuth } from "#app/auth/auth.server.ts";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { roles, type Role } from "#app/db/roles.ts";
import { formatWhen } from "#app/features/submissions/status-badge.tsx";
import {
  changeRole,
  listUsers,
  sendResetLink,
  setDisabled,
  type UserChangeResult,
} from "#app/features/users/users.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { getEnv } from "#app/utils/env.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp, isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import { storableText } from "#app/utils/text.ts";
import { cn } from "#app/utils/cn.ts";
import type { Route } from "./+types/users";

const filterSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  role: z.enum(roles).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** /admin/users (admin only): the accounts, searchable, with what an admin may change. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminUsers");
  const url = new URL(request.url);
  const filter = filterSchema.parse({
    q: storableText(url.searchParams.get("q") ?? ""),
    role: url.searchParams.get("role") || undefined,
    page: url.searchParams.get("page") ?? 1,
  });
  const list = await listUsers(await getDatabase(), {
    search: filter.q || undefined,
    role: filter.role,
    page: filter.page,
    adminEmail: getEnv().ADMIN_EMAIL,
  });
  const { t, strings } = pageContext(request);
  return {
    strings: strings("admin-users"),
    title: pageTitle(t("admin.users.title")),
    viewerId: viewer.id,
    filter,
    ...list,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

const userId = z.string().min(1).max(200);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), userId, role: z.enum(roles) }),
  z.object({ intent: z.literal("disable"), userId }),
  z.object({ intent: z.literal("enable"), userId }),
  z.object({ intent: z.literal("reset"), userId }),
]);

type Result =
  { ok: true; userId: string; message: string } | { ok: false; userId?: string; error: string };

const refusals: Record<Exclude<UserChangeResult["outcome"], "changed">, [string, number]> = {
  unchanged: ["admin.users.errors.unchanged", 409],
  "not-found": ["admin.users.errors.notFound", 404],
  self: ["admin.users.errors.self", 403],
  owner: ["admin.users.errors.owner", 409],
  "last-admin": ["admin.users.errors.lastAdmin", 409],
};

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminUsers");
  if (isCrossSiteRequest(request)) {
    return data<Result>({ ok: false, error: "validation.crossSite" }, 403);
  }
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data<Result>({ ok: false, error: "admin.users.errors.invalid" }, 400);
  }
  const input = parsed.data;
  const db = await getDatabase();
  const actor = { id: viewer.id, ip: clientIp(request) };
  const adminEmail = getEnv().ADMIN_EMAIL;
  let result: UserChangeResult;
  switch (input.intent) {
    case "role":
      result = await changeRole(db, { userId: input.userId, role: input.role, actor, adminEmail });
      break;
    case "disable":
    case "enable":
      result = await setDisabled(db, {
        userId: input.userId,
        disabled: input.intent === "disable",
        actor,
        adminEmail,
      });
      break;
    case "reset":
      result = await sendResetLink(db, await getAuth(), { userId: input.userId, actor });
      break;
  }
  if (result.outcome !== "changed") {
    const [error, status] = refusals[result.outcome];
    return data<Result>({ ok: false, userId: input.userId, error }, status);
  }
  return data<Result>({
    ok: true,
    userId: input.userId,
    message: `admin.users.done.${input.intent}`,
  });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, filter, total, page, pages } = loaderData;
  const [open, setOpen] = useState<string | null>(null);
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({
      ...(filter.q ? { q: filter.q } : {}),
      ...(filter.role ? { role: filter.role } : {}),
      ...extra,
    })}`;
  const filtered = Boolean(filter.q || filter.role);
  // A message about a user whose row is not open (or not on this page) shows above the list.
  const loose =
    actionData && (!actionData.userId || actionData.userId !== open) ? actionData : null;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight">{t("admin.users.title")}</h1>
        <Form method="get" role="search" className="flex w-full max-w-xl flex-wrap gap-2">
          <div className="min-w-0 flex-1 basis-48">
            <label htmlFor="q" className="sr-only">
              {t("admin.users.search")}
            </label>
            <Input
              id="q"
              name="q"
              type="search"
              defaultValue={filter.q}
              placeholder={t("admin.users.searchPlaceholder")}
              className="h-11 py-0"
            />
          </div>
          <label htmlFor="role-filter" className="sr-only">
            {t("admin.users.roleFilter")}
          </label>
          <select
            id="role-filter"
            name="role"
            defaultValue={filter.role ?? ""}
            className="h-11 rounded-xl bg-white px-3 text-sm ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
          >
            <option value="">{t("admin.users.allRoles")}</option>
            {roles.map((role) => (
              <option key={role} value={role}>
                {t(`admin.users.roles.${role}`)}
              </option>
            ))}
          </select>
          <Button type="submit" aria-label={t("admin.users.search")}>
            <Icon name="search" />
          </Button>
        </Form>
      </div>

      <p aria-live="polite" className="mt-4 text-sm text-ink-600">
        {t("admin.users.count", { count: total })}
      </p>

      {loose ? (
        <div className="mt-4">
          <ActionMessage result={loose} />
        </div>
      ) : null}

      {rows.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-8 text-center text-ink-600 ring-1 ring-ink-200/70">
          {filtered ? t("admin.users.noMatch") : t("admin.users.empty")}
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-2xl bg-white ring-1 ring-ink-200/70">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("admin.users.title")}</caption>
            <thead className="border-b border-ink-200 text-xs tracking-wide text-ink-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t("admin.users.name")}
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                  {t("admin.users.verified")}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t("admin.users.role")}
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                  {t("admin.users.twoFactor")}
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">
                  {t("admin.users.state")}
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">
                  {t("admin.users.created")}
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">
                  {t("admin.users.lastSignIn")}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">{t("admin.users.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {rows.map((row) => (
                <UserRow
                  key={row.id}
                  row={row}
                  self={row.id === loaderData.viewerId}
                  open={open === row.id}
                  onToggle={() => setOpen(open === row.id ? null : row.id)}
                  result={actionData?.userId === row.id && open === row.id ? actionData : null}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pages > 1 ? (
        <nav
          aria-label={t("admin.users.pages")}
          className="mt-6 flex items-center justify-between gap-4"
        >
          {page > 1 ? (
            <Link
              to={query({ page: String(page - 1) })}
              className="font-semibold text-brand-700 hover:text-brand-900"
            >
              {t("admin.users.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-ink-600">{t("admin.users.pageOf", { page, pages })}</span>
          {page < pages ? (
            <Link
              to={query({ page: String(page + 1) })}
              className="font-semibold text-brand-700 hover:text-brand-900"
            >
              {t("admin.users.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}

function ActionMessage({ result }: { result: Result }) {
  const { t } = useTranslation();
  return result.ok ? (
    <FormMessage tone="notice">{t(result.message)}</FormMessage>
  ) : (
    <FormMessage tone="error">{t(result.error)}</FormMessage>
  );
}

function Badge({ on, children }: { on: boolean; children: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        on ? "bg-brand-50 text-brand-800 ring-brand-200" : "bg-sand-100 text-ink-700 ring-ink-300",
      )}
    >
      {children}
    </span>
  );
}

function UserRow({
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
  result: Result | null;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("userId") === row.id;
  const panelId = useId();
  const roleId = useId();
  const when = (value: string | null) => (value ? formatWhen(value, i18n.language) : "—");
  const yesNo = (value: boolean) => (value ? t("admin.users.yes") : t("admin.users.no"));
  const state = row.disabled ? t("admin.users.disabled") : t("admin.users.active");
  const facts: [string, string][] = [
    [t("admin.users.email"), row.email],
    [t("admin.users.verified"), yesNo(row.emailVerified)],
    [t("admin.users.twoFactor"), yesNo(row.twoFactorEnabled)],
    [t("admin.users.state"), state],
    [t("admin.users.created"), when(row.createdAt)],
    [t("admin.users.lastSignIn"), when(row.lastSignIn)],
  ];
  return (
    <>
      <tr className={cn("align-top", open ? "bg-sand-50" : "hover:bg-sand-50")}>
        {/* The address under the name: a column of its own squeezed both at laptop widths. */}
        <td className="max-w-[16rem] px-4 py-3">
          <span className="block font-medium break-words text-ink-900">{row.name}</span>
          <span className="block text-xs [overflow-wrap:anywhere] text-ink-500">{row.email}</span>
        </td>
        <td className="hidden px-4 py-3 text-ink-700 md:table-cell">{yesNo(row.emailVerified)}</td>
        <td className="px-4 py-3 text-ink-700">{t(`admin.users.roles.${row.role}`)}</td>
        <td className="hidden px-4 py-3 text-ink-700 md:table-cell">
          {yesNo(row.twoFactorEnabled)}
        </td>
        <td className="hidden px-4 py-3 sm:table-cell">
          <Badge on={!row.disabled}>{state}</Badge>
        </td>
        <td className="hidden px-4 py-3 whitespace-nowrap text-ink-700 lg:table-cell">
          {when(row.createdAt)}
        </td>
        <td className="hidden px-4 py-3 whitespace-nowrap text-ink-700 lg:table-cell">
          {when(row.lastSignIn)}
        </td>
        <td className="px-4 py-3 text-end">
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
        </td>
      </tr>
      {open ? (
        <tr id={panelId} className="bg-sand-50">
          <td colSpan={8} className="px-4 pt-1 pb-5">
            <div role="region" aria-label={t("admin.users.manageOf", { name: row.name })}>
              <div aria-live="polite">{result ? <ActionMessage result={result} /> : null}</div>
              <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
                {facts.map(([label, value]) => (
                  <div key={label} className="min-w-0">
                    <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                      {label}
                    </dt>
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
                      <select
                        id={roleId}
                        name="role"
                        defaultValue={row.storedRole}
                        className="h-9 rounded-xl bg-white px-3 text-sm ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
                      >
                        {roles.map((role: Role) => (
                          <option key={role} value={role}>
                            {t(`admin.users.roles.${role}`)}
                          </option>
                        ))}
                      </select>
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
          </td>
        </tr>
      ) : null}
    </>
  );
}

import { data } from "react-router";
import { z } from "zod";
import { getAuth } from "#app/auth/auth.server.ts";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { PageLinkError, Pager } from "#app/components/ui/pager.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { roles } from "#app/db/roles.ts";
import type { UserActionResult as Result } from "#app/features/users/user-row.tsx";
import { UsersSearch } from "#app/features/users/users-search.tsx";
import { UsersTable } from "#app/features/users/users-table.tsx";
import {
  changeRole,
  listUsers,
  sendResetLink,
  setDisabled,
  type UserChangeResult,
} from "#app/features/users/users.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { getEnv } from "#app/utils/env.server.ts";
import { readPageNumber } from "#app/utils/keyset.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import { storableText } from "#app/utils/text.ts";
import type { Route } from "./+types/users";

const filterSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  role: z.enum(roles).optional().catch(undefined),
});

/** The furthest page the list goes to. */
const MAX_PAGE = 10_000;

/** /admin/users (admin only): the accounts, searchable, with what an admin may change. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminUsers");
  const url = new URL(request.url);
  const filter = filterSchema.parse({
    q: storableText(url.searchParams.get("q") ?? ""),
    role: url.searchParams.get("role") || undefined,
  });
  // A malformed page (no link of ours makes one): the first page, the search kept, and a 400.
  const page = readPageNumber(url.searchParams.get("page"), MAX_PAGE);
  const list = await listUsers(await getDatabase(), {
    search: filter.q || undefined,
    role: filter.role,
    page: page.value ?? 1,
    adminEmail: getEnv().ADMIN_EMAIL,
  });
  const { t, strings } = pageContext(request);
  return data(
    {
      strings: strings("admin-users"),
      title: pageTitle(t("admin.users.title")),
      viewerId: viewer.id,
      filter,
      ...list,
      badPageLink: page.invalid,
    },
    { status: page.invalid ? 400 : 200 },
  );
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

const refusals: Record<Exclude<UserChangeResult["outcome"], "changed">, [string, number]> = {
  unchanged: ["admin.users.errors.unchanged", 409],
  "not-found": ["admin.users.errors.notFound", 404],
  self: ["admin.users.errors.self", 403],
  owner: ["admin.users.errors.owner", 409],
  "last-admin": ["admin.users.errors.lastAdmin", 409],
};

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminUsers");
  const parsed = await parseForm(request, actionSchema);
  if (parsed.crossSite) {
    return data<Result>({ ok: false, error: "validation.crossSite" }, 403);
  }
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

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, filter, total, page, pages } = loaderData;
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({
      ...(filter.q ? { q: filter.q } : {}),
      ...(filter.role ? { role: filter.role } : {}),
      ...extra,
    })}`;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight">{t("admin.users.title")}</h1>
        <UsersSearch q={filter.q} role={filter.role} />
      </div>

      {loaderData.badPageLink ? <PageLinkError>{t("admin.badPageLink")}</PageLinkError> : null}
      <p aria-live="polite" className="mt-4 text-sm text-ink-600">
        {t("admin.users.count", { count: total })}
      </p>

      <UsersTable
        rows={rows}
        viewerId={loaderData.viewerId}
        filtered={Boolean(filter.q || filter.role)}
        result={actionData}
      />

      <Pager
        label={t("admin.users.pages")}
        firstHref={pages > 1 && page > 1 ? query({ page: String(page - 1) }) : null}
        firstLabel={t("admin.users.previous")}
        nextHref={page < pages ? query({ page: String(page + 1) }) : null}
        nextLabel={t("admin.users.next")}
        position={t("admin.users.pageOf", { page, pages })}
      />
    </>
  );
}

import { data, Form, Link } from "react-router";
import { requireScreen } from "#app/auth/guards.server.ts";
import { mayOpen } from "#app/auth/permissions.ts";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/card.tsx";
import { Label, Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { PageLinkError, Pager } from "#app/components/ui/pager.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { BoardKeys } from "#app/features/onboarding/board-keyboard.tsx";
import { BoardList } from "#app/features/onboarding/board-list.tsx";
import {
  boardCursorParam,
  onboardingBoard,
  readBoardCursor,
} from "#app/features/onboarding/board.server.ts";
import { agencyToday } from "#app/features/onboarding/format.ts";
import { useStepTitle } from "#app/features/onboarding/onboarding-panel.tsx";
import { listStaff } from "#app/features/submissions/team.server.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/onboarding";

/**
 * /admin/onboarding (approvers and admins): every approved model with a step left to do, the
 * one waiting longest first; by owner ("Mine", anyone, or a named colleague) and overdue only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "adminOnboarding");
  const url = new URL(request.url);
  const { t, strings } = pageContext(request);
  const db = await getDatabase();
  const staff = await listStaff(db);
  const ownerParam = url.searchParams.get("owner") ?? "";
  // "me", anyone (empty), or a colleague by id; anything else is anyone.
  const owner =
    ownerParam === "me" || staff.some((person) => person.id === ownerParam) ? ownerParam : "";
  const overdue = url.searchParams.get("overdue") === "1";
  const { cursor, invalid } = readBoardCursor(url.searchParams.get("after"));
  const board = await onboardingBoard(db, {
    ownerId: owner === "me" ? viewer.id : owner || undefined,
    overdue,
    after: cursor,
  });
  const filters = new URLSearchParams();
  if (owner) filters.set("owner", owner);
  if (overdue) filters.set("overdue", "1");
  const next = boardCursorParam(board.next);
  const page = {
    strings: strings("onboarding", "admin-keys"),
    title: pageTitle(t("onboarding.board.title")),
    staff,
    owner,
    overdue,
    rows: board.rows,
    today: agencyToday(),
    nextHref: next ? `?${new URLSearchParams([...filters, ["after", next]])}` : null,
    firstHref: cursor ? `?${filters}` : null,
    badCursor: invalid,
    // The list of steps itself is the admin's.
    editSteps: mayOpen(viewer.role, "adminOnboardingSteps"),
  };
  return invalid ? data(page, 400) : page;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function OnboardingBoard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const titleOf = useStepTitle();
  const { rows, staff, owner, overdue } = loaderData;
  const filtered = Boolean(owner || overdue);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{t("onboarding.board.title")}</h1>
          <p className="mt-1 max-w-2xl text-sm text-ink-600">{t("onboarding.board.intro")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <BoardKeys
            rows={rows.map((row) => ({
              name: row.fullName || t("admin.privacy.erasedName"),
              step: titleOf(row.steps.find((step) => step.stepId === row.currentStepId)!.titles),
            }))}
          />
          {loaderData.editSteps ? (
            <Link
              to="/admin/onboarding/steps"
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              <Icon name="pencil" className="size-4" />
              {t("onboarding.board.editSteps")}
            </Link>
          ) : null}
        </div>
      </div>

      <Form
        method="get"
        aria-label={t("onboarding.board.filters")}
        className="mt-5 flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 ring-1 ring-ink-200/70"
      >
        <div className="min-w-48">
          <Label htmlFor="owner">{t("onboarding.board.owner")}</Label>
          <Select id="owner" name="owner" defaultValue={owner} className="mt-1">
            <option value="">{t("onboarding.board.ownerAnyone")}</option>
            <option value="me">{t("onboarding.board.ownerMine")}</option>
            {staff.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </Select>
        </div>
        <label className="flex h-11 items-center gap-2 text-sm font-medium text-ink-900">
          <input
            type="checkbox"
            name="overdue"
            value="1"
            defaultChecked={overdue}
            className="size-4 accent-brand-700"
          />
          {t("onboarding.board.overdueOnly")}
        </label>
        <Button type="submit" variant="secondary">
          {t("onboarding.board.apply")}
        </Button>
      </Form>

      {loaderData.badCursor ? (
        <PageLinkError>{t("onboarding.board.badCursor")}</PageLinkError>
      ) : null}

      <h2 className="sr-only">{t("onboarding.board.listTitle")}</h2>
      {rows.length ? (
        <BoardList rows={rows} today={loaderData.today} />
      ) : (
        <EmptyState className="mt-4">
          {t(filtered ? "onboarding.board.emptyFiltered" : "onboarding.board.empty")}
        </EmptyState>
      )}
      <Pager
        label={t("onboarding.board.pages")}
        firstHref={loaderData.firstHref}
        nextHref={loaderData.nextHref}
        firstLabel={t("onboarding.board.first")}
        nextLabel={t("onboarding.board.next")}
      />
    </>
  );
}

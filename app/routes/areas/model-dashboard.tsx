import { data, useSearchParams } from "react-router";
import { fieldErrorsOf } from "#app/utils/field-errors.ts";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { listPosts } from "#app/features/blog/posts.server.ts";
import { Applications } from "#app/features/model-dashboard/applications.tsx";
import {
  applicationsOf,
  dataViewsOf,
  profileOf,
  updateProfile,
} from "#app/features/model-dashboard/dashboard.server.ts";
import { profileFields, profileSchema } from "#app/features/model-dashboard/profile.ts";
import { ProfileCard, type ProfileResult } from "#app/features/model-dashboard/profile-card.tsx";
import {
  Advice,
  ContactCard,
  DataViews,
  SecurityCard,
} from "#app/features/model-dashboard/side-cards.tsx";
import { ContractCard } from "#app/features/contracts/model-card.tsx";
import { contractCardFor } from "#app/features/contracts/signing.server.ts";
import { ManagerCard } from "#app/features/managers/manager-card.tsx";
import { managerCardFor } from "#app/features/managers/model-card.server.ts";
import { PrivacyControls } from "#app/features/privacy/privacy-controls.tsx";
import { StatementsCard } from "#app/features/statements/statements-card.tsx";
import { statementCardFor } from "#app/features/statements/statements.server.ts";
import { OnboardingCard } from "#app/features/onboarding/model-card.tsx";
import { latestOnboarding } from "#app/features/onboarding/progress.server.ts";
import { welcomeCallCard } from "#app/features/welcome-call/card.server.ts";
import { timeZoneChoices } from "#app/features/welcome-call/time-zones.ts";
import {
  WelcomeCallCard,
  welcomeCallNotice,
} from "#app/features/welcome-call/welcome-call-card.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/model-dashboard";

/**
 * The model's dashboard (issue 6): her applications and what each status means for her, the
 * answers she sent, her profile, her security, who on the staff looked at her data, advice from
 * the blog and how to reach the agency. Only ever her own data: every query is filtered by her
 * verified address or by her own applications.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireScreen(request, "modelDashboard");
  const { t, language, strings } = pageContext(request);
  const db = await getDatabase();
  const [applications, profile, welcomeCall] = await Promise.all([
    applicationsOf(db, viewer),
    profileOf(db, viewer.id),
    welcomeCallCard(db, viewer, request, language),
  ]);
  const [views, manager, onboarding, contract, statements] = await Promise.all([
    dataViewsOf(
      db,
      applications.map((application) => application.id),
    ),
    // Her latest application's talent manager and onboarding, once she is approved (issue 29).
    managerCardFor(db, applications[0], language),
    latestOnboarding(db, applications[0], language),
    // Her contract, once offered (issue 30).
    contractCardFor(db, viewer),
    // Her monthly statements' card, once one is published to her (issue 30).
    statementCardFor(db, applications),
  ]);
  return {
    strings: strings(
      "model",
      "areas",
      "preselection",
      "privacy-controls",
      "auth-errors",
      "manager-card",
      "onboarding-model",
      "contracts",
      // The identity step's link on her onboarding card (issue 30).
      "identity",
      // Her welcome call's card, once she is approved (issue 29).
      ...(welcomeCall ? (["welcome-call"] as const) : []),
      ...(statements ? (["statements"] as const) : []),
    ),
    statements,
    manager,
    title: pageTitle(t("dashboard.title")),
    firstName: viewer.name.split(" ")[0],
    emailVerified: viewer.emailVerified,
    twoFactorEnabled: viewer.twoFactorEnabled,
    applications,
    views,
    onboarding,
    contract,
    // What the agency already has from her latest application fills an empty profile.
    profile: {
      ...profile!,
      whatsapp: profile!.whatsapp ?? applications[0]?.whatsapp ?? applications[0]?.phone ?? null,
      instagram: profile!.instagram ?? applications[0]?.instagram ?? null,
    },
    advice: (await listPosts(db, language, 4)).map(({ slug, title, category, readingMinutes }) => ({
      slug,
      title,
      category,
      readingMinutes,
    })),
    saved: new URL(request.url).searchParams.get("saved") === "profile",
    welcomeCall,
    zones: welcomeCall?.kind === "open" ? timeZoneChoices() : [],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** Her profile: the same checks as the pre-selection form, on the server whatever the browser did. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "modelDashboard");
  const parsed = await parseForm(request, profileSchema);
  if (parsed.crossSite) {
    return data<ProfileResult>({ error: "validation.crossSite" }, 403);
  }
  if (!parsed.success) {
    // What she typed comes back with the messages.
    const values = Object.fromEntries(
      profileFields.map((name) => [name, (parsed.values[name] ?? "").slice(0, 500)]),
    );
    return data<ProfileResult>({ fieldErrors: fieldErrorsOf(parsed.error), values }, 400);
  }
  await updateProfile(await getDatabase(), viewer.id, {
    name: parsed.data.name,
    whatsapp: parsed.data.whatsapp ?? null,
    instagram: parsed.data.instagram ?? null,
    language: parsed.data.language,
  });
  // Back to the page, as a fresh GET: a reload does not post again.
  return new Response(null, {
    status: 303,
    headers: { Location: "/dashboard/model?saved=profile#profile" },
  });
}

export default function ModelDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { applications } = loaderData;
  const [params] = useSearchParams();
  return (
    <AreaShell>
      <header>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {t("dashboard.title")}
        </p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight sm:text-4xl">
          {t("dashboard.greeting", { name: loaderData.firstName })}
        </h1>
        <p className="mt-2 max-w-2xl text-ink-600">{t("dashboard.intro")}</p>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          {loaderData.onboarding ? <OnboardingCard onboarding={loaderData.onboarding} /> : null}
          {loaderData.contract ? <ContractCard card={loaderData.contract} /> : null}
          {loaderData.statements ? <StatementsCard card={loaderData.statements} /> : null}
          {loaderData.manager ? <ManagerCard card={loaderData.manager} placement="phone" /> : null}
          {loaderData.welcomeCall ? (
            <WelcomeCallCard
              card={loaderData.welcomeCall}
              zones={loaderData.zones}
              notice={welcomeCallNotice(params)}
            />
          ) : null}
          <Applications
            emailVerified={loaderData.emailVerified}
            applications={applications}
            liveOnboarding={Boolean(loaderData.onboarding)}
          />
          <ProfileCard
            profile={loaderData.profile}
            saved={loaderData.saved}
            result={actionData ?? null}
          />
          {/* In the wide column: its two choices sit side by side there. */}
          <PrivacyControls />
        </div>

        <div className="space-y-6">
          {loaderData.manager ? <ManagerCard card={loaderData.manager} placement="side" /> : null}
          <SecurityCard twoFactorEnabled={loaderData.twoFactorEnabled} />
          <DataViews views={loaderData.views} hasApplications={applications.length > 0} />
          <Advice posts={loaderData.advice} />
          <ContactCard />
        </div>
      </div>
    </AreaShell>
  );
}

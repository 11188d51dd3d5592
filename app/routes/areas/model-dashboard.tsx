import { Fragment } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { fieldErrorsOf, type FieldErrors } from "#app/auth/forms.ts";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { AreaShell } from "#app/components/layout/area-shell.tsx";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { formatWhen, StatusBadge } from "#app/features/submissions/status-badge.tsx";
import { listPosts } from "#app/features/blog/posts.server.ts";
import {
  applicationsOf,
  dataViewsOf,
  profileOf,
  updateProfile,
  type ModelApplication,
} from "#app/features/model-dashboard/dashboard.server.ts";
import { profileSchema } from "#app/features/model-dashboard/profile.ts";
import { PrivacyControls } from "#app/features/privacy/privacy-controls.tsx";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { agency } from "#app/utils/agency.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { isCrossSiteRequest, readForm } from "#app/utils/request.server.ts";
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
  const [applications, profile] = await Promise.all([
    applicationsOf(db, viewer),
    profileOf(db, viewer.id),
  ]);
  const views = await dataViewsOf(
    db,
    applications.map((application) => application.id),
  );
  return {
    strings: strings("model", "areas", "preselection", "privacy-controls", "auth-errors"),
    title: pageTitle(t("dashboard.title")),
    firstName: viewer.name.split(" ")[0],
    emailVerified: viewer.emailVerified,
    twoFactorEnabled: viewer.twoFactorEnabled,
    applications,
    views,
    // What the agency already has from her latest application fills an empty profile.
    profile: {
      ...profile!,
      whatsapp: profile!.whatsapp ?? applications[0]?.whatsapp ?? applications[0]?.phone ?? null,
      instagram: profile!.instagram ?? applications[0]?.instagram ?? null,
    },
    advice: listPosts(language, 4).map(({ slug, title, category, readingMinutes }) => ({
      slug,
      title,
      category,
      readingMinutes,
    })),
    saved: new URL(request.url).searchParams.get("saved") === "profile",
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

type ActionResult =
  { fieldErrors: FieldErrors; values: Record<string, string> } | { error: string };

/** Her profile: the same checks as the pre-selection form, on the server whatever the browser did. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "modelDashboard");
  if (isCrossSiteRequest(request)) {
    return data<ActionResult>({ error: "validation.crossSite" }, 403);
  }
  const form = await readForm(request);
  const values = Object.fromEntries(
    ["name", "whatsapp", "instagram", "language"].map((name) => [
      name,
      String(form.get(name) ?? "").slice(0, 500),
    ]),
  );
  const parsed = profileSchema.safeParse(values);
  if (!parsed.success) {
    return data<ActionResult>({ fieldErrors: fieldErrorsOf(parsed.error), values }, 400);
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

const card = "rounded-3xl bg-white p-6 ring-1 ring-ink-200/70 sm:p-8";

export default function ModelDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { applications } = loaderData;
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
          {!loaderData.emailVerified ? (
            <section className={card} aria-labelledby="verify-title">
              <h2 id="verify-title" className="text-xl font-semibold">
                {t("dashboard.verifyTitle")}
              </h2>
              <p className="mt-2 text-ink-600">{t("dashboard.verifyText")}</p>
            </section>
          ) : applications.length === 0 ? (
            <section className={card} aria-labelledby="none-title">
              <h2 id="none-title" className="text-xl font-semibold">
                {t("dashboard.noneTitle")}
              </h2>
              <p className="mt-2 text-ink-600">{t("dashboard.noneText")}</p>
              <Link to="/#preselection" className={`mt-5 ${buttonVariants()}`}>
                {t("dashboard.apply")}
              </Link>
            </section>
          ) : (
            applications.map((application, index) => (
              <Fragment key={application.id}>
                <ApplicationCard application={application} latest={index === 0} />
                {/* Her onboarding follows the approval it belongs to, before older applications. */}
                {index === 0 && application.status === "Aprovado" ? <NextSteps /> : null}
              </Fragment>
            ))
          )}
          <ProfileCard
            profile={loaderData.profile}
            saved={loaderData.saved}
            result={actionData ?? null}
          />
          {/* In the wide column: its two choices sit side by side there. */}
          <PrivacyControls />
        </div>

        <div className="space-y-6">
          <SecurityCard twoFactorEnabled={loaderData.twoFactorEnabled} />
          <DataViews views={loaderData.views} hasApplications={applications.length > 0} />
          <Advice posts={loaderData.advice} />
          <ContactCard />
        </div>
      </div>
    </AreaShell>
  );
}

function ApplicationCard({
  application,
  latest,
}: {
  application: ModelApplication;
  latest: boolean;
}) {
  const { t, i18n } = useTranslation();
  const titleId = `application-${application.id}`;
  const answers: [string, string | null][] = [
    [t("dashboard.answers.fullName"), application.fullName],
    [t("dashboard.answers.email"), application.email],
    [
      t("dashboard.answers.age"),
      application.age !== null
        ? String(application.age)
        : application.dateOfBirth
          ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(
              new Date(`${application.dateOfBirth}T00:00:00Z`),
            )
          : null,
    ],
    [t("dashboard.answers.whatsapp"), application.whatsapp ?? application.phone],
    [t("dashboard.answers.instagram"), application.instagram],
    [
      t("dashboard.answers.experience"),
      application.experience ? t(`preselection.experienceOptions.${application.experience}`) : null,
    ],
    [
      t("dashboard.answers.place"),
      [application.city, application.country?.toUpperCase()].filter(Boolean).join(", ") || null,
    ],
    [
      t("dashboard.answers.document"),
      application.hasDocument
        ? t("dashboard.answers.documentMasked", { digits: application.documentLastDigits ?? "" })
        : null,
    ],
    [t("dashboard.answers.message"), application.message],
  ];
  return (
    <section className={card} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-xl font-semibold">
            {latest ? t("dashboard.latestApplication") : t("dashboard.earlierApplication")}
          </h2>
          <p className="mt-1 text-sm text-ink-500">
            {t("dashboard.sentOn", {
              when: formatWhen(application.createdAt, i18n.language),
              source: t(`admin.source.${application.source}`),
            })}
          </p>
        </div>
        <StatusBadge status={application.status} />
      </div>
      <div className="mt-5 rounded-2xl bg-sand-50 p-5 ring-1 ring-ink-200/60">
        <p className="font-semibold text-ink-900">
          {t(`dashboard.status.${application.status}.title`)}
        </p>
        <p className="mt-1 text-ink-700">{t(`dashboard.status.${application.status}.text`)}</p>
        <p className="mt-3 text-sm text-ink-600">
          <span className="font-semibold text-ink-800">{t("dashboard.whatNext")}</span>{" "}
          {t(`dashboard.status.${application.status}.next`)}
        </p>
      </div>

      <h3 className="mt-6 text-sm font-semibold tracking-wide text-ink-500 uppercase">
        {t("dashboard.history")}
      </h3>
      <ol className="mt-3 space-y-3 border-s-2 border-brand-100 ps-5">
        {application.history.map((entry, index) => (
          <li key={index} className="relative">
            <span
              aria-hidden="true"
              className="absolute -start-[1.7rem] top-1.5 size-3 rounded-full bg-brand-600 ring-4 ring-white"
            />
            <p className="text-sm text-ink-900">
              <time dateTime={entry.at} className="font-semibold">
                {formatWhen(entry.at, i18n.language)}
              </time>{" "}
              ·{" "}
              {entry.from
                ? t("dashboard.changed", {
                    from: t(`admin.status.${entry.from}`),
                    to: t(`admin.status.${entry.to}`),
                  })
                : t("dashboard.received")}
            </p>
            {entry.note ? <p className="mt-1 text-sm text-ink-600">“{entry.note}”</p> : null}
          </li>
        ))}
      </ol>

      <details className="group mt-6">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700 hover:text-brand-900">
          {t("dashboard.answers.title")}
        </summary>
        <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {answers
            .filter((answer): answer is [string, string] => Boolean(answer[1]))
            .map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                  {label}
                </dt>
                <dd className="mt-1 text-sm break-words whitespace-pre-line text-ink-900">
                  {value}
                </dd>
              </div>
            ))}
        </dl>
      </details>
    </section>
  );
}

const onboardingSteps = ["call", "documents", "contract", "profile", "launch"] as const;

function NextSteps() {
  const { t } = useTranslation();
  return (
    <section className={card} aria-labelledby="next-title">
      <h2 id="next-title" className="text-xl font-semibold">
        {t("dashboard.next.title")}
      </h2>
      <p className="mt-2 text-ink-600">{t("dashboard.next.intro")}</p>
      <ol className="mt-5 space-y-4">
        {onboardingSteps.map((step, index) => (
          <li key={step} className="flex gap-4">
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800 ring-1 ring-brand-200"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-semibold text-ink-900">
                {t(`dashboard.next.steps.${step}.title`)}
              </p>
              <p className="mt-0.5 text-sm text-ink-600">
                {t(`dashboard.next.steps.${step}.text`)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ProfileCard({
  profile,
  saved,
  result,
}: {
  profile: {
    name: string;
    email: string;
    whatsapp: string | null;
    instagram: string | null;
    language: string | null;
  };
  saved: boolean;
  result: ActionResult | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const errors = result && "fieldErrors" in result ? result.fieldErrors : {};
  const typed = result && "values" in result ? result.values : null;
  const value = (name: "name" | "whatsapp" | "instagram" | "language") =>
    typed?.[name] ?? profile[name] ?? "";
  const message = (name: string) => (errors[name] ? t(errors[name]) : undefined);
  return (
    <section id="profile" className={card} aria-labelledby="profile-title">
      <h2 id="profile-title" className="text-xl font-semibold">
        {t("dashboard.profile.title")}
      </h2>
      <p className="mt-2 text-ink-600">{t("dashboard.profile.intro", { email: profile.email })}</p>
      <div aria-live="polite" className="mt-4">
        {saved && !result ? (
          <FormMessage tone="notice">{t("dashboard.profile.saved")}</FormMessage>
        ) : result && "error" in result ? (
          <FormMessage tone="error">{t(result.error)}</FormMessage>
        ) : result ? (
          <FormMessage tone="error">{t("dashboard.profile.invalid")}</FormMessage>
        ) : null}
      </div>
      {/* Keyed by what it shows, so a saved or refused form starts from the right values. */}
      <Form
        key={JSON.stringify(typed ?? profile)}
        method="post"
        noValidate
        className="grid gap-5 sm:grid-cols-2"
      >
        <Field id="name" label={t("dashboard.profile.name")} error={message("name")}>
          {(aria) => (
            <Input
              {...aria}
              name="name"
              autoComplete="name"
              defaultValue={value("name")}
              required
            />
          )}
        </Field>
        <Field
          id="whatsapp"
          label={t("dashboard.profile.whatsapp")}
          hint={t("dashboard.profile.whatsappHint")}
          error={message("whatsapp")}
        >
          {(aria) => (
            <Input
              {...aria}
              name="whatsapp"
              type="tel"
              autoComplete="tel"
              defaultValue={value("whatsapp")}
            />
          )}
        </Field>
        <Field
          id="instagram"
          label={t("dashboard.profile.instagram")}
          hint={t("dashboard.profile.instagramHint")}
          error={message("instagram")}
        >
          {(aria) => <Input {...aria} name="instagram" defaultValue={value("instagram")} />}
        </Field>
        <Field
          id="language"
          label={t("dashboard.profile.language")}
          hint={t("dashboard.profile.languageHint")}
          error={message("language")}
        >
          {(aria) => (
            <Select
              {...aria}
              name="language"
              defaultValue={value("language") || "pt"}
              className="h-12"
            >
              {languages.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {t("dashboard.profile.save")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function SecurityCard({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={card} aria-labelledby="security-title">
      <h2 id="security-title" className="flex items-center gap-2 text-xl font-semibold">
        <Icon name="shield-check" className="size-5 text-brand-700" />
        {t("dashboard.security.title")}
      </h2>
      <p className="mt-2 text-sm text-ink-600">{t("dashboard.security.text")}</p>
      <p className="mt-4 text-sm font-semibold text-ink-900">
        {twoFactorEnabled ? t("security.statusOn") : t("security.statusOff")}
      </p>
      <Link
        to="/account/security"
        className={`mt-5 ${buttonVariants({ variant: "secondary", size: "sm" })}`}
      >
        {t("dashboard.security.manage")}
      </Link>
    </section>
  );
}

function DataViews({
  views,
  hasApplications,
}: {
  views: { at: string; action: string; role: string | null }[];
  hasApplications: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section className={card} aria-labelledby="views-title">
      <h2 id="views-title" className="text-xl font-semibold">
        {t("dashboard.views.title")}
      </h2>
      <p className="mt-2 text-sm text-ink-600">{t("dashboard.views.text")}</p>
      {views.length === 0 ? (
        <p className="mt-4 text-sm text-ink-700">
          {hasApplications ? t("dashboard.views.none") : t("dashboard.views.nothingYet")}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-ink-100 text-sm">
          {views.map((view, index) => (
            <li key={index} className="py-2.5">
              <time dateTime={view.at} className="font-semibold text-ink-900">
                {formatWhen(view.at, i18n.language)}
              </time>
              <span className="block text-ink-600">
                {t(
                  `dashboard.views.actions.${view.action === "privacy.export" ? "export" : "reveal"}`,
                  {
                    role: t(`dashboard.views.roles.${view.role ?? "unknown"}`),
                  },
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Advice({
  posts,
}: {
  posts: { slug: string; title: string; category: string; readingMinutes: number }[];
}) {
  const { t } = useTranslation();
  return (
    <section className={card} aria-labelledby="advice-title">
      <h2 id="advice-title" className="text-xl font-semibold">
        {t("dashboard.advice.title")}
      </h2>
      <ul className="mt-4 space-y-3">
        {posts.map((post) => (
          <li key={post.slug}>
            <Link
              to={`/blog/${post.slug}`}
              className="group -mx-3 block rounded-xl p-3 hover:bg-sand-50"
            >
              <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                {post.category}
              </span>
              <span className="mt-0.5 block font-semibold text-ink-900 group-hover:underline">
                {post.title}
              </span>
              <span className="text-xs text-ink-500">
                {t("dashboard.advice.minutes", { count: post.readingMinutes })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContactCard() {
  const { t } = useTranslation();
  return (
    <section className={card} aria-labelledby="contact-title">
      <h2 id="contact-title" className="text-xl font-semibold">
        {t("dashboard.contact.title")}
      </h2>
      <p className="mt-2 text-sm text-ink-600">{t("dashboard.contact.text")}</p>
      <address className="mt-4 space-y-3 text-sm text-ink-800 not-italic">
        <p className="flex gap-3">
          <Icon name="mail" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <a href={`mailto:${agency.email}`} className="hover:underline">
            {agency.email}
          </a>
        </p>
        <p className="flex gap-3">
          <Icon name="phone" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <a href={agency.phoneHref} className="hover:underline">
            {agency.phone}
          </a>
        </p>
        <p className="flex gap-3">
          <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            {agency.address.street}
            <br />
            {agency.address.district}, {agency.address.city} – {agency.address.region}
          </span>
        </p>
      </address>
    </section>
  );
}

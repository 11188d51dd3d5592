import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import type { DataView } from "./dashboard.server.ts";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { agency } from "#app/utils/agency.ts";

/* The dashboard's narrow column: her security, who looked at her data, advice, the agency. */

/** Whether two-step sign-in is on, and the way to the security page. */
export function SecurityCard({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Section
      id="security"
      title={
        <span className="flex items-center gap-2">
          <Icon name="shield-check" className="size-5 text-brand-700" />
          {t("dashboard.security.title")}
        </span>
      }
    >
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
    </Section>
  );
}

/** When someone on the staff revealed or exported her data, and in which role. */
/** Each action she is told about, in plain words (dashboard.views.actions.*). */
const viewWords = {
  "submission.reveal-document": "reveal",
  "submission.photos-viewed": "photos",
  "submission.identity-viewed": "identity",
  "privacy.export": "export",
  "submission.contract-pdf": "contract",
} as const satisfies Record<DataView["action"], string>;

export function DataViews({
  views,
  hasApplications,
}: {
  views: Pick<DataView, "at" | "action" | "role">[];
  hasApplications: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Section id="views" title={t("dashboard.views.title")}>
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
                {formatAgencyTime(view.at, i18n.language)}
              </time>
              <span className="block text-ink-600">
                {t(`dashboard.views.actions.${viewWords[view.action]}`, {
                  role: t(`dashboard.views.roles.${view.role ?? "unknown"}`),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The latest posts of the blog, in her language. */
export function Advice({
  posts,
}: {
  posts: { slug: string; title: string; category: string; readingMinutes: number }[];
}) {
  const { t } = useTranslation();
  return (
    <Section id="advice" title={t("dashboard.advice.title")}>
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
    </Section>
  );
}

/** How to reach the agency. */
export function ContactCard() {
  const { t } = useTranslation();
  return (
    <Section id="contact" title={t("dashboard.contact.title")}>
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
    </Section>
  );
}

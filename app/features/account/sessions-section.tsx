import { Form } from "react-router";
import type { ActiveSession } from "#app/auth/active-sessions.server.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";

/** The devices signed in to her account, this one marked, and "sign out everywhere else". */
export function SessionsSection({ sessions, busy }: { sessions: ActiveSession[]; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Section id="sessions" title={t("security.sessions.title")}>
      <p className="mt-2 text-ink-600">{t("security.sessions.text")}</p>
      <ul className="mt-5 divide-y divide-ink-100">
        {sessions.map((session) => {
          const { browser, system } = session.device;
          const device =
            browser && system
              ? t("security.sessions.device", { browser, system })
              : (browser ?? system ?? t("security.sessions.unknownDevice"));
          return (
            <li key={session.id} className="flex items-start gap-3 py-3">
              <Icon name="monitor-smartphone" className="mt-0.5 size-5 shrink-0 text-ink-500" />
              <div className="min-w-0">
                <p className="font-medium text-ink-900">
                  {device}
                  {session.current ? (
                    <span className="ms-2">
                      <Badge tone="positive">{t("security.sessions.current")}</Badge>
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-ink-600">
                  {t("security.sessions.since", {
                    signedIn: formatAgencyTime(session.createdAt, i18n.language),
                    active: formatAgencyTime(session.lastActiveAt, i18n.language),
                  })}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <Form method="post" className="mt-5">
        <input type="hidden" name="intent" value="signOutOthers" />
        <Button type="submit" variant="secondary" disabled={busy || others === 0}>
          {t("security.sessions.signOutOthers")}
        </Button>
        {others === 0 ? (
          <p className="mt-2 text-sm text-ink-500">{t("security.sessions.onlyThis")}</p>
        ) : null}
      </Form>
    </Section>
  );
}

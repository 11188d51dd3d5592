import { and, asc, eq, sql } from "drizzle-orm";
import type { Reader } from "#app/db/db.server.ts";
import {
  onboardingSteps,
  staffProfiles,
  submissionOnboardingSteps as herSteps,
  submissions,
  user,
  welcomeCalls,
} from "#app/db/schema.server.ts";
import { defaultLanguage, type Language } from "#app/i18n/languages.ts";

/**
 * Her onboarding as she sees it on her dashboard (issue 29): each step's title and what she is
 * told at it in her language, whether it is behind her, and her manager's first name. Nothing
 * else of the staff's work reaches her: no owner, no skip reason, no note, no due day.
 */
export async function modelOnboarding(db: Reader, submissionId: number, language: Language) {
  const [steps, [application]] = await Promise.all([
    db
      .select({
        stepId: herSteps.stepId,
        key: onboardingSteps.key,
        titles: onboardingSteps.titles,
        guidance: onboardingSteps.guidance,
        state: herSteps.state,
        closedAt: herSteps.closedAt,
      })
      .from(herSteps)
      .innerJoin(onboardingSteps, eq(onboardingSteps.id, herSteps.stepId))
      .where(eq(herSteps.submissionId, submissionId))
      .orderBy(asc(herSteps.position), asc(herSteps.stepId)),
    db
      .select({
        // The name her manager's card shows: her profile's, else her account's.
        manager: sql<string | null>`coalesce(${staffProfiles.displayName}, ${user.name})`,
        activeSince: submissions.activeSince,
        callBooked: sql<boolean>`exists (${db
          .select({ id: welcomeCalls.id })
          .from(welcomeCalls)
          .where(
            and(eq(welcomeCalls.submissionId, submissions.id), eq(welcomeCalls.state, "booked")),
          )})`,
      })
      .from(submissions)
      .leftJoin(user, eq(user.id, submissions.managerId))
      .leftJoin(staffProfiles, eq(staffProfiles.userId, submissions.managerId))
      .where(eq(submissions.id, submissionId)),
  ]);
  if (steps.length === 0) return null;
  const inHer = (text: Record<string, string>) =>
    text[language] || text[defaultLanguage] || Object.values(text).find(Boolean) || "";
  return {
    // Her manager by first name only: the one member of the staff she is told about.
    manager: application?.manager?.trim().split(/\s+/)[0] || null,
    activeSince: application?.activeSince?.toISOString() ?? null,
    // Her welcome call is booked: her next move is made, the call itself is what comes.
    callBooked: application?.callBooked ?? false,
    steps: steps.map((step) => ({
      id: step.stepId,
      key: step.key,
      title: inHer(step.titles),
      // Only in her language: the agency's words, else the built-in sentence for the key.
      guidance: step.guidance[language] || null,
      // A skipped step is one she no longer needs: she is never told why.
      state: step.state,
      closedAt: step.state === "done" ? (step.closedAt?.toISOString() ?? null) : null,
    })),
  };
}

export type ModelOnboarding = NonNullable<Awaited<ReturnType<typeof modelOnboarding>>>;

/** Her onboarding when her latest application is approved (and not erased); else none. */
export async function latestOnboarding(
  db: Reader,
  latest: { id: number; status: string } | undefined,
  language: Language,
) {
  if (!latest || latest.status !== "Aprovado") return null;
  return modelOnboarding(db, latest.id, language);
}

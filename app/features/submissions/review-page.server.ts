import { mayAct } from "#app/auth/permissions.ts";
import type { Role } from "#app/db/roles.ts";
import type { Database } from "#app/db/db.server.ts";
import { contactOffersFor } from "#app/mail/contact-templates.server.ts";
import { listRejectionReasons } from "#app/mail/rejection-reasons.server.ts";
import { applicationDetail } from "./detail.server.ts";
import { mergesInto } from "./duplicates.server.ts";
import { listMentionable, listNotes } from "./notes.server.ts";
import { galleryOf } from "./photos.server.ts";
import { decisionMailOut } from "./review.server.ts";
import { applicationTeam, listStaff, listTags } from "./team.server.ts";
import { undoableDecision } from "./undo.server.ts";

/**
 * Everything an application's page shows besides her answers, read at once: the reasons a
 * rejection may give, the team's work on it (owner, tags, rating, private notes, merges), her
 * photos, and the decision its viewer may still undo. Null when there is no such application.
 */
export async function reviewPageData(db: Database, id: number, viewer: { id: string; role: Role }) {
  const [detail, reasons, team, staff, tags, notes, people, merges, undo, mailOut, photos] =
    await Promise.all([
      applicationDetail(db, id),
      listRejectionReasons(db, { activeOnly: true }),
      applicationTeam(db, id, viewer.id),
      listStaff(db),
      listTags(db),
      // The team's private notes and merges (issue 28): notes.server.ts, duplicates.server.ts.
      listNotes(db, id),
      listMentionable(db),
      mergesInto(db, id),
      undoableDecision(db, id, viewer.id),
      decisionMailOut(db, id),
      galleryOf(db, id),
    ]);
  if (!detail) return null;
  return {
    detail,
    reasons: reasons.map(({ id, label }) => ({ id, label })),
    parts: {
      team: {
        team,
        staff,
        tags,
        viewerId: viewer.id,
        manageTags: viewer.role === "admin",
        notes,
        people,
        merges,
      },
      mayMerge: mayAct(viewer.role, "adminApplicationMerge"),
      undo,
      // A reopen asks whether to send her a correction only if she was told of the decision.
      askCorrection: mailOut,
      photos,
      // The contact templates that fit her state (issue 29).
      contactOffers: await contactOffersFor(db, id),
    },
  };
}

import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "#app/db/db.server.ts";
import { session } from "#app/db/schema.server.ts";

export interface ActiveSession {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  device: { browser: string | null; system: string | null };
  current: boolean;
}

// The usual names, most specific first (Edge and Opera also say "Chrome", Chrome says "Safari").
const browsers: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser/, "Samsung Internet"],
  [/Firefox\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on Android" from a User-Agent header: enough for her to recognise her own devices. */
export function describeDevice(userAgent: string | null) {
  const find = (list: [RegExp, string][]) =>
    list.find(([pattern]) => pattern.test(userAgent ?? ""))?.[1] ?? null;
  return { browser: find(browsers), system: find(systems) };
}

/** Her sessions that have not expired, the latest active first; the one she is using marked. */
export async function activeSessionsOf(
  db: Database,
  userId: string,
  currentSessionId: string | null,
): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    device: describeDevice(row.userAgent),
    current: row.id === currentSessionId,
  }));
}

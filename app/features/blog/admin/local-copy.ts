/**
 * A copy of the editor's fields in this browser, written at every change and removed once the
 * server has stored them (decision 044). If the connection drops, the tab is closed or the
 * browser crashes before a save got through, the editor offers it back the next time this
 * translation is opened. One per article and language; kept for 30 days at most, so a copy
 * abandoned on a shared computer does not stay for ever.
 */
const PREFIX = "mare-talent:article-draft:";
const VERSION = 1;
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** The form's named fields as she left them (the body as the editor's JSON). */
export type DraftFields = Record<string, string>;

export interface LocalCopy {
  /** When it was last written (ms since the epoch). */
  changedAt: number;
  fields: DraftFields;
}

const keyOf = (id: number, language: string) => `${PREFIX}${id}:${language}`;

export function writeLocalCopy(
  id: number,
  language: string,
  fields: DraftFields,
  now = Date.now(),
) {
  try {
    window.localStorage.setItem(
      keyOf(id, language),
      JSON.stringify({ version: VERSION, changedAt: now, fields }),
    );
  } catch {
    // Storage full or refused (private mode): the editor still saves to the server as before.
  }
}

export function readLocalCopy(id: number, language: string, now = Date.now()): LocalCopy | null {
  try {
    const raw = window.localStorage.getItem(keyOf(id, language));
    if (!raw) return null;
    const saved = JSON.parse(raw) as { version?: unknown; changedAt?: unknown; fields?: unknown };
    const fields = saved.fields;
    if (
      saved.version !== VERSION ||
      typeof saved.changedAt !== "number" ||
      now - saved.changedAt > KEEP_MS ||
      !fields ||
      typeof fields !== "object" ||
      Object.values(fields).some((value) => typeof value !== "string")
    ) {
      clearLocalCopy(id, language);
      return null;
    }
    return { changedAt: saved.changedAt, fields: fields as DraftFields };
  } catch {
    clearLocalCopy(id, language);
    return null;
  }
}

export function clearLocalCopy(id: number, language: string) {
  try {
    window.localStorage.removeItem(keyOf(id, language));
  } catch {
    // nothing kept, nothing to clear
  }
}

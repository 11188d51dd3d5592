import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { AGENCY_TIME_ZONE } from "#app/utils/agency-time.ts";

/** A change of the content screen that went through, as the action answers it. */
export interface Done {
  ok: true;
  done:
    | "added"
    | "saved"
    | "moved"
    | "hidden"
    | "shown"
    | "deleted"
    | "photoRemoved"
    | "markedCurrent"
    | "restored";
  /** When the server made it (ISO). */
  at: string;
  /** A moved item: which, which way, and where it is now (1-based) of how many. */
  id?: number;
  intent?: "up" | "down";
  position?: number;
  total?: number;
}

/** The agency's clock, hours and minutes: a change made a moment ago needs no date. */
function clock(at: string, language: string) {
  return new Intl.DateTimeFormat(language, {
    timeStyle: "short",
    timeZone: AGENCY_TIME_ZONE,
  }).format(new Date(at));
}

/**
 * What her last change did ("Saved at 14:32", "Moved to position 3 of 7"), in a polite live
 * region that is on the page before anything is said in it (a region added with its text is not
 * read out). Fixed at the bottom of the window, so the list under her pointer does not move when
 * it appears. Each answer is a new node, so the same words twice are read out twice.
 */
export function StatusNote({ done }: { done?: Done }) {
  const { t, i18n } = useTranslation();
  const message = done
    ? t(`admin.content.status.${done.done}`, {
        time: clock(done.at, i18n.language),
        position: done.position,
        total: done.total,
      })
    : "";
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-20 flex justify-center px-4">
      <p role="status" aria-live="polite" className="max-w-full">
        {message ? (
          <span
            key={done!.at}
            className="flex items-center gap-2 rounded-full bg-ink-950 px-4 py-2 text-sm font-medium text-white shadow-lg"
          >
            <Icon name="check" className="size-4 shrink-0" />
            {message}
          </span>
        ) : null}
      </p>
    </div>
  );
}

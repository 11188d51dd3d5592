import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
} from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { mentionQuery, type Mentionable } from "./notes.ts";

const MAX_SUGGESTIONS = 6;

/**
 * A note's text box that suggests reviewers after an `@`: the suggestions are a listbox the text
 * box points at (`aria-controls`, `aria-activedescendant`), so the caret never leaves the text;
 * ↑ and ↓ move, Enter or Tab picks, Escape closes, and a polite status says how many match.
 * The one picked is written as `@Name ` and her id travels with the form (`mention`), which only
 * tells apart reviewers of the same name: the server reads the mentions from the text, so typing
 * `@Name` by hand, or posting without JavaScript, mentions her as well.
 */
export function MentionTextarea({
  people,
  className,
  textareaRef,
  onValueChange,
  value,
  ...props
}: Omit<ComponentProps<"textarea">, "value" | "onChange"> & {
  people: readonly Mentionable[];
  value: string;
  onValueChange: (value: string) => void;
  textareaRef?: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = textareaRef ?? ownRef;
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  // Escape closes the suggestions until she types on.
  const [dismissed, setDismissed] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const caretAfterPick = useRef<number | null>(null);

  const matches = query
    ? people
        .filter((person) =>
          person.name.toLocaleLowerCase().includes(query.query.trim().toLocaleLowerCase()),
        )
        .slice(0, MAX_SUGGESTIONS)
    : [];
  const open = !dismissed && query !== null && matches.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function follow(text: string, caret: number) {
    setQuery(mentionQuery(text, caret));
    setActive(0);
  }

  function pick(person: Mentionable) {
    if (!query) return;
    const before = value.slice(0, query.start);
    const after = value.slice(ref.current?.selectionStart ?? value.length);
    const inserted = `@${person.name} `;
    const next = `${before}${inserted}${after.replace(/^\s/, "")}`;
    onValueChange(next);
    setChosen((ids) => (ids.includes(person.id) ? ids : [...ids, person.id]));
    setQuery(null);
    caretAfterPick.current = before.length + inserted.length;
  }

  // The caret goes after the name picked once the new text is on the page, before the next key
  // is read: set later, a fast typist's next letters would land elsewhere.
  useLayoutEffect(() => {
    const caret = caretAfterPick.current;
    if (caret === null) return;
    caretAfterPick.current = null;
    ref.current?.focus();
    ref.current?.setSelectionRange(caret, caret);
  }, [value, ref]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (index + step + matches.length) % matches.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      pick(matches[active]!);
    } else if (event.key === "Escape") {
      // Closes the suggestions only: nothing else on the page hears this Escape.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
    }
  }

  return (
    <div className="relative">
      <textarea
        {...props}
        ref={ref}
        value={value}
        className={cn("field min-h-28 resize-y", className)}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(active) : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          setDismissed(false);
          follow(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={() => setQuery(null)}
      />
      {chosen
        .filter((id) =>
          people.some((person) => person.id === id && value.includes(`@${person.name}`)),
        )
        .map((id) => (
          <input key={id} type="hidden" name="mention" value={id} />
        ))}
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t("admin.notes.suggestions")}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-auto rounded-xl bg-white p-1 text-sm shadow-lg ring-1 ring-ink-200"
        >
          {matches.map((person, index) => (
            <li
              key={person.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Picked on the press, which keeps the caret in the text box (the keys pick from it).
              onMouseDown={(event) => {
                event.preventDefault();
                pick(person);
              }}
              className={cn(
                "cursor-pointer rounded-lg px-3 py-2 text-ink-900",
                index === active && "bg-brand-50 font-semibold text-brand-900",
              )}
            >
              @{person.name}
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {open ? t("admin.notes.suggestionCount", { count: matches.length }) : ""}
      </p>
    </div>
  );
}

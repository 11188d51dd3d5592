import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { Popover } from "radix-ui";
import { getMarkRange, type Editor } from "@tiptap/react";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { isExternal, safeHref } from "#app/features/blog/body.ts";
import { StopBubbling } from "./stop-bubbling.tsx";

/** What the popover edits: the words of the link, where it goes, and the range they cover. */
interface Draft {
  from: number;
  to: number;
  text: string;
  href: string;
  newTab: boolean;
  editing: boolean;
}

/** The address as the page will write it: a bare domain is read as https. */
export function linkAddress(entered: string): string | null {
  const value = entered.trim();
  if (!value) return null;
  return (
    safeHref(value) ??
    (/^[\w-]+(\.[\w-]+)+([/?#]|$)/.test(value) ? safeHref(`https://${value}`) : null)
  );
}

function draftOf(editor: Editor): Draft {
  const { state } = editor;
  const inLink = editor.isActive("link");
  // On a link, the whole link; else what is selected (nothing: the words she types are new).
  const link = state.schema.marks.link;
  const range = inLink && link ? getMarkRange(state.selection.$from, link) : undefined;
  const { from, to } = range ?? state.selection;
  const attrs = editor.getAttributes("link") as { href?: string; target?: string | null };
  return {
    from,
    to,
    text: editor.state.doc.textBetween(from, to, " "),
    href: inLink ? (attrs.href ?? "") : "",
    newTab: attrs.target === "_blank",
    editing: inLink,
  };
}

/**
 * The toolbar's link button and its dialog: the link's words, its address and whether it opens
 * in a new tab, anchored at the button (Ctrl/⌘+K opens it from the text). An address the site
 * refuses is said in the dialog; Escape or Cancel leaves the text as it was and returns to it.
 */
export function LinkControl({
  editor,
  open,
  onOpenChange,
  active,
}: {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  active: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string>();
  const address = useRef<HTMLInputElement>(null);
  // Read when it opens, from the editor's selection at that moment.
  if (open && !draft) {
    setDraft(draftOf(editor));
    setError(undefined);
  } else if (!open && draft) {
    setDraft(null);
  }
  const href = draft ? linkAddress(draft.href) : null;
  const external = href !== null && isExternal(href);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (!draft) return;
    if (!draft.href.trim()) return setError(t("admin.blog.bodyEditor.link.addressRequired"));
    if (!href) return setError(t("admin.blog.bodyEditor.link.refused"));
    const attrs = { href, target: draft.newTab || external ? "_blank" : null };
    const text = draft.text.trim() ? draft.text : href.replace(/^mailto:/, "");
    const original = editor.state.doc.textBetween(draft.from, draft.to, " ");
    const chain = editor.chain().focus();
    if (draft.from !== draft.to && text === original) {
      // The same words keep their bold or italic: only the link is set on them.
      chain.setTextSelection({ from: draft.from, to: draft.to }).setLink(attrs);
    } else {
      chain
        .insertContentAt(
          { from: draft.from, to: draft.to },
          { type: "text", text, marks: [{ type: "link", attrs }] },
        )
        .setTextSelection(draft.from + text.length)
        .unsetMark("link");
    }
    chain.run();
    onOpenChange(false);
  };

  const remove = () => {
    if (!draft) return;
    editor
      .chain()
      .focus()
      .setTextSelection({ from: draft.from, to: draft.to })
      .extendMarkRange("link")
      .unsetLink()
      .run();
    onOpenChange(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <button
          type="button"
          title={`${t("admin.blog.toolbar.link")} (Ctrl+K)`}
          data-active={active || undefined}
          aria-keyshortcuts="Control+K Meta+K"
        >
          <Icon name="link" />
          <span className="sr-only">{t("admin.blog.toolbar.link")}</span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={12}
          aria-labelledby={`${id}-title`}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            address.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Back to her text, where the link is, rather than to the toolbar's button.
            event.preventDefault();
            editor.commands.focus();
          }}
          className="z-50 w-[min(24rem,calc(100vw-1.5rem))] rounded-2xl bg-white p-4 text-ink-900 shadow-xl ring-1 ring-ink-200"
        >
          {draft ? (
            <LinkForm
              titleId={`${id}-title`}
              fieldId={id}
              draft={draft}
              error={error}
              external={external}
              addressRef={address}
              onDraft={(next) => {
                if (next.href !== draft.href) setError(undefined);
                setDraft(next);
              }}
              onApply={apply}
              onRemove={remove}
            />
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The dialog's fields: the link's words, its address, the new tab, and what to do. */
function LinkForm({
  titleId,
  fieldId,
  draft,
  error,
  external,
  addressRef,
  onDraft,
  onApply,
  onRemove,
}: {
  titleId: string;
  fieldId: string;
  draft: Draft;
  error?: string;
  external: boolean;
  addressRef: RefObject<HTMLInputElement | null>;
  onDraft: (draft: Draft) => void;
  onApply: (event: FormEvent<HTMLFormElement>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <StopBubbling>
      <form onSubmit={onApply} noValidate className="space-y-4">
        <h2 id={titleId} className="text-base font-semibold text-ink-950">
          {draft.editing
            ? t("admin.blog.bodyEditor.link.editTitle")
            : t("admin.blog.bodyEditor.link.title")}
        </h2>
        <Field id={`${fieldId}-text`} label={t("admin.blog.bodyEditor.link.text")}>
          {(aria) => (
            <Input
              {...aria}
              value={draft.text}
              onChange={(event) => onDraft({ ...draft, text: event.target.value })}
            />
          )}
        </Field>
        <Field
          id={`${fieldId}-href`}
          label={t("admin.blog.bodyEditor.link.address")}
          hint={t("admin.blog.bodyEditor.link.addressHint")}
          error={error}
          announce
        >
          {(aria) => (
            <Input
              {...aria}
              ref={addressRef}
              type="text"
              inputMode="url"
              autoCapitalize="off"
              spellCheck={false}
              value={draft.href}
              onChange={(event) => onDraft({ ...draft, href: event.target.value })}
            />
          )}
        </Field>
        <Checkbox
          id={`${fieldId}-tab`}
          checked={draft.newTab || external}
          disabled={external}
          onChange={(newTab) => onDraft({ ...draft, newTab })}
          hint={external ? t("admin.blog.bodyEditor.link.externalNewTab") : undefined}
        >
          {t("admin.blog.bodyEditor.link.newTab")}
        </Checkbox>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <Button type="submit" size="sm">
            {t("admin.blog.bodyEditor.link.apply")}
          </Button>
          <Popover.Close asChild>
            <Button type="button" variant="ghost" size="sm">
              {t("admin.blog.bodyEditor.cancel")}
            </Button>
          </Popover.Close>
          {draft.editing ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="ms-auto text-coral-700"
              onClick={onRemove}
            >
              <Icon name="unlink" className="size-4" />
              {t("admin.blog.bodyEditor.link.remove")}
            </Button>
          ) : null}
        </div>
      </form>
    </StopBubbling>
  );
}

function Checkbox({
  id,
  checked,
  disabled,
  onChange,
  hint,
  children,
}: {
  id: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 accent-brand-700"
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-ink-800">
          {children}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-ink-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

import { useEditorState, type Editor } from "@tiptap/react";
import type { IconName } from "#app/components/ui/icon.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { safeHref } from "#app/features/blog/body.ts";

type Command = {
  name: string;
  icon: IconName;
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
};

const commands: Command[] = [
  {
    name: "heading2",
    icon: "heading-2",
    active: (e) => e.isActive("heading", { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    name: "heading3",
    icon: "heading-3",
    active: (e) => e.isActive("heading", { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    name: "bold",
    icon: "letter-b",
    active: (e) => e.isActive("bold"),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    name: "italic",
    icon: "italic",
    active: (e) => e.isActive("italic"),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: "bulletList",
    icon: "list",
    active: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: "orderedList",
    icon: "list-ordered",
    active: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    name: "quote",
    icon: "text-quote",
    active: (e) => e.isActive("blockquote"),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

/**
 * The body's formatting buttons, each saying whether it is on (aria-pressed) and what it does.
 * A link asks for its address; an address the site would refuse is not set.
 */
export function BodyToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor }) => ({
      active: commands.map((command) => command.active(editor)),
      link: editor.isActive("link"),
    }),
  });
  const setLink = () => {
    const current = (editor.getAttributes("link").href as string | undefined) ?? "";
    const entered = window.prompt(t("admin.blog.toolbar.linkPrompt"), current);
    if (entered === null) return;
    if (!entered.trim()) {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      return;
    }
    const href = safeHref(entered.trim()) ?? safeHref(`https://${entered.trim()}`);
    if (!href) {
      window.alert(t("admin.blog.toolbar.linkRefused"));
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
  };
  return (
    <div role="toolbar" aria-label={t("admin.blog.toolbar.label")} className="body-toolbar-buttons">
      {commands.map((command, index) => (
        <button
          key={command.name}
          type="button"
          aria-pressed={state.active[index]}
          title={t(`admin.blog.toolbar.${command.name}`)}
          onClick={() => command.run(editor)}
        >
          <Icon name={command.icon} />
          <span className="sr-only">{t(`admin.blog.toolbar.${command.name}`)}</span>
        </button>
      ))}
      <button
        type="button"
        aria-pressed={state.link}
        title={t("admin.blog.toolbar.link")}
        onClick={setLink}
      >
        <Icon name="link" />
        <span className="sr-only">{t("admin.blog.toolbar.link")}</span>
      </button>
    </div>
  );
}

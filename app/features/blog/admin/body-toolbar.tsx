import { useEditorState, type Editor } from "@tiptap/react";
import type { IconName } from "#app/components/ui/icon.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { LinkControl } from "./link-popover.tsx";

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
 * The body's formatting buttons, each saying whether it is on (aria-pressed) and what it does;
 * the link's button opens its dialog (link-popover.tsx), the image's chooses a file to upload.
 */
export function BodyToolbar({
  editor,
  linkOpen,
  onLinkOpenChange,
  onImage,
  uploading,
}: {
  editor: Editor;
  linkOpen: boolean;
  onLinkOpenChange: (open: boolean) => void;
  onImage: () => void;
  uploading: boolean;
}) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor }) => ({
      active: commands.map((command) => command.active(editor)),
      link: editor.isActive("link"),
    }),
  });
  return (
    <div role="toolbar" aria-label={t("admin.blog.toolbar.label")} className="body-toolbar-buttons">
      {commands.map((command, index) => (
        <button
          key={command.name}
          type="button"
          aria-pressed={state.active[index]}
          title={t(`admin.blog.toolbar.${command.name}`)}
          // The text keeps the focus while a pointer presses a button: what she types right after
          // a tap goes into it. Moving the focus to the button and back (the command's focus())
          // waits a frame, and on a busy phone the first letters typed meanwhile were lost.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => command.run(editor)}
        >
          <Icon name={command.icon} />
          <span className="sr-only">{t(`admin.blog.toolbar.${command.name}`)}</span>
        </button>
      ))}
      <LinkControl
        editor={editor}
        open={linkOpen}
        onOpenChange={onLinkOpenChange}
        active={state.link}
      />
      <button
        type="button"
        title={t("admin.blog.bodyEditor.image.add")}
        onClick={onImage}
        disabled={uploading}
      >
        <Icon name="image-plus" />
        <span className="sr-only">{t("admin.blog.bodyEditor.image.add")}</span>
      </button>
    </div>
  );
}

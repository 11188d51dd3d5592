import { useCallback, useRef, useState, type ReactNode } from "react";
import { EditorContent, Extension, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useTranslation } from "#app/i18n/translation.tsx";
import { countWords, safeHref } from "#app/features/blog/body.ts";
import type { Body } from "#app/features/blog/body.ts";
import { BodyImage, type BodyImageAttrs } from "./body-image-node.tsx";
import { ACCEPTED_IMAGES, ImageAltDialog, useBodyImageUpload } from "./body-image-upload.tsx";
import { BodyToolbar } from "./body-toolbar.tsx";
import "./editor.css";
import "./body-parts.css";

/** Room kept above the caret: the sticky toolbar (two rows on a phone) and a line. */
const TOOLBAR_CLEARANCE = 120;

/**
 * The body's editor (TipTap, on ProseMirror), limited to what the article page renders:
 * paragraphs, h2/h3, lists, quotes, images, bold, italic, links and line breaks. It writes the document
 * into a hidden field of the editor's form, which the server rebuilds from its allow-list
 * (sanitizeBody) whatever arrives. Loaded with the editor's page only.
 */
export function BodyEditor({
  id,
  language,
  initial,
  labelledBy,
  describedBy,
  invalid,
  toolbarEnd,
  onChange,
}: {
  /** The editable area's id (a refused publication's link focuses it). */
  id: string;
  language: string;
  initial: Body;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** Shown at the end of the toolbar, in view while she writes (the save's status). */
  toolbarEnd?: ReactNode;
  onChange: (body: Body) => void;
}) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  // The image whose description is being written, by its position in the document.
  const [describing, setDescribing] = useState<number | null>(null);
  // The extensions are made once: they reach the page's state through these.
  const actions = useRef({ openLink: () => setLinkOpen(true), describe: setDescribing });
  const uploadRef = useRef<(file: File, position: number) => void>(() => {});
  const editor = useEditor({
    immediatelyRender: false,
    extensions: bodyExtensions(actions),
    content: initial,
    editorProps: {
      // The caret is kept clear of the toolbar that stays at the top of the window while she
      // writes (editor.css), and of the window's bottom edge.
      scrollThreshold: { top: TOOLBAR_CLEARANCE, bottom: 48, left: 0, right: 0 },
      scrollMargin: { top: TOOLBAR_CLEARANCE, bottom: 48, left: 0, right: 0 },
      attributes: {
        id,
        lang: language,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "article-body body-editor-content",
      },
      // An image file pasted or dropped is uploaded like one chosen with the button; anything
      // else pasted goes through the schema, which keeps no <img> of another site.
      handlePaste: (view, event) => {
        const file = imageFileOf(event.clipboardData);
        if (!file) return false;
        uploadRef.current(file, view.state.selection.from);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const file = moved ? null : imageFileOf(event.dataTransfer);
        if (!file) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        uploadRef.current(file, at?.pos ?? view.state.selection.from);
        return true;
      },
    },
    onUpdate: ({ editor }) => onChange(editor.getJSON() as Body),
  });
  const images = useBodyImageUpload(editor, setDescribing);
  uploadRef.current = images.upload;
  const file = useRef<HTMLInputElement>(null);
  const describeImage = useCallback(
    (alt: string) => {
      if (editor && describing !== null) {
        editor
          .chain()
          .focus()
          .setNodeSelection(describing)
          .updateAttributes("image", { alt })
          .run();
      }
      setDescribing(null);
    },
    [editor, describing],
  );
  if (!editor) {
    return (
      <div
        className="body-editor min-h-80"
        aria-busy="true"
        aria-label={t("admin.blog.loadingEditor")}
      />
    );
  }
  return (
    <div className="body-editor">
      <div className="body-toolbar">
        <BodyToolbar
          editor={editor}
          linkOpen={linkOpen}
          onLinkOpenChange={setLinkOpen}
          onImage={() => file.current?.click()}
          uploading={images.busy}
        />
        {toolbarEnd ? <div className="body-toolbar-end">{toolbarEnd}</div> : null}
      </div>
      {/* Chosen with the toolbar's button; not a field of the article's form. */}
      <input
        ref={file}
        type="file"
        accept={ACCEPTED_IMAGES.join(",")}
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          event.stopPropagation();
          const chosen = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (chosen) images.upload(chosen, editor.state.selection.from);
        }}
      />
      {images.busy ? (
        <p role="status" className="body-editor-note">
          {t("admin.blog.bodyEditor.image.uploading")}
        </p>
      ) : null}
      {images.problem ? (
        <p role="alert" className="body-editor-note text-coral-700">
          {t(images.problem)}
        </p>
      ) : null}
      <EditorContent editor={editor} />
      <WordCount editor={editor} />
      {describing !== null ? (
        <ImageAltDialog
          key={describing}
          image={imageAt(editor, describing)}
          onSave={describeImage}
          onClose={() => setDescribing(null)}
        />
      ) : null}
    </div>
  );
}

function imageFileOf(data: DataTransfer | null): File | null {
  return [...(data?.files ?? [])].find((file) => file.type.startsWith("image/")) ?? null;
}

function imageAt(editor: Editor, position: number): BodyImageAttrs {
  const node = editor.state.doc.nodeAt(position);
  return node?.type.name === "image"
    ? (node.attrs as BodyImageAttrs)
    : { id: null, alt: "", hash: null, width: null, height: null };
}

/**
 * How many words the body has, in her language's digits, as she types. A plain line, not a
 * live region: a screen reader reads it when she goes to it, not at every keystroke.
 */
function WordCount({ editor }: { editor: Editor }) {
  const { t, i18n } = useTranslation();
  const words = useEditorState({
    editor,
    selector: ({ editor }) => countWords(editor.getText({ blockSeparator: " " })),
  });
  return (
    <p className="body-word-count">
      {t("admin.blog.bodyEditor.words", {
        count: words,
        n: new Intl.NumberFormat(i18n.language).format(words),
      })}
    </p>
  );
}

/** The nodes and marks the article page renders, and Ctrl/⌘+K for a link. */
function bodyExtensions(actions: {
  current: { openLink: () => void; describe: (position: number) => void };
}) {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      strike: false,
      underline: false,
      horizontalRule: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        protocols: ["http", "https", "mailto"],
        // The same rule as the server's: a site path, http(s) or mailto, nothing else.
        isAllowedUri: (url) => safeHref(url) !== null,
        HTMLAttributes: { rel: "noopener noreferrer", target: null },
      },
    }),
    BodyImage.configure({ onDescribe: (position) => actions.current.describe(position) }),
    Extension.create({
      name: "linkShortcut",
      addKeyboardShortcuts: () => ({
        "Mod-k": () => {
          actions.current.openLink();
          return true;
        },
      }),
    }),
  ];
}

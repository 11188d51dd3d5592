import type { ReactNode } from "react";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useTranslation } from "#app/i18n/translation.tsx";
import { safeHref } from "#app/features/blog/body.ts";
import type { Body } from "#app/features/blog/body.ts";
import { BodyToolbar } from "./body-toolbar.tsx";
import "./editor.css";

/** Room kept above the caret: the sticky toolbar (two rows on a phone) and a line. */
const TOOLBAR_CLEARANCE = 120;

/**
 * The body's editor (TipTap, on ProseMirror), limited to what the article page renders:
 * paragraphs, h2/h3, lists, quotes, bold, italic, links and line breaks. It writes the document
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
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
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
    ],
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
    },
    onUpdate: ({ editor }) => onChange(editor.getJSON() as Body),
  });
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
        <BodyToolbar editor={editor} />
        {toolbarEnd ? <div className="body-toolbar-end">{toolbarEnd}</div> : null}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

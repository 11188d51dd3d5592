import {
  Node,
  NodeViewWrapper,
  ReactNodeViewRenderer,
  mergeAttributes,
  type ReactNodeViewProps,
} from "@tiptap/react";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { mediaSrc } from "#app/features/images/media.ts";
import { cn } from "#app/utils/cn.ts";

export interface BodyImageOptions {
  /** She asked to write or change the description of the image at this position. */
  onDescribe: (position: number) => void;
}

/** What the editor holds of an image: its stored id and alt, and its size to show it. */
export interface BodyImageAttrs {
  id: number | null;
  alt: string;
  hash: string | null;
  width: number | null;
  height: number | null;
}

/**
 * An uploaded image in the body, by its stored id (body.ts's ImageBlock). Its hash and size
 * come from the upload's answer or the editor's loader; the server keeps only id and alt.
 * Only an image of this editor is ever read back from pasted HTML (data-body-image): an <img>
 * from another site is dropped, so its address is never stored.
 */
export const BodyImage = Node.create<BodyImageOptions>({
  name: "image",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,
  addOptions() {
    return { onDescribe: () => {} };
  },
  addAttributes() {
    const number = (name: string) => ({
      default: null,
      parseHTML: (element: HTMLElement) => {
        const value = Number(element.getAttribute(`data-${name}`));
        return Number.isSafeInteger(value) && value > 0 ? value : null;
      },
      renderHTML: (attributes: Record<string, unknown>) =>
        attributes[name] ? { [`data-${name}`]: String(attributes[name]) } : {},
    });
    return {
      id: number("body-image"),
      alt: {
        default: "",
        parseHTML: (element: HTMLElement) => element.getAttribute("alt") ?? "",
      },
      hash: {
        default: null,
        parseHTML: (element: HTMLElement) => {
          const hash = element.getAttribute("data-hash");
          return hash && /^[0-9a-f]{16}$/.test(hash) ? hash : null;
        },
        renderHTML: (attributes: Record<string, unknown>) =>
          attributes.hash ? { "data-hash": attributes.hash } : {},
      },
      width: number("width"),
      height: number("height"),
    };
  },
  parseHTML() {
    return [{ tag: "img[data-body-image]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["img", mergeAttributes(HTMLAttributes)];
  },
  addNodeView() {
    return ReactNodeViewRenderer(BodyImageView);
  },
});

function BodyImageView({ node, selected, getPos, extension }: ReactNodeViewProps) {
  const { t } = useTranslation();
  const attrs = node.attrs as BodyImageAttrs;
  const describe = () => {
    const position = getPos();
    if (typeof position === "number") (extension.options as BodyImageOptions).onDescribe(position);
  };
  const missing = !attrs.alt;
  return (
    <NodeViewWrapper
      className={cn("body-image-edit", selected && "is-selected", missing && "is-missing-alt")}
      data-drag-handle
    >
      {attrs.hash && attrs.id && attrs.width && attrs.height ? (
        // A mouse's shortcut to the description; the button below is the keyboard's way.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
        <img
          src={mediaSrc({ id: attrs.id, hash: attrs.hash }, Math.min(attrs.width, 960), "webp")}
          alt={attrs.alt}
          width={attrs.width}
          height={attrs.height}
          onClick={describe}
          className="h-auto w-full cursor-pointer rounded-xl"
        />
      ) : (
        <p className="rounded-xl bg-sand-100 p-6 text-center text-sm text-ink-600">
          {t("admin.blog.bodyEditor.image.notFound")}
        </p>
      )}
      <span className="mt-2 flex flex-wrap items-center gap-2 text-sm not-italic">
        {missing ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 font-medium text-coral-700 ring-1 ring-coral-300">
            <Icon name="shield-exclamation-point" className="size-4" />
            {t("admin.blog.bodyEditor.image.missingAlt")}
          </span>
        ) : (
          <span className="min-w-0 flex-1 truncate text-ink-600">
            <span className="font-medium text-ink-800">
              {t("admin.blog.bodyEditor.image.altShown")}
            </span>{" "}
            {attrs.alt}
          </span>
        )}
        <button
          type="button"
          onClick={describe}
          className="inline-flex items-center gap-1.5 rounded-full px-3 py-1 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Icon name="pencil" className="size-4" />
          {missing
            ? t("admin.blog.bodyEditor.image.addAlt")
            : t("admin.blog.bodyEditor.image.editAlt")}
        </button>
      </span>
    </NodeViewWrapper>
  );
}

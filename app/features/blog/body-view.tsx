import { createContext, use, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { Picture } from "#app/features/images/picture.tsx";
import {
  isExternal,
  safeHref,
  type Block,
  type Body,
  type ImageBlock,
  type Inline,
  type ListItem,
  type ResolvedImage,
} from "./body.ts";

/**
 * An article's body as the public page shows it (and the editor's preview, which is the same
 * component). Texts are React children, so escaped; a link's address is checked again here, so
 * a body that did not pass through sanitizeBody still renders no unsafe link.
 */
export function BodyView({
  body,
  images = [],
  className,
}: {
  body: Body;
  /** The body's images as stored (resolveBodyImages): an image not among them is not shown. */
  images?: readonly ResolvedImage[];
  className?: string;
}) {
  return (
    <div className={cn("article-body text-lg leading-relaxed text-ink-800", className)}>
      <ImagesContext value={images}>
        <Blocks blocks={body.content} />
      </ImagesContext>
    </div>
  );
}

const ImagesContext = createContext<readonly ResolvedImage[]>([]);

function Blocks({ blocks }: { blocks: readonly (Block | ListItem)[] }) {
  return blocks.map((block, index) => <BlockView key={index} block={block} />);
}

/**
 * Laid out like the cover: its variants by srcset, its width and height reserving its box
 * before a byte arrives (no layout shift), loaded when it nears the screen.
 */
function BodyImage({ block }: { block: ImageBlock }) {
  const image = use(ImagesContext).find((candidate) => candidate.id === block.attrs.id);
  if (!image) return null;
  return (
    <figure className="body-image">
      <Picture
        image={image}
        sizes="(min-width: 48rem) 48rem, 100vw"
        alt={block.attrs.alt}
        className="h-auto w-full rounded-2xl bg-sand-100"
      />
    </figure>
  );
}

function BlockView({ block }: { block: Block | ListItem }) {
  switch (block.type) {
    case "image":
      return <BodyImage block={block} />;
    case "paragraph":
      return <p>{block.content ? <Inlines nodes={block.content} /> : null}</p>;
    case "heading": {
      const Heading = block.attrs.level === 3 ? "h3" : "h2";
      return <Heading>{block.content ? <Inlines nodes={block.content} /> : null}</Heading>;
    }
    case "bulletList":
      return (
        <ul>
          <Blocks blocks={block.content} />
        </ul>
      );
    case "orderedList":
      return (
        <ol start={block.attrs?.start}>
          <Blocks blocks={block.content} />
        </ol>
      );
    case "listItem":
      return (
        <li>
          <Blocks blocks={block.content} />
        </li>
      );
    case "blockquote":
      return (
        <blockquote>
          <Blocks blocks={block.content} />
        </blockquote>
      );
    default:
      return null;
  }
}

function Inlines({ nodes }: { nodes: readonly Inline[] }) {
  return nodes.map((node, index) =>
    node.type === "hardBreak" ? <br key={index} /> : <Text key={index} node={node} />,
  );
}

function Text({ node }: { node: Extract<Inline, { type: "text" }> }) {
  let content: ReactNode = node.text;
  for (const mark of node.marks ?? []) {
    if (mark.type === "bold") content = <strong>{content}</strong>;
    else if (mark.type === "italic") content = <em>{content}</em>;
  }
  const link = node.marks?.find((mark) => mark.type === "link");
  const href = link ? safeHref(link.attrs.href) : null;
  if (!link || !href) return content;
  const newTab = "target" in link.attrs && link.attrs.target === "_blank";
  return (
    <BodyLink href={href} newTab={newTab}>
      {content}
    </BodyLink>
  );
}

/**
 * A site path opens in place unless the editor asked for a new tab; another site always opens
 * in a new tab. A new tab has no opener, and a screen reader is told.
 */
function BodyLink({
  href,
  newTab,
  children,
}: {
  href: string;
  newTab: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (!newTab && !isExternal(href)) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> ({t("blog.opensInNewTab")})</span>
    </a>
  );
}

import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { isExternal, safeHref, type Block, type Body, type Inline, type ListItem } from "./body.ts";

/**
 * An article's body as the public page shows it (and the editor's preview, which is the same
 * component). Texts are React children, so escaped; a link's address is checked again here, so
 * a body that did not pass through sanitizeBody still renders no unsafe link.
 */
export function BodyView({ body, className }: { body: Body; className?: string }) {
  return (
    <div className={cn("article-body text-lg leading-relaxed text-ink-800", className)}>
      <Blocks blocks={body.content} />
    </div>
  );
}

function Blocks({ blocks }: { blocks: readonly (Block | ListItem)[] }) {
  return blocks.map((block, index) => <BlockView key={index} block={block} />);
}

function BlockView({ block }: { block: Block | ListItem }) {
  switch (block.type) {
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
  return href ? <BodyLink href={href}>{content}</BodyLink> : content;
}

/** A site path opens in place; another site opens in a new tab, without an opener, and says so. */
function BodyLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (!isExternal(href)) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> ({t("blog.opensInNewTab")})</span>
    </a>
  );
}

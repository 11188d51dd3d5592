import { cn } from "#app/utils/cn.ts";

/** Long-form text as the spec models it: a list of headings and paragraphs (blog, privacy). */
export function ArticleBody({
  blocks,
  className,
}: {
  blocks: { tag: "p" | "h2"; text: string }[];
  className?: string;
}) {
  return (
    <div className={cn("space-y-6 text-lg leading-relaxed text-ink-800", className)}>
      {blocks.map((block, index) =>
        block.tag === "h2" ? (
          <h2 key={index} className="pt-6 text-2xl font-semibold tracking-tight sm:text-3xl">
            {block.text}
          </h2>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
    </div>
  );
}

import type { ContractBlock } from "./contract-text.ts";

/**
 * A contract's blocks as HTML, in order: the same blocks the PDF prints (contract-text.ts).
 * Consecutive list items make one list, so a screen reader counts them.
 */
export function ContractText({
  title,
  blocks,
  headingLevel = 2,
}: {
  title: string;
  blocks: readonly ContractBlock[];
  headingLevel?: 2 | 3;
}) {
  const Title = headingLevel === 2 ? "h2" : "h3";
  const Heading = headingLevel === 2 ? "h3" : "h4";
  const groups: (ContractBlock | ContractBlock[])[] = [];
  for (const block of blocks) {
    const last = groups.at(-1);
    if (block.kind === "listItem" && Array.isArray(last)) last.push(block);
    else groups.push(block.kind === "listItem" ? [block] : block);
  }
  return (
    <article className="space-y-3 text-[0.95rem] leading-relaxed text-ink-800">
      <Title className="text-xl font-semibold tracking-tight text-ink-900">{title}</Title>
      {groups.map((group, index) =>
        Array.isArray(group) ? (
          <ul key={index} className="list-disc space-y-1 ps-6">
            {group.map((item, itemIndex) => (
              <li key={itemIndex}>{item.text}</li>
            ))}
          </ul>
        ) : group.kind === "heading" ? (
          <Heading key={index} className="pt-2 text-base font-semibold text-ink-900">
            {group.text}
          </Heading>
        ) : (
          <p key={index}>{group.text}</p>
        ),
      )}
    </article>
  );
}

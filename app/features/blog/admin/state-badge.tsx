import { Badge } from "#app/components/ui/badge.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ArticleState } from "#app/features/blog/editor.server.ts";

const tones = { draft: "neutral", scheduled: "neutral", published: "positive" } as const;

/** A translation's state in a word: draft, scheduled or published. */
export function StateBadge({ state }: { state: ArticleState }) {
  const { t } = useTranslation();
  return <Badge tone={tones[state]}>{t(`admin.blog.states.${state}`)}</Badge>;
}

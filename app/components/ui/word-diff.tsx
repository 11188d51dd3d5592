import { diffWords } from "diff";

/**
 * Two versions of a text, word by word: what only the older one had struck through, what is new
 * underlined. The marks are HTML's own <del> and <ins>, which screen readers announce. Used by
 * the articles' and the FAQ and testimonials' histories.
 */
export function WordDiff({ before, now }: { before: string; now: string }) {
  return diffWords(before, now).map((part, index) =>
    part.removed ? (
      <del key={index} className="bg-coral-300/30 text-coral-700">
        {part.value}
      </del>
    ) : part.added ? (
      <ins key={index} className="bg-brand-50 text-brand-900">
        {part.value}
      </ins>
    ) : (
      <span key={index}>{part.value}</span>
    ),
  );
}

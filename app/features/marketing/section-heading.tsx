export function SectionHeading({
  id,
  title,
  subtitle,
  align = "center",
}: {
  id: string;
  title: string;
  subtitle?: string;
  align?: "center" | "left";
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <h2 id={id} className="text-3xl font-semibold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {subtitle ? (
        <p className="mt-3 text-base text-ink-600 sm:mt-4 sm:text-lg">{subtitle}</p>
      ) : null}
    </div>
  );
}

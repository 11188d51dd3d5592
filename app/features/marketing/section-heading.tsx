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
      {subtitle ? <p className="mt-4 text-lg text-ink-600">{subtitle}</p> : null}
    </div>
  );
}

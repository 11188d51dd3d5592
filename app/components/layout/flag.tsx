import type { FlagCode } from "~/i18n/languages";

/** Small, simplified national flags drawn for the language picker (decorative: the name is beside). */
export function Flag({ code, className }: { code: FlagCode; className?: string }) {
  return (
    <svg
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
      className={className ?? "h-3.5 w-5 shrink-0 rounded-[2px] ring-1 ring-black/10"}
    >
      {flags[code]}
    </svg>
  );
}

const flags: Record<FlagCode, React.ReactNode> = {
  br: (
    <>
      <rect width="30" height="20" fill="#009b3a" />
      <path d="M15 2.5 27 10 15 17.5 3 10z" fill="#fedf00" />
      <circle cx="15" cy="10" r="4.6" fill="#002776" />
      <path d="M10.6 9.1c2.9-.5 6.2.1 8.8 1.7" stroke="#fff" strokeWidth=".9" fill="none" />
    </>
  ),
  es: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </>
  ),
  gb: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0 0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l30 20M30 0 0 20" stroke="#c8102e" strokeWidth="1.6" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.4" />
    </>
  ),
  it: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="10" height="20" fill="#009246" />
      <rect x="20" width="10" height="20" fill="#ce2b37" />
    </>
  ),
  de: (
    <>
      <rect width="30" height="20" fill="#000" />
      <rect y="6.67" width="30" height="6.67" fill="#dd0000" />
      <rect y="13.33" width="30" height="6.67" fill="#ffce00" />
    </>
  ),
  se: (
    <>
      <rect width="30" height="20" fill="#006aa7" />
      <path d="M0 10h30M11 0v20" stroke="#fecc00" strokeWidth="4" />
    </>
  ),
};

/**
 * Writes the site's icons into one SVG sprite, app/components/ui/icons/sprite.svg (a <symbol> per
 * icon), and their ids into app/components/ui/icons/names.ts (the IconName type). Pages draw an
 * icon with <Icon name="…"> (app/components/ui/icon.tsx), a <use> of the sprite, so no icon is
 * compiled into the JavaScript. Run after changing the lists below:
 *   npm run icons   (scripts/with-node.sh node scripts/build-icons.ts)
 * Both outputs are committed; a unit test (sprite.test.ts) fails when they are stale.
 *
 * Sources: Lucide's drawings read from the installed lucide-react package, brand marks from
 * simple-icons (both devDependencies: only this script reads them), and drawings of our own
 * (the LinkedIn mark and the language picker's flags).
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { siFacebook, siGoogle, siInstagram, siWhatsapp, siX, type SimpleIcon } from "simple-icons";

const root = path.resolve(import.meta.dirname, "..");
export const spritePath = path.join(root, "app/components/ui/icons/sprite.svg");
export const namesPath = path.join(root, "app/components/ui/icons/names.ts");

/**
 * The Lucide icons the app uses, each by its file name in lucide-react/dist/esm/icons, which is
 * also its id here. Use the icon's own name, not an alias (Home is "house"): alias files only
 * re-export the icon.
 */
const lucideIcons = [
  "arrow-down",
  "arrow-left",
  "arrow-right",
  "arrow-up",
  "badge-check",
  "letter-b",
  "calendar-clock",
  "calendar-days",
  "chart-column",
  "check",
  "chevron-down",
  "circle",
  "clipboard-list",
  "clock",
  "cloud-off",
  "compass",
  "copy",
  "download",
  "external-link",
  "eye",
  "eye-off",
  "heading-2",
  "heading-3",
  "rotate-ccw-clock",
  "house",
  "image-plus",
  "italic",
  "layout-dashboard",
  "link",
  "list",
  "list-ordered",
  "lock-keyhole",
  "log-out",
  "mail",
  "map-pin",
  "menu",
  // The article preview's width toggle and the private link's Share button.
  "monitor",
  "smartphone",
  "share-2",
  "message-circle-heart",
  "message-square-quote",
  "messages-square",
  "monitor-smartphone",
  "newspaper",
  "pencil",
  "phone",
  "plus",
  "quote",
  "rotate-ccw",
  "search",
  "send",
  "shield-check",
  "shield-exclamation-point",
  "skip-forward",
  "text-quote",
  "thumbs-down",
  "thumbs-up",
  "trash",
  "trending-up",
  "undo-2",
  "unlink",
  "x",
  // Working as a team on the review (issue 28): tags, ratings, an owner, saved views.
  "tag",
  "star",
  "user-check",
  "bookmark",
];

/** Lucide icons also drawn filled, as `<id>-filled` (a rating's chosen stars). */
const filledLucideIcons = ["star"];

/** Brand marks from simple-icons, drawn in the text colour unless `brandColour` is set. */
const brandIcons: { id: string; icon: SimpleIcon; brandColour?: boolean }[] = [
  { id: "brand-facebook", icon: siFacebook },
  { id: "brand-instagram", icon: siInstagram },
  { id: "brand-x", icon: siX },
  { id: "brand-whatsapp", icon: siWhatsapp },
  // The Google button shows Google's mark in Google's blue, whatever the button's text colour.
  { id: "brand-google", icon: siGoogle, brandColour: true },
];

/** Drawings of our own: the markup inside each symbol, with its viewBox. */
const drawnIcons: { id: string; viewBox: string; fill?: string; body: string }[] = [
  {
    // LinkedIn's mark is not in simple-icons (withdrawn at LinkedIn's request), so it is drawn
    // here: a rounded square with "in" in simple strokes.
    id: "brand-linkedin",
    viewBox: "0 0 24 24",
    fill: "currentColor",
    body: '<path d="M3.5 1h17A2.5 2.5 0 0 1 23 3.5v17a2.5 2.5 0 0 1-2.5 2.5h-17A2.5 2.5 0 0 1 1 20.5v-17A2.5 2.5 0 0 1 3.5 1zM5 9.5V19h3V9.5zm1.5-4.6a1.75 1.75 0 1 0 0 3.5 1.75 1.75 0 0 0 0-3.5zM10.5 9.5V19h3v-5c0-1.4.9-2.3 2-2.3s1.8.8 1.8 2.3v5h3v-5.6c0-2.9-1.6-4.2-3.7-4.2-1.5 0-2.5.7-3.1 1.5V9.5z"/>',
  },
  // Small, simplified national flags for the language picker (one per language's `flag` in
  // app/i18n/languages.ts: the picker's types fail when one is missing).
  {
    id: "flag-br",
    viewBox: "0 0 30 20",
    body:
      '<rect width="30" height="20" fill="#009b3a"/>' +
      '<path d="M15 2.5 27 10 15 17.5 3 10z" fill="#fedf00"/>' +
      '<circle cx="15" cy="10" r="4.6" fill="#002776"/>' +
      '<path d="M10.6 9.1c2.9-.5 6.2.1 8.8 1.7" stroke="#fff" stroke-width=".9" fill="none"/>',
  },
  {
    id: "flag-es",
    viewBox: "0 0 30 20",
    body:
      '<rect width="30" height="20" fill="#aa151b"/>' +
      '<rect y="5" width="30" height="10" fill="#f1bf00"/>',
  },
  {
    id: "flag-gb",
    viewBox: "0 0 30 20",
    body:
      '<rect width="30" height="20" fill="#012169"/>' +
      '<path d="M0 0l30 20M30 0 0 20" stroke="#fff" stroke-width="4"/>' +
      '<path d="M0 0l30 20M30 0 0 20" stroke="#c8102e" stroke-width="1.6"/>' +
      '<path d="M15 0v20M0 10h30" stroke="#fff" stroke-width="6"/>' +
      '<path d="M15 0v20M0 10h30" stroke="#c8102e" stroke-width="3.4"/>',
  },
  {
    id: "flag-it",
    viewBox: "0 0 30 20",
    body:
      '<rect width="30" height="20" fill="#fff"/>' +
      '<rect width="10" height="20" fill="#009246"/>' +
      '<rect x="20" width="10" height="20" fill="#ce2b37"/>',
  },
  {
    id: "flag-de",
    viewBox: "0 0 30 20",
    body:
      '<rect width="30" height="20" fill="#000"/>' +
      '<rect y="6.67" width="30" height="6.67" fill="#dd0000"/>' +
      '<rect y="13.33" width="30" height="6.67" fill="#ffce00"/>',
  },
  {
    id: "flag-se",
    viewBox: "0 0 30 20",
    body:
      '<rect width="30" height="20" fill="#006aa7"/>' +
      '<path d="M0 10h30M11 0v20" stroke="#fecc00" stroke-width="4"/>',
  },
];

type LucideNode = [tag: string, attributes: Record<string, string | number>, LucideNode[]?];

function escapeAttribute(value: string | number) {
  return String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

function attributes(values: Record<string, string | number | undefined>) {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value!)}"`)
    .join("");
}

function lucideMarkup([tag, attrs, children = []]: LucideNode): string {
  // `key` is React's, not the drawing's.
  const { key: _key, ...drawing } = attrs;
  const inner = children.map(lucideMarkup).join("");
  return inner
    ? `<${tag}${attributes(drawing)}>${inner}</${tag}>`
    : `<${tag}${attributes(drawing)}/>`;
}

async function lucideSymbol(id: string, { as = id, fill = "none" } = {}) {
  const module: { __iconData?: { name?: string; size?: number; node?: LucideNode[] } } =
    await import(`lucide-react/icons/${id}`);
  const data = module.__iconData;
  if (!data?.node) {
    throw new Error(
      `lucide-react/icons/${id} has no __iconData: not a Lucide icon, or an alias (use the name of the file it re-exports)`,
    );
  }
  const size = data.size ?? 24;
  // The attributes lucide-react puts on its <svg> (stroke-width 2 at size 24), here on the symbol.
  return symbol(
    as,
    {
      viewBox: `0 0 ${size} ${size}`,
      fill,
      stroke: "currentColor",
      "stroke-width": 2,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    },
    data.node.map(lucideMarkup).join(""),
  );
}

function symbol(id: string, attrs: Record<string, string | number | undefined>, body: string) {
  return `<symbol${attributes({ id, ...attrs })}>${body}</symbol>`;
}

/** The sprite's and the names file's text, as they should be committed. */
export async function buildIcons(): Promise<{ sprite: string; names: string }> {
  const symbols = new Map<string, string>();
  const add = (id: string, markup: string) => {
    if (symbols.has(id)) throw new Error(`Two icons are called ${id}`);
    symbols.set(id, markup);
  };
  for (const id of lucideIcons) add(id, await lucideSymbol(id));
  for (const id of filledLucideIcons) {
    add(`${id}-filled`, await lucideSymbol(id, { as: `${id}-filled`, fill: "currentColor" }));
  }
  for (const { id, icon, brandColour } of brandIcons) {
    const fill = brandColour ? `#${icon.hex}` : "currentColor";
    add(id, symbol(id, { viewBox: "0 0 24 24", fill }, `<path${attributes({ d: icon.path })}/>`));
  }
  for (const { id, viewBox, fill, body } of drawnIcons)
    add(id, symbol(id, { viewBox, fill }, body));

  const ids = [...symbols.keys()].sort();
  const sprite = [
    "<!-- Generated by scripts/build-icons.ts (npm run icons): do not edit. -->",
    '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0">',
    ...ids.map((id) => `  ${symbols.get(id)}`),
    "</svg>",
    "",
  ].join("\n");
  const names = [
    "// Generated by scripts/build-icons.ts (npm run icons): do not edit.",
    "export const iconNames = [",
    ...ids.map((id) => `  ${JSON.stringify(id)},`),
    "] as const;",
    "",
    "export type IconName = (typeof iconNames)[number];",
    "",
  ].join("\n");
  return { sprite, names };
}

if (process.argv[1] === import.meta.filename) {
  const { sprite, names } = await buildIcons();
  for (const [file, text] of [
    [spritePath, sprite],
    [namesPath, names],
  ] as const) {
    const before = await readFile(file, "utf8").catch(() => null);
    if (before === text) {
      console.log(`${path.relative(root, file)}: unchanged`);
    } else {
      await writeFile(file, text);
      console.log(`${path.relative(root, file)}: written`);
    }
  }
}

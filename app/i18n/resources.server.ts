import de from "./locales/de.json";
import en from "./locales/en.json";
import es from "./locales/es.json";
import it from "./locales/it.json";
import pt from "./locales/pt.json";
import sv from "./locales/sv.json";
import type { Language } from "./languages";

/** Interface strings. Only the server holds all six; the browser gets the one it renders. */
export const resources: Record<Language, typeof pt> = { pt, es, en, it, de, sv };

import { useRouteLoaderData } from "react-router";

/** Who is signed in, as the navigation bar needs it: her name and her area's home. */
export interface Viewer {
  name: string;
  home: string;
  /** Whether she chooses alerts for new applications (a reviewer): the menu links to them. */
  alerts: boolean;
}

/**
 * The signed-in user from the root loader (null for a visitor). Typed here rather than from the
 * root module, so the layout's pieces never import the app's root (imports flow one way).
 */
export function useViewer(): Viewer | null {
  return useRouteLoaderData<{ viewer: Viewer | null }>("root")?.viewer ?? null;
}

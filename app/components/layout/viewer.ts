import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

/** The signed-in user from the root loader (null for a visitor). */
export function useViewer() {
  return useRouteLoaderData<typeof rootLoader>("root")?.viewer ?? null;
}

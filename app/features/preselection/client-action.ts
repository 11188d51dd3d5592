import type { ClientActionFunctionArgs } from "react-router";
import type { PreselectionActionData } from "./preselection.server.ts";

/**
 * The form's route action as the browser runs it: the server's action, and when the server
 * cannot be reached, an error answer the form reports with its toast (React Router would
 * otherwise show the error page, and what she typed would be out of sight).
 */
export async function preselectionClientAction({
  serverAction,
}: ClientActionFunctionArgs): Promise<PreselectionActionData> {
  try {
    return (await serverAction()) as PreselectionActionData;
  } catch {
    return { status: "unreachable" };
  }
}

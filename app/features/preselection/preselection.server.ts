import { data } from "react-router";
import {
  receiveApplication,
  type ApplicationChannel,
  type ApplicationResult,
} from "~/features/submissions/receive.server";
import { CONSENT_VERSION, preselectionFields } from "./fields";
import { validatePreselection, type Preselection } from "./schema";

export type PreselectionActionData = ApplicationResult;

const channel = (source: "form" | "register"): ApplicationChannel<Preselection> => ({
  source,
  fields: preselectionFields,
  validate: validatePreselection,
  consentVersion: CONSENT_VERSION,
  toSubmission: (application) => ({
    fullName: application.fullName,
    email: application.email,
    age: application.age,
    whatsapp: application.whatsapp,
    instagram: application.instagram,
    experience: application.experience,
    message: application.message,
  }),
});

/**
 * The pre-selection form's action (home page and /register/model). The answer is the route's
 * action data: the page renders it in place when the form was posted without JavaScript.
 */
export async function handlePreselection(request: Request, source: "form" | "register") {
  const answer = await receiveApplication(request, channel(source));
  return data<PreselectionActionData>(answer.body, {
    status: answer.status,
    headers: answer.headers,
  });
}

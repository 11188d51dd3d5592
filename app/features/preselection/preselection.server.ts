import { data } from "react-router";
import { getAuth } from "#app/auth/auth.server.ts";
import { callAuth } from "#app/auth/call.server.ts";
import { passwordProblem } from "#app/auth/password.server.ts";
import {
  receiveApplication,
  type ApplicationChannel,
  type ApplicationResult,
} from "#app/features/submissions/receive.server.ts";
import { isDocumentPost, thankYouRedirect } from "#app/features/submissions/thank-you.server.ts";
import { CONSENT_VERSION, FORM_ANCHOR, preselectionFields, registrationFields } from "./fields.ts";
import { validatePreselection, validateRegistration, type Preselection } from "./schema.ts";

export type PreselectionActionData = ApplicationResult;

const toSubmission = (application: Preselection) => ({
  fullName: application.fullName,
  email: application.email,
  age: application.age,
  whatsapp: application.whatsapp,
  instagram: application.instagram,
  experience: application.experience,
  message: application.message,
});

/** The landing page's form: the application only. */
const landingForm: ApplicationChannel<Preselection> = {
  source: "form",
  fields: preselectionFields,
  validate: validatePreselection,
  consentVersion: CONSENT_VERSION,
  photoErrors: "preselection.photos.errors",
  toSubmission,
};

/**
 * /register/model: the application and her model account in one step. The account is made
 * once the application is stored, and waits for her to confirm her address.
 */
const registration: ApplicationChannel<Preselection & { password: string }> = {
  source: "register",
  fields: registrationFields,
  secretFields: ["password"],
  validate: (values) => {
    const result = validateRegistration(values);
    if (!result.success) return result;
    const problem = passwordProblem(result.data.password);
    return problem === "common"
      ? { success: false, fieldErrors: { password: "auth.errors.passwordCommon" } }
      : result;
  },
  consentVersion: CONSENT_VERSION,
  photoErrors: "preselection.photos.errors",
  toSubmission,
  afterStore: async (application, { request, language }) => {
    const auth = await getAuth();
    const outcome = await callAuth(() =>
      auth.api.signUpEmail({
        body: {
          name: application.fullName,
          email: application.email.toLowerCase(),
          password: application.password,
          role: "model",
          language,
        },
        headers: request.headers,
        asResponse: true,
      }),
    );
    // An address that has an account already: the application is stored, and the answer is the
    // same as for a new one, so the form never tells who has an account.
    if (!outcome.ok && !outcome.code?.startsWith("USER_ALREADY_EXISTS")) {
      throw new Error(`account not created: ${outcome.code ?? outcome.status}`);
    }
    // The proof that this browser chose her password, for her verification link
    // (auth/account-claim.server.ts).
    const proof = outcome.ok
      ? outcome.response.headers.getSetCookie().find((cookie) => cookie.includes(".signed_up="))
      : undefined;
    return proof ? { "Set-Cookie": proof } : undefined;
  },
};

/**
 * The pre-selection form's action (home page and /register/model). The answer is the route's
 * action data: the page renders it in place when the form was posted without JavaScript, except
 * a stored application, which then goes back to the page (thank-you.server.ts).
 */
export async function handlePreselection(request: Request, source: "form" | "register") {
  const answer =
    source === "register"
      ? await receiveApplication(request, registration)
      : await receiveApplication(request, landingForm);
  if (answer.body.status === "sent" && isDocumentPost(request)) {
    const page = source === "register" ? "/register/model" : "/";
    // Thrown, as React Router lets a redirect be: the action's data keeps one type.
    throw thankYouRedirect(request, `${page}#${FORM_ANCHOR}`, answer.body.reply, answer.headers);
  }
  return data<PreselectionActionData>(answer.body, {
    status: answer.status,
    headers: answer.headers,
  });
}

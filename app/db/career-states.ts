/**
 * Her career after onboarding (issue 30; product.md section 8): the identity check, the contract
 * she signs and the monthly statements. Browser-safe: the forms and the schema share them.
 */

/** The documents she may show. A passport has one page to photograph; the others a back too. */
export const identityDocumentTypes = ["passport", "id-card", "driving-licence"] as const;
export type IdentityDocumentType = (typeof identityDocumentTypes)[number];
export const documentHasBack = (type: IdentityDocumentType) => type !== "passport";

/** Her photos of one check: the document's front, its back (when it has one), a selfie holding it. */
export const identityImageSides = ["front", "back", "selfie"] as const;
export type IdentityImageSide = (typeof identityImageSides)[number];

/**
 * An identity check: sent by her and waiting for a reviewer, confirmed, or sent back with a
 * reason asking for new photos (she then sends a new check).
 */
export const identityCheckStates = ["submitted", "confirmed", "retake"] as const;
export type IdentityCheckState = (typeof identityCheckStates)[number];

/**
 * Her contract: offered to her (text fixed), signed by her, countersigned by the agency; or
 * withdrawn by staff before she signed (a new one is offered instead). A signed contract is
 * never altered.
 */
export const contractStates = ["offered", "signed", "countersigned", "withdrawn"] as const;
export type ContractState = (typeof contractStates)[number];

/** A line of a statement: what a platform paid her that month, or a later correction with a reason. */
export const statementLineKinds = ["earning", "correction"] as const;
export type StatementLineKind = (typeof statementLineKinds)[number];

/** A statement is prepared by staff (draft, she does not see it), then published to her. */
export const statementStates = ["draft", "published"] as const;
export type StatementState = (typeof statementStates)[number];

/** Her payout of a published statement. */
export const payoutStates = ["pending", "paid"] as const;
export type PayoutState = (typeof payoutStates)[number];

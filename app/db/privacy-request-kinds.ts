/** What a privacy request asks for (product.md section 9): a copy of her data, or its erasure. */
export const privacyRequestKinds = ["export", "erase"] as const;
export type PrivacyRequestKind = (typeof privacyRequestKinds)[number];

/** The agency's public identity and contact block, used by the footer, the contact page and JSON-LD. */
export const agency = {
  name: "Maré Talent",
  email: "contato@maretalent.com.br",
  phone: "+55 48 3024-5810",
  phoneHref: "tel:+554830245810",
  address: {
    street: "Av. Beira-Mar Norte, 1200, sala 804",
    district: "Centro",
    city: "Florianópolis",
    region: "SC",
    postalCode: "88015-700",
    country: "BR",
  },
} as const;

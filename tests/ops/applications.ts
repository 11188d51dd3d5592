/**
 * Applications as visitors send them, through the real endpoints, for the tests that load the
 * server and then look for every one that was answered "sent".
 */

export function formApplication(n: number, domain: string) {
  return {
    fullName: `Carga Formulário ${n}`,
    age: String(18 + (n % 40)),
    email: `form.${n}@${domain}`,
    whatsapp: `+55489${String(10_000_000 + n).slice(-8)}`,
    instagram: `@form.${n}`,
    experience: "beginner",
    message: `Mensagem número ${n}: quero começar com segurança.`,
    consent: "on",
  };
}

export function chatbotApplication(n: number, domain: string) {
  return {
    fullName: `Carga Chat ${n}`,
    dateOfBirth: "1995-03-14",
    country: "BR",
    city: "Florianópolis",
    phone: `+55489${String(20_000_000 + n).slice(-8)}`,
    email: `chat.${n}@${domain}`,
    document: String(10_000_000_000 + n),
    instagram: `@chat.${n}`,
    experience: "advanced",
    message: `Mensagem do chat ${n}.`,
    consent: "on",
  };
}

/** One application through the real endpoints: the form's single fetch, or the chatbot's API. */
export async function send(
  origin: string,
  kind: "form" | "chatbot",
  fields: Record<string, string>,
) {
  const headers = { origin, "sec-fetch-site": "same-origin" };
  const response =
    kind === "form"
      ? await fetch(`${origin}/_.data?index`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ ...fields, website: "" }),
        })
      : await fetch(`${origin}/api/chatbot?lang=pt`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(fields),
        });
  const text = await response.text();
  return response.status === 200 && text.includes('"sent"') ? "sent" : "refused";
}

/**
 * What the thank-you panel tells her once an application is stored: within how many business
 * days the agency answers, at which address, and whether on WhatsApp too.
 */
export interface ReplyPromise {
  days: number;
  email: string;
  whatsapp: boolean;
}

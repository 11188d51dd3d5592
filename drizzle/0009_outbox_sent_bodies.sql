-- Mail already sent kept its body, and with it live sign-in, password-reset and privacy tokens:
-- emptied as the sender now does when it marks a message sent (app/mail/sender.server.ts).
UPDATE "outbox" SET "html" = '', "text" = '' WHERE "status" = 'sent' AND ("html" <> '' OR "text" <> '');

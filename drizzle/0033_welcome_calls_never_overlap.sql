-- Written by hand (drizzle-kit does not model exclusion constraints or extensions).
-- Never two calls of one manager at overlapping times, whatever two instances do at once: the
-- database refuses the second booking (app/features/onboarding/, issue 29). btree_gist lets the
-- constraint compare the manager's id with "=" beside the times' overlap; PGlite carries it as
-- an extension of its own (app/db/embedded.server.ts, pgliteExtensions).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "welcome_calls" ADD CONSTRAINT "welcome_calls_never_overlap"
  EXCLUDE USING gist ("manager_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("state" <> 'cancelled');--> statement-breakpoint
-- The agency's onboarding steps as product.md section 8 names them; an admin rewords, reorders,
-- adds or archives them at /admin/onboarding/steps.
INSERT INTO "onboarding_steps" ("key", "position", "due_days", "titles") VALUES
  ('welcome-call', 1, 3, '{"pt":"Conversa de boas-vindas","en":"Welcome call","es":"Llamada de bienvenida","it":"Chiamata di benvenuto","de":"Willkommensgespräch","sv":"Välkomstsamtal"}'),
  ('identity', 2, 7, '{"pt":"Verificação de identidade","en":"Identity check","es":"Verificación de identidad","it":"Verifica dell''identità","de":"Identitätsprüfung","sv":"Identitetskontroll"}'),
  ('contract', 3, 10, '{"pt":"Contrato","en":"Contract","es":"Contrato","it":"Contratto","de":"Vertrag","sv":"Avtal"}'),
  ('content-plan', 4, 14, '{"pt":"Plano de conteúdo","en":"Content plan","es":"Plan de contenido","it":"Piano dei contenuti","de":"Content-Plan","sv":"Innehållsplan"}'),
  ('launch', 5, 21, '{"pt":"Lançamento","en":"Launch","es":"Lanzamiento","it":"Lancio","de":"Start","sv":"Lansering"}');
